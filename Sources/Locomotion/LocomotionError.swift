import LocomotionDSP

/// An error from the activity layer: a recording that cannot be read or used (a data error), a
/// parameter out of its range (a parameter error), or a DSP error raised while analysing a
/// recording.
///
/// A struct with an extensible ``Code`` rather than an enum, so that a new kind of error is not a
/// breaking change: match on ``code`` and keep a `default` branch.
///
/// ```swift
/// do {
///     let recording = try RecordingReader.read(path: "walk.csv").recording
/// } catch {
///     switch error.code {
///     case .malformedCell: print("line \(error.line ?? 0), column \(error.column ?? ""): \(error.message)")
///     case .unreadableFile: print("cannot open \(error.source?.name ?? "")")
///     default: print(error)   // "walk.csv:12: column 'ax': 'abc' is not a number"
///     }
/// }
/// ```
///
/// Data errors carry where the data came from (``source``, and ``line`` in a file or ``row`` of a
/// recording or stream, ``column``, ``value``); parameter errors carry the ``parameter`` name,
/// its ``value`` and what was ``expected``. ``Code/isDataError`` tells the two apart. The
/// ``description`` puts the location in front of ``message``: `walk.csv:12: ...` for a line of a
/// file, `walk.csv row 12: ...` for a row of a recording.
public struct LocomotionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error this is. New codes may be added in any release.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// A stable identifier, such as `"malformed-cell"`.
        public var rawValue: String
        /// Creates a code from its identifier.
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A file could not be opened or read, or is not of the format it claims (data).
        public static let unreadableFile = Code(rawValue: "unreadable-file")
        /// A cell of a recording cannot be used: not a number, NaN, empty, out of range (data).
        public static let malformedCell = Code(rawValue: "malformed-cell")
        /// A row has a different number of cells from the header (data).
        public static let wrongCellCount = Code(rawValue: "wrong-cell-count")
        /// A time is earlier than the one before it (data).
        public static let timeGoesBackwards = Code(rawValue: "time-goes-backwards")
        /// A required column is absent (data).
        public static let missingColumn = Code(rawValue: "missing-column")
        /// A recording has too few rows for the analysis asked of it (data).
        public static let tooShort = Code(rawValue: "too-short")
        /// The input exceeds one of the reader's limits (data).
        public static let limitExceeded = Code(rawValue: "limit-exceeded")
        /// A value of a recording or stream cannot be analysed, such as a NaN or infinite sample
        /// inside a window (data).
        public static let invalidData = Code(rawValue: "invalid-data")
        /// A parameter is outside its documented range (the caller's setting, not data).
        public static let invalidParameter = Code(rawValue: "invalid-parameter")
        /// The signal processing layer rejected its input; ``LocomotionError/underlying`` holds
        /// its error.
        public static let signalProcessing = Code(rawValue: "signal-processing")

        /// Whether the code says the input data is at fault (a file, stream or recording), as
        /// opposed to a parameter or the signal processing layer.
        public var isDataError: Bool {
            [
                .unreadableFile, .malformedCell, .wrongCellCount, .timeGoesBackwards, .missingColumn, .tooShort,
                .limitExceeded, .invalidData,
            ].contains(self)
        }
    }

    /// Where data came from: a file, a ``Recording`` by its ``Recording/source`` name, or a
    /// stream of samples fed to a streaming type.
    public struct Source: Hashable, Sendable, CustomStringConvertible {
        /// What kind of source this is. New kinds may be added in any release.
        public struct Kind: RawRepresentable, Hashable, Sendable {
            /// A stable identifier, such as `"file"`.
            public var rawValue: String
            /// Creates a kind from its identifier.
            public init(rawValue: String) { self.rawValue = rawValue }

            /// A file (or a folder or archive) on disk, named by its path.
            public static let file = Kind(rawValue: "file")
            /// A ``Recording`` in memory, named by its ``Recording/source``.
            public static let recording = Kind(rawValue: "recording")
            /// Samples pushed one at a time into a streaming type.
            public static let stream = Kind(rawValue: "stream")
        }

        /// What kind of source this is.
        public var kind: Kind
        /// The file's path, the recording's source name, or a stream's name.
        public var name: String

        /// Creates a source.
        public init(_ kind: Kind, name: String) {
            self.kind = kind
            self.name = name
        }

        /// The file at `path`.
        public static func file(_ path: String) -> Source { Source(.file, name: path) }
        /// The recording whose ``Recording/source`` is `name`.
        public static func recording(_ name: String) -> Source { Source(.recording, name: name) }
        /// The stream called `name` (for example "motion samples").
        public static func stream(_ name: String) -> Source { Source(.stream, name: name) }

        /// The path when this is a file, otherwise `nil`.
        public var path: String? { kind == .file ? name : nil }

        public var description: String { name }
    }

    /// What kind of error this is.
    public let code: Code
    /// What was wrong, for a person, without the location (``description`` adds it).
    public let message: String
    /// The file, recording or stream the bad data came from; `nil` for a parameter error.
    public let source: Source?
    /// The 1-based line of the file, counting the header line; `nil` when not about a line.
    public let line: Int?
    /// The 1-based data row of a recording (its sample index plus one), or the 1-based number of
    /// a sample in a stream (counted from the stream's creation); `nil` when not about a row.
    public let row: Int?
    /// The column's header name (or the quantity, such as "time"), or `nil`.
    public let column: String?
    /// The rejected value as text (a cell, a parameter's value), or `nil`.
    public let value: String?
    /// What was expected instead: for a parameter, the requirement it breaks (`"it must be
    /// positive (s)"`); for a cell, what it should hold (`"a number"`). `nil` when there is none.
    public let expected: String?
    /// The name of the parameter at fault, for ``Code/invalidParameter``; otherwise `nil`.
    public let parameter: String?
    /// The signal processing layer's error, for ``Code/signalProcessing``; otherwise `nil`.
    public let underlying: DSPError?

    /// Creates an error; the factories below build the package's own errors.
    ///
    /// - Parameters:
    ///   - code: What kind of error this is.
    ///   - message: What was wrong, without the location.
    ///   - source: Where the data came from.
    ///   - line: The 1-based line of the file (counting the header).
    ///   - row: The 1-based row of a recording, or sample number of a stream.
    ///   - column: The column's header name.
    ///   - value: The rejected value as text.
    ///   - expected: What was expected instead.
    ///   - parameter: The parameter's name.
    ///   - underlying: The DSP error behind this one.
    public init(
        _ code: Code, message: String, source: Source? = nil, line: Int? = nil, row: Int? = nil, column: String? = nil,
        value: String? = nil, expected: String? = nil, parameter: String? = nil, underlying: DSPError? = nil
    ) {
        self.code = code
        self.message = message
        self.source = source
        self.line = line
        self.row = row
        self.column = column
        self.value = value
        self.expected = expected
        self.parameter = parameter
        self.underlying = underlying
    }

    /// The message behind its location: `path:line: `, `source row N: ` (`stream sample N: ` for
    /// a stream), or `source: `.
    public var description: String {
        switch (source, line, row) {
        case (let source?, let line?, _): return "\(source.name):\(line): \(message)"
        case (let source?, nil, let row?):
            return "\(source.name) \(source.kind == .stream ? "sample" : "row") \(row): \(message)"
        case (let source?, nil, nil): return "\(source.name): \(message)"
        case (nil, _, let row?): return "row \(row): \(message)"
        case (nil, _, nil): return message
        }
    }
}

