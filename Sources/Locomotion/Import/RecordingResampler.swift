import LocomotionDSP

/// Resamples a recording onto a uniform grid, chunk by chunk, in memory bounded by the kernel's
/// reach: the streaming form of ``Recording/resampled(to:maximumGap:)``, which feeds it the whole
/// recording and gives the same rows.
///
/// ```swift
/// var resampler = try RecordingResampler(sampleRate: 1000, inputRate: 2000, maximumGap: 0.1)
/// while let chunk = try stream.nextChunk() { try analyzer.append(resampler.append(chunk)) }
/// try analyzer.append(resampler.finish())
/// ```
///
/// Each run of rows between gaps (intervals longer than `maximumGap`) gets its own grid, starting
/// at its first row's time and stepping `1 / sampleRate` to its last row's time; interpolation
/// never reaches across a gap. The columns:
/// - acceleration, linear acceleration and rotation rate are band-limited interpolated through a
///   `SincKernel` (LocomotionDSP) at 0.4 × the lower of the two rates: below it the signal is kept, above it
///   removed, so downsampling does not alias. Within `SincKernel.halfWidth` of a segment's ends
///   the kernel is cut off and normalised by its weights;
/// - labels and extra (text) columns are states: each grid row takes the cell of the latest row
///   at or before its time, and the report counts the changes no grid row shows;
/// - GPS and pedometer columns are events, not signals: each cell moves to the grid row nearest
///   its time (the segment's last row for one after its last grid time), at most half a grid
///   step away. When an earlier event of its column holds that row, the report counts the cell
///   as not placed.
///
/// Where under a quarter of the kernel's weight finds rows (a hole in the rows shorter than the
/// gap limit), a grid row's motion values are interpolated linearly between the rows around it,
/// and counted.
///
/// Thread safety: a value type; use each instance from one thread at a time.
public struct RecordingResampler: Sendable {
    /// The most grid rows one input row may become: a target rate at most 100 times the input's.
    public static let maximumUpsampling = 100

    /// The grid's rate in Hz.
    public let sampleRate: Double
    /// The longest interval (s) interpolated across.
    public let maximumGap: Double
    /// The anti-alias kernel.
    public let kernel: SincKernel
    /// What has been done so far.
    public private(set) var report: RecordingResamplingReport

    /// The columns of the first chunk, which every later chunk shares.
    private var layout: Layout?
    /// The rows of the current segment that a grid row may still need.
    private var time: [Double] = []
    private var motion: [[Double]] = []
    /// The labels (when the recording has them), then the extra columns.
    private var text: [[String]] = []
    /// The first buffered row later than the next grid time minus the half-width.
    private var kernelCursor = 0
    /// The latest buffered row at or before the next grid time.
    private var holdCursor = 0
    /// The row the previous grid row of the segment took its text from (−1 before the first).
    private var heldRow = -1
    private var lastTime: Double?
    /// The current segment's first time, and its grid row 0's index among the rows written.
    private var segmentStart: Double?
    private var segmentBase = 0
    /// The current segment's next grid index to write.
    private var nextIndex = 0
    private var events: [EventQueue] = []
    private var output = Output()
    private var weights: [Double] = []
    /// A quarter of the kernel's total weight over rows at the input rate: below it, a grid row is
    /// interpolated linearly.
    private let minimumWeight: Double

