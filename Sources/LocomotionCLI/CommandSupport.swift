import Foundation
import Locomotion

/// What the commands that read recordings share: the per-file loop and JSON output.
@_spi(Testing) public enum CommandSupport {
    /// Prints `value` as pretty JSON with sorted keys; NaN and infinities as strings.
    static func printJSON(_ value: some Encodable) {
        if let data = try? jsonEncoder.encode(value), let text = String(data: data, encoding: .utf8) { print(text) }
    }

    /// `value` as ``printJSON(_:)`` prints it (without the final newline).
    @_spi(Testing) public static func jsonText(_ value: some Encodable) -> String {
        (try? jsonEncoder.encode(value)).flatMap { String(data: $0, encoding: .utf8) } ?? "null"
    }

    /// `value` as JSON on one line (a JSON Lines record, without the newline): sorted keys, no
    /// spaces, NaN and infinities as strings, so the same value gives the same bytes.
    @_spi(Testing) public static func jsonLine(_ value: some Encodable) -> String {
        let encoder = jsonEncoder
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).flatMap { String(data: $0, encoding: .utf8) } ?? "null"
    }

    /// Writes `value` as ``printJSON(_:)`` prints it, its ``StreamedArray``s a batch at a time.
    static func writeJSON(_ value: some Encodable, to output: (String) -> Void) {
        try? StreamedJSON.write(value, encoder: jsonEncoder, to: output)
    }

    /// Pretty JSON with sorted keys; NaN and infinities as strings.
    private static var jsonEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    /// Loads each file and analyzes it; a file that fails is reported on standard error as
    /// `locomotion COMMAND: error` and makes the status 1, and the others are still analyzed.
    static func analyzeFiles<Report>(
        _ paths: [String], command: Command, reading: RecordingReadOptions,
        _ analyze: (Recording) throws -> Report
    ) -> (status: Int32, reports: [Report]) {
        var status = ExitStatus.success
        var reports: [Report] = []
        for path in paths {
            do {
                let recording = try ReadingOptions.load(path: path, options: reading).recording
                reports.append(try analyze(recording))
            } catch {
                status = command.fail(message(error, path: path))
            }
        }
        return (status, reports)
    }

    /// An error's description, starting with the file it concerns: a data error names its
    /// source itself (`walk.csv:12: ...`, `walk.csv row 12: ...`); errors of the analysis (a
    /// sample rate, a band, a parameter) do not, and get `path: ` in front.
    /// A sample rate outside the supported range gets the option that resamples it.
    /// A file whose time goes backwards gets the option that reads several recordings from it.
    @_spi(Testing) public static func message(_ error: any Error, path: String) -> String {
        if let error = error as? LocomotionError, let location = error.location {
            return location.path != nil && error.code == .timeGoesBackwards
                ? "\(error.description) (--group HEADER)" : error.description
        }
        if let error = error as? LocomotionError, error.code == .invalidParameter, error.parameter == "sampleRate" {
            return "\(path): \(error) (--resample HZ resamples it)"
        }
        return "\(path): \(error)"
    }

    /// A progress line on standard error when it is a terminal, overwritten in place; nothing
    /// otherwise.
    static func progress(_ text: String, done: Bool) {
        guard isatty(STDERR_FILENO) != 0 else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text + (done ? "\n" : "")).utf8))
    }

    /// A confusion matrix as aligned text lines: a header of the predicted activities that occur,
    /// then a row per true activity.
    static func confusionLines(_ confusion: ActivityConfusion, indent: String) -> [String] {
        let present = ActivityType.allCases.filter { confusion.support(of: $0) > 0 }
        let columns = ActivityType.allCases.filter { column in present.contains { confusion[$0, column] > 0 } }
        var lines = [
            indent + "truth \\ predicted".padding(toLength: 18, withPad: " ", startingAt: 0)
                + columns.map { $0.identifier.leftPadded(to: 11) }.joined()
        ]
        for truth in present {
            lines.append(
                indent + truth.identifier.padding(toLength: 18, withPad: " ", startingAt: 0)
                    + columns.map { String(confusion[truth, $0]).leftPadded(to: 11) }.joined())
        }
        return lines
    }
}

extension String {
    /// The string right-aligned in `width` characters.
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(width - count, 0)) + self
    }
}
