/// The errors of the rows the reader cannot read.
extension RecordingStream {
    /// The error for a bad row, naming the line and, for a cell problem, the column and value.
    func error(
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
            expected =
                "a number in \(parser.lowerBounds[slot].compactDescription)...\(parser.upperBounds[slot].compactDescription)"
        default: expected = "a number"
        }
        return .malformedCell(path: path, line: lineNumber, column: column, value: cellText(cell), expected: expected)
    }
}