// The factories keep the names and labels of the cases this type had when it was an enum, so
// `throw .malformedCell(path: ...)` still reads as it did.
extension LocomotionError {
    /// The file at `path` could not be opened or read, for `reason`.
    public static func unreadableFile(path: String, reason: String) -> LocomotionError {
        LocomotionError(.unreadableFile, message: "cannot read the file: \(reason)", source: .file(path))
    }

    /// The cell at `line` (1-based, counting the header) of `column` holds `value`, which is not
    /// `expected`.
    public static func malformedCell(
        path: String, line: Int, column: String, value: String, expected: String
    ) -> LocomotionError {
        LocomotionError(
            .malformedCell, message: "column '\(column)': '\(value)' is not \(expected)", source: .file(path),
            line: line, column: column, value: value, expected: expected)
    }

    /// The row at `line` has `found` cells where the header has `expected` columns.
    public static func wrongCellCount(path: String, line: Int, found: Int, expected: Int) -> LocomotionError {
        LocomotionError(
            .wrongCellCount, message: "\(found) cells, but the header has \(expected) columns", source: .file(path),
            line: line, value: "\(found)", expected: "\(expected) cells")
    }

    /// The time at `line` (`current`, s) is earlier than the one before it (`previous`, s).
    public static func timeGoesBackwards(path: String, line: Int, previous: Double, current: Double) -> LocomotionError
    {
        LocomotionError(
            .timeGoesBackwards,
            message: backwardsMessage(previous: previous, current: current)
                + " (a long-format file holding several recordings one after another needs a group column, --group HEADER)",
            source: .file(path), line: line, column: "time", value: "\(current)", expected: "at least \(previous)")
    }

