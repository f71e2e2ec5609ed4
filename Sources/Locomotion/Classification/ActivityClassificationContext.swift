/// What an analysis knows about a window besides its features, handed to the classifier with it.
///
/// Every analysis builds it by one rule: the GPS state and pedometer cadence are the window's
/// ``WindowContext`` (as feature extraction computes it at the window's end), and the activity
/// report is the latest one delivered before the window's last sample (a report whose
/// ``MotionActivityReport/start`` is at or before that sample's time, for a recording).
public struct ActivityClassificationContext: Sendable, Hashable {
    /// The operating system's latest activity report, or `nil` before the first.
    public var activityReport: MotionActivityReport?
    /// The GPS speed state at the window's end, or `nil` before the first fix.
    public var gps: WindowContext.GPSState?
    /// The latest pedometer cadence reported within the window, in steps/s, or `nil`.
    public var pedometerCadence: Double?

    /// Creates a context; nothing known by default.
    public init(
        activityReport: MotionActivityReport? = nil, gps: WindowContext.GPSState? = nil,
        pedometerCadence: Double? = nil
    ) {
        self.activityReport = activityReport
        self.gps = gps
        self.pedometerCadence = pedometerCadence
    }

    /// The context of a window with `window`'s GPS state and cadence and the report `report`.
    init(_ window: WindowContext, report: MotionActivityReport?) {
        self.init(activityReport: report, gps: window.gps, pedometerCadence: window.pedometerCadence)
    }
}
