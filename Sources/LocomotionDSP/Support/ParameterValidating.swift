/// An error type that can say "this parameter is out of its range": the package's two error
/// types (`DSPError`, `LocomotionError`) conform, so every parameter check in every
/// module goes through the helpers below and reads the same (`name = value is invalid;
/// requirement`). Not public API.
///
/// One wording for every requirement: a clause whose subject is the parameter, `it must ...`;
/// bounds in words (`positive`, `at least 0`, `at most 1`, `above 0.5`, `below high`), ranges
/// as `a...b` or `a..<b`, finiteness first (`finite and positive`, `finite and at least 0`),
/// the unit in parentheses after the condition (`(s)`, `(Hz)`, `(m/s)`), and any explanation
/// after a semicolon: `it must be finite and at least 0 (s)`, `it must be in 1...100000`,
/// `it must be at most 4 times the input's 50 Hz; each row would become ...`.
package protocol ParameterValidating: Error {
    /// The error for the parameter `name` whose value (as text) breaks `requirement`.
    static func invalidParameter(name: String, value: String, requirement: String) -> Self
}

extension ParameterValidating {
    /// Throws the parameter error unless `condition` holds.
    ///
    /// - Parameters:
    ///   - name: The parameter's name as the caller wrote it (`"window"`, `"bout.minimumRunLength"`).
    ///   - value: The value, printed with `String(describing:)` (`nil` as "nil").
    ///   - condition: Whether the value is acceptable.
    ///   - requirement: What the value must satisfy, as a clause (`"it must be in 1...8"`).
    /// - Complexity: O(1) when `condition` holds.
    package static func require(
        _ name: String, _ value: Any?, _ condition: Bool, _ requirement: @autoclosure () -> String
    ) throws(Self) {
        guard condition else {
            throw invalidParameter(name: name, value: value.map { "\($0)" } ?? "nil", requirement: requirement())
        }
    }

    /// Throws unless `value` is finite (not NaN or infinite).
    package static func requireFinite(_ value: Double, name: String, unit: String? = nil) throws(Self) {
        try require(name, value, value.isFinite, "it must be finite" + unitSuffix(unit))
    }

    /// Throws unless `value` is finite and greater than 0.
    package static func requirePositive(_ value: Double, name: String, unit: String? = nil) throws(Self) {
        try require(name, value, value.isFinite && value > 0, "it must be finite and positive" + unitSuffix(unit))
    }

    /// Throws unless `value` is finite and at least 0.
    package static func requireNonNegative(_ value: Double, name: String, unit: String? = nil) throws(Self) {
        try require(name, value, value.isFinite && value >= 0, "it must be finite and at least 0" + unitSuffix(unit))
    }

    /// Throws unless `value` lies in `range` (NaN never does).
    package static func require(
        _ value: Double, in range: ClosedRange<Double>, name: String, unit: String? = nil
    ) throws(Self) {
        try require(
            name, value, range.contains(value),
            "it must be in \(range.lowerBound.compactDescription)...\(range.upperBound.compactDescription)"
                + unitSuffix(unit))
    }

    /// Throws unless the count `value` lies in `range`.
    package static func require(_ value: Int, in range: ClosedRange<Int>, name: String) throws(Self) {
        try require(name, value, range.contains(value), "it must be in \(range.lowerBound)...\(range.upperBound)")
    }

    /// Throws unless the count `value` is at least `minimum`.
    package static func require(_ value: Int, atLeast minimum: Int, name: String) throws(Self) {
        try require(name, value, value >= minimum, "it must be at least \(minimum)")
    }

    private static func unitSuffix(_ unit: String?) -> String { unit.map { " (\($0))" } ?? "" }
}
