import Foundation

/// Floors climbed and descended, from barometric pressure.
///
/// Near the ground, pressure falls by about 12 Pa per metre of height. The counter smooths the
/// pressure (an exponential average with ``Configuration/smoothingTime``), converts it to a height
/// change, and counts a floor each time the height moves ``Configuration/countingFraction`` of a
/// floor (70 %, so that smoothing lag and drift tracking do not lose a whole floor) away from the
/// level of the last floor counted; that level then moves by one whole
/// ``Configuration/floorHeight``. Noise of less than 70 % of a floor never counts, and a floor
/// counted up is not counted again by wobbling around it: going back down needs 70 % of a floor
/// below its level. Weather moves pressure too (about
/// 1 hPa in 3 hours, which would look like 8 m): the reference level follows the height slowly,
/// with ``Configuration/driftTime``, so a change spread over many minutes is drift, not stairs,
/// while a floor climbed in 10–30 s moves the reference by a few centimetres only.
///
/// Time comes from the samples. A value type; use each instance from one thread at a time.
public struct FloorCounter: Sendable, Hashable {
    /// The physical and smoothing settings.
    public struct Configuration: Sendable, Hashable, Codable {
        /// Metres per floor; 3 by default.
        public var floorHeight = 3.0
        /// Pascals of pressure per metre of height; 12 by default (near sea level).
        public var pascalsPerMetre = 12.0
        /// Seconds of the pressure smoothing; 2 by default.
        public var smoothingTime = 2.0
        /// Seconds over which the reference level follows slow changes (weather); 600 by default.
        public var driftTime = 600.0
        /// The share of a floor the height must move from the last counted level; 0.7 by default.
        public var countingFraction = 0.7

        /// The defaults above.
        public init() {}

        func validate() throws(LocomotionError) {
            for (name, value) in [
                ("floorHeight", floorHeight), ("pascalsPerMetre", pascalsPerMetre), ("smoothingTime", smoothingTime),
                ("driftTime", driftTime), ("countingFraction", countingFraction),
            ] {
                try LocomotionError.requirePositive(value, name: name)
            }
            // At half a floor or less, counting one floor up would leave the height far enough
            // below the new level to count it straight back down.
            try LocomotionError.require(
                "countingFraction", countingFraction, countingFraction > 0.5 && countingFraction <= 1,
                "it must be above 0.5 and at most 1")
        }
    }

    /// The settings in use.
    public let configuration: Configuration
    /// Floors counted going up.
    public private(set) var floorsAscended = 0
    /// Floors counted going down.
    public private(set) var floorsDescended = 0
    /// Metres above the first sample's height, from the smoothed pressure; 0 before any sample.
    public private(set) var height = 0.0
    private var smoothedPressure: Double?
    private var firstPressure = 0.0
    private var reference = 0.0
    private var lastTime: Double?

    /// A counter with nothing measured yet.
    ///
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a setting that is not positive.
    public init(configuration: Configuration = Configuration()) throws(LocomotionError) {
        try configuration.validate()
        self.configuration = configuration
    }

    /// Adds a pressure sample.
    ///
    /// - Parameters:
    ///   - pressure: Pascals, within ``plausiblePressure`` (a phone's barometer reports
    ///     hectopascals or kilopascals: convert).
    ///   - time: Seconds; finite and not before the previous sample.
    /// - Throws: ``LocomotionError/Code/timeGoesBackwards`` for a time that goes backwards;
    ///   ``LocomotionError/Code/invalidData`` for a time that is not finite, a pressure outside
    ///   ``plausiblePressure``, or a height change of more than ``maximumFloorsPerSample`` floors
    ///   in one sample (possible only with extreme settings).
    ///   The state is then unchanged.
    /// - Complexity: O(1).
    public mutating func update(pressure: Double, at time: Double) throws(LocomotionError) {
        guard Self.plausiblePressure.contains(pressure) else {
            throw LocomotionError(
                .invalidData,
                message: "a pressure of \(pressure) Pa at \(time) s; it must be within "
                    + "\(Self.plausiblePressure.lowerBound)–\(Self.plausiblePressure.upperBound) Pa "
                    + "(a value near 1000 is hectopascals)")
        }
        guard time.isFinite else { throw LocomotionError.nonFiniteTime("pressure sample", at: time) }
        if let lastTime, time < lastTime {
            throw LocomotionError.outOfOrder("pressure sample", at: time, after: lastTime)
        }
        let c = configuration
        guard let previous = smoothedPressure, let last = lastTime else {
            smoothedPressure = pressure
            firstPressure = pressure
            lastTime = time
            return
        }
        let step = time - last
        let smoothed = previous + (pressure - previous) * (1 - exp(-step / c.smoothingTime))
        let newHeight = (firstPressure - smoothed) / c.pascalsPerMetre
        var newReference = reference + (newHeight - reference) * (1 - exp(-step / c.driftTime))
        // Every floor the height has moved past at once, counted by division rather than one at a
        // time: a loop adding one floor height never ends once the reference is so large that
        // adding it changes nothing (found by FuzzDetector). Counting up leaves the height less
        // than `threshold` above the new level and, since `countingFraction` > 0.5, less than
        // `threshold` below it, so at most one direction counts.
        let threshold = c.countingFraction * c.floorHeight
        let rise = newHeight - newReference
        let floors = (abs(rise) - threshold) / c.floorHeight
        var ascended = 0
        var descended = 0
        if floors >= 0 {
            guard floors < Double(Self.maximumFloorsPerSample) else {
                throw LocomotionError(
                    .invalidData,
                    message: "a pressure of \(pressure) Pa at \(time) s moves the height by "
                        + "\(rise) m in one sample; at most \(Self.maximumFloorsPerSample) floors are counted at once")
            }
            let count = Int(floors.rounded(.down)) + 1
            if rise > 0 { ascended = count } else { descended = count }
            newReference += Double(ascended - descended) * c.floorHeight
        }
        lastTime = time
        smoothedPressure = smoothed
        height = newHeight
        reference = newReference
        floorsAscended += ascended
        floorsDescended += descended
    }

    /// The pressures ``update(pressure:at:)`` accepts, in pascals: from a tenth of sea level's
    /// (about 16 km up, twice Everest's height) to twice it (far below any mine). Outside it a
    /// sample is refused: it is a unit mistake (hectopascals read as pascals) or no barometer.
    public static let plausiblePressure: ClosedRange<Double> = 10_132.5...202_650
    /// The most floors one sample may count (up and down alike): a larger height change in one
    /// sample is refused rather than counted.
    public static let maximumFloorsPerSample = 100_000
}
