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
