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
    public internal(set) var report = RecordingReadReport()
    /// Bytes consumed so far, for progress.
    public var bytesConsumed: Int { lines.bytesConsumed }
    /// The file's size in bytes, when known (not for a pipe).
    public let byteCount: Int?
    /// The group (the value of ``RecordingReadOptions/groupColumn``) of the chunk
    /// ``nextChunk(maximumRowCount:)`` returned last; `nil` without a group column. A chunk never mixes
    /// groups.
    public private(set) var group: String?

    /// The file's (or the text's) lines.
    let lines: LineBuffer
    /// The number of the line read last (the header is line 1).
    var lineNumber: Int { lines.lineNumber }

    var parser: RowParser
    private(set) var numericColumns: [RecordingColumn] = []
    private(set) var labelCell: Int?
    /// Chunk storage reused from chunk to chunk: times, then the numeric slots one after another.
    private(set) var chunkCapacity = 0
    private(set) var chunkTime: UnsafeMutablePointer<Double> = .allocate(capacity: 1)
    private(set) var chunkValues: UnsafeMutablePointer<Double> = .allocate(capacity: 1)
    /// The group of the last row read, and the first row of the next group, read ahead to end
    /// the previous chunk.
    private var lastGroup: String?
    private var pendingRow: (time: Double, values: [Double], label: String?, extras: [String])?
    /// Chunks parsed on several cores (for tests and diagnostics).
    @_spi(Testing) public internal(set) var parallelChunkCount = 0
    /// Line boundaries for parallel parsing (starts, then ends), reused from chunk to chunk.
    var lineBounds = UnsafeMutablePointer<Int>.allocate(capacity: 2)
    var lineBoundsCapacity = 1
    /// A quoted line re-encoded by ``CSVQuoting/reencodeQuoted(_:)``, so the same row parser reads it.
    private var quotedLine = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256)

    /// Opens `path` and reads its header.
    ///
    /// - Throws: `LocomotionError.unreadableFile` when the file cannot be opened or is empty,
    ///   `.missingColumn` when it has no time column (or lacks a column named in the options).
    public convenience init(path: String, options: RecordingReadOptions = .init()) throws(LocomotionError) {
        let file = try ReadableFile(path: path)
        try self.init(
            path: path, options: options,
            lines: LineBuffer(file: file, maximumLineBytes: options.maximumLineBytes), byteCount: file.byteCount)
    }

    /// Reads CSV text held in memory; `source` names it in errors.
    ///
    /// - Throws: As ``init(path:options:)``.
    public convenience init(text: String, source: String, options: RecordingReadOptions = .init())
        throws(LocomotionError)
    {
        try self.init(
            path: source, options: options,
            lines: LineBuffer(text: text.utf8, source: source, maximumLineBytes: options.maximumLineBytes),
            byteCount: text.utf8.count)
    }

    /// Reads the header from `lines`, whose first block is already held.
    private init(path: String, options: RecordingReadOptions, lines: LineBuffer, byteCount: Int?)
        throws(LocomotionError)
    {
        self.path = path
        self.options = options
        self.lines = lines
        self.byteCount = byteCount
        parser = RowParser(columnCount: 0)  // replaced once the header is known; deinit frees either

        if let reason = Self.notTextReason(lines.unread) {
            throw .unreadableFile(path: path, reason: reason)
        }
        guard let headerLine = try lines.next() else {
            throw .unreadableFile(path: path, reason: "the file is empty; a header row is required")
        }
        var headerBytes = Array(UnsafeBufferPointer(rebasing: lines.bytes[headerLine]))
        if headerBytes.starts(with: [0xEF, 0xBB, 0xBF]) { headerBytes.removeFirst(3) }  // UTF-8 byte-order mark
        // A carriage return inside the first line (not just before its newline): the file ends its
        // lines with CR alone (classic Mac OS), which would read as one enormous header.
        if let carriageReturn = headerBytes.firstIndex(of: 0x0D), carriageReturn < headerBytes.count - 1 {
            throw .unreadableFile(
                path: path, reason: "its lines end in a carriage return alone (CR); convert them to LF or CRLF")
        }
        let (headerCells, isClosed) = CSVQuoting.splitQuotedCells(headerBytes)
        if let reason = Self.headerProblem(headerBytes, cells: headerCells, isClosed: isClosed) {
            throw .unreadableFile(path: path, reason: reason)
        }
        guard headerCells.count <= options.maximumColumns else {
            throw .limitExceeded(
                path: path, line: 1, what: "the header's column count (\(headerCells.count))",
                limit: options.maximumColumns, unit: "columns")
        }
        let header = headerCells.map { String(decoding: $0, as: UTF8.self).trimmingWhitespace() }
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
        parser.deallocate()
        chunkTime.deallocate()
        chunkValues.deallocate()
        quotedLine.deallocate()
        lineBounds.deallocate()
    }

    /// Reads up to `maximumRowCount` rows.
    ///
    /// - Parameter maximumRowCount: The largest chunk to return, at least 1; memory use is proportional to it.
    /// - Returns: The next rows, or `nil` at the end of the file.
    /// - Throws: In strict mode, `LocomotionError.malformedCell`, `.wrongCellCount` or
    ///   `.timeGoesBackwards` for the first bad row; `.unreadableFile` for an I/O error.
    /// - Complexity: O(bytes read).
    public func nextChunk(maximumRowCount: Int = 32_768) throws(LocomotionError) -> Recording? {
        var capacity = max(1, maximumRowCount)
        if let byteCount {
            // A row takes at least two bytes (a cell and its line feed), so the file's size bounds
            // the rows left; a small file then never allocates storage for a default-sized chunk.
            capacity = min(capacity, max(0, byteCount - bytesConsumed) / 2 + 2)
        }
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
        let (groupIndex, extraIndices, labelTranslations, lenient) = (
            layout.groupIndex, layout.extraIndices, options.labelTranslations, options.lenient
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
        reading: while rows < capacity, let line = try lines.next() {
            var bytes = UnsafePointer(lines.bytes.baseAddress!)
            var (lineStart, lineEnd, delimiter) = (line.lowerBound, line.upperBound, UInt8(0x2C))
            var isQuoteClosed = true
            if memchr(bytes + lineStart, 0x22, lineEnd - lineStart) != nil {
                // Quotes: parse a copy with quotes resolved and cells separated by 0x1F instead.
                let cells: [UInt8]
                (cells, isQuoteClosed) = CSVQuoting.reencodeQuoted(
                    Array(UnsafeBufferPointer(rebasing: lines.bytes[line])))
                if cells.count > quotedLine.count {
                    quotedLine.deallocate()
                    quotedLine = .allocate(capacity: cells.count)
                }
                _ = UnsafeMutableBufferPointer(rebasing: quotedLine[0..<cells.count]).initialize(from: cells)
                (bytes, lineStart, lineEnd, delimiter) = (
                    UnsafePointer(quotedLine.baseAddress!), 0, cells.count, CSVQuoting.reencodedDelimiter
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
            // The order check's time before this row, restored if the row is skipped.
            let timeBeforeRow = parser.lastTime
            var outcome = parser.parse(
                bytes, lineStart, lineEnd, delimiter: delimiter, values: values, stride: stride, row: rows)
            if !isQuoteClosed, case .blank = outcome {
            } else if !isQuoteClosed {
                // The quote left open is the cause, whatever else is wrong with the row.
                let cellCount = RowParser.cellCount(bytes, lineStart, lineEnd, delimiter)
                outcome = .problem(
                    .unterminatedQuote, cell: min(cellCount, layout.header.count) - 1, cellCount: cellCount)
            }
            // The group this row starts, taken up only once the row is kept: a skipped row must
            // not move the group on, or the next rows of its group would join the current chunk.
            var startedGroup: String?
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
                    return labelTranslations[written] ?? written
                }
                let rowExtras = keepsText ? try extraIndices.map(text) : []
                if let invalidCell {
                    // A skipped row's time must not become the time the next row is checked against.
                    parser.lastTime = timeBeforeRow
                    try reject(.invalidText, cell: invalidCell, cellCount: layout.header.count)
                    continue reading
                }
                if let startedGroup {
                    lastGroup = startedGroup
                    if rows > 0 {
                        // The first row of the next group: keep it for the next chunk.
                        pendingRow = (
                            t, (0..<numericColumns.count).map { values[$0 * stride + rows] }, label, rowExtras
                        )
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

    /// Reads every remaining row into one recording.
    ///
    /// - Parameter progress: Called after each chunk with the bytes consumed so far and the
    ///   file's size (when known), for progress displays.
    /// - Throws: As ``nextChunk(maximumRowCount:)``; `LocomotionError.invalidParameter` when the options
    ///   name a group column (read groups with ``readGroups(progress:)``).
    /// - Complexity: O(bytes read); memory proportional to the rows read.
    public func readAll(progress: ((_ bytesConsumed: Int, _ byteCount: Int?) -> Void)? = nil) throws(LocomotionError)
        -> Recording
    {
        guard layout.groupIndex == nil else {
            throw .invalidParameter(
                name: "groupColumn", value: options.groupColumn ?? "",
                requirement:
                    "it must be nil to read one recording; a grouped file holds several, read it with readGroups")
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
    /// - Throws: As ``nextChunk(maximumRowCount:)``.
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

    /// The first `rows` rows of the chunk storage as a recording.
    func makeRecording(rows: Int, labels: [String], extras: [[String]]) -> Recording {
        Recording(
            source: path, time: Array(UnsafeBufferPointer(start: chunkTime, count: rows)),
            values: { quantity in
                numericColumns.firstIndex(of: quantity).map {
                    Array(UnsafeBufferPointer(start: chunkValues + $0 * chunkCapacity, count: rows))
                }
            }, labels: labelCell == nil ? nil : labels,
            extraColumns: zip(layout.extraIndices, extras).map { ExtraColumn(name: layout.header[$0], values: $1) })
    }
}
