/// The in-vehicle state of one window, as ``InVehicleStateMachine`` decides it.
public struct InVehicleDecision: Sendable, Hashable {
    /// End time of the window decided, in seconds.
    public var endTime: Double
    /// Whether the person is inside a vehicle at the end of this window.
    public var inVehicle: Bool
    /// Inside a vehicle and the window is quiet: a stop (red light, jam, station) within the ride.
    public var isStoppedInVehicle: Bool
    /// How many windows before this one change their state to ``inVehicle`` with this decision:
    /// entering a vehicle is confirmed only after sustained evidence, and the ride is dated back to
    /// the start of that evidence; leaving on foot is dated back to the first window of the gait
    /// that confirmed it. 0 when nothing earlier changes. Never more than
    /// ``InVehicleStateMachine/Configuration/revisionWindowLimit``.
    public var revisedWindowCount: Int
    /// Whether this window changes the state (``inVehicle`` differs from the previous window's).
    public var isTransition: Bool

    /// Creates a decision.
    public init(endTime: Double, inVehicle: Bool, isStoppedInVehicle: Bool, revisedWindowCount: Int, isTransition: Bool)
    {
        self.endTime = endTime
        self.inVehicle = inVehicle
        self.isStoppedInVehicle = isStoppedInVehicle
        self.revisedWindowCount = revisedWindowCount
        self.isTransition = isTransition
    }
}
