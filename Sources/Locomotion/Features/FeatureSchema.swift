/// The ordered, versioned list of features an extractor produces, with the parameters they were
/// extracted with: column *i* of every row and ``FeatureVector`` it makes is described by
/// `descriptors[i]`.
///
/// The order is the order of ``FeatureConfiguration/features`` (the built-in features, in
/// ``BuiltinFeature`` order when the default set is used), then the per-axis features, then each
/// ``FeatureGroup``'s columns in the order the groups were added.
///
/// Two schemas are equal when they have the same version, the same column names and units in
/// the same order, and the same ``parameters``; the descriptors' summaries are documentation and
/// take no part. The schema is `Codable`, so a stored model can keep the one it was trained on
/// and check what it is fed (``ActivityModel``).
public struct FeatureSchema: Sendable, Codable {
    /// The version of the built-in feature definitions. It changes whenever a built-in feature's
    /// name, unit or definition changes, so stored vectors can be checked against the code that
    /// reads them. Columns of user ``FeatureGroup``s are versioned by their own names.
    public static let builtinVersion = 3

    /// The version of the built-in definitions this schema was made with.
    public var version: Int
    /// The columns, in order.
    public var descriptors: [FeatureDescriptor]
    /// The extraction parameters the values depend on; `nil` for a schema made by hand.
    public var parameters: Parameters?

    /// What a feature value depends on besides its definition: the sampling, the windowing and
    /// the bands. A model trained on values made with one set of parameters cannot read values
    /// made with another.
    public struct Parameters: Sendable, Hashable, Codable {
        /// The sample rate, in Hz; `nil` when the schema is not bound to one rate (a
        /// configuration's schema before extraction, or a model trained on several rates).
        public var sampleRate: Double?
        /// The window length, in seconds (``FeatureConfiguration/windowDuration``).
        public var windowDuration: Double
        /// The time between window starts, in seconds (``FeatureConfiguration/hop``).
        public var hop: Double
        /// The band searched for the gait peak, in Hz (``FeatureConfiguration/gaitBand``).
        public var gaitBand: ClosedRange<Double>
        /// The bands of the power shares, in Hz (``FeatureConfiguration/powerBands``).
        public var powerBands: [ClosedRange<Double>]
        /// The acceleration axes the magnitude and the per-axis features are formed from, always
        /// `["x", "y", "z"]` (the magnitude does not depend on how the phone is held).
        public var axes: [String]
        /// The fix age limit of ``BuiltinFeature/gpsSpeedValid``, in seconds
        /// (``FeatureConfiguration/maximumFixAge``).
        public var maximumFixAge: Double

        /// The acceleration axes every schema is made from.
        public static let accelerationAxes = ["x", "y", "z"]

        /// Creates parameters; each has the meaning of its property.
        public init(
            sampleRate: Double?, windowDuration: Double, hop: Double, gaitBand: ClosedRange<Double>,
            powerBands: [ClosedRange<Double>], axes: [String] = Parameters.accelerationAxes, maximumFixAge: Double
        ) {
            self.sampleRate = sampleRate
            self.windowDuration = windowDuration
            self.hop = hop
            self.gaitBand = gaitBand
            self.powerBands = powerBands
            self.axes = axes
            self.maximumFixAge = maximumFixAge
        }

        /// The parameters `configuration` extracts with at `sampleRate` (Hz, or `nil`).
        public init(_ configuration: FeatureConfiguration, sampleRate: Double?) {
            self.init(
                sampleRate: sampleRate, windowDuration: configuration.windowDuration, hop: configuration.hop,
                gaitBand: configuration.gaitBand, powerBands: configuration.powerBands,
                maximumFixAge: configuration.maximumFixAge)
        }

        /// Two sample rates count as the same when they differ by at most this fraction: a rate
        /// estimated from a file's timestamps comes out a hair away from the nominal one.
        public static let sampleRateTolerance = 0.01

