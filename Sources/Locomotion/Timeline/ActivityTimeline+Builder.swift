extension ActivityTimeline {
    /// Builds the timeline of ``ActivityTimeline/init(results:)`` one result at a time, for
    /// streams too long to hold: memory grows with the segments, not the results.
    ///
    /// Every segment but the last is final as soon as the next one starts; the last one's end
    /// can still move, but never before the start of the newest result (a later result that
    /// changes activity puts the boundary at or after its own start), and its confidence is
    /// settled by ``timeline``.
    ///
    /// Thread safety: a value type; use each instance from one thread at a time.
    public struct Builder: Sendable {
        /// The segments so far; the last one's end and confidence are provisional.
        public private(set) var segments: [ActivitySegment] = []
        /// The newest result's times.
        public private(set) var latest: (start: Double, end: Double)?
        /// How many results of the last segment have each confidence.
        private var levels = [0, 0, 0]
        private var resultCount = 0
        /// The run of stopped in-vehicle results inside the last segment, not yet filed.
        private var openStop: VehicleStop?
        /// Shortest stop filed in a driving segment, in seconds.
        var minimumStopDuration = 5.0

        /// An empty timeline.
        public init() {}

        /// Adds the next result (see ``ActivityTimeline/init(results:)`` for how results merge).
        ///
        /// - Throws: ``LocomotionError/Code/timeGoesBackwards`` when the result starts before the
        ///   previous one or its times are not finite or reversed; the builder is then unchanged.
        /// - Complexity: O(1).
        public mutating func append(_ result: ActivityResult) throws(LocomotionError) {
            try append(result, isStop: false)
        }

        /// Adds the next result; `isStop` marks a driving result that is a stop inside a ride (the
        /// in-vehicle stage's), which the segment lists in ``ActivitySegment/stops`` once the run
        /// of them lasts ``minimumStopDuration``.
        mutating func append(_ result: ActivityResult, isStop: Bool) throws(LocomotionError) {
            guard result.start.isFinite, result.end.isFinite, result.end >= result.start,
                latest.map({ result.start >= $0.start }) ?? true
            else {
                throw LocomotionError(
                    .timeGoesBackwards,
                    message:
                        "result \(resultCount + 1) spans \(result.start)–\(result.end) s; results must be in time order with finite times"
                )
            }
            resultCount += 1
            defer { latest = (result.start, result.end) }
            let stopped = isStop && result.activity == .driving
            guard let last = latest else {
                startSegment(result, at: result.start)
                if stopped { openStop = VehicleStop(start: result.start, end: result.end) }
                return
            }
            let gap = result.start > last.end
            let boundary =
                gap
                ? last.end : min(max((last.start + last.end + result.start + result.end) / 4, result.start), last.end)
            if result.activity == segments[segments.count - 1].activity && !gap {
                segments[segments.count - 1].end = result.end
                levels[result.confidence.rawValue] += 1
                if stopped {
                    if openStop == nil { openStop = VehicleStop(start: boundary, end: result.end) }
                    openStop?.end = result.end
                } else {
                    fileStop(endingAt: boundary)
                }
            } else {
                segments[segments.count - 1].end = boundary
                fileStop(endingAt: boundary)
                settleLastConfidence()
                startSegment(result, at: gap ? result.start : boundary)
                if stopped { openStop = VehicleStop(start: segments[segments.count - 1].start, end: result.end) }
            }
        }

        /// Files the open stop in the last segment, ending at `end`, if it lasts long enough.
        private mutating func fileStop(endingAt end: Double) {
            guard var stop = openStop else { return }
            openStop = nil
            stop.end = min(end, segments[segments.count - 1].end)
            guard stop.duration >= minimumStopDuration else { return }
            if segments[segments.count - 1].stops == nil { segments[segments.count - 1].stops = [] }
            segments[segments.count - 1].stops?.append(stop)
        }

        /// The timeline of every result added.
        public var timeline: ActivityTimeline {
            var copy = self
            if let stop = copy.openStop { copy.fileStop(endingAt: stop.end) }
            copy.settleLastConfidence()
            return ActivityTimeline(segments: copy.segments)
        }

        private mutating func startSegment(_ result: ActivityResult, at start: Double) {
            segments.append(
                .init(activity: result.activity, start: start, end: result.end, confidence: result.confidence))
            // Reset in place: a new array per segment would allocate in the live detector's loop.
            for level in levels.indices { levels[level] = 0 }
            levels[result.confidence.rawValue] += 1
        }

        /// The last segment's confidence: the median of its results' — the first level at which
        /// the cumulative count reaches half (rounded up).
        private mutating func settleLastConfidence() {
            guard !segments.isEmpty else { return }
            let total = levels.reduce(0, +)
            var cumulative = 0
            segments[segments.count - 1].confidence =
                Confidence.allCases.first {
                    cumulative += levels[$0.rawValue]; return 2 * cumulative >= total
                } ?? .low
        }
    }
}
