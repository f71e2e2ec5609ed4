/// The hot loop of ``RecordingStream``: turns one line's bytes into a row, splitting and parsing
/// in a single pass (the number parser stops at the delimiter, so no cell is scanned twice).
///
/// A value type of pointers and scalars, so the loop runs on locals without reference counting
/// or exclusivity checks. ``RecordingStream`` owns the memory.
struct RowParser {
    /// What a column is for.
    enum Role: Equatable {
        case time
        /// A numeric quantity stored in value slot `slot`.
        case number(slot: Int)
        /// Text kept as a label or an extra column, or ignored.
        case text
    }

    enum TimeFormat { case seconds, iso8601 }

    /// The outcome of one line.
    enum Outcome {
        /// A good row; its numeric values are in the value slots and its cell ranges in
        /// `cellStarts`/`cellEnds`.
        case row(time: Double)
        /// An empty or all-blank line.
        case blank
        /// A bad row: the problem, the zero-based cell it is in (nil for a cell count problem),
        /// and the cell count found.
        case problem(RowProblem, cell: Int?, cellCount: Int)
    }

    let columnCount: Int
    let roles: UnsafeMutablePointer<Role>
    let scales: UnsafeMutablePointer<Double>
    let isSparse: UnsafeMutablePointer<Bool>
    /// The smallest and largest value each slot accepts (by default every finite number); a
    /// value outside is ``RowProblem/outOfRange``, an infinity or NaN ``RowProblem/nonFiniteNumber``.
    let lowerBounds: UnsafeMutablePointer<Double>
    let upperBounds: UnsafeMutablePointer<Double>
    private(set) var cellStarts: UnsafeMutablePointer<Int>
    private(set) var cellEnds: UnsafeMutablePointer<Int>
    var timeFormat: TimeFormat?
    var lastTime = -Double.infinity
    /// The time of the last row rejected because it was earlier than ``lastTime``, for the message.
    var rejectedTime = Double.nan

    /// Allocates the per-column tables; every column starts as `.text` with scale 1.
    init(columnCount: Int) {
        self.columnCount = columnCount
        let capacity = max(columnCount, 1)
        roles = .allocate(capacity: capacity)
        roles.initialize(repeating: .text, count: capacity)
        scales = .allocate(capacity: capacity)
        scales.initialize(repeating: 1, count: capacity)
        isSparse = .allocate(capacity: capacity)
        isSparse.initialize(repeating: false, count: capacity)
        lowerBounds = .allocate(capacity: capacity)
        lowerBounds.initialize(repeating: -.greatestFiniteMagnitude, count: capacity)
        upperBounds = .allocate(capacity: capacity)
        upperBounds.initialize(repeating: .greatestFiniteMagnitude, count: capacity)
        cellStarts = .allocate(capacity: capacity)
        cellEnds = .allocate(capacity: capacity)
    }

    /// A parser sharing this one's column tables but with cell-boundary buffers of its own, so
    /// it can run on another thread. Free them with ``deallocateCells()``.
    func copyWithOwnCells() -> RowParser {
        var copy = self
        copy.cellStarts = .allocate(capacity: max(columnCount, 1))
        copy.cellEnds = .allocate(capacity: max(columnCount, 1))
        return copy
    }

    /// Frees the cell-boundary buffers of a parser made by ``copyWithOwnCells()``.
    func deallocateCells() {
        cellStarts.deallocate()
        cellEnds.deallocate()
    }

    /// Frees the tables; the owner calls it exactly once.
    func deallocate() {
        roles.deallocate()
        scales.deallocate()
        isSparse.deallocate()
        lowerBounds.deallocate()
        upperBounds.deallocate()
        cellStarts.deallocate()
        cellEnds.deallocate()
    }

