/// A journey by vehicle, for mileage logs: it opens when driving starts and closes when the person
/// is on foot again. Stops inside it (a red light, a station: stationary or unknown segments) do
/// not close it.
public struct Trip: Sendable, Hashable {
    /// Seconds: the start of its first driving segment.
    public var start: Double
    /// Seconds: the end of its last driving segment.
    public var end: Double
    /// Metres: the smoothed speed integrated over the trip (trapezoids between estimates, the
    /// nearest estimate held to the trip's ends); `nil` without any speed estimate inside it.
    public var distance: Double?
    /// The trip's speed estimates, in time order.
    public var speeds: [SmoothedSpeed]
    /// Whether the person was seen on foot afterwards; `false` when the data ends mid-trip.
    public var isClosed: Bool

    /// `end − start`, in seconds.
    public var duration: Double { end - start }
}

extension ActivityTimeline {
    /// The trips of the timeline: each driving segment not already in a trip opens one; the next
    /// walking or running segment closes it, at the end of the last driving segment before it.
    /// A trip with less than `minimumDriving` seconds of driving in it is not a trip (a phone
    /// handled while sitting can look like a short ride).
    ///
    /// - Parameters:
    ///   - speeds: Smoothed speeds of the same recording (``SpeedSmoother``), in time order, for
    ///     each trip's distance; estimates without a speed are skipped.
    ///   - minimumDriving: Seconds; 60 by default.
    /// - Complexity: O(*n* + *m*) for *n* segments and *m* speeds.
    public func trips(speeds: [SmoothedSpeed] = [], minimumDriving: Double = 60) -> [Trip] {
        var spans: [(start: Double, end: Double, closed: Bool)] = []
        var open: (start: Double, end: Double, driving: Double)?
        for segment in segments {
            if segment.activity == .driving {
                open = (open?.start ?? segment.start, segment.end, (open?.driving ?? 0) + segment.duration)
            } else if segment.activity.isPedestrian, let trip = open {
                if trip.driving >= minimumDriving { spans.append((trip.start, trip.end, true)) }
                open = nil
            }
        }
        if let trip = open, trip.driving >= minimumDriving { spans.append((trip.start, trip.end, false)) }
        let estimates = speeds.filter { $0.speed != nil && $0.time.isFinite }
        var cursor = 0
        return spans.map { span in
            while cursor < estimates.count, estimates[cursor].time < span.start { cursor += 1 }
            var inside: [SmoothedSpeed] = []
            var index = cursor
            while index < estimates.count, estimates[index].time <= span.end {
                inside.append(estimates[index])
                index += 1
            }
            return Trip(
                start: span.start, end: span.end, distance: Self.distance(inside, from: span.start, to: span.end),
                speeds: inside, isClosed: span.closed)
        }
    }

    /// The trapezoid integral of the speeds over `start...end`, the first and last held to the ends.
    static func distance(_ speeds: [SmoothedSpeed], from start: Double, to end: Double) -> Double? {
        guard let first = speeds.first, let last = speeds.last else { return nil }
        var metres = first.speed! * (first.time - start) + last.speed! * (end - last.time)
        for (a, b) in zip(speeds, speeds.dropFirst()) { metres += (a.speed! + b.speed!) / 2 * (b.time - a.time) }
        return metres
    }
}
