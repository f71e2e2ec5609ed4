/// A stretch of time with one activity.
public struct ActivitySegment: Sendable, Hashable, Codable {
    /// The activity.
    public var activity: ActivityType
    /// Seconds, in the data's time base.
    public var start: Double
    /// Seconds; at least `start`.
    public var end: Double
    /// The lowest confidence among the decisions the segment was made of.
    public var confidence: Confidence
    /// The stops inside a ride (a red light, a jam, a station), in time order, when the segment is
    /// driving and the in-vehicle stage found any (``InVehicleOptions``); `nil` otherwise. A stop
    /// keeps the ride one segment: the person is still inside the vehicle.
    public var stops: [VehicleStop]?

    /// Creates a segment.
    public init(
        activity: ActivityType, start: Double, end: Double, confidence: Confidence, stops: [VehicleStop]? = nil
    ) {
        self.activity = activity
        self.start = start
        self.end = end
        self.confidence = confidence
        self.stops = stops
    }

    /// `end − start`, in seconds.
    public var duration: Double { end - start }

    /// The duration as `1h 2m 3s`, or `2m 3s` under an hour.
    public var formattedDuration: String { DurationFormat.compact(duration) }
}
