/// A stop inside a ride (a red light, a jam, a station): quiet windows while in the vehicle.
public struct VehicleStop: Sendable, Hashable, Codable {
    /// Start of the stop, in seconds.
    public var start: Double
    /// End of the stop, in seconds.
    public var end: Double
    /// Creates a stop.
    public init(start: Double, end: Double) {
        self.start = start
        self.end = end
    }
    /// Duration in seconds.
    public var duration: Double { end - start }
}