    /// Prepares a resampler.
    ///
    /// - Parameters:
    ///   - sampleRate: The grid's rate in Hz; finite and positive.
    ///   - inputRate: The input's typical rate in Hz (``SamplingAnalysis/sampleRate``), which sets
    ///     the anti-alias cutoff with `sampleRate`; finite and positive.
    ///   - maximumGap: The longest interval (s) to interpolate across; positive (infinity never
    ///     splits).
    /// - Throws: `LocomotionError.invalidParameter` naming the parameter out of range;
    ///   also when `sampleRate` is more than ``maximumUpsampling`` times `inputRate`.
    /// - Complexity: O(1), plus the kernel's table.
    public init(sampleRate: Double, inputRate: Double, maximumGap: Double) throws(LocomotionError) {
        try LocomotionError.requirePositive(sampleRate, name: "sampleRate", unit: "Hz")
        try LocomotionError.requirePositive(inputRate, name: "inputRate", unit: "Hz")
        // Each input row would become this many grid rows, all held until the chunk is done.
        guard sampleRate <= Double(Self.maximumUpsampling) * inputRate else {
            throw .invalidParameter(
                name: "sampleRate", value: "\(sampleRate)",
                requirement:
                    "it must be at most \(Self.maximumUpsampling) times the input's \(inputRate.compactDescription) Hz; "
                    + "each row would become \((sampleRate / inputRate).compactDescription) rows, and interpolation "
                    + "adds no information")
        }
        try LocomotionError.require(
            "maximumGap", maximumGap, maximumGap > 0, "it must be positive (s); infinity never splits")
        self.sampleRate = sampleRate
        self.maximumGap = maximumGap
        do { kernel = try SincKernel(cutoff: 0.4 * min(inputRate, sampleRate)) } catch {
            throw .signalProcessing(error)
        }
        // The kernel's weights over rows every 1/inputRate s sum to about inputRate / (2 cutoff).
        minimumWeight = 0.25 * inputRate / (2 * kernel.cutoff)
        report = RecordingResamplingReport(
            inputRate: inputRate, outputRate: sampleRate, cutoff: kernel.cutoff, maximumGap: maximumGap)
    }

    /// Takes the next rows and returns the grid rows they complete.
    ///
    /// A grid row is written once the rows up to a kernel's half-width after it have arrived, so
    /// the output lags the input by about `SincKernel.halfWidth` seconds; ``finish()`` writes
    /// the rest.
    ///
    /// - Parameter chunk: Rows after those of the previous chunk, with the same columns.
    /// - Returns: The completed grid rows, with the chunk's columns (empty when none completed).
    /// - Throws: `LocomotionError.timeGoesBackwards` for a row earlier than the one before it;
    ///   `.invalidData` for a NaN or infinite time or motion sample; `.invalidParameter` when a
    ///   segment's grid would hold more than ``Recording/largestResampledSegment`` rows.
    ///   After an error the resampler's state is undefined: start a new one.
    /// - Precondition: `chunk` has the columns of the first chunk.
    /// - Complexity: O(*r* + *m* × *k*) for *r* rows, *m* grid rows and *k* rows under the kernel.
    public mutating func append(_ chunk: Recording) throws(LocomotionError) -> Recording {
        if layout == nil { start(with: chunk) }
        let layout = layout!
        precondition(layout.prototype.hasSameColumns(as: chunk), "resampling a chunk with different columns")
        let columns = layout.motion.map { chunk.values(of: $0)! }
        let sparse = layout.numeric.map { chunk.values(of: $0)! }
        let cells = (chunk.labels.map { [$0] } ?? []) + chunk.extraColumns.map(\.values)
        for row in 0..<chunk.count {
            let t = chunk.time[row]
            let rowNumber = report.rowsRead + 1
            guard t.isFinite else {
                throw .invalidData(
                    at: .recording(chunk.source, row: rowNumber, column: "time"), value: "\(t)",
                    expected: "a finite time (s)")
            }
            if let lastTime {
                guard t >= lastTime else {
                    throw .timeGoesBackwards(stream: chunk.source, sample: rowNumber, previous: lastTime, current: t)
                }
                if t - lastTime > maximumGap { finishSegment() }
            }
            if segmentStart == nil { startSegment(at: t) }
            let gridIndex = (t - segmentStart!) * sampleRate
            guard gridIndex < Double(Recording.largestResampledSegment) else {
                throw .invalidParameter(
                    name: "sampleRate", value: "\(sampleRate)",
                    requirement:
                        "it must give each segment's grid at most \(Recording.largestResampledSegment) rows; the segment before row \(rowNumber) would hold more"
                )
            }
            time.append(t)
            for (channel, values) in columns.enumerated() {
                let value = values[row]
                guard value.isFinite else {
                    throw .invalidData(
                        at: .recording(chunk.source, row: rowNumber, column: layout.motion[channel].rawValue),
                        value: "\(value)", expected: "a finite motion sample")
                }
                motion[channel].append(value)
            }
            for (column, values) in cells.enumerated() { text[column].append(values[row]) }
            let nearest = segmentBase + Int(gridIndex.rounded())
            for (column, values) in sparse.enumerated() where !values[row].isNaN {
                events[column].add(values[row], at: t, nearestRow: nearest, report: &report)
            }
            lastTime = t
            report.rowsRead += 1
            // A long chunk (a whole recording) is not held whole a second time.
            if row % 4096 == 4095 { writeCompletedGridRows() }
        }
        writeCompletedGridRows()
        return takeOutput(source: chunk.source)
    }

