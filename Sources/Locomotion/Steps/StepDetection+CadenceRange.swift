/// How many cadence windows of labelled walking have a cadence in a plausible range: a check of
/// step detection on recordings without reference steps (a walking window whose detected cadence
/// lies outside 1.2–2.5 steps/s has missed or invented steps).
public struct CadenceRangeCount: Sendable, Hashable, Codable {
    /// The range counted, in steps/s.
    public var range: ClosedRange<Double>
    /// The windows judged.
    public var windows: Int
    /// The windows whose detected cadence lies in ``range``; a window without a cadence (fewer
    /// than two steps) does not.
    public var inRange: Int
    /// `inRange / windows`; `nil` without windows.
    public var fractionInRange: Double? { windows > 0 ? Double(inRange) / Double(windows) : nil }

    /// Counts the windows of `cadenceWindows` whose cadence lies in `range`.
    ///
    /// - Parameters:
    ///   - cadenceWindows: Cadence windows, for example ``StepDetection/cadenceWindows(in:labels:windowDuration:hop:)``.
    ///   - range: The plausible cadences, in steps/s; ``StepDetection/plausibleWalkingCadence`` by default.
    /// - Complexity: O(*w*) for *w* windows.
    public init(
        _ cadenceWindows: [StepDetection.CadenceWindow],
        range: ClosedRange<Double> = StepDetection.plausibleWalkingCadence
    ) {
        self.range = range
        windows = cadenceWindows.count
        inRange = cadenceWindows.filter { $0.cadence.map(range.contains) ?? false }.count
    }
}

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
