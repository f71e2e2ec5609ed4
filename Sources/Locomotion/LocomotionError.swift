import LocomotionDSP

/// The one error of the `Locomotion` module: a recording, stream, report or stored model that
/// cannot be read or used (a data error), a parameter out of its range (a parameter error), or the
/// signal processing layer's `DSPError` (LocomotionDSP) met while analyzing a recording.
///
/// A struct around a closed set of codes rather than an enum, so that a new kind of error is not a
/// breaking change: compare ``code`` with the static members of ``Code`` and keep a `default`
/// branch. Clients cannot make codes of their own.
///
/// ```swift
/// do {
///     let recording = try RecordingReader.read(path: "walk.csv").recording
/// } catch {
///     switch error.code {
///     case .malformedCell: print("line \(error.location?.line ?? 0): \(error.message)")
///     case .unreadableFile: print("cannot open \(error.location?.path ?? "")")
///     default: print(error)   // "walk.csv:12: column 'ax': 'abc' is not a number"
///     }
/// }
/// ```
///
/// Data errors say where the data came from in one ``location`` (a line of a file, a row of a
/// recording, a sample of a stream, and the column); parameter errors name the ``parameter``,
/// its ``value`` and what was ``expected``. ``Code/isDataError`` tells the two apart. An error
/// caused by another (the DSP layer's, a decoder's, the file system's) keeps it as
/// ``underlying``. The ``description`` puts the location in front of ``message``: `walk.csv:12: ...`
/// for a line of a file, `walk.csv row 12: ...` for a row of a recording.
public struct LocomotionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error this is: one of the static members below. New codes may be added in any
    /// release; clients compare codes and cannot make new ones.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// Whom the error blames; ``isDataError`` follows from it.
        private enum Fault: Hashable, Sendable {
            case data(DataCode)
            case parameter
            case signalProcessing
        }

        /// The codes that blame the input data; the raw values are the stable identifiers.
        private enum DataCode: String, Hashable, Sendable {
            case unreadableFile = "unreadable-file"
            case malformedCell = "malformed-cell"
            case wrongCellCount = "wrong-cell-count"
            case timeGoesBackwards = "time-goes-backwards"
            case missingColumn = "missing-column"
            case tooShort = "too-short"
            case limitExceeded = "limit-exceeded"
            case invalidData = "invalid-data"
            case noData = "no-data"
            case schemaMismatch = "schema-mismatch"
            case corruptModel = "corrupt-model"
            case modelVersion = "model-version"
        }

        private let fault: Fault

        private init(_ fault: Fault) { self.fault = fault }

        /// A file could not be opened or read, or is not of the format it claims (data).
        public static let unreadableFile = Code(.data(.unreadableFile))
        /// A cell of a recording or a line of a text file cannot be used: not a number, NaN, empty,
        /// out of range, not of the expected form (data).
        public static let malformedCell = Code(.data(.malformedCell))
        /// A row has a different number of cells from the header (data).
        public static let wrongCellCount = Code(.data(.wrongCellCount))
        /// A time is earlier than the one before it in a file, a recording or a stream of events
        /// (data).
        public static let timeGoesBackwards = Code(.data(.timeGoesBackwards))
        /// A required column is absent (data).
        public static let missingColumn = Code(.data(.missingColumn))
        /// A recording has too few rows for the analysis asked of it (data).
        public static let tooShort = Code(.data(.tooShort))
        /// The input exceeds one of the reader's or an analysis's limits (data).
        public static let limitExceeded = Code(.data(.limitExceeded))
        /// A value of a recording, stream, report or training set cannot be used, such as a NaN
        /// or infinite sample inside a window, or a time that is not finite (data).
        public static let invalidData = Code(.data(.invalidData))
        /// A query covers a range for which nothing was recorded (data).
        public static let noData = Code(.data(.noData))
        /// A feature vector or table was made with another schema or other extraction parameters
        /// than the classifier needs (data made differently).
        public static let schemaMismatch = Code(.data(.schemaMismatch))
        /// A stored model cannot be read: not JSON, truncated, or a field missing or malformed
        /// (data).
        public static let corruptModel = Code(.data(.corruptModel))
        /// A stored model is of another format version than this code reads (data).
        public static let modelVersion = Code(.data(.modelVersion))
        /// A parameter is outside its documented range (the caller's setting, not data).
        public static let invalidParameter = Code(.parameter)
        /// The signal processing layer rejected its input; ``LocomotionError/underlying`` holds
        /// its `DSPError` (LocomotionDSP).
        public static let signalProcessing = Code(.signalProcessing)

        /// Whether the code says the input data is at fault (a file, stream, recording or stored
        /// model), as opposed to a parameter or the signal processing layer.
        public var isDataError: Bool {
            if case .data = fault { return true }
            return false
        }

        /// A stable identifier, such as `"malformed-cell"`.
        public var description: String {
            switch fault {
            case .data(let code): code.rawValue
            case .parameter: "invalid-parameter"
            case .signalProcessing: "signal-processing"
            }
        }
    }

    /// Where bad data came from: a line of a file, a row of a ``Recording``, or a sample of a stream
    /// pushed into a streaming type, and the column when one is at fault.
    public struct Location: Hashable, Sendable, CustomStringConvertible {
        private enum Place: Hashable, Sendable {
            case file(path: String, line: Int?)
            case recording(name: String, row: Int?)
            case stream(name: String, sample: Int?)
        }

        private let place: Place
        /// The column's header name (or the quantity, such as "time"), or `nil`.
        public let column: String?

        private init(_ place: Place, column: String?) {
            self.place = place
            self.column = column
        }

        /// The file (or folder or archive) at `path`, at its 1-based `line` counting the header.
        public static func file(_ path: String, line: Int? = nil, column: String? = nil) -> Location {
            Location(.file(path: path, line: line), column: column)
        }

        /// The recording whose ``Recording/source`` is `name`, at its 1-based data `row` (the
        /// sample index plus one).
        public static func recording(_ name: String, row: Int? = nil, column: String? = nil) -> Location {
            Location(.recording(name: name, row: row), column: column)
        }

        /// The stream called `name` (for example "motion samples"), at its 1-based `sample`
        /// counted from the streaming value's creation.
        public static func stream(_ name: String, sample: Int? = nil, column: String? = nil) -> Location {
            Location(.stream(name: name, sample: sample), column: column)
        }

        /// The file's path, the recording's source name or the stream's name.
        public var name: String {
            switch place {
            case .file(let path, _): path
            case .recording(let name, _), .stream(let name, _): name
            }
        }

        /// The path when the location is in a file, otherwise `nil`.
        public var path: String? {
            if case .file(let path, _) = place { return path }
            return nil
        }

        /// The 1-based line of a file (counting the header), or `nil`.
        public var line: Int? {
            if case .file(_, let line) = place { return line }
            return nil
        }

        /// The 1-based row of a recording, or `nil`.
        public var row: Int? {
            if case .recording(_, let row) = place { return row }
            return nil
        }

        /// The 1-based sample of a stream, or `nil`.
        public var sample: Int? {
            if case .stream(_, let sample) = place { return sample }
            return nil
        }

        /// `path:line`, `name row N`, `name sample N`, or the name alone.
        public var description: String {
            switch place {
            case .file(let path, let line?): "\(path):\(line)"
            case .recording(let name, let row?): "\(name) row \(row)"
            case .stream(let name, let sample?): "\(name) sample \(sample)"
            case .file(let name, nil), .recording(let name, nil), .stream(let name, nil): name
            }
        }
    }

    /// What kind of error this is.
    public let code: Code
    /// What was wrong, for a person, without the location (``description`` adds it).
    public let message: String
    /// Where the bad data came from; `nil` for a parameter error or when no place applies.
    public let location: Location?
    /// The name of the parameter at fault, for ``Code/invalidParameter`` (and a data error a
    /// parameter ran into); otherwise `nil`.
    public let parameter: String?
    /// The rejected value as text (a cell, a parameter's value), or `nil`.
    public let value: String?
    /// What was expected instead: for a parameter, the requirement it breaks (`"it must be
    /// positive (s)"`); for a cell, what it should hold (`"a number"`). `nil` when there is none.
    public let expected: String?
    /// The error behind this one: a `DSPError` (LocomotionDSP) for ``Code/signalProcessing``, a
    /// decoder's or the file system's error; otherwise `nil`.
    public let underlying: (any Error & Sendable)?

    /// Creates an error of one of the existing codes (a classifier of your own can throw the
    /// package's error); the factories below build the package's own errors.
    ///
    /// - Parameters:
    ///   - code: What kind of error this is.
    ///   - message: What was wrong, without the location.
    ///   - location: Where the bad data came from.
    ///   - parameter: The parameter's name, when a parameter is at fault.
    ///   - value: The rejected value as text.
    ///   - expected: What was expected instead.
    ///   - underlying: The error behind this one.
    public init(
        _ code: Code, message: String, location: Location? = nil, parameter: String? = nil, value: String? = nil,
        expected: String? = nil, underlying: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.message = message
        self.location = location
        self.parameter = parameter
        self.value = value
        self.expected = expected
        self.underlying = underlying
    }

    /// The message behind its location: `path:line: `, `source row N: ` (`stream sample N: ` for
    /// a stream), or `source: `.
    public var description: String {
        guard let location else { return message }
        return "\(location): \(message)"
    }

    /// Two errors are equal when their code, message, location, parameter, value and expected
    /// text are, and their underlying errors print the same.
    public static func == (lhs: LocomotionError, rhs: LocomotionError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.location == rhs.location
            && lhs.parameter == rhs.parameter && lhs.value == rhs.value && lhs.expected == rhs.expected
            && lhs.underlyingText == rhs.underlyingText
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(location)
        hasher.combine(parameter)
        hasher.combine(value)
        hasher.combine(expected)
        hasher.combine(underlyingText)
    }

    private var underlyingText: String? { underlying.map { String(reflecting: $0) } }
}