    /// Writes the grid rows whose kernel the rows so far cover, and drops the rows no later grid
    /// row needs, once they are many.
    private mutating func writeCompletedGridRows() {
        guard let segmentStart, let lastTime else { return }
        // The index bound too: at times of 10⁴⁴ s adding a grid step changes nothing, and the
        // time test alone would never end.
        let lastIndex = Int(((lastTime - segmentStart) * sampleRate).rounded(.down))
        while nextIndex <= lastIndex {
            let t = segmentStart + Double(nextIndex) / sampleRate
            // A row still to come (at `lastTime` or later) must lie past both the kernel and the
            // held row. Where the half-width is lost in rounding (t + halfWidth == t, from about
            // 10¹⁵ s) only `t < lastTime` ensures it: otherwise a duplicate of the last time,
            // arriving in the next chunk, would be missed here but taken by a whole read.
            guard t + kernel.halfWidth <= lastTime, t < lastTime else { break }
            writeGridRow()
        }
        let unused = min(kernelCursor, holdCursor)
        guard unused > 4096, unused > time.count / 2 else { return }
        time.removeFirst(unused)
        for channel in motion.indices { motion[channel].removeFirst(unused) }
        for column in text.indices { text[column].removeFirst(unused) }
        kernelCursor -= unused
        holdCursor -= unused
        heldRow -= unused
    }

    /// Writes the grid rows left in the last segment and returns them.
    ///
    /// - Returns: The remaining grid rows (empty when nothing was appended).
    /// - Complexity: O(*m* × *k*) for the *m* remaining grid rows.
    public mutating func finish() -> Recording {
        finishSegment()
        return takeOutput(source: layout?.prototype.source ?? "")
    }

    // MARK: - Segments

    private mutating func start(with chunk: Recording) {
        let motion = chunk.numericColumns.map(\.column).filter { column in
            Recording.axisColumns.contains { $0.axes.contains(column) }
        }
        let numeric = Recording.scalarColumns.map(\.column).filter { chunk.values(of: $0) != nil }
        let textNames = (chunk.labels == nil ? [] : ["label"]) + chunk.extraColumns.map(\.name)
        layout = Layout(prototype: chunk[rows: 0..<0], motion: motion, numeric: numeric, text: textNames)
        self.motion = motion.map { _ in [] }
        text = textNames.map { _ in [] }
        events = numeric.map { EventQueue(name: $0.rawValue) }
        output = Output(motion: motion.count, numeric: numeric.count, text: textNames.count)
    }

    private mutating func startSegment(at t: Double) {
        segmentStart = t
        segmentBase = report.rowsWritten + output.time.count
        nextIndex = 0
        report.segments += 1
    }

