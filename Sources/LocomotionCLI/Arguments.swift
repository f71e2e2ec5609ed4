import Foundation

/// A usage error: exit status 2 and one line on standard error. With `isFileError`, a file an
/// option names (a model, a label map) that cannot be read or parsed: status 1 and no usage, as
/// for every other file (found after the usage errors, so those still come first).
@_spi(Testing) public struct UsageError: Error {
    @_spi(Testing) public var message: String
    var isFileError: Bool

    /// A usage error saying `message`; a file error (exit status 1) when `isFileError`.
    @_spi(Testing) public init(message: String, isFileError: Bool = false) {
        self.message = message
        self.isFileError = isFileError
    }
}

/// Command-line arguments split into options (`--name value` or `--name=value`), flags
/// (`--name`) and positional arguments, checked against a command's declared options; the
/// accessors give a value or the option's declared default.
@_spi(Testing) public struct Arguments: Sendable {
    @_spi(Testing) public private(set) var positional: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// The declared options by name.
    private var declared: [String: Option] = [:]

    /// - Parameters:
    ///   - arguments: The arguments after the subcommand.
    ///   - declarations: The options and flags the command accepts; `help` (and `-h`) always.
    @_spi(Testing) public init(_ arguments: [String], declarations: [Option]) throws(UsageError) {
        for option in declarations { declared[option.name] = option }
        let options = Set(declarations.filter { !$0.isFlag }.map(\.name))
        let allowedFlags = Set(declarations.filter(\.isFlag).map(\.name)).union(["help"])
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

    @_spi(Testing) public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// Every value given for `--name`, in order (options may repeat).
    func values(_ name: String) -> [String] { values[name] ?? [] }

    /// The last value given for `--name`.
    @_spi(Testing) public func value(_ name: String) -> String? { values[name]?.last }

    /// Checks every value given against its option's kind (``Option/check(_:)``).
    @_spi(Testing) public func check() throws(UsageError) {
        for (name, given) in values.sorted(by: { $0.key < $1.key }) {
            for text in given { try declared[name]?.check(text) }
        }
    }

    /// The declaration of `--name`.
    private func option(_ name: String) -> Option {
        guard let option = declared[name] else { preconditionFailure("--\(name) is not declared") }
        return option
    }

    /// The number `--name` (seconds or a positive number) gives, or its declared default.
    /// Values are checked by ``check()`` before any accessor is used.
    @_spi(Testing) public func number(_ name: String) -> Double? {
        if let text = value(name), let number = Double(text) { return number }
        switch option(name).value {
        case .seconds(let value), .positiveNumber(_, let value), .number(_, let value): return value
        default: return nil
        }
    }

    /// The whole number `--name` gives, or its declared default.
    func wholeNumber(_ name: String) -> Int? {
        if let text = value(name), let number = Int(text) { return number }
        if case .wholeNumber(_, let value) = option(name).value { return value }
        return nil
    }

    /// The band `--name` gives (`nil` for `none`), or its declared default.
    func band(_ name: String) -> ClosedRange<Double>? {
        if let text = value(name) { return (try? Option.band(text, name: name)) ?? nil }
        if case .band(let value) = option(name).value { return value }
        return nil
    }

    /// The text (or choice) `--name` gives, or its declared default.
    func text(_ name: String) -> String? {
        if let text = value(name) { return text }
        switch option(name).value {
        case .choice(_, let value), .text(let value): return value
        default: return nil
        }
    }
}

extension Arguments {
    /// `arguments` parsed against `command`'s declarations and checked (``check()``), as
    /// ``Command/run(_:parse:body:)`` does before it reads the settings.
    @_spi(Testing) public init(_ arguments: [String], command: Command) throws(UsageError) {
        try self.init(arguments, declarations: command.declarations)
        try check()
    }
}
