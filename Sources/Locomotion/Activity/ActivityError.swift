import LocomotionDSP

/// An error from the activity layer: a bad parameter, data out of time order, or a history query
/// with nothing to answer.
///
/// A struct with an extensible ``Code``, so new kinds of error do not break a client's `switch`:
/// match on ``code`` and keep a `default`.
public struct ActivityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error this is.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A parameter is outside its documented range (a caller's setting, not data).
        public static let invalidParameter = Code(rawValue: "invalid-parameter")
        /// A time is earlier than one already seen, or not finite (data).
        public static let outOfOrder = Code(rawValue: "out-of-order")
        /// A history query covers a range for which nothing was recorded (data).
        public static let noData = Code(rawValue: "no-data")
        /// A feature vector lacks a column the classifier needs (data made differently).
        public static let schemaMismatch = Code(rawValue: "schema-mismatch")
        /// A stored model cannot be read: not JSON, truncated, or a field missing or malformed.
        public static let corruptModel = Code(rawValue: "corrupt-model")
        /// A stored model is of another format version than this code reads.
        public static let modelVersion = Code(rawValue: "model-version")
        /// A value from outside (a report, a file) is malformed (data).
        public static let invalidData = Code(rawValue: "invalid-data")
    }

    /// What kind of error this is.
    public let code: Code
    /// What was wrong and where, for a person (the same text as ``description``).
    public let message: String
    /// The name of the parameter at fault, for ``Code/invalidParameter`` errors made by the
    /// package's parameter checks; otherwise `nil`.
    public let parameter: String?
    /// The rejected value as text, or `nil`.
    public let value: String?
    /// What the value must satisfy (`"it must be at least 1"`), or `nil`.
    public let expected: String?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What kind of error this is.
    ///   - message: What was wrong and where, for a person.
    ///   - parameter: The parameter's name, if a parameter is at fault.
    ///   - value: The rejected value as text.
    ///   - expected: What the value must satisfy.
    public init(
        _ code: Code, _ message: String, parameter: String? = nil, value: String? = nil, expected: String? = nil
    ) {
        self.code = code
        self.message = message
        self.parameter = parameter
        self.value = value
        self.expected = expected
    }

    public var description: String { message }
}

extension ActivityError: ParameterValidating {
    /// The parameter `name` has a value (`value`, as text) that breaks `requirement`.
    public static func invalidParameter(name: String, value: String, requirement: String) -> ActivityError {
        ActivityError(
            .invalidParameter, "\(name) = \(value.compactNumberDescription) is invalid; \(requirement)",
            parameter: name,
            value: value, expected: requirement)
    }
}
