extension VehicleEvidence {
    /// Whether a window without gravity (vertical unknown) has the rhythm of gait: an
    /// autocorrelation peak of its principal-axis acceleration `projected` at or above
    /// ``Configuration/onFootPeriodicity`` at a lag in the walking band
    /// (``Configuration/gravityRemovedGaitPeriod`` to ``Configuration/longestPeriod``) whose
    /// rhythm, when the lag is a step's (up to ``Configuration/gravityRemovedLongestStepPeriod``),
    /// also holds at twice that lag (autocorrelation there at least
    /// ``Configuration/gravityRemovedStrideRegularity``), or a peak at or above
    /// ``Configuration/gravityRemovedShortPeriodicity`` at a shorter lag (from
    /// ``Configuration/shortestPeriod``: running, pedalling).
    ///
    /// Why the split: without gravity the principal axis of a phone in a car on a rough road is
    /// often the ringing of its seat, suspension or mount at 2–4 Hz, which repeats at 0.3–0.4 s
    /// about as regularly (0.4–0.55) as a walker's steps, while walking steps come at 1.4–2.2 Hz.
    /// Why twice the lag: a walker's steps repeat, so the rhythm found at one lag comes back at the
    /// next (step and stride regularity, Moe-Nilssen and Helbostad, J. Biomech. 2004), while a
    /// ringing struck at random fades, its autocorrelation at twice a lag near the square of that
    /// at the lag (0.4–0.55 gives 0.16–0.3 and less).
    ///
    /// - Parameters:
    ///   - projected: the window's principal-axis acceleration, mean removed, oldest first.
    ///   - energy: the sum of squares of `projected` (0 gives `false`).
    ///   - configuration: the evidence parameters.
    /// - Complexity: O(cells × lags), no allocation.
    @_spi(Testing) public static func gravityRemovedGaitRhythm(
        _ projected: [Double], energy: Double, configuration c: Configuration
    ) -> Bool {
        projected.withUnsafeBufferPointer { gravityRemovedGaitRhythm($0, energy: energy, configuration: c) }
    }

    /// `gravityRemovedGaitRhythm(_:energy:configuration:)` of a buffer.
    static func gravityRemovedGaitRhythm(
        _ projected: UnsafeBufferPointer<Double>, energy: Double, configuration c: Configuration
    ) -> Bool {
        guard energy > 0 else { return false }
        let gait = c.gaitLag
        if walkingBandRhythm(projected, energy: energy, threshold: c.onFootPeriodicity, configuration: c) {
            return true
        }
        guard gait > c.shortestLag else { return false }
        return periodicity(projected, energy: energy, lags: c.shortestLag...(gait - 1))
            >= c.gravityRemovedShortPeriodicity
    }

    /// Whether `p` (mean removed, oldest first) has an autocorrelation peak at or above `threshold`
    /// at a lag in the walking band (``Configuration/gravityRemovedGaitPeriod`` to
    /// ``Configuration/longestPeriod``) that also holds at twice that lag
    /// (``Configuration/gravityRemovedStrideRegularity``) when the lag is a step's (up to
    /// ``Configuration/gravityRemovedLongestStepPeriod``) or `repeatAtEveryLag` is set.
    ///
    /// - Parameters:
    ///   - p: the signal, mean removed, oldest first.
    ///   - energy: the sum of squares of `p` (0 gives `false`).
    ///   - threshold: the least peak, 0–1.
    ///   - repeatAtEveryLag: whether a peak at a stride's lag must repeat too.
    ///   - configuration: the evidence parameters.
    /// - Complexity: O(cells × lags), no allocation.
    static func walkingBandRhythm(
        _ p: UnsafeBufferPointer<Double>, energy: Double, threshold: Double, repeatAtEveryLag: Bool = false,
        configuration c: Configuration
    ) -> Bool {
        guard energy > 0 else { return false }
        let (peak, lag) = periodicityPeak(p, energy: energy, lags: c.gaitLag...c.longestLag)
        return peak >= threshold
            && ((lag > c.longestStepLag && !repeatAtEveryLag)
                || autocorrelation(p, energy: energy, lag: min(2 * lag, p.count - 1))
                    >= c.gravityRemovedStrideRegularity)
    }

    /// Highest local maximum of the normalised autocorrelation of `p` over `lags` (as
    /// `periodicity`) and its lag; `(0, lags.lowerBound)` when there is none.
    ///
    /// - Complexity: O(cells × lags), no allocation.
    @_spi(Testing) public static func periodicityPeak(_ p: [Double], energy: Double, lags: ClosedRange<Int>) -> (
        Double, Int
    ) {
        p.withUnsafeBufferPointer { periodicityPeak($0, energy: energy, lags: lags) }
    }

    /// `periodicityPeak(_:energy:lags:)` of a buffer.
    static func periodicityPeak(_ p: UnsafeBufferPointer<Double>, energy: Double, lags: ClosedRange<Int>) -> (
        Double, Int
    ) {
        let first = lags.lowerBound - 1
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: lags.count + 2) { sums in
            lagSums(p, lags: first...(lags.upperBound + 1), into: sums)
            var best = (0.0, lags.lowerBound)
            var before = sums[0] / energy
            var here = sums[1] / energy
            for lag in lags {
                let after = sums[lag - first + 1] / energy
                if here > before && here >= after && here > best.0 { best = (here, lag) }
                before = here
                here = after
            }
            return best
        }
    }

    /// The autocorrelation of `p` at `lag` cells, over `energy` (the sum of squares of `p`).
    @_spi(Testing) public static func autocorrelation(_ p: [Double], energy: Double, lag: Int) -> Double {
        p.withUnsafeBufferPointer { autocorrelation($0, energy: energy, lag: lag) }
    }

    /// `autocorrelation(_:energy:lag:)` of a buffer.
    static func autocorrelation(_ p: UnsafeBufferPointer<Double>, energy: Double, lag: Int) -> Double {
        var sum = 0.0
        for i in 0..<max(p.count - lag, 0) { sum += p[i] * p[i + lag] }
        return sum / energy
    }
}

extension VehicleEvidence.Configuration {
    /// Longest lag of the gravity-removed gait band read as a step's period, in grid cells.
    var longestStepLag: Int { Int((gravityRemovedLongestStepPeriod / gridInterval).rounded()) }
}
