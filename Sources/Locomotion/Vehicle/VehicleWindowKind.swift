/// What one window of ``VehicleEvidence`` says about the person: on foot, in something that
/// vibrates like a vehicle, quiet, or unknown (a gap in the samples).
public enum VehicleWindowKind: String, Sendable, Hashable, CaseIterable {
    /// Gait or pedalling (periodic, strong acceleration), or motion too violent for a vehicle.
    case onFoot = "on-foot"
    /// Aperiodic vibration above the floor of a moving vehicle, and no gait.
    case vehicleLike = "vehicle-like"
    /// Less vibration than a moving vehicle makes: a phone on a table, a person sitting still, or a
    /// vehicle standing at a stop.
    case quiet
    /// The window holds a gap longer than ``VehicleEvidence/Configuration/maximumHold``.
    case unknown
}
