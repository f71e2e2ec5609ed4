import LocomotionDSP

/// An error from the activity layer: unreadable recordings, bad parameters, or a DSP error
/// raised while analysing a recording.
public enum LocomotionError: Error, Equatable, Sendable {
    /// The file could not be opened or read.
    case unreadableFile(path: String, reason: String)
    /// A cell of a recording could not be used. `line` is 1-based and counts the header;
    /// `column` is the header name.
    case malformedCell(path: String, line: Int, column: String, value: String, expected: String)
    /// A row has a different number of cells from the header.
    case wrongCellCount(path: String, line: Int, found: Int, expected: Int)
    /// Timestamps go backwards at `line`.
    case timeGoesBackwards(path: String, line: Int, previous: Double, current: Double)
    /// A required column is absent; `accepted` lists the header names that would do.
    case missingColumn(path: String, quantity: String, accepted: [String])
    /// The recording has too few rows for the requested analysis.
    case tooShort(path: String, rows: Int, required: Int, purpose: String)
    /// A parameter is out of its documented range.
    case invalidParameter(name: String, value: String, requirement: String)
    /// The signal processing layer rejected its input.
    case signalProcessing(DSPError)
    /// The input exceeds one of the reader's limits (``RecordingReadOptions/maximumLineBytes``,
    /// ``RecordingReadOptions/maximumColumns``, ``RecordingReadOptions/maximumCellBytes``):
    /// `what` says which (for example "line length"), `limit` the limit and `unit` its unit.
    case limitExceeded(path: String, line: Int, what: String, limit: Int, unit: String)
}

extension LocomotionError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "\(path): cannot read the file: \(reason)"
        case .malformedCell(let path, let line, let column, let value, let expected):
            return "\(path):\(line): column '\(column)': '\(value)' is not \(expected)"
        case .wrongCellCount(let path, let line, let found, let expected):
            return "\(path):\(line): \(found) cells, but the header has \(expected) columns"
        case .timeGoesBackwards(let path, let line, let previous, let current):
            return
                "\(path):\(line): time goes backwards (\(current.compactDescription) s after \(previous.compactDescription) s); timestamps must not decrease"
                + " (a long-format file holding several recordings one after another needs a group column, --group HEADER)"
        case .missingColumn(let path, let quantity, let accepted):
            return "\(path): no \(quantity) column; expected one of: \(accepted.joined(separator: ", "))"
        case .tooShort(let path, let rows, let required, let purpose):
            return "\(path): \(rows) rows are too few for \(purpose) (at least \(required) needed)"
        case .invalidParameter(let name, let value, let requirement):
            return "\(name) = \(value.compactNumberDescription) is invalid; \(requirement)"
        case .signalProcessing(let error):
            return error.description
        case .limitExceeded(let path, let line, let what, let limit, let unit):
            return "\(path):\(line): \(what) exceeds the reader's limit of \(limit) \(unit)"
        }
    }
}
