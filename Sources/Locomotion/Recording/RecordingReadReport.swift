/// Why a row could not be read.
public enum RowProblem: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
    /// The row has more or fewer cells than the header.
    case wrongCellCount
    /// A cell that must hold a number holds something else.
    case malformedNumber
    /// A cell holds NaN or an infinity.
    case nonFiniteNumber
    /// A cell that may not be empty (time, an axis of a motion sensor) is empty.
    case missingValue
    /// The time cell is neither a number nor an ISO-8601 date-time (whichever the file uses).
    case malformedTime
    /// The row's time is earlier than the previous row's.
    case timeGoesBackwards
    /// A text cell (a label, a group, an extra column) is not valid UTF-8.
    case invalidText
    /// A quoted cell has no closing quote on its line (quoted cells may not span lines).
    case unterminatedQuote
    /// A number outside its quantity's range (a latitude outside −90...90°, a longitude outside
    /// −180...180°).
    case outOfRange

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// A short phrase for reports.
    public var summary: String {
        switch self {
        case .wrongCellCount: return "wrong number of cells"
        case .malformedNumber: return "not a number"
        case .nonFiniteNumber: return "NaN or infinity"
        case .missingValue: return "empty required cell"
        case .malformedTime: return "malformed time"
        case .timeGoesBackwards: return "time goes backwards"
        case .invalidText: return "invalid UTF-8 text"
        case .unterminatedQuote: return "unterminated quote"
        case .outOfRange: return "value out of range"
        }
    }
}

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
