/// The in-vehicle stage of every activity analysis (``RecordingAnalysis/Options/inVehicle``): the
/// long-scale ``VehicleEvidence`` of the same motion samples the features see, and the
/// ``InVehicleStateMachine`` over it, decide when the person is inside a vehicle. Inside, every
/// smoothed result is driving (a stop is driving too, and shows as a ``VehicleStop`` of its
/// segment); outside, a result the accelerometer alone called driving becomes the most probable
/// other activity (stationary for the rules), while driving that rests on a GPS speed of at least
/// ``drivingSpeed`` or on the operating system's automotive report stands.
public struct InVehicleOptions: Sendable, Hashable {
    /// The evidence windows' parameters.
    public var evidence: VehicleEvidence.Configuration
    /// The state machine's parameters.
    public var state: InVehicleStateMachine.Configuration
    /// Shortest run of quiet in-vehicle time kept as a stop of its driving segment, in seconds
    /// (default 5 s).
    public var minimumStopDuration: Double
    /// GPS speed at or above which driving stands whatever the accelerometer says, in m/s
    /// (default 6 m/s, 21.6 km/h: faster than a person runs for long).
    public var drivingSpeed: Double

    /// Creates the options; the defaults are the documented, evaluated ones.
    public init(
        evidence: VehicleEvidence.Configuration = .init(), state: InVehicleStateMachine.Configuration = .init(),
        minimumStopDuration: Double = 5, drivingSpeed: Double = 6
    ) {
        self.evidence = evidence
        self.state = state
        self.minimumStopDuration = minimumStopDuration
        self.drivingSpeed = drivingSpeed
    }

    /// Checks every parameter.
    ///
    /// - Throws: ``LocomotionError/Code/invalidParameter`` naming the first one out of range.
    public func validate() throws(LocomotionError) {
        try evidence.validate()
        try state.validate()
        guard minimumStopDuration.isFinite, minimumStopDuration >= 0 else {
            throw .invalidParameter(
                name: "minimumStopDuration", value: "\(minimumStopDuration)", requirement: "finite and >= 0 s")
        }
        guard drivingSpeed.isFinite, drivingSpeed >= 0 else {
            throw .invalidParameter(name: "drivingSpeed", value: "\(drivingSpeed)", requirement: "finite and >= 0 m/s")
        }
    }
}
