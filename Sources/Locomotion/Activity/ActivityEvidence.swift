/// The three signals the rule-based decision rests on, in the package's units. `nil` means the
/// signal is unavailable and casts no vote.
public struct ActivityEvidence: Sendable, Hashable, Codable {
    /// Ground speed in m/s; `nil` when no valid GPS estimate exists (an invalid fix reports a
    /// negative speed, which ``init(speed:cadence:accelerationVariance:)`` turns into `nil`).
    public var speed: Double?
    /// Cadence in steps/s (0 when no steps are detected); `nil` when unknown.
    public var cadence: Double?
    /// Population variance of the acceleration magnitude over the window, in g².
    public var accelerationVariance: Double?

    /// Collects the signals. A negative or non-finite speed (an invalid fix, as Core Location
    /// reports it) and a negative or non-finite cadence or variance become `nil`.
    ///
    /// - Parameters:
    ///   - speed: m/s; negative when invalid.
    ///   - cadence: steps/s.
    ///   - accelerationVariance: g².
    public init(speed: Double?, cadence: Double?, accelerationVariance: Double?) {
        self.speed = speed.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        self.cadence = cadence.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        self.accelerationVariance = accelerationVariance.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }
}
