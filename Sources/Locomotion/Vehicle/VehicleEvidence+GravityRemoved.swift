extension VehicleEvidence {
    /// Whether a window without gravity (vertical unknown) has the rhythm of gait: an
    /// autocorrelation peak of its principal-axis acceleration `projected` at or above
    /// ``Configuration/onFootPeriodicity`` at a lag in the walking band
    /// (``Configuration/gravityRemovedGaitPeriod`` to ``Configuration/longestPeriod``), or at or
    /// above ``Configuration/gravityRemovedShortPeriodicity`` at a shorter lag (from
    /// ``Configuration/shortestPeriod``: running, pedalling).
    ///
    /// Why the split: without gravity the principal axis of a phone in a car on a rough road is
    /// often the ringing of its seat, suspension or mount at 2–4 Hz, which repeats at 0.3–0.4 s
    /// about as regularly (0.4–0.55) as a walker's steps, while walking steps come at 1.4–2.2 Hz.
    ///
    /// - Parameters:
    ///   - projected: the window's principal-axis acceleration, mean removed, oldest first.
    ///   - energy: the sum of squares of `projected` (0 gives `false`).
    ///   - configuration: the evidence parameters.
    /// - Complexity: O(cells × lags), no allocation.
    static func gravityRemovedGaitRhythm(
        _ projected: [Double], energy: Double, configuration c: Configuration
    ) -> Bool {
        guard energy > 0 else { return false }
        let gait = c.gaitLag
        if periodicity(projected, energy: energy, lags: gait...c.longestLag) >= c.onFootPeriodicity { return true }
        guard gait > c.shortestLag else { return false }
        return periodicity(projected, energy: energy, lags: c.shortestLag...(gait - 1))
            >= c.gravityRemovedShortPeriodicity
    }
}
