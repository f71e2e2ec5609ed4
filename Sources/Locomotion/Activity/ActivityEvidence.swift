/// The three signals the rule-based decision rests on, in the package's units. `nil` means the
/// signal is unavailable and casts no vote.
public struct ActivityEvidence: Sendable, Hashable, Codable {
    /// Ground speed in m/s; `nil` when no valid GPS estimate exists (an invalid fix reports a
    /// negative speed, which ``init(speed:stepFrequency:accelerationVariance:)`` turns into `nil`).
    public var speed: Double?
    /// Step frequency in steps/s (0 when no steps are detected); `nil` when unknown.
    public var stepFrequency: Double?
    /// Population variance of the acceleration magnitude over the window, in g².
    public var accelerationVariance: Double?

    /// Collects the signals. A negative or non-finite speed (an invalid fix, as Core Location
    /// reports it) and a negative or non-finite step frequency or variance become `nil`.
    ///
    /// - Parameters:
    ///   - speed: m/s; negative when invalid.
    ///   - stepFrequency: steps/s.
    ///   - accelerationVariance: g².
    public init(speed: Double?, stepFrequency: Double?, accelerationVariance: Double?) {
        self.speed = speed.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        self.stepFrequency = stepFrequency.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        self.accelerationVariance = accelerationVariance.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }
}
