/// The history of activities an app shows: consecutive segments, each one activity, with totals
/// and range queries.
///
/// Segments never overlap and are in time order. Between two segments there may be a gap (no
/// data); totals never count a gap.
public struct ActivityTimeline: Sendable, Hashable, Codable {
    /// The segments, in time order.
    public private(set) var segments: [ActivitySegment]

    init(segments: [ActivitySegment]) {
        self.segments = segments
    }

    /// Segments from a sequence of per-window results (times from the data; windows may overlap).
    ///
    /// Consecutive results of the same activity merge. Where windows overlap, the boundary between
    /// two results is the midpoint of their centres; where a result starts after the previous one
    /// ends (a gap in the data), the segment ends at the earlier result's end and the next begins
    /// at the later one's start. A segment's confidence is the median of its results' (the lower
    /// of the two middle ones for an even count).
    ///
    /// - Throws: ``LocomotionError/Code/timeGoesBackwards`` when a result starts before the previous one
    ///   or its times are not finite or reversed.
    /// - Complexity: O(*n*).
    public init(results: [ActivityResult]) throws(LocomotionError) {
        var builder = Builder()
        for result in results { try builder.append(result) }
        self = builder.timeline
    }

    /// Segments from an operating system's history: each report lasts until the next one's start,
    /// its flags reduced to one activity by `precedence`; consecutive reports of the same activity
    /// merge (their lowest confidence kept).
    ///
    /// - Parameters:
    ///   - history: The reports.
    ///   - range: The span to cover (the newest report lasts until its end).
    ///   - precedence: How several flags become one activity.
    /// - Throws: ``LocomotionError/Code/noData`` when no report covers the range, as
    ///   ``MotionActivityHistory/segments(in:)``.
    /// - Complexity: O(*r*) for *r* reports in the range.
    public init(
        history: MotionActivityHistory, in range: Range<Double>, precedence: ActivityPrecedence = .detector
    ) throws(LocomotionError) {
        var segments: [ActivitySegment] = []
        for segment in try history.segments(in: range) {
            let activity = segment.report.activity(by: precedence)
            if let last = segments.last, last.activity == activity, last.end == segment.start {
                segments[segments.count - 1].end = segment.end
                segments[segments.count - 1].confidence = min(last.confidence, segment.report.confidence)
            } else {
                segments.append(
                    .init(
                        activity: activity, start: segment.start, end: segment.end,
                        confidence: segment.report.confidence))
            }
        }
        self.segments = segments
    }

    /// The segments of at least `confidence`; the others become gaps.
    ///
    /// - Complexity: O(*s*) for *s* segments.
    public func filtered(minimumConfidence confidence: Confidence) -> ActivityTimeline {
        var copy = self
        copy.segments.removeAll { $0.confidence < confidence }
        return copy
    }

    /// Seconds spent in each activity, in `ActivityType.allCases` order, activities with no time
    /// left out.
    ///
    /// - Complexity: O(*n*).
    public var totals: [(activity: ActivityType, seconds: Double)] {
        ActivityType.allCases.compactMap { activity in
            let seconds = segments.filter { $0.activity == activity }.reduce(0) { $0 + $1.duration }
            return seconds > 0 ? (activity, seconds) : nil
        }
    }

    /// Seconds spent on foot (walking or running).
    public var secondsOnFoot: Double {
        segments.filter(\.activity.isPedestrian).reduce(0) { $0 + $1.duration }
    }

    /// The segments overlapping `range`, clipped to it.
    ///
    /// - Throws: ``LocomotionError/Code/noData`` when no segment overlaps the range (a distinct
    ///   result, not an empty success); ``LocomotionError/Code/invalidParameter`` for an empty or
    ///   non-finite range.
    /// - Complexity: O(log *n* + *k*).
    public func segments(in range: Range<Double>) throws(LocomotionError) -> [ActivitySegment] {
        try LocomotionError.require(
            "range", range, range.lowerBound.isFinite && range.upperBound.isFinite && !range.isEmpty,
            "it must be a non-empty range of finite times (s)")
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].end <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var clipped: [ActivitySegment] = []
        var index = low
        while index < segments.count, segments[index].start < range.upperBound {
            var segment = segments[index]
            segment.start = max(segment.start, range.lowerBound)
            segment.end = min(segment.end, range.upperBound)
            if segment.end > segment.start { clipped.append(segment) }
            index += 1
        }
        guard !clipped.isEmpty else {
            throw LocomotionError(.noData, message: "no activity covers \(range.lowerBound)–\(range.upperBound) s")
        }
        return clipped
    }

    /// Drops what ended more than `retention` seconds (7 days by default) before the end of the
    /// newest segment, clipping a segment that straddles the cut-off.
    ///
    /// - Complexity: O(*s*) for *s* segments.
    public mutating func expire(retention: Double = MotionActivityHistory.defaultRetention) {
        guard let newest = segments.last?.end, retention.isFinite, retention > 0 else { return }
        let cutoff = newest - retention
        segments.removeAll { $0.end <= cutoff }
        if let first = segments.first, first.start < cutoff { segments[0].start = cutoff }
    }
}