    /// Writes the segment's remaining grid rows (to its last row's time), places the events that
    /// lie after its last grid time, and empties the buffer.
    private mutating func finishSegment() {
        guard let segmentStart, let lastTime else { return }
        let lastIndex = Int(((lastTime - segmentStart) * sampleRate).rounded(.down))
        let lastRow = segmentBase + lastIndex
        for index in events.indices { events[index].keep(upTo: lastRow, report: &report) }
        while nextIndex <= lastIndex { writeGridRow() }
        countHiddenChanges(through: time.count - 1, lastShown: false)
        self.segmentStart = nil
        time.removeAll(keepingCapacity: true)
        for channel in motion.indices { motion[channel].removeAll(keepingCapacity: true) }
        for column in text.indices { text[column].removeAll(keepingCapacity: true) }
        (kernelCursor, holdCursor, heldRow) = (0, 0, -1)
    }

    // MARK: - Grid rows

    private mutating func writeGridRow() {
        let t = segmentStart! + Double(nextIndex) / sampleRate
        let row = segmentBase + nextIndex
        nextIndex += 1
        while kernelCursor < time.count, time[kernelCursor] <= t - kernel.halfWidth { kernelCursor += 1 }
        while holdCursor + 1 < time.count, time[holdCursor + 1] <= t { holdCursor += 1 }
        var end = kernelCursor
        while end < time.count, time[end] < t + kernel.halfWidth { end += 1 }
        let count = end - kernelCursor
        if weights.count < count { weights = [Double](repeating: 0, count: 2 * count) }
        let sum = time.withUnsafeBufferPointer { times in
            weights.withUnsafeMutableBufferPointer { weights in
                kernel.weights(
                    at: times.baseAddress! + kernelCursor, count: count, around: t, into: weights.baseAddress!)
            }
        }
        output.time.append(t)
        if sum >= minimumWeight {
            for channel in motion.indices {
                let value = motion[channel].withUnsafeBufferPointer { samples in
                    weights.withUnsafeBufferPointer { weights in
                        Self.dot(weights.baseAddress!, samples.baseAddress! + kernelCursor, count: count)
                    }
                }
                output.motion[channel].append(value / sum)
            }
        } else {
            // Too few rows under the kernel to normalise by: the rows around t instead.
            report.rowsInterpolatedLinearly += 1
            let (before, after) = (holdCursor, min(holdCursor + 1, time.count - 1))
            let span = time[after] - time[before]
            let fraction = span > 0 ? (t - time[before]) / span : 0
            for channel in motion.indices {
                let values = motion[channel]
                output.motion[channel].append(values[before] + fraction * (values[after] - values[before]))
            }
        }
        countHiddenChanges(through: holdCursor, lastShown: true)
        for column in text.indices { output.text[column].append(text[column][holdCursor]) }
        for index in events.indices {
            output.numeric[index].append(events[index].take(row: row, time: t, report: &report) ?? .nan)
        }
    }

    /// `Σ a[i]·b[i]` over `count` values, in four running sums so the loop is not one chain of
    /// dependent additions.
    private static func dot(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, count: Int) -> Double {
        var (s0, s1, s2, s3) = (0.0, 0.0, 0.0, 0.0)
        var index = 0
        while index + 4 <= count {
            s0 += a[index] * b[index]
            s1 += a[index + 1] * b[index + 1]
            s2 += a[index + 2] * b[index + 2]
            s3 += a[index + 3] * b[index + 3]
            index += 4
        }
        while index < count {
            s0 += a[index] * b[index]
            index += 1
        }
        return (s0 + s1) + (s2 + s3)
    }

    /// Counts the text changes in the rows after `heldRow` through `last` that no grid row shows:
    /// all of them, except the latest when the grid row taking row `last` shows it.
    private mutating func countHiddenChanges(through last: Int, lastShown: Bool) {
        guard last > heldRow else { return }
        for column in text.indices {
            let cells = text[column]
            var changes = 0
            for row in (heldRow + 1)...last where row == 0 && heldRow < 0 || row > 0 && cells[row] != cells[row - 1] {
                changes += 1
            }
            if lastShown, changes > 0 { changes -= 1 }
            if changes > 0 { report.hiddenTextChanges[layout!.text[column], default: 0] += changes }
        }
        heldRow = last
    }

