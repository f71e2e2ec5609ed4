/// The in-vehicle stage of every activity analysis (``RecordingAnalysis/Options/inVehicle``): the
/// long-scale ``VehicleEvidence`` of the same motion samples the features see, and the
/// ``InVehicleStateMachine`` over it, decide when the person is inside a vehicle. Inside, every
/// smoothed result is driving (a stop is driving too, and shows as a ``VehicleStop`` of its
/// segment); outside, a result the accelerometer alone called driving becomes the most probable
/// other activity (stationary for the rules), while driving that rests on a GPS speed of at least
/// ``drivingSpeed`` or on the operating system's automotive report stands. A *sustained* GPS speed
/// of at least ``drivingSpeed`` (valid fixes in a row at that speed, at most ``drivingSpeedHold``
/// apart, spanning ``sustainedSpeedDuration`` or more) also puts the person inside a vehicle for as long as it lasts
/// (``InVehicleStateMachine/update(_:onFootHint:movingFast:)``).
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
    /// Longest interval between two fixes at ``drivingSpeed`` or more that still makes a sustained
    /// speed, and how long that speed stands after its last fix, in seconds (default 120 s: some
    /// loggers keep one fix a minute). A valid fix below ``drivingSpeed`` ends it at once; a fix
    /// without a valid or with a noisy speed (``LocationFix/speedValidity(noisyAccuracyLimit:)``)
    /// neither starts nor ends it.
    public var drivingSpeedHold: Double
    /// Shortest time from the first to the newest fix of a run at ``drivingSpeed`` or more that
    /// makes it sustained, in seconds (default 10 s: longer than a multipath spike, which lifts one
    /// or two fixes of a 1 Hz receiver by 3–10 m/s).
    public var sustainedSpeedDuration: Double

    /// Creates the options; the defaults are the documented, evaluated ones.
    public init(
        evidence: VehicleEvidence.Configuration = .init(), state: InVehicleStateMachine.Configuration = .init(),
        minimumStopDuration: Double = 5, drivingSpeed: Double = 6, drivingSpeedHold: Double = 120,
        sustainedSpeedDuration: Double = 10
    ) {
        self.evidence = evidence
        self.state = state
        self.minimumStopDuration = minimumStopDuration
        self.drivingSpeed = drivingSpeed
        self.drivingSpeedHold = drivingSpeedHold
        self.sustainedSpeedDuration = sustainedSpeedDuration
    }

    /// Checks every parameter.
    ///
    /// - Throws: ``LocomotionError/Code/invalidParameter`` naming the first one out of range.
    public func validate() throws(LocomotionError) {
        try evidence.validate()
        try state.validate()
        guard minimumStopDuration.isFinite, minimumStopDuration >= 0 else {
            throw .invalidParameter(
                name: "minimumStopDuration", value: "\(minimumStopDuration)",
                requirement: "it must be finite and at least 0 (s)")
        }
        guard drivingSpeed.isFinite, drivingSpeed >= 0 else {
            throw .invalidParameter(
                name: "drivingSpeed", value: "\(drivingSpeed)", requirement: "it must be finite and at least 0 (m/s)")
        }
        guard drivingSpeedHold.isFinite, drivingSpeedHold >= 0 else {
            throw .invalidParameter(
                name: "drivingSpeedHold", value: "\(drivingSpeedHold)",
                requirement: "it must be finite and at least 0 (s)")
        }
        guard sustainedSpeedDuration.isFinite, sustainedSpeedDuration >= 0 else {
            throw .invalidParameter(
                name: "sustainedSpeedDuration", value: "\(sustainedSpeedDuration)",
                requirement: "it must be finite and at least 0 (s)")
        }
    }
}
