import Foundation

/// The placement of a phone read from how gravity's direction sways while the person moves.
///
/// The thigh swings about the hip by 20–30° each way in every stride (the inclination Acti4 reads
/// from a thigh sensor, Skotte et al. 2014), so in a trouser pocket the direction of gravity in the
/// phone's frame sways widely, whatever way round the phone sits. On the trunk, in a hand, on an arm
/// or in a bag it sways much less. The estimate averages each axis over ``smoothing`` seconds (to
/// take off the steps' jolts but keep the swing), cuts the samples into ``windowDuration`` windows,
/// keeps the moving ones (|a| standard deviation of at least ``movingDeviation`` g), and takes in each
/// the 95th percentile of the angle between the smoothed direction and the window's mean direction;
/// ``sway`` is the median over the moving windows. At least ``thighSway`` is the thigh, at most
/// ``elsewhereSway`` elsewhere, and in between, or with fewer than ``minimumMovingWindows`` moving
/// windows, unknown.
///
/// Measured on the shared recordings (per recording, `docs/Accuracy.md`): front trouser pockets sway
/// 11–50° (most above 19°), back pockets 11–18°, hands 7–12°, armbands 9–11°, a neck pouch 8–11°, a
/// shoulder bag 15–18°, an arm swinging with the phone in hand 15–16°, a waist 8–12° (one recording at 40°).
public struct PhonePlacementEstimate: Sendable, Hashable, Codable {
    /// The sway (degrees) from which the thigh is read.
    public static let thighSway = 19.0
    /// The sway (degrees) up to which the phone is elsewhere.
    public static let elsewhereSway = 12.0
    /// The moving windows needed for an answer other than unknown.
    public static let minimumMovingWindows = 4
    /// The |a| standard deviation (g) of a moving window.
    public static let movingDeviation = 0.1
    /// The length (s) of the moving average taken over each axis.
    public static let smoothing = 0.25
    /// The window length (s); windows start every half window.
    public static let windowDuration = 2.56

    /// The placement read.
    public var placement: PhonePlacement
    /// The median over the moving windows of the 95th-percentile angle (degrees) between gravity's
    /// smoothed direction and the window's mean direction; NaN without moving windows.
    public var sway: Double
    /// The windows that moved.
    public var movingWindowCount: Int

    /// Reads the placement from three axes of acceleration with gravity, in g, at `sampleRate` Hz.
    ///
    /// Rows with a non-finite axis are left out of the averages and windows that hold one are skipped.
    ///
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a rate that is not finite and positive.
    /// - Precondition: `x`, `y` and `z` have the same count.
    /// - Complexity: O(*n*) time and memory, plus a sort per window.
    public init(x: [Double], y: [Double], z: [Double], sampleRate: Double) throws(LocomotionError) {
        precondition(x.count == y.count && y.count == z.count, "the three axes need the same count")
        try LocomotionError.requirePositive(sampleRate, name: "sampleRate", unit: "Hz")
        let n = x.count
        let half = max(0, Int(Self.smoothing * sampleRate) / 2)
        // Centred moving averages via prefix sums (non-finite rows count as absent).
        func prefix(_ v: [Double]) -> [Double] {
            var sums = [Double](repeating: 0, count: n + 1)
            for i in 0..<n { sums[i + 1] = sums[i] + (v[i].isFinite ? v[i] : 0) }
            return sums
        }
        let finite = (0..<n).map { x[$0].isFinite && y[$0].isFinite && z[$0].isFinite }
        var counts = [Double](repeating: 0, count: n + 1)
        for i in 0..<n { counts[i + 1] = counts[i] + (finite[i] ? 1 : 0) }
        let (sx, sy, sz) = (prefix(x), prefix(y), prefix(z))
        var direction = [(Double, Double, Double)?](repeating: nil, count: n)
        for i in 0..<n where finite[i] {
            let lo = max(0, i - half)
            let hi = min(n, i + half + 1)
            let c = counts[hi] - counts[lo]
            let v = ((sx[hi] - sx[lo]) / c, (sy[hi] - sy[lo]) / c, (sz[hi] - sz[lo]) / c)
            let norm = (v.0 * v.0 + v.1 * v.1 + v.2 * v.2).squareRoot()
            if norm > 0 { direction[i] = (v.0 / norm, v.1 / norm, v.2 / norm) }
        }
        let length = Int(Self.windowDuration * sampleRate)
        let hop = max(1, length / 2)
        var sways: [Double] = []
        var start = 0
        while length >= 2 && start + length < n {
            defer { start += hop }
            let range = start..<(start + length)
            guard range.allSatisfy({ finite[$0] && direction[$0] != nil }) else { continue }
            let magnitudes = range.map { (x[$0] * x[$0] + y[$0] * y[$0] + z[$0] * z[$0]).squareRoot() }
            let mean = magnitudes.reduce(0, +) / Double(length)
            let deviation = (magnitudes.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(length)).squareRoot()
            guard deviation >= Self.movingDeviation else { continue }
            var m = (0.0, 0.0, 0.0)
            for i in range {
                let d = direction[i]!
                m = (m.0 + d.0, m.1 + d.1, m.2 + d.2)
            }
            let norm = (m.0 * m.0 + m.1 * m.1 + m.2 * m.2).squareRoot()
            guard norm > 0 else { continue }
            let angles = range.map { i -> Double in
                let d = direction[i]!
                let cosine = (d.0 * m.0 + d.1 * m.1 + d.2 * m.2) / norm
                return acos(min(1, max(-1, cosine))) * 180 / Double.pi
            }
            sways.append(Self.quantile(angles, 0.95))
        }
        movingWindowCount = sways.count
        sway = sways.isEmpty ? .nan : Self.quantile(sways, 0.5)
        if sways.count < Self.minimumMovingWindows {
            placement = .unknown
        } else if sway >= Self.thighSway {
            placement = .thigh
        } else if sway <= Self.elsewhereSway {
            placement = .elsewhere
        } else {
            placement = .unknown
        }
    }

    /// The `q` quantile of `values` with linear interpolation between order statistics.
    static func quantile(_ values: [Double], _ q: Double) -> Double {
        let sorted = values.sorted()
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (position - Double(lower)) * (sorted[upper] - sorted[lower])
    }
}

extension Recording {
    /// The phone's placement read from its acceleration with gravity (``PhonePlacementEstimate``),
    /// or `nil` when the recording has no acceleration with gravity or too few rows for a rate.
    ///
    /// - Throws: ``LocomotionError`` as ``PhonePlacementEstimate/init(x:y:z:sampleRate:)``.
    /// - Complexity: O(*n*).
    public func phonePlacement() throws(LocomotionError) -> PhonePlacementEstimate? {
        guard let acceleration = accelerationIncludingGravity, let rate = estimatedSampleRate else { return nil }
        return try PhonePlacementEstimate(x: acceleration.x, y: acceleration.y, z: acceleration.z, sampleRate: rate)
    }
}