    private mutating func takeOutput(source: String) -> Recording {
        guard let layout else { return Recording(source: source, time: []) }
        let written = output
        output = Output(motion: layout.motion.count, numeric: layout.numeric.count, text: layout.text.count)
        report.rowsWritten += written.time.count
        let extras = layout.prototype.labels == nil ? written.text[...] : written.text.dropFirst()
        return Recording(
            source: source, time: written.time,
            values: { column in
                if let channel = layout.motion.firstIndex(of: column) { return written.motion[channel] }
                if let index = layout.numeric.firstIndex(of: column) { return written.numeric[index] }
                return nil
            }, labels: layout.prototype.labels == nil ? nil : written.text[0],
            extraColumns: zip(layout.prototype.extraColumns, extras).map { ExtraColumn(name: $0.name, values: $1) })
    }

    // MARK: - Storage

    private struct Layout: Sendable {
        /// The first chunk without its rows.
        var prototype: Recording
        /// The motion quantities (three per sensor), in ``RecordingColumn`` order.
        var motion: [RecordingColumn]
        /// The event quantities present (GPS, pedometer).
        var numeric: [RecordingColumn]
        /// The text columns' names: `label` when there are labels, then the extra columns.
        var text: [String]
    }

    private struct Output: Sendable {
        var time: [Double] = []
        var motion: [[Double]] = []
        var numeric: [[Double]] = []
        var text: [[String]] = []

        init() {}

        init(motion: Int, numeric: Int, text: Int) {
            self.motion = Array(repeating: [], count: motion)
            self.numeric = Array(repeating: [], count: numeric)
            self.text = Array(repeating: [], count: text)
        }
    }

    /// One column's events waiting for their grid rows, in row order.
    private struct EventQueue: Sendable {
        var name: String
        var pending: [(row: Int, time: Double, value: Double)] = []
        var head = 0
        /// The row of the newest event given a row.
        var lastRow = -1

        init(name: String) { self.name = name }

        /// Gives the event its nearest row, unless an earlier event holds that row.
        mutating func add(_ value: Double, at time: Double, nearestRow: Int, report: inout RecordingResamplingReport) {
            guard nearestRow > lastRow else {
                report.eventsNotPlaced[name, default: 0] += 1
                return
            }
            lastRow = nearestRow
            pending.append((nearestRow, time, value))
        }

        /// Moves an event placed after `lastRow` (the segment's last grid row) onto it when it is
        /// free, and counts any other as not placed.
        mutating func keep(upTo lastRow: Int, report: inout RecordingResamplingReport) {
            guard let late = pending[head...].firstIndex(where: { $0.row > lastRow }) else { return }
            let previous = late > head ? pending[late - 1].row : lastRowTaken
            let moved = (lastRow, pending[late].time, pending[late].value)
            let count = pending.count - late
            pending.removeSubrange(late...)
            if previous < lastRow {
                pending.append(moved)
                if count > 1 { report.eventsNotPlaced[name, default: 0] += count - 1 }
            } else {
                report.eventsNotPlaced[name, default: 0] += count
            }
            self.lastRow = lastRow
        }

        /// The row of the newest event written.
        var lastRowTaken = -1

        /// The event for grid row `row` at `time`, if one was placed there.
        mutating func take(row: Int, time: Double, report: inout RecordingResamplingReport) -> Double? {
            guard head < pending.count, pending[head].row == row else { return nil }
            let event = pending[head]
            head += 1
            lastRowTaken = row
            report.eventsPlaced[name, default: 0] += 1
            report.largestEventShift = max(report.largestEventShift, abs(time - event.time))
            if head > 1024, head > pending.count / 2 {
                pending.removeFirst(head)
                head = 0
            }
            return event.value
        }
    }
}

