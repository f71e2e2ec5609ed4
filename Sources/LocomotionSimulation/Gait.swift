/// Walking or running.
///
/// The cadence follows the speed unless given: walking `1.0 + 0.58·v` steps/s clamped to
/// 1.6–2.0 (1.87 steps/s at 1.5 m/s, 1.8 at 1.4 m/s: healthy adults walk at 1.4 m/s with
/// 105–115 steps/min, Öberg, Karsznia & Öberg 1993, J Rehabil Res Dev 30:210), running
/// `2.55 + 0.07·v` clamped to 2.6–3.0 (2.87 steps/s at 4.5 m/s; stride frequency rises only
/// slowly with running speed, Dorn, Schache & Pandy 2012, J Exp Biol 215:1944). MotionSense's
/// pocket iPhones agree: walking 1.75–2.25 Hz (median 1.88), jogging about 2.8–2.9 steps/s.
public struct Gait: Sendable, Hashable {
    /// Walking or running.
    public enum Kind: String, Sendable, Hashable {
        /// Walking, or running: the gait's two modes.
        case walking, running
    }

    /// Walking or running.
    public var kind: Kind
    /// The speed of the legs in m/s (the belt's speed on a treadmill), which sets the cadence.
    public var speed: Double
    /// The cadence in steps/s, or `nil` to derive it from ``speed``.
    public var cadence: Double?
    /// A factor on the default amplitudes (1: a trunk-worn phone, as a jacket pocket or a belt).
    /// A trouser pocket adds its own (``PhonePlacement/trouserPocket``).
    public var intensity: Double

    /// - Parameters:
    ///   - kind: Walking or running.
    ///   - speed: m/s of the legs.
    ///   - cadence: steps/s, or `nil` to derive it from `speed`.
    ///   - intensity: A factor on the amplitudes; 1 by default.
    public init(_ kind: Kind, speed: Double, cadence: Double? = nil, intensity: Double = 1) {
        self.kind = kind
        self.speed = speed
        self.cadence = cadence
        self.intensity = intensity
    }

    /// The cadence in steps/s: the given one, else the one that goes with the speed.
    public var resolvedCadence: Double {
        if let cadence { return cadence }
        switch kind {
        case .walking: return min(max(1.0 + 0.58 * speed, 1.6), 2.0)
        case .running: return min(max(2.55 + 0.07 * speed, 2.6), 3.0)
        }
    }
}
