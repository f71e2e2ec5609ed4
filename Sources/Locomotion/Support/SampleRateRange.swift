extension ClosedRange<Double> {
    /// Whether `rate` (Hz) lies in this range of sample rates, allowing for the rounding of a
    /// rate estimated from timestamps (10⁻⁹ relative): a recording at exactly the upper limit
    /// measures, for example, 1000.0000000000213 Hz.
    ///
    /// - Complexity: O(1).
    func containsSampleRate(_ rate: Double) -> Bool {
        rate.isFinite && rate >= lowerBound * (1 - 1e-9) && rate <= upperBound * (1 + 1e-9)
    }
}
