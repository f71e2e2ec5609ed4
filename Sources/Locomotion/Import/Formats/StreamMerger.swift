/// Merges the sensor streams of an export (one file per sensor, each with its own timestamps)
/// into one ``Recording``; the rules are those of ``RecordingMergeReport``.
struct StreamMerger {
    /// What a motion stream holds.
    enum MotionRole: String {
        case acceleration = "acceleration"
        case linearAcceleration = "linear acceleration"
        case rotationRate = "rotation rate"
        case gravity = "gravity"
    }

    /// Three-axis samples of one sensor, in the package's units and axes.
    struct MotionStream {
        var name: String
        var role: MotionRole
        var time: [Double]
        var axes: ThreeAxisSeries
    }

    /// Sparse samples (location fixes, pedometer counts, barometer readings).
    struct EventStream {
        var name: String
        var time: [Double]
        /// Values of numeric sparse columns (speed, latitude, steps…), one per event.
        var numbers: [(RecordingColumn, [Double])]
        /// Values of extra columns (pressure…), one per event.
        var extras: [(String, [String])] = []
    }

    /// Labels that hold from their time until the next.
    struct LabelStream {
        var name: String
        var time: [Double]
        var labels: [String]
    }

    var source: String
    var motions: [MotionStream] = []
    var events: [EventStream] = []
    var labels: LabelStream?

    /// A gap in a stream longer than this (s) is reported when a row's values bridge it.
    static let reportedGap = 1.0

    /// The least part of the primary stream's span another motion stream must cover to be merged.
    static let smallestOverlap = 0.5

    /// The preference order for the primary stream.
    private static let primaryOrder: [MotionRole] = [.acceleration, .linearAcceleration, .rotationRate, .gravity]

    /// Merges the streams.
    ///
    /// - Returns: The recording and what the merge left out.
    /// - Complexity: O(total samples).
    func merge() -> (Recording, RecordingMergeReport) {
        var report = RecordingMergeReport()
        var usable = motions.filter { !$0.time.isEmpty }
        let primary = Self.primaryOrder.lazy.compactMap { role in usable.first { $0.role == role } }.first
        if let primary {
            // A stream recorded at another time (a Gyroscope.csv of another session) would leave
            // no common span, and so no row: it is dropped and reported instead.
            let span = primary.time[primary.time.count - 1] - primary.time[0]
            usable.removeAll { stream in
                guard stream.name != primary.name else { return false }
                let overlap =
                    min(primary.time[primary.time.count - 1], stream.time[stream.time.count - 1])
                    - max(primary.time[0], stream.time[0])
                guard overlap < 0 || overlap < Self.smallestOverlap * span else { return false }
                report.droppedStreams[stream.name] = stream.time.count
                return true
            }
        }
        var time: [Double]
        var rowEvents: [Int] = []  // for an event stream that is the base: its own events, one per row
        var baseEventStream: Int?
        if let primary {
            report.primary = primary.name
            let start = usable.map { $0.time[0] }.max()!
            let end = usable.map { $0.time[$0.time.count - 1] }.min()!
            let kept = primary.time.indices.filter { primary.time[$0] >= start && primary.time[$0] <= end }
            report.rowsOutsideCommonSpan = primary.time.count - kept.count
            time = kept.map { primary.time[$0] }
        } else if let index = events.indices.max(by: { events[$0].time.count < events[$1].time.count }),
            !events[index].time.isEmpty
        {
            baseEventStream = index
            time = events[index].time
            rowEvents = Array(time.indices)
        } else {
            time = []
        }

        var series: [MotionRole: ThreeAxisSeries] = [:]
        for role in Self.primaryOrder {
            guard let stream = usable.first(where: { $0.role == role }) else { continue }
            let (values, bridging) = Self.interpolate(stream, at: time)
            series[role] = values
            if bridging > 0 { report.rowsBridgingGaps[stream.name] = bridging }
        }
        var acceleration = series[.acceleration]
        if acceleration == nil, let linear = series[.linearAcceleration], let gravity = series[.gravity] {
            acceleration = ThreeAxisSeries(
                x: zip(linear.x, gravity.x).map(+), y: zip(linear.y, gravity.y).map(+),
                z: zip(linear.z, gravity.z).map(+))
        }

        var numbers: [(RecordingColumn, [Double])] = []
        var extras: [(String, [String])] = []
        for (index, stream) in events.enumerated() {
            let rows: [Int?]
            if index == baseEventStream {
                rows = rowEvents.map { Optional($0) }
            } else {
                rows = Self.place(stream.time, on: time)
            }
            let placed = rows.compactMap { $0 }.count
            report.eventsPlaced[stream.name] = placed
            if placed < rows.count { report.eventsAfterLastRow[stream.name] = rows.count - placed }
            for (event, row) in rows.enumerated() {
                guard let row else { continue }
                report.largestEventShift = max(report.largestEventShift, abs(time[row] - stream.time[event]))
            }
            for (column, values) in stream.numbers {
                var cells = numbers.first { $0.0 == column }?.1 ?? [Double](repeating: .nan, count: time.count)
                for (event, row) in rows.enumerated() { if let row { cells[row] = values[event] } }
                numbers.removeAll { $0.0 == column }
                numbers.append((column, cells))
            }
            for (name, values) in stream.extras {
                var cells = [String](repeating: "", count: time.count)
                for (event, row) in rows.enumerated() { if let row { cells[row] = values[event] } }
                extras.append((name, cells))
            }
        }

        var labelColumn: [String]?
        if let labels {
            var column = [String](repeating: "", count: time.count)
            var next = 0
            var shown = Set<Int>()
            for row in time.indices {
                while next < labels.time.count, labels.time[next] <= time[row] { next += 1 }
                if next > 0 {
                    column[row] = labels.labels[next - 1]
                    shown.insert(next - 1)
                }
            }
            // Labels after the last row show nowhere either; a recording without rows shows none.
            report.hiddenLabels = labels.labels.count - shown.count
            labelColumn = column
        }

        func number(_ column: RecordingColumn) -> [Double]? { numbers.first { $0.0 == column }?.1 }
        let recording = Recording(
            source: source, time: time, acceleration: acceleration, linearAcceleration: series[.linearAcceleration],
            rotationRate: series[.rotationRate], speed: number(.speed), speedAccuracy: number(.speedAccuracy),
            horizontalAccuracy: number(.horizontalAccuracy), latitude: number(.latitude),
            longitude: number(.longitude), cadence: number(.cadence), steps: number(.steps), labels: labelColumn,
            extraColumns: extras.map { ExtraColumn(name: $0.0, values: $0.1) })
        return (recording, report)
    }