    /// The sample numbered `sample` (1-based) of the stream `stream` has a time (`current`, s)
    /// earlier than the one before it (`previous`, s).
    public static func timeGoesBackwards(
        stream: String, sample: Int, previous: Double, current: Double
    ) -> LocomotionError {
        LocomotionError(
            .timeGoesBackwards, message: backwardsMessage(previous: previous, current: current),
            source: .stream(stream), row: sample, column: "time", value: "\(current)", expected: "at least \(previous)")
    }

    private static func backwardsMessage(previous: Double, current: Double) -> String {
        "time goes backwards (\(current.compactDescription) s after \(previous.compactDescription) s); timestamps must not decrease"
    }

    /// `source` has no column for `quantity`; `accepted` lists the header names that would do.
    public static func missingColumn(source: Source, quantity: String, accepted: [String]) -> LocomotionError {
        let names = accepted.joined(separator: ", ")
        return LocomotionError(
            .missingColumn, message: "no \(quantity) column; expected one of: \(names)", source: source,
            column: quantity, expected: "one of: \(names)")
    }

    /// The file at `path` has no column for `quantity`; `accepted` lists the header names that would do.
    public static func missingColumn(path: String, quantity: String, accepted: [String]) -> LocomotionError {
        missingColumn(source: .file(path), quantity: quantity, accepted: accepted)
    }

    /// `source` has `rows` rows where `purpose` needs at least `required`.
    public static func tooShort(source: Source, rows: Int, required: Int, purpose: String) -> LocomotionError {
        LocomotionError(
            .tooShort, message: "\(rows) rows are too few for \(purpose) (at least \(required) needed)",
            source: source, value: "\(rows)", expected: "at least \(required) rows")
    }

    /// The file at `path` has `rows` rows where `purpose` needs at least `required`.
    public static func tooShort(path: String, rows: Int, required: Int, purpose: String) -> LocomotionError {
        tooShort(source: .file(path), rows: rows, required: required, purpose: purpose)
    }

    /// The input at `line` of the file at `path` exceeds one of the reader's limits
    /// (``RecordingReadOptions/maximumLineBytes``, ``RecordingReadOptions/maximumColumns``,
    /// ``RecordingReadOptions/maximumCellBytes``): `what` says which (for example "line length"),
    /// `limit` the limit and `unit` its unit.
    public static func limitExceeded(path: String, line: Int, what: String, limit: Int, unit: String) -> LocomotionError
    {
        LocomotionError(
            .limitExceeded, message: "\(what) exceeds the reader's limit of \(limit) \(unit)", source: .file(path),
            line: line, expected: "at most \(limit) \(unit)")
    }

    /// The value at `row` (1-based) of `source` cannot be analysed: `value` is the value (or what
    /// it is, such as "a NaN or infinite motion sample"), `column` its column when there is one,
    /// and `expected` what it must be.
    public static func invalidData(
        source: Source, row: Int, column: String? = nil, value: String, expected: String
    ) -> LocomotionError {
        let subject = column.map { "\($0) = \(value.compactNumberDescription)" } ?? value
        return LocomotionError(
            .invalidData, message: "\(subject) is invalid; \(expected)", source: source, row: row, column: column,
            value: value, expected: expected)
    }

    /// The parameter `name` has a value (`value`, as text) that breaks `requirement`.
    public static func invalidParameter(name: String, value: String, requirement: String) -> LocomotionError {
        LocomotionError(
            .invalidParameter, message: "\(name) = \(value.compactNumberDescription) is invalid; \(requirement)",
            value: value, expected: requirement, parameter: name)
    }

    /// The signal processing layer's `error`.
    public static func signalProcessing(_ error: DSPError) -> LocomotionError {
        LocomotionError(.signalProcessing, message: error.message, underlying: error)
    }
}

extension LocomotionError: ParameterValidating {}
