import Foundation

/// Reads a recording file chunk by chunk in constant memory, however long the file.
///
/// ```swift
/// let stream = try RecordingStream(path: "ride.csv")
/// while let chunk = try stream.nextChunk() {
///     // chunk is a Recording of up to 32,768 rows, in file order
/// }
/// print(stream.report.skippedRowCount)
/// ```
///
/// The file format is described in `docs/RecordingFormat.md`: a header row, then one row per
/// sample; ``RecordingColumn`` lists the recognised header names. Columns the reader does not
/// interpret are kept as ``ExtraColumn``s. Cells may be quoted (`"a,b"`), but a quoted cell may
/// not span lines.
///
/// In strict mode (the default) the first row that cannot be read throws an error naming the file,
/// line, column and what was expected. In lenient mode (``RecordingReadOptions/lenient``) such rows
/// are skipped and counted by reason in ``report``: no row is ever dropped without being counted.
///
/// Thread safety: a stream holds a file position; use it from one thread at a time.
public final class RecordingStream {
    /// The file path (or the name given to in-memory text).
    public let path: String
    /// How the header was mapped.
    public private(set) var layout: RecordingLayout = .empty
    /// The options in force.
    public let options: RecordingReadOptions
    /// Rows read and skipped so far.
    public private(set) var report = RecordingReadReport()
    /// Bytes consumed so far, for progress.
    public private(set) var bytesConsumed = 0
    /// The file's size in bytes, when known.
    public let byteCount: Int?
    /// The group (the value of ``RecordingReadOptions/groupColumn``) of the chunk
    /// ``nextChunk(maxRows:)`` returned last; `nil` without a group column. A chunk never mixes
    /// groups.
    public private(set) var group: String?

    private let fileDescriptor: Int32?
    private var buffer: UnsafeMutableBufferPointer<UInt8>
    private var start = 0
    private var end = 0
    private var reachedEndOfFile = false
    /// The number of the line last returned by `nextLine()` (the header is line 1).
    private var lineNumber = 0