// The factories keep the names and labels of the cases this type had when it was an enum, so
// `throw .malformedCell(path: ...)` still reads as it did.
extension LocomotionError {
    /// The file at `path` could not be opened or read, for `reason`; `underlying` is the file
    /// system's or decoder's error when there is one.
    public static func unreadableFile(
        path: String, reason: String, underlying: (any Error & Sendable)? = nil
    ) -> LocomotionError {
        LocomotionError(
            .unreadableFile, message: "cannot read the file: \(reason)", location: .file(path), underlying: underlying)
    }

    /// The cell at `line` (1-based, counting the header) of `column` holds `value`, which is not
    /// `expected`.
    public static func malformedCell(
        path: String, line: Int, column: String, value: String, expected: String
    ) -> LocomotionError {
        LocomotionError(
            .malformedCell, message: "column '\(column)': '\(value)' is not \(expected)",
            location: .file(path, line: line, column: column), value: value, expected: expected)
    }

    /// The row at `line` has `found` cells where the header has `expected` columns.
    public static func wrongCellCount(path: String, line: Int, found: Int, expected: Int) -> LocomotionError {
        LocomotionError(
            .wrongCellCount, message: "\(found) cells, but the header has \(expected) columns",
            location: .file(path, line: line), value: "\(found)", expected: "\(expected) cells")
    }

