import Foundation
import Locomotion

/// `locomotion features FILE...`: one feature vector per window, as CSV or JSON.
@_spi(Testing) public enum FeaturesCommand {
    static let summary = """
        usage: locomotion features FILE... [--window S] [--hop S] [--gait-band LOW-HIGH] [--per-axis]
                                   [--threads N] [--json] [--list] [reading options]

        Writes one row per window: the file, start and end time (s), the majority label (empty when
        the recording has no labels), then every feature. Missing values (an absent stream, an
        undefined feature) are empty cells in CSV and null in JSON. --json prints an array with one
        record per file (or group), each with the schema.
        The incomplete last window of each gap-free stretch is reported on standard error.
        """

    static let options: [Option] = [
        SharedOptions.window, SharedOptions.hop,
        .option(
            "gait-band", "LOW-HIGH", .band(default: SharedOptions.features.gaitBand),
            "band searched for the gait peak, in Hz"),
        .flag("per-axis", "add the per-axis statistics (acc_x_mean, ...)"),
        .option(
            "threads", "N", .wholeNumber(minimum: 1, default: nil), "threads for extraction", shownDefault: "every core"
        ),
        .flag("json", "print JSON instead of CSV"),
        .flag(
            "list",
            "print the feature schema (name, unit, description) and exit; with\n--json, as {\"version\": N, \"features\": [{\"name\", \"unit\", \"summary\"}]}"
        ),
    ]

    struct Settings {
        var configuration: FeatureConfiguration
        var threads: Int?
        var json: Bool
        var reading: RecordingReadOptions
    }

    @_spi(Testing) public static let command = Command(
        name: "features", summary: summary, options: options, sections: [ReadingOptions.sectionWithGroups])

    static func run(_ arguments: [String]) -> Int32 {
        command.run(arguments, parse: parse, body: run)
    }

    static func run(_ parsed: Arguments, settings: Settings) -> Int32 {
        if parsed.flag("list") {
            do {
                let schema = try settings.configuration.schema()
                if parsed.flag("json") {
                    print(CommandSupport.jsonText(Listing(schema)))
                } else {
                    print(list(schema), terminator: "")
                }
                return ExitStatus.success
            } catch {
                return command.fail("\(error)", status: ExitStatus.usage)  // the options make no schema
            }
        }
        guard !parsed.positional.isEmpty else {
            return command.usageError("features needs at least one FILE (or --list)")
        }
        var status = ExitStatus.success
        var results: [(source: String, table: FeatureTable)] = []
        var windows = 0
        for path in parsed.positional {
            do {
                for (source, recording) in try load(path: path, options: settings.reading) {
                    // Every window's values are held until the output is written: bounded before extraction,
                    // once the window and hop are known to be valid (their own errors come first).
                    if let rate = recording.estimatedSampleRate {
                        _ = try settings.configuration.lengths(sampleRate: rate)
                    }
                    windows += Int(min(recording.duration / settings.configuration.hop, Double(Int32.max))) + 1
                    guard windows <= largestWindowCount else {
                        return command.fail(
                            "\(source): about \(windows) windows in all at a hop of "
                                + "\(settings.configuration.hop.compactDescription) s, more than the "
                                + "\(largestWindowCount) this command holds (every window is kept until written); "
                                + "take a longer --hop, or fewer files at a time")
                    }
                    let table = try recording.features(settings.configuration, threadCount: settings.threads)
                    for window in table.incompleteWindows {
                        printError(
                            String(
                                format: "%@: incomplete window %.3f–%.3f s (%ld of %ld samples) not extracted", source,
                                window.start, window.end, window.sampleCount, table.windowLength))
                    }
                    results.append((source, table))
                }
            } catch {
                status = command.fail(CommandSupport.message(error, path: path))
            }
        }
        // Row by row: the text of millions of windows is never held whole.
        let output = { (text: String) in print(text, terminator: "") }
        if settings.json {
            writeJSON(results, to: output)
        } else if let schema = results.first?.table.schema {
            writeCSV(results, schema: schema, to: output)
        }
        return status
    }

    /// The most windows one run extracts (2²⁰: 15.5 days at the default hop of 1.28 s, 5.8 hours
    /// at 0.02 s), since every window's values are held until the output is written.
    @_spi(Testing) public static let largestWindowCount = 1 << 20

    static func parse(_ parsed: Arguments) throws(UsageError) -> Settings {
        var configuration = FeatureConfiguration(windowDuration: parsed.number("window")!, hop: parsed.number("hop")!)
        if let band = parsed.band("gait-band") { configuration.gaitBand = band }
        if parsed.flag("per-axis") { configuration.axisFeatures = BuiltinFeature.perAxisStatistics }
        let threads = parsed.wholeNumber("threads")
        return Settings(
            configuration: configuration, threads: threads, json: parsed.flag("json"),
            reading: try ReadingOptions.parse(parsed))
    }

