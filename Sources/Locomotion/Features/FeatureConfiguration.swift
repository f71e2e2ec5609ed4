/// What a feature extractor computes and over which windows.
///
/// ```swift
/// var configuration = FeatureConfiguration()            // 2.56 s windows, 50 % overlap, every built-in
/// configuration.features = [.mean, .variance, .gaitFrequency]
/// configuration.axisFeatures = [.mean, .standardDeviation]       // acc_x_mean, acc_y_mean, ...
/// configuration.groups.append(FeatureFunction(name: "acc_mag_p90", unit: "g", summary: "90th percentile") { window in
///     (try? Statistics.percentile(90, of: window.magnitude)) ?? .nan
/// })
/// ```
///
/// The configuration is `Codable` (JSON keys named as the properties; a missing key takes its
/// default), except for ``groups``, which are code: encoding a configuration with groups throws,
/// and a decoded one has none until they are added again.
public struct FeatureConfiguration: Sendable {
    /// The window length in seconds; 2.56 s by default (128 samples at 50 Hz, as UCI HAR).
    public var windowDuration: Double
    /// The time between window starts in seconds; 1.28 s (50 % overlap) by default.
    public var hop: Double
    /// The built-in features, in column order; every ``BuiltinFeature`` by default.
    public var features: [BuiltinFeature]
    /// Statistics of ``BuiltinFeature/perAxisStatistics`` also computed on each acceleration axis,
    /// appended after the built-ins (three columns each, x, y, z); none by default.
    public var axisFeatures: [BuiltinFeature]
    /// The band (Hz) searched for the gait peak; ``GaitBand/default`` (0.6–2.5 Hz).
    public var gaitBand: ClosedRange<Double>
    /// The bands (Hz) whose share of the power is reported: 0.3–3 Hz (gait, body sway),
    /// 3–10 Hz (vehicle suspension and engine), 10–25 Hz (road and engine vibration). Lower edges
    /// are inclusive, upper edges exclusive except at Nyquist.
    public var powerBands: [ClosedRange<Double>]
    /// A fix older than this (s) at the window end makes ``BuiltinFeature/gpsSpeedValid`` 0; 10 s by default.
    public var maximumFixAge: Double
    /// The Kalman filter that smooths GPS speed.
    public var speedFilter: SpeedKalmanFilter.Configuration
    /// User feature groups, computed after the built-ins, in order. This is where feature
    /// families outside the built-in set plug in.
    public var groups: [any FeatureGroup]
    /// How hard FFTW searches for the plans of the window's transforms. `.estimate` (the default)
    /// plans in microseconds. `.measure` makes a window about 10 % faster at 128 samples (a
    /// 256-point transform 1.6–1.8 times faster) but costs about 0.4 s per process for 128-sample
    /// windows (FFTW keeps the result as wisdom; `FFTWisdom` carries it to other processes):
    /// worth it for a long-running server or a batch of more than about a million windows, not
    /// for a command-line run or a phone app's start-up. Measured plans are chosen by timing, so
    /// two processes may pick different algorithms and differ in the last bits; estimated plans
    /// give the same values in every run.
    public var fftPlanning: FFTPlanningRigor

    /// Creates a configuration; every argument has the default described on its property.
    ///
    /// - Complexity: O(1).
    public init(
        windowDuration: Double = 2.56, hop: Double = 1.28, features: [BuiltinFeature] = BuiltinFeature.allCases,
        axisFeatures: [BuiltinFeature] = [], gaitBand: ClosedRange<Double> = GaitBand.default,
        powerBands: [ClosedRange<Double>] = [0.3...3, 3...10, 10...25], maximumFixAge: Double = 10,
        speedFilter: SpeedKalmanFilter.Configuration = .default, groups: [any FeatureGroup] = [],
        fftPlanning: FFTPlanningRigor = .estimate
    ) {
        self.windowDuration = windowDuration
        self.hop = hop
        self.features = features
        self.axisFeatures = axisFeatures
        self.gaitBand = gaitBand
        self.powerBands = powerBands
        self.maximumFixAge = maximumFixAge
        self.speedFilter = speedFilter
        self.groups = groups
        self.fftPlanning = fftPlanning
    }

