import Foundation
import Locomotion

/// `locomotion spectrum FILE...`: the dominant frequency of each window of a recording.
@_spi(Testing) public enum SpectrumCommand {
    static let summary = """
        usage: locomotion spectrum FILE... [--window S] [--hop S] [--band LOW-HIGH|none] [--json] [reading options]

        Prints the dominant frequency of the acceleration magnitude in each window.
        """

    static let options: [Option] = [
        SharedOptions.window, SharedOptions.hop,
        .option(
            "band", "LOW-HIGH", .band(default: GaitBand.default),
            "only look for peaks in this band, in Hz (the default is the gait\nband); 'none' searches every frequency above 0 Hz"
        ),
        .flag("json", "print JSON instead of a table"),
    ]

    @_spi(Testing) public static let command = Command(
        name: "spectrum", summary: summary, options: options, sections: [ReadingOptions.section])

    static func run(_ arguments: [String]) -> Int32 {
        command.run(arguments) { (parsed) throws(UsageError) in
            guard !parsed.positional.isEmpty else { throw UsageError(message: "spectrum needs at least one FILE") }
            return Settings(
                window: parsed.number("window")!, hop: parsed.number("hop")!, band: parsed.band("band"),
                json: parsed.flag("json"),
                reading: try ReadingOptions.parse(parsed))
        } body: { parsed, settings in
            let (status, reports) = CommandSupport.analyzeFiles(
                parsed.positional, command: command, reading: settings.reading
            ) {
                (recording) throws(LocomotionError) in try analyze(recording, settings: settings)
            }
            emit(reports, json: settings.json)
            return status
        }
    }

    struct Settings {
        var window: Double
        var hop: Double
        var band: ClosedRange<Double>?
        var json: Bool
        var reading: RecordingReadOptions
    }

    /// What the command prints for one file (also its JSON schema).
    struct Report: Encodable {
        struct Row: Encodable {
            var start: Double
            var end: Double
            var frequencyHz: Double?
            var prominence: Double?
            var label: String?
        }
        var file: String
        var sampleRateHz: Double
        var windowSamples: Int
        var hopSamples: Int
        var bandHz: [Double]?
        var uncoveredTrailingRows: Int
        var windows: [Row]
    }

    static func analyze(_ recording: Recording, settings: Settings) throws(LocomotionError) -> Report {
        let timeline = try recording.dominantFrequencyTimeline(
            windowDuration: settings.window, hop: settings.hop, band: settings.band)
        return Report(
            file: recording.source, sampleRateHz: timeline.sampleRate, windowSamples: timeline.windowLength,
            hopSamples: timeline.hopLength, bandHz: settings.band.map { [$0.lowerBound, $0.upperBound] },
            uncoveredTrailingRows: timeline.uncoveredTrailingRows,
            windows: timeline.windows.map { window in
                Report.Row(
                    start: window.start, end: window.end, frequencyHz: window.dominant?.frequency,
                    prominence: window.dominant?.prominence,
                    label: window.majorityLabel)
            })
    }

    static func emit(_ reports: [Report], json: Bool) {
        if json {
            CommandSupport.printJSON(reports)
            return
        }
        for report in reports {
            let band = report.bandHz.map { String(format: "%.2f–%.2f Hz", $0[0], $0[1]) } ?? "all frequencies"
            print("\(report.file)")
            print(
                String(
                    format: "  %.1f Hz, windows of %ld samples every %ld, peak searched in %@", report.sampleRateHz,
                    report.windowSamples, report.hopSamples, band))
            let hasLabels = report.windows.contains { $0.label != nil }
            print("  start (s)    end (s)   dominant (Hz)   prominence" + (hasLabels ? "   label" : ""))
            for row in report.windows {
                let frequency = row.frequencyHz.map { String(format: "%13.3f", $0) } ?? "      no peak"
                let prominence =
                    row.prominence.map { String(format: "%12.1f", $0) } ?? String(repeating: " ", count: 12)
                print(
                    String(format: "  %9.2f  %9.2f  ", row.start, row.end) + frequency + "  " + prominence
                        + (row.label.map { "   " + $0 } ?? ""))
            }
            if report.uncoveredTrailingRows > 0 {
                print("  (\(report.uncoveredTrailingRows) trailing rows form no whole window and were not analyzed)")
            }
        }
    }
}