    private var parser: RowParser
    private var numericColumns: [RecordingColumn] = []
    private var labelCell: Int?
    /// Chunk storage reused from chunk to chunk: times, then the numeric slots one after another.
    private var chunkCapacity = 0
    private var chunkTime: UnsafeMutablePointer<Double> = .allocate(capacity: 1)
    private var chunkValues: UnsafeMutablePointer<Double> = .allocate(capacity: 1)
    /// The group of the last row read, and the first row of the next group, read ahead to end
    /// the previous chunk.
    private var lastGroup: String?
    private var pendingRow: (time: Double, values: [Double], label: String?, extras: [String])?
    /// Chunks parsed on several cores (for tests and diagnostics).
    private(set) var parallelChunkCount = 0
    /// Line boundaries for parallel parsing (starts, then ends), reused from chunk to chunk.
    private var lineBounds = UnsafeMutablePointer<Int>.allocate(capacity: 2)
    private var lineBoundsCapacity = 1
    /// A quoted line re-encoded with cells separated by 0x1F, so the same row parser reads it.
    private var quotedLine = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256)

    private static let blockSize = 1 << 20
    private static let quotedDelimiter: UInt8 = 0x1F

    /// Opens `path` and reads its header.
    ///
    /// - Throws: `LocomotionError.unreadableFile` when the file cannot be opened or is empty,
    ///   `.missingColumn` when it has no time column (or lacks a column named in the options).
    public convenience init(path: String, options: RecordingReadOptions = .init()) throws(LocomotionError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        var status = stat()
        let size = fstat(descriptor, &status) == 0 ? Int(status.st_size) : nil
        try self.init(path: path, options: options, fileDescriptor: descriptor, text: nil, byteCount: size)
    }

    /// Reads CSV text held in memory; `source` names it in errors.
    ///
    /// - Throws: As ``init(path:options:)``.
    public convenience init(text: String, source: String, options: RecordingReadOptions = .init())
        throws(LocomotionError)
    {
        try self.init(path: source, options: options, fileDescriptor: nil, text: text, byteCount: text.utf8.count)
    }

    private init(
        path: String, options: RecordingReadOptions, fileDescriptor: Int32?, text: String?, byteCount: Int?
    ) throws(LocomotionError) {
        self.path = path
        self.options = options
        self.fileDescriptor = fileDescriptor
        self.byteCount = byteCount
        if let text {
            let bytes = Array(text.utf8)
            buffer = .allocate(capacity: max(bytes.count, 1))
            _ = buffer.initialize(from: bytes)
            end = bytes.count
            reachedEndOfFile = true
        } else {
            buffer = .allocate(capacity: Self.blockSize)
        }
        parser = RowParser(columnCount: 0)  // replaced once the header is known; deinit frees either

        if fileDescriptor != nil { try refill() }  // the first block, to recognise what the file holds
        if let reason = Self.notTextReason(UnsafeBufferPointer(rebasing: buffer[start..<end])) {
            throw .unreadableFile(path: path, reason: reason)
        }
        guard let headerLine = try nextLine() else {
            throw .unreadableFile(path: path, reason: "the file is empty; a header row is required")
        }
        var headerBytes = Array(UnsafeBufferPointer(rebasing: buffer[headerLine]))
        if headerBytes.starts(with: [0xEF, 0xBB, 0xBF]) { headerBytes.removeFirst(3) }  // UTF-8 byte-order mark
        // A carriage return inside the first line (not just before its newline): the file ends its
        // lines with CR alone (classic Mac OS), which would read as one enormous header.
        if let carriageReturn = headerBytes.firstIndex(of: 0x0D), carriageReturn < headerBytes.count - 1 {
            throw .unreadableFile(
                path: path, reason: "its lines end in a carriage return alone (CR); convert them to LF or CRLF")
        }
        let (headerCells, isClosed) = Self.splitQuotedCells(headerBytes)
        if let reason = Self.headerProblem(headerBytes, cells: headerCells, isClosed: isClosed) {
            throw .unreadableFile(path: path, reason: reason)
        }
        guard headerCells.count <= options.maximumColumns else {
            throw .limitExceeded(
                path: path, line: 1, what: "the header's column count (\(headerCells.count))",
                limit: options.maximumColumns, unit: "columns")
        }
        let header = headerCells.map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespaces) }
        layout = try RecordingLayout(header: header, options: options, source: path)

        let numeric = layout.mappings.filter { $0.column != .time && $0.column != .label }
        numericColumns = numeric.map(\.column)
        labelCell = layout.mapping(of: .label)?.index
        parser.deallocate()
        parser = RowParser(columnCount: header.count)
        parser.roles[layout.mapping(of: .time)!.index] = .time
        for (slot, mapping) in numeric.enumerated() {
            parser.roles[mapping.index] = .number(slot: slot)
            parser.scales[slot] = mapping.scale
            parser.isSparse[slot] = mapping.column.isSparse
            if let range = mapping.column.validRange {
                (parser.lowerBounds[slot], parser.upperBounds[slot]) = (range.lowerBound, range.upperBound)
            }
        }
    }

    deinit {
        buffer.deallocate()
        parser.deallocate()
        chunkTime.deallocate()
        chunkValues.deallocate()
        quotedLine.deallocate()
        lineBounds.deallocate()
        if let fileDescriptor { close(fileDescriptor) }
    }

    /// Reads up to `maxRows` rows.
    ///
    /// - Parameter maxRows: The largest chunk to return, at least 1; memory use is proportional to it.
    /// - Returns: The next rows, or `nil` at the end of the file.
    /// - Throws: In strict mode, `LocomotionError.malformedCell`, `.wrongCellCount` or
    ///   `.timeGoesBackwards` for the first bad row; `.unreadableFile` for an I/O error.
    /// - Complexity: O(bytes read).
    public func nextChunk(maxRows: Int = 32_768) throws(LocomotionError) -> Recording? {
        let capacity = max(1, maxRows)
        if capacity > chunkCapacity {
            chunkTime.deallocate()
            chunkValues.deallocate()
            chunkTime = .allocate(capacity: capacity)
            chunkValues = .allocate(capacity: capacity * max(numericColumns.count, 1))
            chunkCapacity = capacity
        }
        if layout.groupIndex == nil, pendingRow == nil, parser.timeFormat != nil,
            let chunk = try parallelChunk(
                capacity: capacity, keepsText: labelCell != nil || !layout.extraIndices.isEmpty)
        {
            return chunk
        }
        // The hot loop works on locals: no reference counting or exclusivity checks per row.
        var parser = self.parser
        defer { self.parser.timeFormat = parser.timeFormat; self.parser.lastTime = parser.lastTime }
        let (time, values, stride) = (chunkTime, chunkValues, chunkCapacity)
        // Read once: the loop then touches no stored property of the layout or the options.
        let (groupIndex, extraIndices, labelMap, lenient) = (
            layout.groupIndex, layout.extraIndices, options.labelMap, options.lenient
        )
        let keepsText = labelCell != nil || !extraIndices.isEmpty
        let maximumCellBytes = options.maximumCellBytes
        var labels: [String] = []
        var extras = [[String]](repeating: [], count: layout.extraIndices.count)
        var rows = 0
        if let pending = pendingRow {
            time[0] = pending.time
            for slot in pending.values.indices { values[slot * stride] = pending.values[slot] }
            if let label = pending.label { labels.append(label) }
            for index in extras.indices { extras[index].append(pending.extras[index]) }
            pendingRow = nil
            rows = 1
        }
        group = lastGroup
        reading: while rows < capacity, let line = try nextLine() {
            var bytes = UnsafePointer(buffer.baseAddress!)
            var (lineStart, lineEnd, delimiter) = (line.lowerBound, line.upperBound, UInt8(0x2C))
            var isQuoteClosed = true
            if memchr(bytes + lineStart, 0x22, lineEnd - lineStart) != nil {
                // Quotes: parse a copy with quotes resolved and cells separated by 0x1F instead.
                let cells: [UInt8]
                (cells, isQuoteClosed) = Self.reencodeQuoted(Array(UnsafeBufferPointer(rebasing: buffer[line])))
                if cells.count > quotedLine.count {
                    quotedLine.deallocate()
                    quotedLine = .allocate(capacity: cells.count)
                }
                _ = UnsafeMutableBufferPointer(rebasing: quotedLine[0..<cells.count]).initialize(from: cells)
                (bytes, lineStart, lineEnd, delimiter) = (
                    UnsafePointer(quotedLine.baseAddress!), 0, cells.count, Self.quotedDelimiter
                )
            }
            let (lineBytes, cellStarts, cellEnds) = (bytes, parser.cellStarts, parser.cellEnds)
            /// The first text cell of the row that is not valid UTF-8.
            var invalidCell: Int?
            func text(_ cell: Int) throws(LocomotionError) -> String {
                let count = cellEnds[cell] - cellStarts[cell]
                guard count <= maximumCellBytes else {
                    throw .limitExceeded(
                        path: path, line: lineNumber, what: "the text cell in column '\(layout.header[cell])'",
                        limit: maximumCellBytes, unit: "bytes")
                }
                guard let text = Self.decodeText(lineBytes + cellStarts[cell], count: count) else {
                    if invalidCell == nil { invalidCell = cell }
                    return ""
                }
                return text
            }
            func reject(_ kind: RowProblem, cell: Int?, cellCount: Int) throws(LocomotionError) {
                guard lenient else {
                    throw error(
                        kind, cell: cell, cellCount: cellCount, line: (bytes, lineStart, lineEnd, delimiter),
                        parser: parser)
                }
                report.skip(kind, line: lineNumber)
            }
            var outcome = parser.parse(
                bytes, lineStart, lineEnd, delimiter: delimiter, values: values, stride: stride, row: rows)
            if !isQuoteClosed, case .blank = outcome {
            } else if !isQuoteClosed {
                // The quote left open is the cause, whatever else is wrong with the row.
                let cellCount = RowParser.cellCount(bytes, lineStart, lineEnd, delimiter)
                outcome = .problem(.unterminatedQuote, cell: min(cellCount, layout.header.count) - 1, cellCount: cellCount)
            }
            // The group this row starts, taken up only once the row is kept: a skipped row must
            // not move the group on, or the next rows of its group would join the current chunk.
            var startedGroup: String?
            let timeBeforeRow = parser.lastTime
            if let groupCell = groupIndex {
                switch outcome {
                case .row, .problem(.timeGoesBackwards, _, _):
                    let rowGroup = try text(groupCell)
                    if invalidCell != nil {
                        outcome = .problem(.invalidText, cell: groupCell, cellCount: layout.header.count)
                    } else if rowGroup != lastGroup {
                        if case .problem = outcome {
                            // Time starts afresh in a new group.
                            parser.lastTime = -.infinity
                            outcome = parser.parse(
                                bytes, lineStart, lineEnd, delimiter: delimiter, values: values, stride: stride,
                                row: rows)
                        }
                        startedGroup = rowGroup
                    }
                default:
                    break
                }
            }
            switch outcome {
            case .row(let t):
                let label = try labelCell.map { (cell) throws(LocomotionError) in
                    let written = try text(cell)
                    return labelMap[written] ?? written
                }
                let rowExtras = keepsText ? try extraIndices.map(text) : []
                if let invalidCell {
                    if startedGroup != nil { parser.lastTime = timeBeforeRow }
                    try reject(.invalidText, cell: invalidCell, cellCount: layout.header.count)
                    continue reading
                }
                if let startedGroup {
                    lastGroup = startedGroup
                    if rows > 0 {
                        // The first row of the next group: keep it for the next chunk.
                        pendingRow = (t, (0..<numericColumns.count).map { values[$0 * stride + rows] }, label, rowExtras)
                        break reading
                    }
                    group = startedGroup
                }
                time[rows] = t
                if let label { labels.append(label) }
                for index in rowExtras.indices { extras[index].append(rowExtras[index]) }
                rows += 1
            case .blank:
                report.blankLines += 1
            case .problem(let kind, let cell, let cellCount):
                if startedGroup != nil { parser.lastTime = timeBeforeRow }
                try reject(kind, cell: cell, cellCount: cellCount)
            }
        }
        report.rowsRead += rows
        guard rows > 0 else { return nil }
        return makeRecording(rows: rows, labels: labels, extras: extras)
    }

    // MARK: Parallel parsing

    /// Lines per share below which parsing in parallel does not pay.
    static let linesPerShare = 1_024

    /// One worker's share of a chunk and what came of it.
    private struct WorkerShare: @unchecked Sendable {
        var lines: Range<Int>
        var parser: RowParser
        var isClean = false
        var firstTime = Double.nan
        var lastTime = Double.nan
        var labels: [String] = []
        var extras: [[String]] = []
    }

    /// Pointers the workers share; each writes only its own rows and its own share.
    private struct ParallelBatch: @unchecked Sendable {
        let bytes: UnsafePointer<UInt8>
        let lineStarts: UnsafePointer<Int>
        let lineEnds: UnsafePointer<Int>
        let time: UnsafeMutablePointer<Double>
        let values: UnsafeMutablePointer<Double>
        let stride: Int
        let shares: UnsafeMutablePointer<WorkerShare>
    }

    /// Parses the next lines on several cores when they are plain rows: every line a good row, in
    /// time order, no quotes. Each worker parses a contiguous run of lines into its own rows with
    /// its own parser state; the chunk is kept only if every run is clean and the runs join in
    /// time order. Otherwise nothing is consumed and `nil` sends the caller down the sequential
    /// path, which reports problems with their line numbers, so results never depend on the
    /// number of cores.
    private func parallelChunk(capacity: Int, keepsText: Bool) throws(LocomotionError) -> Recording? {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard cores > 1, capacity >= 2 * Self.linesPerShare else { return nil }
        if !reachedEndOfFile, end - start < buffer.count / 4 { try refill() }
        // Find the complete lines in the buffer, up to the chunk's capacity.
        if lineBoundsCapacity < capacity {
            lineBounds.deallocate()
            lineBounds = .allocate(capacity: 2 * capacity)
            lineBoundsCapacity = capacity
        }
        let (lineStarts, lineEnds) = (lineBounds, lineBounds + capacity)
        var count = 0
        var position = start
        let base = UnsafePointer(buffer.baseAddress!)
        while count < capacity, position < end, let newline = memchr(base + position, 0x0A, end - position) {
            let lineEnd = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self)) - base
            guard lineEnd - position <= options.maximumLineBytes else { return nil }  // the sequential path throws
            lineStarts[count] = position
            lineEnds[count] = lineEnd
            count += 1
            position = lineEnd + 1
        }
        // A few shares per core, so a core that starts late still finds work.
        let shareCount = min(4 * cores, count / Self.linesPerShare)
        guard shareCount > 1 else { return nil }

        let shares = UnsafeMutablePointer<WorkerShare>.allocate(capacity: shareCount)
        defer {
            for index in 0..<shareCount { shares[index].parser.deallocateCells() }
            shares.deinitialize(count: shareCount)
            shares.deallocate()
        }
        for index in 0..<shareCount {
            var worker = parser.copyWithOwnCells()
            worker.lastTime = -.infinity
            (shares + index).initialize(
                to: WorkerShare(
                    lines: (count * index / shareCount)..<(count * (index + 1) / shareCount), parser: worker))
        }
        let labelCell = self.labelCell
        let (extraIndices, labelMap, maximumCellBytes) = (
            layout.extraIndices, options.labelMap, options.maximumCellBytes
        )
        let batch = ParallelBatch(
            bytes: base, lineStarts: lineStarts, lineEnds: lineEnds, time: chunkTime, values: chunkValues,
            stride: chunkCapacity, shares: shares)
        let extrasToKeep = keepsText ? extraIndices : []
        DispatchQueue.concurrentPerform(iterations: shareCount) { index in
            Self.parse(
                batch, share: index, labelCell: labelCell, extraIndices: extrasToKeep, labelMap: labelMap,
                maximumCellBytes: maximumCellBytes)
        }
        // Keep the chunk only if every share is clean and the shares join in time order.
        var previousTime = parser.lastTime
        for index in 0..<shareCount {
            guard shares[index].isClean, shares[index].firstTime >= previousTime else { return nil }
            previousTime = shares[index].lastTime
        }
        let rows = shares[shareCount - 1].lines.upperBound
        var labels: [String] = []
        var extras = [[String]](repeating: [], count: keepsText ? extraIndices.count : 0)
        for index in 0..<shareCount {
            labels += shares[index].labels
            for column in extras.indices { extras[column] += shares[index].extras[column] }
        }
        if extras.isEmpty { extras = extraIndices.map { _ in [] } }
        let consumed = lineEnds[rows - 1] + 1
        bytesConsumed += consumed - start
        start = consumed
        lineNumber += rows
        parser.lastTime = previousTime
        report.rowsRead += rows
        parallelChunkCount += 1
        return makeRecording(rows: rows, labels: labels, extras: extras)
    }

    /// One worker: parses its share's lines into their rows.
    private static func parse(
        _ batch: ParallelBatch, share index: Int, labelCell: Int?, extraIndices: [Int], labelMap: [String: String],
        maximumCellBytes: Int
    ) {
        var share = batch.shares[index]
        defer { batch.shares[index] = share }
        share.extras = extraIndices.map { _ in [] }
        for line in share.lines {
            let (lineStart, lineEnd) = (batch.lineStarts[line], batch.lineEnds[line])
            if memchr(batch.bytes + lineStart, 0x22, lineEnd - lineStart) != nil { return }
            guard
                case .row(let t) = share.parser.parse(
                    batch.bytes, lineStart, lineEnd, delimiter: 0x2C, values: batch.values, stride: batch.stride,
                    row: line)
            else { return }
            if line == share.lines.lowerBound { share.firstTime = t }
            batch.time[line] = t
            /// The cell's text; `nil` for one the sequential path must report (too long, not UTF-8).
            func text(_ cell: Int) -> String? {
                let (cellStart, count) = (share.parser.cellStarts[cell], share.parser.cellEnds[cell] - share.parser.cellStarts[cell])
                return count > maximumCellBytes ? nil : decodeText(batch.bytes + cellStart, count: count)
            }
            if let labelCell {
                guard let written = text(labelCell) else { return }
                share.labels.append(labelMap[written] ?? written)
            }
            for (column, cell) in extraIndices.enumerated() {
                guard let cellText = text(cell) else { return }
                share.extras[column].append(cellText)
            }
        }
        share.lastTime = share.parser.lastTime
        share.isClean = true
    }

    /// Reads every remaining row into one recording.
    ///
    /// - Parameter progress: Called after each chunk with the bytes consumed so far and the
    ///   file's size (when known), for progress displays.
    /// - Throws: As ``nextChunk(maxRows:)``; `LocomotionError.invalidParameter` when the options
    ///   name a group column (read groups with ``readGroups(progress:)``).
    /// - Complexity: O(bytes read); memory proportional to the rows read.
    public func readAll(progress: ((_ bytesConsumed: Int, _ byteCount: Int?) -> Void)? = nil) throws(LocomotionError)
        -> Recording
    {
        guard layout.groupIndex == nil else {
            throw .invalidParameter(
                name: "groupColumn", value: options.groupColumn ?? "",
                requirement: "a grouped file holds several recordings; read it with readGroups")
        }
        var recording = makeRecording(rows: 0, labels: [], extras: layout.extraIndices.map { _ in [] })
        while let chunk = try nextChunk() {
            recording.append(contentsOf: chunk)
            progress?(bytesConsumed, byteCount)
        }
        return recording
    }

    /// Reads every remaining row into one recording per group (``RecordingReadOptions/groupColumn``),
    /// in file order; a group value that comes back after another group starts a new entry.
    ///
    /// - Parameter progress: As for ``readAll(progress:)``.
    /// - Throws: As ``nextChunk(maxRows:)``.
    /// - Complexity: O(bytes read); memory proportional to the rows read.
    public func readGroups(progress: ((_ bytesConsumed: Int, _ byteCount: Int?) -> Void)? = nil)
        throws(LocomotionError) -> [RecordingGroup]
    {
        var groups: [RecordingGroup] = []
        var previous: String?
        while let chunk = try nextChunk() {
            if let last = groups.indices.last, group == previous {
                groups[last].recording.append(contentsOf: chunk)
            } else {
                groups.append(RecordingGroup(name: group ?? "", recording: chunk))
            }
            previous = group
            progress?(bytesConsumed, byteCount)
        }
        return groups
    }

    // MARK: Rows

    private func makeRecording(rows: Int, labels: [String], extras: [[String]]) -> Recording {
        func column(_ quantity: RecordingColumn) -> [Double]? {
            numericColumns.firstIndex(of: quantity).map {
                Array(UnsafeBufferPointer(start: chunkValues + $0 * chunkCapacity, count: rows))
            }
        }
        func axes(_ x: RecordingColumn, _ y: RecordingColumn, _ z: RecordingColumn) -> ThreeAxisSeries? {
            guard let xs = column(x), let ys = column(y), let zs = column(z) else { return nil }
            return ThreeAxisSeries(x: xs, y: ys, z: zs)
        }
        return Recording(
            source: path, time: Array(UnsafeBufferPointer(start: chunkTime, count: rows)),
            acceleration: axes(.accelerationX, .accelerationY, .accelerationZ),
            linearAcceleration: axes(.linearAccelerationX, .linearAccelerationY, .linearAccelerationZ),
            rotationRate: axes(.rotationRateX, .rotationRateY, .rotationRateZ), speed: column(.speed),
            speedAccuracy: column(.speedAccuracy), horizontalAccuracy: column(.horizontalAccuracy),
            latitude: column(.latitude), longitude: column(.longitude), cadence: column(.cadence),
            steps: column(.steps), labels: labelCell == nil ? nil : labels,
            extraColumns: zip(layout.extraIndices, extras).map { ExtraColumn(name: layout.header[$0], values: $1) })
    }

    /// The error for a bad row, naming the line and, for a cell problem, the column and value.
    private func error(
        _ kind: RowProblem, cell: Int?, cellCount: Int,
        line: (bytes: UnsafePointer<UInt8>, start: Int, end: Int, delimiter: UInt8), parser: RowParser
    ) -> LocomotionError {
        /// The text of cell `index`, found again by counting delimiters (the parser may have
        /// stopped inside it).
        func cellText(_ index: Int) -> String {
            var cellStart = line.start
            for _ in 0..<index { cellStart = RowParser.find(line.delimiter, line.bytes, cellStart, line.end) + 1 }
            var cellEnd = RowParser.find(line.delimiter, line.bytes, min(cellStart, line.end), line.end)
            if cellEnd > cellStart, line.bytes[cellEnd - 1] == 0x0D { cellEnd -= 1 }
            return String(
                decoding: UnsafeBufferPointer(start: line.bytes + cellStart, count: max(cellEnd - cellStart, 0)),
                as: UTF8.self
            ).trimmingCharacters(in: .whitespaces)
        }
        guard let cell else {
            if kind == .timeGoesBackwards {
                return .timeGoesBackwards(
                    path: path, line: lineNumber, previous: parser.lastTime, current: parser.rejectedTime)
            }
            return .wrongCellCount(path: path, line: lineNumber, found: cellCount, expected: layout.header.count)
        }
        let column = layout.header[cell]
        let expected: String
        switch kind {
        case .missingValue: expected = "a number (\(column) may not be empty)"
        case .malformedTime:
            expected =
                parser.timeFormat == .iso8601
                ? "an ISO-8601 date-time like the earlier rows" : "a time in seconds or an ISO-8601 date-time"
        case .nonFiniteNumber: expected = "a finite number"
        case .invalidText: expected = "valid UTF-8 text"
        case .unterminatedQuote: expected = "closed by a quote on the same line (a quoted cell may not span lines)"
        case .outOfRange:
            guard case .number(let slot) = parser.roles[cell] else { fallthrough }
            expected = "a number in \(parser.lowerBounds[slot].compactDescription)...\(parser.upperBounds[slot].compactDescription)"
        default: expected = "a number"
        }
        return .malformedCell(path: path, line: lineNumber, column: column, value: cellText(cell), expected: expected)
    }

    // MARK: Quoting

    /// The line with quotes resolved and cells separated by ``quotedDelimiter``, and whether every
    /// quote was closed.
    static func reencodeQuoted(_ bytes: [UInt8]) -> (line: [UInt8], isClosed: Bool) {
        let (cells, isClosed) = splitQuotedCells(bytes)
        return (Array(cells.joined(separator: [quotedDelimiter])), isClosed)
    }

    /// Splits one line honouring double quotes (`"a,b"` is one cell, `""` inside quotes is a
    /// quote); `isClosed` is `false` when the line ends inside quotes.
    static func splitQuotedCells(_ bytes: [UInt8]) -> (cells: [[UInt8]], isClosed: Bool) {
        var cells: [[UInt8]] = []
        var current: [UInt8] = []
        var inQuotes = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inQuotes {
                if byte == 0x22, index + 1 < bytes.count, bytes[index + 1] == 0x22 {
                    current.append(0x22)
                    index += 1
                } else if byte == 0x22 {
                    inQuotes = false
                } else {
                    current.append(byte)
                }
            } else if byte == 0x22 {
                inQuotes = true
            } else if byte == 0x2C {
                cells.append(current)
                current.removeAll(keepingCapacity: true)
            } else if byte != 0x0D || index != bytes.count - 1 {
                current.append(byte)
            }
            index += 1
        }
        cells.append(current)
        return (cells, !inQuotes)
    }

    // MARK: Lines

    /// The byte range of the next line (without its newline) in `buffer`, or `nil` at the end.
    private func nextLine() throws(LocomotionError) -> Range<Int>? {
        while true {
            if start < end, let newline = memchr(buffer.baseAddress! + start, 0x0A, end - start) {
                let lineEnd = newline.assumingMemoryBound(to: UInt8.self) - buffer.baseAddress!
                guard lineEnd - start <= options.maximumLineBytes else { throw lineTooLong(lineNumber + 1) }
                let line = start..<lineEnd
                bytesConsumed += lineEnd + 1 - start
                start = lineEnd + 1
                lineNumber += 1
                return line
            }
            if reachedEndOfFile {
                guard start < end else { return nil }
                guard end - start <= options.maximumLineBytes else { throw lineTooLong(lineNumber + 1) }
                let line = start..<end
                bytesConsumed += end - start
                start = end
                lineNumber += 1
                return line
            }
            try refill()
        }
    }

    /// The error for a line longer than ``RecordingReadOptions/maximumLineBytes``.
    private func lineTooLong(_ line: Int) -> LocomotionError {
        .limitExceeded(
            path: path, line: line, what: "the line's length", limit: options.maximumLineBytes,
            unit: "bytes")
    }

    /// Moves the unread bytes to the front of the buffer (growing it for a very long line) and
    /// reads more of the file after them.
    private func refill() throws(LocomotionError) {
        guard let fileDescriptor else {
            reachedEndOfFile = true
            return
        }
        let pending = end - start
        if start > 0 {
            if pending > 0 { memmove(buffer.baseAddress!, buffer.baseAddress! + start, pending) }
            (start, end) = (0, pending)
        }
        if end == buffer.count {
            // The buffer holds one unfinished line: grow it, but not without bound.
            guard pending <= options.maximumLineBytes else { throw lineTooLong(lineNumber + 1) }
            let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count * 2)
            memcpy(larger.baseAddress!, buffer.baseAddress!, end)
            buffer.deallocate()
            buffer = larger
        }
        let received = read(fileDescriptor, buffer.baseAddress! + end, buffer.count - end)
        guard received >= 0 else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        if received == 0 { reachedEndOfFile = true }
        end += received
    }
}
