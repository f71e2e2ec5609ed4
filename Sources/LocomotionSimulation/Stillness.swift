/// A person or phone at rest.
public struct Stillness: Sendable, Hashable {
    /// How the body holds the phone.
    public enum Posture: String, Sendable, Hashable {
        /// Standing: postural sway and breathing, occasional weight shifts.
        case standing
        /// Sitting: less sway.
        case sitting
        /// The phone lies on a table: nothing but the sensor.
        case onTable = "on_table"
    }

    /// The posture.
    public var posture: Posture
    /// Mean seconds between weight shifts (standing and sitting), or `nil` for none.
    public var fidgetInterval: Double?

    /// - Parameters:
    ///   - posture: Standing by default.
    ///   - fidgetInterval: Mean seconds between weight shifts; 30 s by default.
    public init(posture: Posture = .standing, fidgetInterval: Double? = 30) {
        self.posture = posture
        self.fidgetInterval = fidgetInterval
    }
}
