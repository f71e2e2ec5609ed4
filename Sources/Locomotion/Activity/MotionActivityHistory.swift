/// The history of an operating system's activity reports, with the semantics of Core Motion's
/// activity history: each report marks a change and holds until the next report starts; a query
/// over a range that no report covers is an error (``LocomotionError/Code/noData``), not an empty
/// success; only the latest ``retention`` seconds are kept.
///
/// A value type: copies are independent. Not for concurrent mutation.
public struct MotionActivityHistory: Sendable, Hashable {
    /// The retained reports, in time order.
    public private(set) var reports: [MotionActivityReport] = []
    /// How many seconds of history are kept before the newest report (7 days by default, as Core
    /// Motion keeps); older reports are dropped as newer ones arrive.
    public let retention: Double
    /// How many reports were dropped because they fell out of the retention period.
    public private(set) var expiredCount = 0

    /// The default retention: 7 days, in seconds.
    public static let defaultRetention: Double = 7 * 24 * 3600

    /// An empty history.
    ///
    /// - Parameter retention: Seconds of history to keep, positive (infinity keeps everything).
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a retention that is not positive.
    public init(retention: Double = MotionActivityHistory.defaultRetention) throws(LocomotionError) {
        try LocomotionError.require("retention", retention, retention > 0, "it must be positive (s)")
        self.retention = retention
    }

    /// Appends a report.
    ///
    /// A report that starts at the same time as the previous one replaces it (the earlier one
    /// would hold for no time).
    ///
    /// - Throws: ``LocomotionError/Code/timeGoesBackwards`` when the report starts before the newest
    ///   report; ``LocomotionError/Code/invalidData`` when its start is not finite.
    /// - Complexity: amortised O(1), plus the reports that expire.
    public mutating func append(_ report: MotionActivityReport) throws(LocomotionError) {
        guard report.start.isFinite else {
            throw LocomotionError.nonFiniteTime("report", at: report.start)
        }
        if let last = reports.last {
            guard report.start >= last.start else {
                throw LocomotionError(
                    .timeGoesBackwards,
                    message:
                        "a report starts at \(report.start) s, before the previous one (\(last.start) s); reports must be in time order"
                )
            }
            if report.start == last.start { reports.removeLast() }
        }
        reports.append(report)
        // A report expires once the one after it started before the retention cut-off.
        let cutoff = report.start - retention
        var expired = 0
        while expired + 1 < reports.count, reports[expired + 1].start <= cutoff { expired += 1 }
        if expired > 0 {
            reports.removeFirst(expired)
            expiredCount += expired
        }
    }

    /// The segments overlapping `range`, each clipped to it, in time order. The newest report
    /// holds until the end of the range.
    ///
    /// - Parameter range: Seconds; a non-empty range of finite times.
    /// - Throws: ``LocomotionError/Code/noData`` when no report is in effect anywhere in the
    ///   range (before the first report, or before the retained history);
    ///   ``LocomotionError/Code/invalidParameter`` for an empty or non-finite range.
    /// - Complexity: O(log *n* + *k*) for *n* reports and *k* segments returned.
    public func segments(in range: Range<Double>) throws(LocomotionError) -> [MotionActivitySegment] {
        try LocomotionError.require(
            "range", range, range.lowerBound.isFinite && range.upperBound.isFinite && !range.isEmpty,
            "it must be a non-empty range of finite times (s)")
        // The last report starting at or before the range start is in effect there.
        var low = 0
        var high = reports.count
        while low < high {
            let middle = (low + high) / 2
            if reports[middle].start <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var index = max(low - 1, 0)
        var segments: [MotionActivitySegment] = []
        while index < reports.count, reports[index].start < range.upperBound {
            let end = index + 1 < reports.count ? min(reports[index + 1].start, range.upperBound) : range.upperBound
            let start = max(reports[index].start, range.lowerBound)
            if end > start { segments.append(MotionActivitySegment(report: reports[index], start: start, end: end)) }
            index += 1
        }
        guard !segments.isEmpty else {
            throw LocomotionError(
                .noData, message: "no activity report covers \(range.lowerBound)–\(range.upperBound) s")
        }
        return segments
    }

    /// The report in effect at `time`, or `nil` before the first retained report.
    ///
    /// - Complexity: O(log *n*).
    public func report(at time: Double) -> MotionActivityReport? {
        guard time.isFinite, let first = reports.first, time >= first.start else { return nil }
        return (try? segments(in: time..<time.nextUp))?.first?.report
    }
}
