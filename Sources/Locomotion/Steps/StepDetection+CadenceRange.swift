extension StepDetection {
    /// The cadences of walking, in steps/s: 1.2–2.5 (72–150 steps/min), from slow walking to
    /// brisk walking.
    public static let plausibleWalkingCadence: ClosedRange<Double> = 1.2...2.5

    /// How many of the cadence windows inside runs of rows labelled with one of `labels`
    /// (``cadenceWindows(in:labels:windowDuration:hop:)``) have a cadence in `range`.
    ///
    /// - Parameters:
    ///   - recording: The recording the steps were detected in (with labels).
    ///   - labels: The walking labels, as they appear in the recording (for UCI HAPT walking, `"1"`).
    ///   - range: The plausible cadences, in steps/s; ``plausibleWalkingCadence`` by default.
    ///   - window: The window length, in s; 2.56 by default.
    ///   - hop: The time between window starts, in s; 1.28 by default.
    /// - Returns: No windows when the recording has no labels.
    /// - Complexity: as ``cadenceWindows(in:labels:windowDuration:hop:)``.
    public func cadenceRangeCount(
        in recording: Recording, labels: Set<String>, range: ClosedRange<Double> = plausibleWalkingCadence,
        windowDuration window: Double = 2.56, hop: Double = 1.28
    ) -> CadenceRangeCount {
        CadenceRangeCount(cadenceWindows(in: recording, labels: labels, windowDuration: window, hop: hop), range: range)
    }
}
