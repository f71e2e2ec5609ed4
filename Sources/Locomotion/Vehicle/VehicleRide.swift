/// One ride from getting in to getting out, with its stops inside it.
public struct VehicleRide: Sendable, Hashable {
    /// Start of the ride, in seconds (dated back to the start of the evidence that confirmed it).
    public var start: Double
    /// End of the ride, in seconds.
    public var end: Double
    /// The stops within the ride, in time order.
    public var stops: [VehicleStop]
    /// Creates a ride.
    public init(start: Double, end: Double, stops: [VehicleStop]) {
        self.start = start
        self.end = end
        self.stops = stops
    }
    /// Duration in seconds.
    public var duration: Double { end - start }
}
