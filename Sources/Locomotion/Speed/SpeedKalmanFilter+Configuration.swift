extension SpeedKalmanFilter {
    /// The tuning of a ``SpeedKalmanFilter`` (and of ``SpeedSmoother``), validated on creation.
    ///
    /// The defaults come from a simulation of a walk with multipath spikes, a stop, a drive with
    /// a traffic jam and a tunnel (docs/Algorithms.md, "GPS speed smoothing", has the sweep).
    public struct Configuration: Sendable, Equatable, Hashable {
        /// How the speed is expected to evolve between fixes.
        public enum Model: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
            /// Speed alone, as a random walk: its variance grows by `intensity·Δt` between fixes.
            /// Every estimate is a weighted mean of accepted speeds, so it never leaves their range.
            case randomWalk
            /// Speed and acceleration, with white-noise jerk of spectral density `intensity`
            /// (m²/s⁵): follows ramps without lag but extrapolates the last acceleration through gaps.
            case constantVelocity
        }

        /// The state model; ``Model/randomWalk`` by default.
        public let model: Model
        /// The process-noise intensity at standstill: m²/s³ (speed variance per second) for the
        /// random walk, m²/s⁵ (jerk spectral density) for the constant-velocity model.
        public let processNoise: Double
        /// How much the intensity grows per m/s of estimated speed (m²/s³ or m²/s⁵ per m/s): a
        /// car at 25 m/s changes speed far faster than a walker at 1.4 m/s, and the filter does
        /// not know which it is following.
        public let processNoisePerSpeed: Double
        /// The acceleration's standard deviation when the constant-velocity model starts, m/s².
        public let initialAccelerationStandardDeviation: Double
        /// A fix whose innovation exceeds this many standard deviations is rejected as a spike.
        /// `.infinity` turns gating off.
        public let gateSigmas: Double
        /// The n-th rejection in a row re-initialises the filter at that fix, so a real change of
        /// speed (getting into a car) is not locked out. 1 re-initialises on every rejection.
        public let reinitializeAfterRejections: Int
        /// The 1-sigma speed error assumed for fixes that report no accuracy, m/s.
        public let defaultSpeedAccuracy: Double
        /// Reported accuracies are raised to at least this, m/s, so a fix claiming 0 m/s error does
        /// not pin the estimate.
        public let minimumSpeedAccuracy: Double
        /// Fixes with `speedAccuracy` at or above this (m/s) are reported as noisy (seed: 2 m/s).
        /// They are still used, weighted by their variance.
        public let noisyAccuracyLimit: Double
        /// The longest interval (s) over which process noise accumulates. A gap of a minute (a
        /// tunnel) would otherwise make the estimate's variance so large that the gate accepts
        /// anything, including a multipath spike as the first fix after the gap. With the cap, a
        /// speed far from the one before the gap must be confirmed by
        /// ``reinitializeAfterRejections`` fixes in a row; the estimate's age
        /// (``SpeedKalmanFilter/age(at:)``) still tells how stale it is.
        public let maximumNoiseInterval: Double

        /// The recommended tuning: ``Model/randomWalk`` with intensity `0.3 + 0.15·v` m²/s³, a
        /// 4-sigma gate and re-initialisation on the third rejection in a row.
        public static let `default` = randomWalk

        /// The random-walk model's defaults (the same as ``default``).
        public static let randomWalk = try! Configuration(model: .randomWalk)

        /// The constant-velocity model's defaults: jerk density `0.05 + 0.02·v` m²/s⁵, otherwise as
        /// ``default``.
        public static let constantVelocity = try! Configuration(model: .constantVelocity)

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - model: The state model.
        ///   - processNoise: Intensity at standstill (≥ 0, finite); `nil` for the model's default
        ///     (0.3 m²/s³ random walk, 0.05 m²/s⁵ constant velocity).
        ///   - processNoisePerSpeed: Growth per m/s (≥ 0, finite); `nil` for the model's default
        ///     (0.15 random walk, 0.02 constant velocity). `processNoise + processNoisePerSpeed`
        ///   must be positive.
        ///   - initialAccelerationStandardDeviation: m/s², > 0 and finite; 1 by default.
        ///   - gateSigmas: > 0 (may be `.infinity`); 4 by default.
        ///   - reinitializeAfterRejections: ≥ 1; 3 by default.
        ///   - defaultSpeedAccuracy: m/s, > 0 and finite; 1 by default.
        ///   - minimumSpeedAccuracy: m/s, > 0 and finite; 0.1 by default.
        ///   - noisyAccuracyLimit: m/s, > 0 (may be `.infinity`); 2 by default.
        ///   - maximumNoiseInterval: s, > 0 (may be `.infinity`); 10 by default.
        /// - Throws: `LocomotionError.invalidParameter` naming the first parameter out of range.
        /// - Complexity: O(1).
        public init(
            model: Model = .randomWalk, processNoise: Double? = nil, processNoisePerSpeed: Double? = nil,
            initialAccelerationStandardDeviation: Double = 1, gateSigmas: Double = 4,
            reinitializeAfterRejections: Int = 3, defaultSpeedAccuracy: Double = 1, minimumSpeedAccuracy: Double = 0.1,
            noisyAccuracyLimit: Double = LocationFix.defaultNoisyAccuracyLimit, maximumNoiseInterval: Double = 10
        ) throws(LocomotionError) {
            let processNoise = processNoise ?? (model == .randomWalk ? 0.3 : 0.05)
            let processNoisePerSpeed = processNoisePerSpeed ?? (model == .randomWalk ? 0.15 : 0.02)
            try LocomotionError.requireNonNegative(processNoise, name: "processNoise")
            try LocomotionError.requireNonNegative(processNoisePerSpeed, name: "processNoisePerSpeed")
            try LocomotionError.require(
                "processNoise", processNoise, processNoise + processNoisePerSpeed > 0,
                "processNoise + processNoisePerSpeed must be positive")
            try LocomotionError.requirePositive(
                initialAccelerationStandardDeviation, name: "initialAccelerationStandardDeviation", unit: "m/s²")
            // Infinite limits are allowed: they switch the gate or the check off.
            try LocomotionError.require(
                "gateSigmas", gateSigmas, gateSigmas > 0, "it must be positive (standard deviations)")
            try LocomotionError.require(reinitializeAfterRejections, atLeast: 1, name: "reinitializeAfterRejections")
            try LocomotionError.requirePositive(defaultSpeedAccuracy, name: "defaultSpeedAccuracy", unit: "m/s")
            try LocomotionError.requirePositive(minimumSpeedAccuracy, name: "minimumSpeedAccuracy", unit: "m/s")
            try LocomotionError.require(
                "noisyAccuracyLimit", noisyAccuracyLimit, noisyAccuracyLimit > 0, "it must be positive (m/s)")
            try LocomotionError.require(
                "maximumNoiseInterval", maximumNoiseInterval, maximumNoiseInterval > 0, "it must be positive (s)")
            self.model = model
            self.processNoise = processNoise
            self.processNoisePerSpeed = processNoisePerSpeed
            self.initialAccelerationStandardDeviation = initialAccelerationStandardDeviation
            self.gateSigmas = gateSigmas
            self.reinitializeAfterRejections = reinitializeAfterRejections
            self.defaultSpeedAccuracy = defaultSpeedAccuracy
            self.minimumSpeedAccuracy = minimumSpeedAccuracy
            self.noisyAccuracyLimit = noisyAccuracyLimit
            self.maximumNoiseInterval = maximumNoiseInterval
        }

        /// The process-noise intensity at a speed estimate (negative estimates count as 0).
        func intensity(atSpeed speed: Double) -> Double { processNoise + processNoisePerSpeed * max(0, speed) }

        /// The measurement variance of a valid fix, m²/s²: the reported accuracy (or the default),
        /// raised to the minimum and capped at ``largestSpeedAccuracy``, squared.
        func measurementVariance(of fix: LocationFix) -> Double {
            let sigma = min(
                max(fix.speedAccuracy ?? defaultSpeedAccuracy, minimumSpeedAccuracy), Self.largestSpeedAccuracy)
            return sigma * sigma
        }

        /// The largest speed accuracy a fix is weighted with, m/s: a fix this uncertain carries no
        /// information, and the cap keeps variances (and the reported standard deviations) finite
        /// for an absurd reported accuracy such as 1e300 m/s, whose square overflows.
        public static let largestSpeedAccuracy = 1e6
    }
}