    /// The time at `line` (`current`, s) is earlier than the one before it (`previous`, s).
    public static func timeGoesBackwards(path: String, line: Int, previous: Double, current: Double) -> LocomotionError
    {
        LocomotionError(
            .timeGoesBackwards,
            message: backwardsMessage(previous: previous, current: current)
                + "; a long-format file holding several recordings one after another needs a group column",
            location: .file(path, line: line, column: "time"), value: "\(current)", expected: "at least \(previous)")
    }

    /// The sample numbered `sample` (1-based) of the stream `stream` has a time (`current`, s)
    /// earlier than the one before it (`previous`, s).
    public static func timeGoesBackwards(
        stream: String, sample: Int, previous: Double, current: Double
    ) -> LocomotionError {
        LocomotionError(
            .timeGoesBackwards, message: backwardsMessage(previous: previous, current: current),
            location: .stream(stream, sample: sample, column: "time"), value: "\(current)",
            expected: "at least \(previous)")
    }

    private static func backwardsMessage(previous: Double, current: Double) -> String {
        "time goes backwards (\(current.compactDescription) s after \(previous.compactDescription) s); timestamps must not decrease"
    }

    /// An event of `stream` (a kind of event, such as "GPS fix") at `time` (s) comes before the
    /// previous one of its stream, at `previous` (s).
    static func outOfOrder(_ event: String, at time: Double, after previous: Double) -> LocomotionError {
        LocomotionError(
            .timeGoesBackwards, message: "\(article(event)) \(event) at \(time) s comes after one at \(previous) s",
            value: "\(time)", expected: "at least \(previous)")
    }

