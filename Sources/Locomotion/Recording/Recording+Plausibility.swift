import Foundation

extension Recording {
    /// Notes on values that read without error but are probably misread (``PlausibilityChecker``):
    /// timestamps that look like milliseconds, microseconds or nanoseconds rather than seconds,
    /// acceleration that looks like m/s², milli-g or g read as m/s² rather than g, rows that
    /// repeat the previous row's time, acceleration beyond 32 g or the same in every row, rotation
    /// rates beyond 35 rad/s (degrees per second read as radians), pedometer cadences and step
    /// counts beyond 10 steps/s, and cumulative step counts that decrease. Nothing is changed; the
    /// notes say what to check.
    ///
    /// - Returns: One sentence per suspicion, empty when the recording looks plausible.
    /// - Complexity: O(*n*), plus O(*k* log *k*) on a sample of at most 40,000 rows.
    public func plausibilityNotes() -> [String] {
        var checker = PlausibilityChecker()
        checker.append(self)
        return checker.notes
    }
}
