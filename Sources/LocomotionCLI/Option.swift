import Foundation
import Locomotion

/// One option a command accepts, declared once: its name, the kind of value it takes (with the
/// default, taken from the library's defaults), and its help text. A command's usage text, the
/// parsing of its arguments and the validation of each value all come from its declarations.
@_spi(Testing) public struct Option: Sendable {
    /// The kind of value an option takes, with its default where it has one.
    @_spi(Testing) public enum Value: Sendable {
        /// No value: a flag.
        case flag
        /// A finite positive number of seconds.
        case seconds(default: Double?)
        /// A finite number (of either sign) in `unit`.
        case number(unit: String, default: Double?)
        /// A finite positive number in `unit`.
        case positiveNumber(unit: String, default: Double?)
        /// A whole number of at least `minimum`.
        case wholeNumber(minimum: Int, default: Int?)
        /// A band `LOW-HIGH` in Hz, or `none`.
        case band(default: ClosedRange<Double>?)
        /// One of `choices`.
        case choice([String], default: String?)
        /// Any text (a path, an assignment), checked by the command.
        case text(default: String?)
    }

    /// The name without `--`.
    @_spi(Testing) public var name: String
    /// What the value stands for in the usage (`S`, `FILE`); empty for a flag.
    @_spi(Testing) public var placeholder: String
    @_spi(Testing) public var value: Value
    /// What the option does, in one or more lines (without the default).
    var help: String
    /// The default as the usage shows it, when it is not the value's own default (`every core`).
    var shownDefault: String?
    /// Whether the option may be given more than once (every value is used).
    var repeatable = false
    /// Whether the usage leaves it out (an old name kept working).
    @_spi(Testing) public var hidden = false

    /// A flag.
    @_spi(Testing) public static func flag(_ name: String, _ help: String) -> Option {
        Option(name: name, placeholder: "", value: .flag, help: help)
    }

    /// An option that takes a value.
    @_spi(Testing) public static func option(
        _ name: String, _ placeholder: String, _ value: Value, _ help: String, shownDefault: String? = nil,
        repeatable: Bool = false
    ) -> Option {
        Option(
            name: name, placeholder: placeholder, value: value, help: help, shownDefault: shownDefault,
            repeatable: repeatable)
    }

    /// An old name of an option, still accepted with the same values but left out of the usage.
    static func deprecated(_ name: String, for option: Option) -> Option {
        var old = option
        old.name = name
        old.help = "deprecated: --\(option.name)"
        old.value = {
            switch option.value {
            case .choice(let choices, _): return .choice(choices, default: nil)
            default: return .text(default: nil)
            }
        }()
        old.hidden = true
        return old
    }

    var isFlag: Bool {
        if case .flag = value { return true }
        return false
    }

    /// The default as the usage prints it, or `nil` when the option has none.
    @_spi(Testing) public var defaultText: String? {
        if let shownDefault { return shownDefault }
        switch value {
        case .flag: return nil
        case .seconds(let value?): return "\(value.compactDescription) s"
        case .positiveNumber(let unit, let value?), .number(let unit, let value?):
            return "\(value.compactDescription) \(unit)"
        case .wholeNumber(_, let value?): return "\(value)"
        case .band(let value?): return "\(value.lowerBound.compactDescription)-\(value.upperBound.compactDescription)"
        case .band(nil): return "none"
        case .choice(_, let value?), .text(let value?): return value
        default: return nil
        }
    }

    /// The option's lines in a usage text: `--name VALUE` and the help, the default at its end.
    var usageLines: String {
        let head = "  --\(name)" + (placeholder.isEmpty ? "" : " \(placeholder)")
        var help = help
        if let defaultText { help += " (default \(defaultText))" }
        let column = 25
        let indented = help.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            $0.offset == 0 ? String($0.element) : String(repeating: " ", count: column) + $0.element
        }.joined(separator: "\n")
        guard head.count < column - 1 else { return head + "\n" + String(repeating: " ", count: column) + indented }
        return head.padding(toLength: column, withPad: " ", startingAt: 0) + indented
    }

    /// Checks a given value against the kind of value the option takes.
    ///
    /// - Throws: ``UsageError`` naming the option, what it takes and the value given.
    func check(_ text: String) throws(UsageError) {
        switch value {
        case .flag, .text: return
        case .seconds:
            guard let number = Double(text), number.isFinite, number > 0 else {
                throw UsageError(message: "--\(name) takes a positive number of seconds, not '\(text)'")
            }
        case .number:
            guard let number = Double(text), number.isFinite else {
                throw UsageError(message: "--\(name) takes a finite number, not '\(text)'")
            }
        case .positiveNumber(let unit, _):
            guard let number = Double(text), number.isFinite, number > 0 else {
                throw UsageError(message: "--\(name) takes a positive number of \(unit), not '\(text)'")
            }
        case .wholeNumber(let minimum, _):
            guard let number = Int(text), number >= minimum else {
                throw UsageError(message: "--\(name) takes a whole number of at least \(minimum), not '\(text)'")
            }
        case .band:
            _ = try Self.band(text, name: name)
        case .choice(let choices, _):
            guard choices.contains(text) else {
                throw UsageError(message: "--\(name) takes \(Self.list(choices)), not '\(text)'")
            }
        }
    }

    /// `a, b or c`.
    static func list(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    /// A band `LOW-HIGH` or `LOW...HIGH` in Hz (finite, 0 <= LOW < HIGH; numbers may have
    /// exponents, `1e-3-2`), `nil` for `none`.
    @_spi(Testing) public static func band(_ text: String, name: String) throws(UsageError) -> ClosedRange<Double>? {
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

/// The options several commands share, declared once with the library's defaults.
enum SharedOptions {
    /// The library's feature windows (``FeatureConfiguration``'s defaults).
    static let features = FeatureConfiguration()

    /// `--window S`: the feature window.
    static let window = Option.option(
        "window", "S", .seconds(default: features.windowDuration), "window length in seconds")
    /// `--hop S`: the time between window starts.
    static let hop = Option.option(
        "hop", "S", .seconds(default: features.hop), "time between window starts in seconds")
    /// `--json`.
    static let json = Option.flag("json", "print JSON instead of text")
    /// `--hold S`: the hysteresis hold time (``ActivityHysteresis/Configuration``'s default).
    static let hold = Option.option(
        "hold", "S", .seconds(default: ActivityHysteresis.Configuration().holdTime),
        "hysteresis: a new activity must persist S seconds (leaving driving\ntwice as long) before it replaces the current one"
    )
    /// `--smoothing S`.
    static let smoothing = Option.option(
        "smoothing", "S", .choice(["hysteresis", "hmm", "none"], default: "hysteresis"),
        "hysteresis, hmm (a hidden Markov model over each recording) or none")
    /// `--model FILE`: a model file written by `train`, or `bundled`.
    static let model = Option.option(
        "model", "FILE", .text(default: "bundled"), "a model file written by 'train', or 'bundled'")
    /// `--classifier C`.
    static let classifier = Option.option(
        "classifier", "C", .choice(["rules", "fusion", "model"], default: "rules"),
        "rules: the feature rules; fusion: the speed/cadence/variance vote\nfusion; model: a trained model (--model FILE, or the bundled one)"
    )
    /// `--out FILE`.
    static let out = Option.option(
        "out", "FILE", .text(default: nil), "write the output to FILE instead of standard output")
}
