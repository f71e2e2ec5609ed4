import Foundation

/// The exit statuses of every command (docs/CLI.md, "Exit status").
enum ExitStatus {
    /// The command did its work (for the per-file commands: every file was read and analysed).
    static let success: Int32 = 0
    /// A file, data or run error: a file that cannot be read or parsed, data the analysis refuses,
    /// an output that cannot be written. The per-file commands still run the other files.
    static let failure: Int32 = 1
    /// A usage error: an unknown option, a missing or malformed value, options that exclude each
    /// other. Nothing is read; the message and the command's usage go to standard error.
    static let usage: Int32 = 2
}

/// What every command shares: its name and usage, the options and flags it accepts, `--help`
/// (and `-h`), and how a usage error or a failure is reported.
struct Command {
    /// The subcommand (`info`), for messages (`locomotion info: ...`).
    var name: String
    /// The text `--help` prints and a usage error repeats.
    var usage: String
    /// Option names (without `--`) that take a value.
    var options: Set<String>
    /// Flag names; `help` is always accepted.
    var flags: Set<String>

    /// Parses `arguments`, prints the usage for `--help`, reads the settings with `parse` and
    /// hands over to `body`; a usage error from the arguments or `parse` is reported with the
    /// usage and ends with ``ExitStatus/usage`` (a file error, ``UsageError/isFileError``, with
    /// ``ExitStatus/failure``).
    func run<Settings>(
        _ arguments: [String], parse: (Arguments) throws(UsageError) -> Settings,
        body: (Arguments, Settings) -> Int32
    ) -> Int32 {
        let parsed: Arguments
        let settings: Settings
        do throws(UsageError) {
            parsed = try Arguments(arguments, options: options, flags: flags.union(["help"]))
            if parsed.flag("help") {
                print(usage)
                return ExitStatus.success
            }
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

    /// Reports a usage error found after parsing (`locomotion NAME: message`, then the usage).
    func usageError(_ message: String) -> Int32 {
        printError("locomotion \(name): \(message)\n\n\(usage)")
        return ExitStatus.usage
    }

    /// Reports a failure (`locomotion NAME: message`) and returns `status`.
    func fail(_ message: String, status: Int32 = ExitStatus.failure) -> Int32 {
        printError("locomotion \(name): \(message)")
        return status
    }
}