        /// What makes values made with `other` differ from values made with these parameters,
        /// one phrase each (`"window 2.56 s, not 5.12 s"`), in a fixed order: rate, window, hop,
        /// gait band, axes, fix age. Empty when `other` gives the same values. A `nil` rate here
        /// accepts any rate; the power bands are not compared, as their columns' names carry them.
        ///
        /// - Complexity: O(1).
        public func differences(from other: Parameters) -> [String] {
            func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(abs(a), abs(b)) }
            func band(_ band: ClosedRange<Double>) -> String {
                "\(BuiltinFeature.label(band.lowerBound))–\(BuiltinFeature.label(band.upperBound)) Hz"
            }
            var differences: [String] = []
            if let rate = sampleRate {
                if let otherRate = other.sampleRate {
                    if abs(otherRate - rate) > Self.sampleRateTolerance * rate {
                        differences.append("sample rate \(rate) Hz, not \(otherRate) Hz")
                    }
                } else {
                    differences.append("sample rate \(rate) Hz, not unrecorded")
                }
            }
            if !same(windowDuration, other.windowDuration) {
                differences.append("window \(windowDuration) s, not \(other.windowDuration) s")
            }
            if !same(hop, other.hop) { differences.append("hop \(hop) s, not \(other.hop) s") }
            if !same(gaitBand.lowerBound, other.gaitBand.lowerBound)
                || !same(gaitBand.upperBound, other.gaitBand.upperBound)
            {
                differences.append("gait band \(band(gaitBand)), not \(band(other.gaitBand))")
            }
            if axes != other.axes {
                differences.append("axes \(axes.joined(separator: ",")), not \(other.axes.joined(separator: ","))")
            }
            if !same(maximumFixAge, other.maximumFixAge) {
                differences.append("GPS fix age limit \(maximumFixAge) s, not \(other.maximumFixAge) s")
            }
            return differences
        }
    }

    /// Creates a schema.
    ///
    /// - Parameters:
    ///   - version: The built-in definitions' version; ``builtinVersion`` by default.
    ///   - descriptors: The columns, with unique names.
    ///   - parameters: The extraction parameters; `nil` (unrecorded) by default.
    /// - Throws: `LocomotionError.invalidParameter` naming a duplicated feature name.
    /// - Complexity: O(*n*).
    public init(
        version: Int = FeatureSchema.builtinVersion, descriptors: [FeatureDescriptor], parameters: Parameters? = nil
    ) throws(LocomotionError) {
        var seen = Set<String>()
        for descriptor in descriptors where !seen.insert(descriptor.name).inserted {
            throw .invalidParameter(
                name: "feature name", value: descriptor.name,
                requirement: "it must be unique within the schema")
        }
        self.version = version
        self.descriptors = descriptors
        self.parameters = parameters
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

    /// The schema of the columns called `names`, in that order, with this schema's version and
    /// parameters (what a model trained on those columns keeps).
    ///
    /// - Throws: `LocomotionError.invalidParameter` naming the first name the schema lacks, or a
    ///   name given twice.
    /// - Complexity: O(*k* · *n*) for *k* names.
    public func selecting(_ names: [String]) throws(LocomotionError) -> FeatureSchema {
        var selected: [FeatureDescriptor] = []
        for name in names {
            guard let column = index(of: name) else {
                throw .invalidParameter(
                    name: "feature name", value: name, requirement: "it must name a column of the schema")
            }
            selected.append(descriptors[column])
        }
        return try FeatureSchema(version: version, descriptors: selected, parameters: parameters)
    }
}

extension FeatureSchema: Hashable {
    /// Whether the two schemas describe the same values: version, names, units and parameters;
    /// summaries are ignored.
    public static func == (lhs: FeatureSchema, rhs: FeatureSchema) -> Bool {
        lhs.version == rhs.version && lhs.parameters == rhs.parameters
            && lhs.descriptors.count == rhs.descriptors.count
            && zip(lhs.descriptors, rhs.descriptors).allSatisfy { $0.name == $1.name && $0.unit == $1.unit }
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(version)
        hasher.combine(parameters)
        for descriptor in descriptors {
            hasher.combine(descriptor.name)
            hasher.combine(descriptor.unit)
        }
    }
}