    /// The recordings in `path`: one, or one per group with `--group`.
    static func load(path: String, options: RecordingReadOptions) throws(LocomotionError) -> [(String, Recording)] {
        if options.groupColumn != nil {
            return try ReadingOptions.loadGroups(path: path, options: options).groups.map {
                ("\(path):\($0.name)", $0.recording)
            }
        }
        return [(path, try ReadingOptions.load(path: path, options: options).recording)]
    }

    /// The schema as `--list --json` prints it.
    @_spi(Testing) public struct Listing: Codable {
        @_spi(Testing) public var version: Int
        @_spi(Testing) public var features: [FeatureDescriptor]

        @_spi(Testing) public init(_ schema: FeatureSchema) {
            version = schema.version
            features = schema.descriptors
        }
    }

    /// The schema as an aligned text table.
    @_spi(Testing) public static func list(_ schema: FeatureSchema) -> String {
        let nameWidth = schema.descriptors.map(\.name.count).max() ?? 0
        let unitWidth = max(schema.descriptors.map(\.unit.count).max() ?? 0, 4)
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(width - text.count, 0))
        }
        var lines = [
            "feature schema version \(schema.version), \(schema.count) features (missing values are NaN)", "",
            pad("name", nameWidth) + "  " + pad("unit", unitWidth) + "  description",
        ]
        for descriptor in schema.descriptors {
            lines.append(
                pad(descriptor.name, nameWidth) + "  " + pad(descriptor.unit, unitWidth) + "  " + descriptor.summary)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A number as the shortest text that reads back to the same value; empty for NaN.
    static func cell(_ value: Double) -> String { value.isNaN ? "" : "\(value)" }

    /// The CSV text of ``writeCSV(_:schema:to:)`` as one string (for small tables and tests).
    @_spi(Testing) public static func csv(_ results: [(source: String, table: FeatureTable)], schema: FeatureSchema)
        -> String
    {
        var text = ""
        writeCSV(results, schema: schema) { text += $0 }
        return text
    }

    /// Writes the header, then one line per window to `output`. Every row starts with the file
    /// (`path:group` for a group), the window's start and end, and its majority label (empty when
    /// the recording has none), whatever the inputs, so files can be concatenated and read alike.
    @_spi(Testing) public static func writeCSV(
        _ results: [(source: String, table: FeatureTable)], schema: FeatureSchema, to output: (String) -> Void
    ) {
        output(CSVQuoting.record(["file", "start_s", "end_s", "label"] + schema.names))
        for (source, table) in results {
            for (index, window) in table.windows.enumerated() {
                let cells = [source, cell(window.start), cell(window.end), window.majorityLabel ?? ""]
                output(CSVQuoting.record(cells + table.row(index).map(cell)))
            }
        }
    }

    /// What `--json` prints per file (or group), in an array: each record carries its schema, so
    /// one record read alone is complete.
    struct Report: Encodable {
        struct Window: Encodable {
            var start: Double
            var end: Double
            var label: String?
            var values: [Double?]
        }
        var file: String
        var schemaVersion: Int
        var features: [FeatureDescriptor]
        var sampleRateHz: Double
        var windowSamples: Int
        var hopSamples: Int
        var windows: StreamedArray<Window>
        var incompleteWindows: [IncompleteWindow]
    }

    /// The JSON text of ``writeJSON(_:to:)`` as one string (for small tables and tests).
    @_spi(Testing) public static func json(_ results: [(source: String, table: FeatureTable)]) -> String {
        var text = ""
        writeJSON(results) { text += $0 }
        return text
    }

    /// Writes the array of per-file reports as pretty JSON with sorted keys to `output`, a batch
    /// of windows at a time.
    @_spi(Testing) public static func writeJSON(
        _ results: [(source: String, table: FeatureTable)], to output: (String) -> Void
    ) {
        let reports = results.map { source, table in
            Report(
                file: source, schemaVersion: table.schema.version, features: table.schema.descriptors,
                sampleRateHz: table.sampleRate, windowSamples: table.windowLength, hopSamples: table.hopLength,
                windows: StreamedArray(count: table.windows.count) { index in
                    let window = table.windows[index]
                    return .init(
                        start: window.start, end: window.end, label: window.majorityLabel,
                        values: table.row(index).map { $0.isNaN ? nil : $0 })
                }, incompleteWindows: table.incompleteWindows)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try? StreamedJSON.write(reports, encoder: encoder, to: output)
    }
}