    /// The stream's values at `times` by linear interpolation (the nearest end value outside
    /// it), and how many of those times fall inside a gap longer than ``reportedGap``.
    static func interpolate(_ stream: MotionStream, at times: [Double]) -> (ThreeAxisSeries, Int) {
        var result = ThreeAxisSeries(reservingCapacity: times.count)
        var bridging = 0
        var upper = 0
        let t = stream.time
        for time in times {
            while upper < t.count, t[upper] < time { upper += 1 }
            if upper == 0 || upper == t.count {
                let index = upper == 0 ? 0 : t.count - 1
                result.x.append(stream.axes.x[index])
                result.y.append(stream.axes.y[index])
                result.z.append(stream.axes.z[index])
                continue
            }
            let lower = upper - 1
            let span = t[upper] - t[lower]
            if span > reportedGap { bridging += 1 }
            let weight = span > 0 ? (time - t[lower]) / span : 1
            func mix(_ values: [Double]) -> Double { values[lower] + weight * (values[upper] - values[lower]) }
            result.x.append(mix(stream.axes.x))
            result.y.append(mix(stream.axes.y))
            result.z.append(mix(stream.axes.z))
        }
        return (result, bridging)
    }

    /// For each event time (non-decreasing), the first row at or after it that no earlier event
    /// of the stream holds, or `nil` when none is left.
    static func place(_ eventTimes: [Double], on times: [Double]) -> [Int?] {
        var rows: [Int?] = []
        rows.reserveCapacity(eventTimes.count)
        var row = 0
        for eventTime in eventTimes {
            while row < times.count, times[row] < eventTime { row += 1 }
            if row < times.count {
                rows.append(row)
                row += 1
            } else {
                rows.append(nil)
            }
        }
        return rows
    }
}