    /// Parses `bytes[start..<end]` (one line without its newline), writing numeric values to
    /// `values[slot * stride + row]`. Values of a bad row may be partly written; the caller
    /// simply does not count the row.
    @inline(__always)
    mutating func parse(
        _ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int, delimiter: UInt8,
        values: UnsafeMutablePointer<Double>, stride: Int, row: Int
    ) -> Outcome {
        var lineEnd = end
        if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        var position = start
        var time = 0.0
        for cell in 0..<columnCount {
            let cellStart = position
            var cellEnd: Int
            let role = roles[cell]
            if role == .text {
                cellEnd = Self.find(delimiter, bytes, position, lineEnd)
            } else {
                var number: DecimalParser.Number
                if position == lineEnd || (bytes[position] == delimiter && delimiter != 0x20 && delimiter != 0x09) {
                    // An empty cell (a sparse column's on most rows): what the number parser's general
                    // path finds for it, without its two calls.
                    (number, cellEnd) = (.empty, position)
                } else {
                    let stop: Int
                    (number, stop) = DecimalParser.scanNumber(bytes, position, lineEnd)
                    cellEnd = Self.cellEnd(after: stop, bytes, lineEnd, delimiter, &number)
                }
                // The common case inline: a finite number in range where one is expected.
                if case .number(let slot) = role, case .value(let value) = number, value >= lowerBounds[slot],
                    value <= upperBounds[slot]
                {
                    values[slot &* stride &+ row] = value * scales[slot]
                } else if role == .time, case .value(let seconds) = number, seconds.isFinite, timeFormat != .iso8601 {
                    timeFormat = .seconds
                    time = seconds
                } else if let kind = unusualCell(role, number, bytes, cellStart, cellEnd, values + row, stride, &time) {
                    return problem(kind, cell, bytes, start, lineEnd, delimiter)
                }
            }
            cellStarts[cell] = cellStart
            cellEnds[cell] = cellEnd
            if cellEnd == lineEnd {
                guard cell == columnCount - 1 else {
                    if cell == 0, Self.isBlank(bytes, start, lineEnd) { return .blank }
                    return .problem(.wrongCellCount, cell: nil, cellCount: cell + 1)
                }
                position = lineEnd
            } else {
                position = cellEnd + 1
            }
        }
        if cellEnds[columnCount - 1] != lineEnd {
            return .problem(.wrongCellCount, cell: nil, cellCount: Self.cellCount(bytes, start, lineEnd, delimiter))
        }
        guard time >= lastTime else {
            rejectedTime = time
            return .problem(.timeGoesBackwards, cell: nil, cellCount: columnCount)
        }
        lastTime = time
        return .row(time: time)
    }

    /// Everything but a finite number in a numeric cell: empty and NaN cells of sparse columns,
    /// ISO-8601 times, and problems.
    ///
    /// - Returns: The problem, or `nil` when the cell was stored.
    @inline(never)
    private mutating func unusualCell(
        _ role: Role, _ number: DecimalParser.Number, _ bytes: UnsafePointer<UInt8>, _ cellStart: Int, _ cellEnd: Int,
        _ rowValues: UnsafeMutablePointer<Double>, _ stride: Int, _ time: inout Double
    ) -> RowProblem? {
        switch (role, number) {
        case (.number(let slot), .value(let value)) where value.isNaN && isSparse[slot]:
            rowValues[slot * stride] = .nan  // a sparse column's NaN means "no value", like an empty cell
            return nil
        case (.number(let slot), .empty) where isSparse[slot]:
            rowValues[slot * stride] = .nan
            return nil
        case (_, .empty):
            return .missingValue
        case (.number, .value(let value)) where value.isFinite:
            return .outOfRange
        case (.number, .value):
            return .nonFiniteNumber
        case (.number, .invalid):
            return .malformedNumber
        case (.time, .value(let seconds)) where !seconds.isFinite:
            return .nonFiniteNumber
        default:
            guard timeFormat != .seconds, let seconds = DecimalParser.parseISO8601(bytes, cellStart, cellEnd) else {
                return .malformedTime
            }
            timeFormat = .iso8601
            time = seconds
            return nil
        }
    }

    /// A cell problem, unless the row has the wrong number of cells, which is reported first.
    private func problem(
        _ kind: RowProblem, _ cell: Int, _ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ delimiter: UInt8
    ) -> Outcome {
        if Self.isBlank(bytes, start, end) { return .blank }
        let count = Self.cellCount(bytes, start, end, delimiter)
        return count == columnCount
            ? .problem(kind, cell: cell, cellCount: count) : .problem(.wrongCellCount, cell: nil, cellCount: count)
    }

    /// Where the cell ends, given where its number stopped: trailing blanks are allowed, anything
    /// else before the delimiter makes the number invalid.
    @inline(__always)
    private static func cellEnd(
        after stop: Int, _ bytes: UnsafePointer<UInt8>, _ end: Int, _ delimiter: UInt8,
        _ number: inout DecimalParser.Number
    ) -> Int {
        var index = stop
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        if index == end || bytes[index] == delimiter { return index }
        number = .invalid
        return find(delimiter, bytes, index, end)
    }

    @inline(__always)
    static func find(_ delimiter: UInt8, _ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var index = start
        while index < end, bytes[index] != delimiter { index += 1 }
        return index
    }

    static func cellCount(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ delimiter: UInt8) -> Int {
        var count = 1
        for index in start..<end where bytes[index] == delimiter { count += 1 }
        return count
    }

    static func isBlank(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        for index in start..<end where bytes[index] != 0x20 && bytes[index] != 0x09 && bytes[index] != 0x0D {
            return false
        }
        return true
    }
}
