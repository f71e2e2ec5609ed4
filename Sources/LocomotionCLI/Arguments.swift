import Foundation

/// A usage error: exit status 2 and the command's usage text. With `isFileError`, a file an
/// option names (a model, a label map) that cannot be read or parsed: status 1 and no usage, as
/// for every other file (found after the usage errors, so those still come first).
struct UsageError: Error {
    var message: String
    var isFileError = false
}

/// Command-line arguments split into options (`--name value` or `--name=value`), flags
/// (`--name`) and positional arguments, checked against what a command accepts.
struct Arguments {
    private(set) var positional: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// - Parameters:
    ///   - arguments: The arguments after the subcommand.
    ///   - options: Names (without `--`) that take a value.
    ///   - flags: Names that take none.
    init(_ arguments: [String], options: Set<String>, flags allowedFlags: Set<String>) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {  // everything after it is a file name, even "-x" or "--y"
                positional += remaining
                break
            }
            if argument == "-h", allowedFlags.contains("help") {
                flags.insert("help")
                continue
            }
            // A single dash and a letter is no option of ours; "-" alone (and "-1") stays a name.
            if argument.count > 1, argument.hasPrefix("-"), !argument.hasPrefix("--"),
                argument.dropFirst().first?.isLetter == true
            {
                throw UsageError(message: "unknown option \(argument) (options start with --)")
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                positional.append(argument)
                continue
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            if allowedFlags.contains(name), !body.contains("=") {
                flags.insert(name)
            } else if options.contains(name) {
                if let equals = body.firstIndex(of: "=") {
                    values[name, default: []].append(String(body[body.index(after: equals)...]))
                } else if let value = remaining.popFirst() {
                    values[name, default: []].append(value)
                } else {
                    throw UsageError(message: "option --\(name) needs a value")
                }
            } else {
                throw UsageError(message: "unknown option \(argument)")
            }
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// Every value given for `--name`, in order (options may repeat).
    func values(_ name: String) -> [String] { values[name] ?? [] }

    /// The last value given for `--name`.
    func value(_ name: String) -> String? { values[name]?.last }

    /// The value of `--name` as a whole number of at least 0, or `defaultValue`.
    func wholeNumber(_ name: String, default defaultValue: Int) throws(UsageError) -> Int {
        guard let text = value(name) else { return defaultValue }
        guard let value = Int(text), value >= 0 else {
            throw UsageError(message: "--\(name) takes a whole number of at least 0, not '\(text)'")
        }
        return value
    }

    /// The value of `--name` as a finite positive number of seconds, or `defaultValue`.
    func seconds(_ name: String, default defaultValue: Double) throws(UsageError) -> Double {
        try positiveNumber(name, unit: "seconds", default: defaultValue)
    }

    /// The value of `--name` as a finite positive number (in `unit`, for the message), or `defaultValue`.
    func positiveNumber(_ name: String, unit: String, default defaultValue: Double) throws(UsageError) -> Double {
        guard let text = value(name) else { return defaultValue }
        guard let value = Double(text), value.isFinite, value > 0 else {
            throw UsageError(message: "--\(name) takes a positive number of \(unit), not '\(text)'")
        }
        return value
    }

    /// The value of `--name` as a band `LOW-HIGH` or `LOW...HIGH` in Hz (finite, 0 <= LOW < HIGH;
    /// numbers may have exponents, `1e-3-2`), `none` for no band.
    func band(_ name: String, default defaultValue: ClosedRange<Double>?) throws(UsageError) -> ClosedRange<Double>? {
        guard let text = value(name) else { return defaultValue }
        if text == "none" { return nil }
        // The separator: "...", else the first "-" that is neither a leading sign nor an exponent's.
        let separator =
            text.range(of: "...")
            ?? text.indices.dropFirst().first { text[$0] == "-" && !"eE".contains(text[text.index(before: $0)]) }
            .map { $0..<text.index(after: $0) }
        let parts = separator.map { [text[..<$0.lowerBound], text[$0.upperBound...]].compactMap { Double($0) } } ?? []
        guard parts.count == 2, parts.allSatisfy(\.isFinite), parts[0] >= 0, parts[0] < parts[1] else {
            throw UsageError(
                message: "--\(name) takes a band LOW-HIGH in Hz (for example 0.6-2.5) or 'none', not '\(text)'")
        }
        return parts[0]...parts[1]
    }
}
