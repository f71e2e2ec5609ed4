extension StepMatching {
    /// Matches detected to reference times one to one, as ``init(detected:reference:tolerance:)``,
    /// judging only the steps inside reference walking bouts: a detected or timed reference step
    /// counts when one of `bouts` contains it; untimed reference steps (NaN) all count, for the
    /// step total.
    ///
    /// Widen the bouts by the tolerance (``ReferenceTable/bouts(widenedBy:)`` does) so that a
    /// step just outside a bout can still match one just inside.
    ///
    /// - Parameters:
    ///   - detected: Detected step times, in s.
    ///   - reference: Reference step times, in s; NaN for a step known to exist but not timed.
    ///   - bouts: The time ranges judged, in s.
    ///   - tolerance: The largest allowed |detected − reference|, in s; 0.25 by default.
    /// - Complexity: O((*n* + *m*) · *b*) for the bout test of *n* + *m* steps against *b* bouts,
    ///   then as ``init(detected:reference:tolerance:)``.
    public init(
        detected: [Double], reference: [Double], insideBouts bouts: [ClosedRange<Double>], tolerance: Double = 0.25
    ) {
        func inside(_ time: Double) -> Bool { bouts.contains { $0.contains(time) } }
        self.init(
            detected: detected.filter(inside), reference: reference.filter { $0.isNaN || inside($0) },
            tolerance: tolerance)
    }
}
