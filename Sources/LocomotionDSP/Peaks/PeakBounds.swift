/// An optional lower and upper bound on a peak property (height, threshold or prominence), as
/// scipy's `find_peaks` takes them: a number is a minimum, a pair a range, either end optional.
///
/// ```swift
/// options.height = 1.2                                 // at least 1.2
/// options.height = PeakBounds(minimum: 1.2, maximum: 3)
/// options.prominence = PeakBounds()                    // no bound: only compute prominences
/// ```
public struct PeakBounds: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The smallest accepted value (inclusive), or `nil` for none.
    public var minimum: Double?
    /// The largest accepted value (inclusive), or `nil` for none.
    public var maximum: Double?

    /// Creates bounds; both `nil` bounds nothing but still asks for the property.
    public init(minimum: Double? = nil, maximum: Double? = nil) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// A minimum only.
    public init(floatLiteral value: Double) { self.init(minimum: value) }

    /// A minimum only.
    public init(integerLiteral value: Int) { self.init(minimum: Double(value)) }

    /// Whether `value` lies within the bounds (inclusive at both ends).
    public func contains(_ value: Double) -> Bool {
        (minimum.map { $0 <= value } ?? true) && (maximum.map { value <= $0 } ?? true)
    }

    /// Throws `.invalidParameter` for a NaN bound.
    func validate(name: String) throws(DSPError) {
        for bound in [minimum, maximum] {
            if let bound, bound.isNaN {
                throw .invalidParameter(
                    name: name, value: "\(self)", requirement: "it must have bounds that are numbers or nil, not NaN")
            }
        }
    }
}