extension Recording {
    /// Resamples the recording onto a uniform grid at `sampleRate`, segment by segment between
    /// gaps, through a band-limited anti-alias low-pass: the rules are those of
    /// ``RecordingResampler``, which does the work.
    ///
    /// - Parameters:
    ///   - sampleRate: The grid's rate in Hz; finite and positive.
    ///   - maximumGap: The longest interval (s) to interpolate across; `nil` means the default gap
    ///     threshold of ``samplingAnalysis(maximumGap:)``.
    /// - Returns: The resampled recording (one grid per segment, so its gaps stay gaps) and what
    ///   resampling did.
    /// - Throws: What ``RecordingResampler/init(sampleRate:inputRate:maximumGap:)`` and
    ///   ``RecordingResampler/append(_:)`` throw; `LocomotionError.limitExceeded` before any row is
    ///   made when the grid would hold more than ``largestResampledRecording`` rows and more than
    ///   the recording.
    /// - Complexity: O(*n* + *m* × *k*) for *n* rows, *m* grid rows and *k* rows under the kernel.
    public func resampling(to sampleRate: Double, maximumGap: Double? = nil) throws(LocomotionError) -> (
        recording: Recording, report: RecordingResamplingReport
    ) {
        if let maximumGap { try LocomotionError.requirePositive(maximumGap, name: "maximumGap", unit: "s") }
        let sampling = samplingAnalysis(maximumGap: maximumGap)
        var resampler = try RecordingResampler(
            sampleRate: sampleRate, inputRate: sampling?.sampleRate ?? sampleRate,
            maximumGap: sampling?.maximumGap ?? maximumGap ?? .infinity)
        // The whole grid is held: sized before a row of it is made.
        let gridRows = resampledRowCount(sampleRate: sampleRate, maximumGap: resampler.maximumGap)
        guard gridRows <= Double(max(Self.largestResampledRecording, count)) else {
            throw LocomotionError(
                .limitExceeded,
                message: "resampling to \(sampleRate.compactDescription) Hz would make "
                    + "\(gridRows.compactDescription) rows; at most \(Self.largestResampledRecording) "
                    + "(or the recording's own \(count)) are made in memory",
                location: .recording(source), parameter: "sampleRate", value: "\(sampleRate)",
                expected: "at most \(Self.largestResampledRecording) rows")
        }
        var result = try resampler.append(self)
        result.append(contentsOf: resampler.finish())
        return (result, resampler.report)
    }

    /// The most rows ``resampling(to:maximumGap:)`` makes, unless the recording has more itself:
    /// 2²³ (8,388,608; 23 h at 100 Hz), about 450 MB with six motion columns.
    public static let largestResampledRecording = 1 << 23

    /// The grid rows resampling at `sampleRate` makes, with segments split at `maximumGap`, as a
    /// `Double` (it can exceed `Int`).
    @_spi(Testing) public func resampledRowCount(sampleRate: Double, maximumGap: Double) -> Double {
        guard var start = time.first else { return 0 }
        var rows = 0.0
        for index in time.indices.dropFirst() where time[index] - time[index - 1] > maximumGap {
            rows += ((time[index - 1] - start) * sampleRate).rounded(.down) + 1
            start = time[index]
        }
        return rows + ((time[time.count - 1] - start) * sampleRate).rounded(.down) + 1
    }

    /// ``resampling(to:maximumGap:)`` without the report.
    ///
    /// - Throws: What ``resampling(to:maximumGap:)`` throws.
    /// - Complexity: As ``resampling(to:maximumGap:)``.
    public func resampled(to sampleRate: Double, maximumGap: Double? = nil) throws(LocomotionError) -> Recording {
        try resampling(to: sampleRate, maximumGap: maximumGap).recording
    }
}