    /// The schema of the vectors this configuration produces, with its extraction parameters.
    ///
    /// - Parameter sampleRate: The rate (Hz) the vectors are extracted at, recorded in the
    ///   schema's ``FeatureSchema/Parameters``; `nil` (the default) when not yet known. An
    ///   extractor's schema records its rate.
    /// - Throws: `LocomotionError.invalidParameter` when two features share a name or a per-axis
    ///   feature is not a statistic of one series.
    /// - Complexity: O(*f*) in the number of features.
    public func schema(sampleRate: Double? = nil) throws(LocomotionError) -> FeatureSchema {
        var descriptors = features.flatMap { $0.descriptors(self) }
        for feature in axisFeatures {
            guard BuiltinFeature.perAxisStatistics.contains(feature) else {
                throw .invalidParameter(
                    name: "axisFeatures", value: feature.rawValue,
                    requirement: "it must be one of BuiltinFeature.perAxisStatistics")
            }
            for axis in ["x", "y", "z"] { descriptors.append(feature.axisDescriptor(axis: axis, self)) }
        }
        for group in groups { descriptors += group.descriptors }
        return try FeatureSchema(
            descriptors: descriptors, parameters: FeatureSchema.Parameters(self, sampleRate: sampleRate))
    }

    /// Samples per window and between window starts at `sampleRate` (Hz), each rounded to the
    /// nearest whole sample.
    ///
    /// - Throws: `LocomotionError.invalidParameter` for a rate outside
    ///   ``Recording/supportedSampleRates``, a non-positive duration or hop, a window shorter than
    ///   4 samples, or a hop shorter than half a sample (it would round to none).
    /// - Complexity: O(1).
    public func lengths(sampleRate: Double) throws(LocomotionError) -> (window: Int, hop: Int) {
        try WindowPlan(windowDuration: windowDuration, hop: hop).lengths(sampleRate: sampleRate)
    }
}

extension FeatureConfiguration: Codable {
    private enum CodingKeys: String, CodingKey {
        case windowDuration, hop, features, axisFeatures, gaitBand, powerBands, maximumFixAge, speedFilter, fftPlanning
    }

    /// Reads a configuration; a missing key takes the default of its property, and ``groups`` is
    /// empty. Values are checked when an extractor is made from it.
    ///
    /// - Throws: `DecodingError` for a malformed value or an unknown feature name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = FeatureConfiguration()
        func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
            try container.decodeIfPresent(T.self, forKey: key) ?? fallback
        }
        self.init(
            windowDuration: try value(.windowDuration, defaults.windowDuration), hop: try value(.hop, defaults.hop),
            features: try value(.features, defaults.features),
            axisFeatures: try value(.axisFeatures, defaults.axisFeatures),
            gaitBand: try value(.gaitBand, defaults.gaitBand), powerBands: try value(.powerBands, defaults.powerBands),
            maximumFixAge: try value(.maximumFixAge, defaults.maximumFixAge),
            speedFilter: try value(.speedFilter, defaults.speedFilter),
            fftPlanning: try value(.fftPlanning, defaults.fftPlanning))
    }

    /// Writes every property but ``groups``.
    ///
    /// - Throws: `EncodingError.invalidValue` when the configuration has user ``groups``: they are
    ///   code and cannot be written (encode a copy without them and add them again after decoding).
    public func encode(to encoder: any Encoder) throws {
        guard groups.isEmpty else {
            throw EncodingError.invalidValue(
                groups.flatMap(\.descriptors).map(\.name),
                .init(
                    codingPath: encoder.codingPath,
                    debugDescription:
                        "user feature groups are code and cannot be encoded; encode the configuration without them"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(windowDuration, forKey: .windowDuration)
        try container.encode(hop, forKey: .hop)
        try container.encode(features, forKey: .features)
        try container.encode(axisFeatures, forKey: .axisFeatures)
        try container.encode(gaitBand, forKey: .gaitBand)
        try container.encode(powerBands, forKey: .powerBands)
        try container.encode(maximumFixAge, forKey: .maximumFixAge)
        try container.encode(speedFilter, forKey: .speedFilter)
        try container.encode(fftPlanning, forKey: .fftPlanning)
    }
}