    /// An event (a kind of event, such as "GPS fix") has a `time` (s) that is NaN or infinite.
    static func nonFiniteTime(_ event: String, at time: Double) -> LocomotionError {
        LocomotionError(
            .invalidData, message: "\(article(event)) \(event) at \(time) s; its time must be finite", value: "\(time)",
            expected: "a finite time")
    }

    private static func article(_ noun: String) -> String {
        noun.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
    }

    /// `location` has no column for `quantity`; `accepted` lists the header names that would do.
    public static func missingColumn(in location: Location, quantity: String, accepted: [String]) -> LocomotionError {
        let names = accepted.joined(separator: ", ")
        return LocomotionError(
            .missingColumn, message: "no \(quantity) column; expected one of: \(names)", location: location,
            value: nil, expected: "one of: \(names)")
    }

    /// The file at `path` has no column for `quantity`; `accepted` lists the header names that would do.
    public static func missingColumn(path: String, quantity: String, accepted: [String]) -> LocomotionError {
        missingColumn(in: .file(path, column: quantity), quantity: quantity, accepted: accepted)
    }

    /// `location` has `rows` rows where `purpose` needs at least `required`.
    public static func tooShort(in location: Location, rows: Int, required: Int, purpose: String) -> LocomotionError {
        LocomotionError(
            .tooShort, message: "\(rows) rows are too few for \(purpose) (at least \(required) needed)",
            location: location, value: "\(rows)", expected: "at least \(required) rows")
    }

    /// The file at `path` has `rows` rows where `purpose` needs at least `required`.
    public static func tooShort(path: String, rows: Int, required: Int, purpose: String) -> LocomotionError {
        tooShort(in: .file(path), rows: rows, required: required, purpose: purpose)
    }

    /// The input at `line` of the file at `path` exceeds one of the reader's limits
    /// (``RecordingReadOptions/maximumLineBytes``, ``RecordingReadOptions/maximumColumns``,
    /// ``RecordingReadOptions/maximumCellBytes``): `what` says which (for example "line length"),
    /// `limit` the limit and `unit` its unit.
    public static func limitExceeded(path: String, line: Int, what: String, limit: Int, unit: String) -> LocomotionError
    {
        LocomotionError(
            .limitExceeded, message: "\(what) exceeds the reader's limit of \(limit) \(unit)",
            location: .file(path, line: line), expected: "at most \(limit) \(unit)")
    }

    /// The value at `location` (a row of a recording, a sample of a stream, and its column when
    /// there is one) cannot be analyzed: `value` is the value (or what it is, such as "a NaN or
    /// infinite motion sample") and `expected` what it must be.
    public static func invalidData(at location: Location, value: String, expected: String) -> LocomotionError {
        let subject = location.column.map { "\($0) = \(value.compactNumberDescription)" } ?? value
        return LocomotionError(
            .invalidData, message: "\(subject) is invalid; \(expected)", location: location, value: value,
            expected: expected)
    }

    /// The parameter `name` has a value (`value`, as text) that breaks `requirement`.
    ///
    /// Every parameter check of the module goes through this factory (by way of the `require`
    /// helpers), so each reads `name = value is invalid; requirement`.
    public static func invalidParameter(name: String, value: String, requirement: String) -> LocomotionError {
        LocomotionError(
            .invalidParameter, message: "\(name) = \(value.compactNumberDescription) is invalid; \(requirement)",
            parameter: name, value: value, expected: requirement)
    }

    /// The signal processing layer's `error`, kept as ``underlying``.
    public static func signalProcessing(_ error: DSPError) -> LocomotionError {
        LocomotionError(.signalProcessing, message: error.message, underlying: error)
    }
}

extension LocomotionError: ParameterValidating {}
