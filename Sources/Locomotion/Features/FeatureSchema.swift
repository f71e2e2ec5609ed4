/// The ordered, versioned list of features an extractor produces: column *i* of every row and
/// ``FeatureVector`` it makes is described by `descriptors[i]`.
///
/// The order is the order of ``FeatureConfiguration/features`` (the built-in features, in
/// ``BuiltinFeature`` order when the default set is used), then the per-axis features, then each
/// ``FeatureGroup``'s columns in the order the groups were added.
public struct FeatureSchema: Sendable, Hashable, Codable {
    /// The version of the built-in feature definitions. It changes whenever a built-in feature's
    /// name, unit or definition changes, so stored vectors can be checked against the code that
    /// reads them. Columns of user ``FeatureGroup``s are versioned by their own names.
    public static let builtinVersion = 3

    /// The version of the built-in definitions this schema was made with.
    public var version: Int
    /// The columns, in order.
    public var descriptors: [FeatureDescriptor]

    /// Creates a schema.
    ///
    /// - Parameters:
    ///   - version: The built-in definitions' version; ``builtinVersion`` by default.
    ///   - descriptors: The columns, with unique names.
    /// - Throws: `LocomotionError.invalidParameter` naming a duplicated feature name.
    /// - Complexity: O(*n*).
    public init(version: Int = FeatureSchema.builtinVersion, descriptors: [FeatureDescriptor]) throws(LocomotionError) {
        var seen = Set<String>()
        for descriptor in descriptors where !seen.insert(descriptor.name).inserted {
            throw .invalidParameter(
                name: "feature name", value: descriptor.name,
                requirement: "every feature of a schema needs a unique name")
        }
        self.version = version
        self.descriptors = descriptors
    }

    /// The number of features.
    public var count: Int { descriptors.count }

    /// The features' names, in column order.
    public var names: [String] { descriptors.map(\.name) }

    /// The column of the feature called `name`, or `nil` when the schema has no such feature.
    ///
    /// - Complexity: O(*n*); look a column up once, outside any per-window loop.
    public func index(of name: String) -> Int? {
        descriptors.firstIndex { $0.name == name }
    }
}
