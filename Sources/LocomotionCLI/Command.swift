import Foundation

/// The exit statuses of every command (docs/CLI.md, "Exit status").
@_spi(Testing) public enum ExitStatus {
    /// The command did its work (for the per-file commands: every file was read and analyzed).
    @_spi(Testing) public static let success: Int32 = 0
    /// A file, data or run error: a file that cannot be read or parsed, data the analysis refuses,
    /// an output that cannot be written. The per-file commands still run the other files.
    @_spi(Testing) public static let failure: Int32 = 1
    /// A usage error: an unknown option, a missing or malformed value, options that exclude each
    /// other. Nothing is read; one line naming what was wrong and where the usage is goes to
    /// standard error.
    @_spi(Testing) public static let usage: Int32 = 2
}

/// What every command shares: its name, its declared options (``Option``) from which its usage,
/// parsing and validation come, `--help` (and `-h`), and how a usage error or a failure is
/// reported.
@_spi(Testing) public struct Command: Sendable {
    /// A titled group of options declared elsewhere (the reading options), listed after the
    /// command's own.
    @_spi(Testing) public struct Section: Sendable {
        var title: String
        var options: [Option]
    }

    /// The subcommand (`info`), for messages (`locomotion info: ...`).
    @_spi(Testing) public var name: String
    /// The synopsis and description that open the usage text, before the options.
    var summary: String
    /// The command's own options and flags.
    var options: [Option]
    /// Option groups listed after the command's own options.
    var sections: [Section] = []
    /// Text after the options (the exit statuses), if any.
    var footer: String?

    /// A command called `name` whose usage opens with `summary` and lists `options`, then the
    /// `sections`, then the `footer`.
    @_spi(Testing) public init(
        name: String, summary: String, options: [Option], sections: [Section] = [], footer: String? = nil
    ) {
        self.name = name
        self.summary = summary
        self.options = options
        self.sections = sections
        self.footer = footer
    }

    /// Every option the command accepts.
    @_spi(Testing) public var declarations: [Option] { options + sections.flatMap(\.options) }

    /// The text `--help` prints: the summary, the options with their defaults, the sections.
    @_spi(Testing) public var usage: String {
        var text = summary + "\n" + options.filter { !$0.hidden }.map(\.usageLines).joined(separator: "\n")
        for section in sections {
            text += "\n\n\(section.title):\n" + section.options.map(\.usageLines).joined(separator: "\n")
        }
        if let footer { text += "\n\n" + footer }
        return text
    }

    /// Parses `arguments` against the declarations, prints the usage for `--help`, checks every
    /// value given against its option's kind, reads the settings with `parse` and hands over to
    /// `body`; a usage error from the arguments or `parse` is reported on one line and ends with
    /// ``ExitStatus/usage`` (a file error, ``UsageError/isFileError``, with ``ExitStatus/failure``).
    @_spi(Testing) public func run<Settings>(
        _ arguments: [String], parse: (Arguments) throws(UsageError) -> Settings,
        body: (Arguments, Settings) -> Int32
    ) -> Int32 {
        let parsed: Arguments
        let settings: Settings
        do throws(UsageError) {
            parsed = try Arguments(arguments, declarations: declarations)
            if parsed.flag("help") {
                print(usage)
                return ExitStatus.success
            }
            try parsed.check()
            settings = try parse(parsed)
        } catch {
            return error.isFileError ? fail(error.message) : usageError(error.message)
        }
        return body(parsed, settings)
    }

    /// ``run(_:parse:body:)`` for a command whose settings are the arguments themselves.
    func run(_ arguments: [String], body: (Arguments) -> Int32) -> Int32 {
        run(arguments, parse: { _ throws(UsageError) in () }, body: { parsed, _ in body(parsed) })
    }

    /// Reports a usage error on one line: what was wrong and where the usage is
    /// (`locomotion NAME: message (see 'locomotion NAME --help')`).
    func usageError(_ message: String) -> Int32 {
        printError("locomotion \(name): \(message) (see 'locomotion \(name) --help')")
        return ExitStatus.usage
    }

    /// Reports a failure (`locomotion NAME: message`) and returns `status`.
    @_spi(Testing) public func fail(_ message: String, status: Int32 = ExitStatus.failure) -> Int32 {
        printError("locomotion \(name): \(message)")
        return status
    }
}