extension SpeedKalmanFilter.Configuration: Codable {
    /// Reads a configuration written by `encode(to:)` (every field, named as the properties),
    /// checking it as ``init(model:processNoise:processNoisePerSpeed:initialAccelerationStandardDeviation:gateSigmas:reinitializeAfterRejections:defaultSpeedAccuracy:minimumSpeedAccuracy:noisyAccuracyLimit:maximumNoiseInterval:)``
    /// does. An infinite gate or limit needs a `JSONDecoder` with a non-conforming float strategy.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the parameter out of range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                model: container.decode(Model.self, forKey: .model),
                processNoise: container.decode(Double.self, forKey: .processNoise),
                processNoisePerSpeed: container.decode(Double.self, forKey: .processNoisePerSpeed),
                initialAccelerationStandardDeviation: container.decode(
                    Double.self, forKey: .initialAccelerationStandardDeviation),
                gateSigmas: container.decode(Double.self, forKey: .gateSigmas),
                reinitializeAfterRejections: container.decode(Int.self, forKey: .reinitializeAfterRejections),
                defaultSpeedAccuracy: container.decode(Double.self, forKey: .defaultSpeedAccuracy),
                minimumSpeedAccuracy: container.decode(Double.self, forKey: .minimumSpeedAccuracy),
                noisyAccuracyLimit: container.decode(Double.self, forKey: .noisyAccuracyLimit),
                maximumNoiseInterval: container.decode(Double.self, forKey: .maximumNoiseInterval))
        } catch let error as LocomotionError {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(error)", underlyingError: error))
        }
    }
}
