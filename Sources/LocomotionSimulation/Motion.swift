/// What moves the phone during a ``SessionPhase``.
public enum Motion: Sendable, Hashable {
    /// A person (or a phone) at rest: sensor noise, postural sway, the odd shift of weight.
    case still(Stillness)
    /// Walking or running: one vertical bounce per step with harmonics, a heel-strike impulse,
    /// left–right asymmetry and step-to-step variability.
    case gait(Gait)
    /// Pedalling a bicycle: one trunk oscillation per crank turn, no impacts, road vibration
    /// through the saddle.
    case pedalling(Pedalling)
    /// Riding in a road vehicle: engine vibration, suspension, road texture, potholes.
    case vehicle(Vehicle)

    /// Whether the motion is walking or running (the pedometer counts only these).
    var isGait: Bool {
        if case .gait = self { return true }
        return false
    }
}
