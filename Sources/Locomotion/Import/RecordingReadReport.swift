/// What happened while reading a file: rows read, and rows skipped by reason (lenient mode).
public struct RecordingReadReport: Sendable, Equatable {
    /// Data rows turned into samples.
    public var rowsRead = 0
    /// Lines that were empty or only white space; they hold no data and are not rows.
    public var blankLines = 0
    /// Rows skipped in lenient mode, by reason. Always empty in strict mode (the first bad row
    /// throws instead).
    public var skippedRows: [RowProblem: Int] = [:]
    /// The first skipped line number (1-based, the header is line 1) for each reason.
    public var firstSkippedLine: [RowProblem: Int] = [:]

    /// Creates an empty report.
    public init() {}

    /// The number of rows skipped for any reason.
    public var skippedRowCount: Int { skippedRows.values.reduce(0, +) }

    mutating func skip(_ problem: RowProblem, line: Int) {
        skippedRows[problem, default: 0] += 1
        if firstSkippedLine[problem] == nil { firstSkippedLine[problem] = line }
    }
}
