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
