/// Whether an accelerometer clipped, at which range, and how much of the recording it flattened.
///
/// A phone's accelerometer has a fixed range (±2 g, ±4 g, ±8 g, ...). Motion beyond it reads as the
/// range itself, so a clipped axis sits at one value, its largest magnitude, for many samples, while a
/// signal that stays inside the range touches its largest value once per peak. This reads the clipping
/// from the samples alone: the largest magnitude over the three axes is the range when at least
/// ``minimumRailSamples`` samples sit within ``tolerance`` of it (on any axis, either sign), two of them
/// in a row on one axis (a flat top: a smooth peak sampled exactly at its top has one such sample), and
/// it is at least ``minimumRange`` (gravity alone never comes near it). Running with a ±2 g phone in a trouser
/// pocket clips a third to half of its samples; walking only at heel strikes.
///
/// The acceleration magnitude's spread, range and maximum shrink under clipping; cadence, the
/// autocorrelation and the magnitude's interquartile range (``RunningImpact``) keep their meaning.
public struct AccelerationClipping: Sendable, Hashable, Codable {
    /// The smallest range (g) read as clipping; below it a flat top is not told from gravity.
    public static let minimumRange = 1.5
    /// How close to the largest magnitude (g) a sample counts as on the rail.
    public static let tolerance = 1e-4
    /// How many samples on the rail make a recording clipped.
    public static let minimumRailSamples = 3

    /// The range (g) the accelerometer clipped at, or `nil` when it did not clip.
    public var range: Double?
    /// The rows with at least one axis on the rail.
    public var clippedSampleCount: Int
    /// The rows read (every axis finite).
    public var sampleCount: Int
    /// The rows skipped because an axis was NaN or infinite.
    public var nonFiniteSampleCount: Int

    /// Whether the accelerometer clipped.
    public var isClipped: Bool { range != nil }
    /// The share (0…1) of the rows read with an axis on the rail; 0 when none was read.
    public var clippedShare: Double { sampleCount == 0 ? 0 : Double(clippedSampleCount) / Double(sampleCount) }

    /// Reads the clipping of three axes of acceleration in g (gravity included or not).
    ///
    /// Rows with a non-finite axis are skipped and counted (``nonFiniteSampleCount``); empty input is
    /// not clipped.
    ///
    /// - Precondition: `x`, `y` and `z` have the same count.
    /// - Complexity: O(*n*), two passes; no allocation.
    public init(x: some Collection<Double>, y: some Collection<Double>, z: some Collection<Double>) {
        precondition(x.count == y.count && y.count == z.count, "the three axes need the same count")
        var peak = 0.0
        var skipped = 0
        for ((a, b), c) in zip(zip(x, y), z) {
            guard a.isFinite && b.isFinite && c.isFinite else {
                skipped += 1
                continue
            }
            peak = max(peak, abs(a), abs(b), abs(c))
        }
        let rail = peak - Self.tolerance
        var onRail = 0
        var flatTop = false
        var previous = (false, false, false)
        for ((a, b), c) in zip(zip(x, y), z) {
            guard a.isFinite && b.isFinite && c.isFinite else {
                previous = (false, false, false)
                continue
            }
            let now = (abs(a) >= rail, abs(b) >= rail, abs(c) >= rail)
            if now.0 || now.1 || now.2 { onRail += 1 }
            if (now.0 && previous.0) || (now.1 && previous.1) || (now.2 && previous.2) { flatTop = true }
            previous = now
        }
        let clipped = peak >= Self.minimumRange && onRail >= Self.minimumRailSamples && flatTop
        range = clipped ? peak : nil
        clippedSampleCount = clipped ? onRail : 0
        sampleCount = x.count - skipped
        nonFiniteSampleCount = skipped
    }
}

extension Recording {
    /// The clipping of the acceleration with gravity (``accelerationIncludingGravity``), or `nil`
    /// when the recording has none.
    ///
    /// - Complexity: O(*n*).
    public var accelerationClipping: AccelerationClipping? {
        guard let acceleration = accelerationIncludingGravity else { return nil }
        return AccelerationClipping(x: acceleration.x, y: acceleration.y, z: acceleration.z)
    }
}
