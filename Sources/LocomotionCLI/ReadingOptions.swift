import Foundation
import Locomotion

/// The options every command that reads recordings accepts, and the loading they drive. Only the
/// commands that read a long-format file as several recordings (`info`, `features`) accept
/// `--group`, and only they list it.
enum ReadingOptions {
    /// The reading options every command that reads recordings declares.
    static let options: [Option] = [
        .option(
            "acc-unit", "g|m/s2", .choice(["g", "m/s2", "m/s^2", "mps2"], default: "g"),
            "unit of acceleration columns whose name does not say it"),
        .option(
            "gyro-unit", "rad/s|deg/s", .choice(["rad/s", "deg/s"], default: "rad/s"),
            "unit of rotation-rate columns whose name does not say it"),
        .option(
            "column", "QUANTITY=HEADER", .text(default: nil),
            "read QUANTITY from the column named HEADER (repeatable); quantities:\n"
                + RecordingColumn.allCases.map(\.rawValue).joined(separator: ", "), repeatable: true),
        .option("labels", "hapt", .choice(["hapt"], default: nil), "translate UCI HAPT activity codes into names"),
        .flag("lenient", "skip unreadable rows and count them, instead of stopping at the first"),
        .option(
            "format", "F", .choice(RecordingFormat.allCases.map(\.rawValue), default: nil),
            "read FILE as F instead of detecting it: \(RecordingFormat.allCases.map(\.rawValue).joined(separator: ", "))\n(a Sensor Logger or phyphox export may be a folder or a zip archive)"
        ),
        .option(
            "resample", "HZ|auto|off", .text(default: nil),
            "resample the motion columns to HZ (5–1000) through an anti-alias\nlow-pass; auto (the default, except for info) brings a recording\nabove 1000 Hz down to 1000 Hz and puts one of 1–10 Hz on a uniform\ngrid at its rate (at least 5 Hz); off keeps the rows as written"
        ),
    ]
    /// ``options`` and `--group`, for the commands that read a long-format file as several recordings.
    static let optionsWithGroups =
        options + [
            .option(
                "group", "HEADER", .text(default: nil),
                "the file is a long-format table of several recordings, one per run\nof equal values in column HEADER (for example case_id)"
            )
        ]

    /// The reading options as a command's usage lists them, after its own options.
    static let section = Command.Section(title: "reading options", options: options)
    /// ``section`` with `--group`, for the commands that accept it.
    static let sectionWithGroups = Command.Section(title: "reading options", options: optionsWithGroups)

    /// The options given, with `resampling` unless `--resample` says otherwise.
    static func parse(_ arguments: Arguments, resampling: SampleRatePolicy = .automatic) throws(UsageError)
        -> RecordingReadOptions
    {
        var options = RecordingReadOptions(lenient: arguments.flag("lenient"))
        options.resampling = try resamplingPolicy(arguments.value("resample")) ?? resampling
        switch arguments.value("acc-unit") {
        case nil, "g": break
        case "m/s2", "m/s^2", "mps2": options.accelerationUnit = .metersPerSecondSquared
        default: break  // checked against the declaration
        }
        switch arguments.value("gyro-unit") {
        case nil, "rad/s": break
        case "deg/s": options.rotationRateUnit = .degreesPerSecond
        default: break  // checked against the declaration
        }
        for assignment in arguments.values("column") {
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let column = RecordingColumn(rawValue: parts[0]), !parts[1].isEmpty else {
                throw UsageError(message: "--column takes QUANTITY=HEADER with a known quantity, not '\(assignment)'")
            }
            options.columnNames[column] = parts[1]
        }
        options.groupColumn = arguments.value("group")
        if let format = arguments.value("format") {
            guard let known = RecordingFormat(rawValue: format) else {
                throw UsageError(
                    message:
                        "--format takes \(RecordingFormat.allCases.map(\.rawValue).joined(separator: ", ")), not '\(format)'"
                )
            }
            options.format = known
        }
        switch arguments.value("labels") {
        case nil: break
        case "hapt": options.labelTranslations = DatasetLabels.uciHAPT
        default: break  // checked against the declaration
        }
        return options
    }

    /// The policy `--resample` names, or `nil` without it.
    static func resamplingPolicy(_ value: String?) throws(UsageError) -> SampleRatePolicy? {
        switch value {
        case nil: return nil
        case "auto": return .automatic
        case "off": return .asRecorded
        case let text?:
            guard let rate = Double(text), Recording.supportedSampleRates.contains(rate) else {
                throw UsageError(message: "--resample takes a rate in Hz from 5 to 1000, auto or off, not '\(text)'")
            }
            return .rate(rate)
        }
    }

    /// Loads a whole recording in any format, showing progress on standard error when it is a
    /// terminal, and notes on resampling and on implausible values
    /// (``Recording/plausibilityNotes()``) unless `notes` is `false`.
    static func load(path: String, options: RecordingReadOptions, notes: Bool = true) throws(LocomotionError)
        -> ImportedRecording
    {
        let imported = try read(path: path, options: options)
        if notes {
            if let resampling = imported.resampling { printError("locomotion: note: \(path): \(resampling.summary)") }
            for note in imported.plausibilityNotes {
                printError("locomotion: note: \(path): \(note)")
            }
        }
        return imported
    }

    /// Reads a long-format file's groups (``RecordingReader/readGroups(path:options:progress:)``),
    /// each resampled as `options.resampling` says, with a note on standard error for each.
    static func loadGroups(path: String, options: RecordingReadOptions) throws(LocomotionError) -> (
        groups: [RecordingGroup], layout: RecordingLayout, report: RecordingReadReport
    ) {
        var read = try RecordingReader.readGroups(path: path, options: options)
        for note in PlausibilityChecker.recurringGroupNotes(read.groups.map(\.name)) {
            printError("locomotion: note: \(path): \(note)")
        }
        for index in read.groups.indices {
            guard let target = options.resampling.targetRate(for: read.groups[index].recording) else { continue }
            let (resampled, report) = try read.groups[index].recording.resampling(to: target)
            printError("locomotion: note: \(path): group \(read.groups[index].name): \(report.summary)")
            read.groups[index].recording = resampled
        }
        return read
    }

    private static func read(path: String, options: RecordingReadOptions) throws(LocomotionError) -> ImportedRecording {
        guard isatty(STDERR_FILENO) != 0 else { return try RecordingImporter.read(path: path, options: options) }
        defer { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        return try RecordingImporter.read(path: path, options: options) { consumed, total in
            guard let total, total > 0 else { return }
            FileHandle.standardError.write(Data("\r\(path): \(100 * consumed / total)%".utf8))
        }
    }
}

extension ReadOptionSuggestion {
    /// The flag (and value) that sets the option on the command line.
    @_spi(Testing) public var flag: String {
        switch self {
        case .rotationRateInDegreesPerSecond: "--gyro-unit deg/s"
        case .accelerationInMetersPerSecondSquared: "--acc-unit m/s2"
        case .lenient: "--lenient"
        }
    }
}

/// `message` (a library error or note) in the command line's terms: each reading option it
/// suggests (``ReadOptionSuggestion/phrase``) named by its flag. The library names no flag.
@_spi(Testing) public func commandLineWording(_ message: String) -> String {
    ReadOptionSuggestion.allCases.reduce(message) { $0.replacingOccurrences(of: $1.phrase, with: $1.flag) }
}
