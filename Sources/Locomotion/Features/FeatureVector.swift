/// The features of one window: the schema's values, in column order, with the window's time span.
///
/// A missing value (an optional stream that is absent, or a feature that is undefined for this
/// window, such as the skewness of a constant signal) is `Double.nan`; see ``isMissing(_:)``.
public struct FeatureVector: Sendable, Equatable {
    /// What each value is.
    public var schema: FeatureSchema
    /// One value per schema column.
    public var values: [Double]
    /// The time of the window's first sample, in seconds.
    public var start: Double
    /// The time of the window's last sample, in seconds.
    public var end: Double

    /// Pairs `values` with `schema`.
    ///
    /// - Precondition: `values.count == schema.count`.
    public init(schema: FeatureSchema, values: [Double], start: Double, end: Double) {
        precondition(values.count == schema.count, "a vector needs one value per schema column")
        self.schema = schema
        self.values = values
        self.start = start
        self.end = end
    }

    /// The value of the feature called `name`: `nil` when the schema has no such feature, NaN
    /// when the feature is missing in this window.
    ///
    /// - Complexity: O(*n*) in the schema size.
    public subscript(name: String) -> Double? {
        schema.index(of: name).map { values[$0] }
    }

    /// Whether `value` is the missing-value marker (NaN).
    public static func isMissing(_ value: Double) -> Bool { value.isNaN }

    /// Equality that treats two missing values as equal (NaN ≠ NaN otherwise).
    ///
    /// - Complexity: O(*f*) for *f* features.
    public static func == (lhs: FeatureVector, rhs: FeatureVector) -> Bool {
        lhs.schema == rhs.schema && lhs.start == rhs.start && lhs.end == rhs.end
            && lhs.values.count == rhs.values.count
            && zip(lhs.values, rhs.values).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }
}
