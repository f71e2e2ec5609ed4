import Foundation
import Locomotion

/// `locomotion steps FILE...`: step count, mean cadence and a cadence timeline (with the
/// autocorrelation cadence and step regularity) per file.
@_spi(Testing) public enum StepsCommand {
    static let summary = """
        usage: locomotion steps FILE... [--window S] [--hop S] [--json] [reading options]

        Detects steps in the acceleration magnitude and prints the step count, the mean cadence
        while walking and, per window, the cadence of the detected steps, the autocorrelation
        cadence and the step regularity.
        """

    static let options: [Option] =
        [
            .option(
                "window", "S", .seconds(default: SharedOptions.features.windowDuration),
                "cadence window length in seconds (at least 4 samples)"),
            SharedOptions.hop,
            .flag("json", "print JSON, including the time of every step"),
        ] + DetectorOptions.options

    /// What the command prints for one file (also its JSON schema).
    struct Report: Encodable {
        var file: String
        var sampleRateHz: Double
        var segments: Int
        var stepCount: Int
        var meanCadenceStepsPerSecond: Double?
        var stepTimes: StreamedArray<Double>
        var windows: StreamedArray<StepDetection.CadenceWindow>
    }

    @_spi(Testing) public static let command = Command(
        name: "steps", summary: summary, options: options, sections: [ReadingOptions.section])

    static func run(_ arguments: [String]) -> Int32 {
        command.run(arguments) { (parsed) throws(UsageError) in
            guard !parsed.positional.isEmpty else { throw UsageError(message: "steps needs at least one FILE") }
            return (
                window: parsed.number("window")!, hop: parsed.number("hop")!,
                reading: try ReadingOptions.parse(parsed), configuration: try DetectorOptions.parse(parsed)
            )
        } body: { parsed, settings in
            let (status, reports) = CommandSupport.analyzeFiles(
                parsed.positional, command: command, reading: settings.reading
            ) { (recording) throws(LocomotionError) in
                try analyze(
                    recording, window: settings.window, hop: settings.hop, configuration: settings.configuration)
            }
            emit(reports, json: parsed.flag("json"))
            return status
        }
    }

    static func analyze(
        _ recording: Recording, window: Double = SharedOptions.features.windowDuration,
        hop: Double = SharedOptions.features.hop,
        configuration: StepDetectorConfiguration = .init()
    ) throws(LocomotionError) -> Report {
        let detection = try recording.detectSteps(configuration: configuration)
        // The cadence windows follow the feature windows' rules (at least 4 samples, a hop of at
        // least one), so `--window 1e-9` is refused instead of giving windows of no time.
        _ = try FeatureConfiguration(windowDuration: window, hop: hop).lengths(sampleRate: detection.sampleRate)
        return Report(
            file: recording.source, sampleRateHz: detection.sampleRate, segments: detection.segments.count,
            stepCount: detection.count, meanCadenceStepsPerSecond: detection.meanCadence(),
            stepTimes: StreamedArray(detection.steps.map(\.time)),
            windows: StreamedArray(recording.cadenceTimeline(of: detection, windowDuration: window, hop: hop)))
    }

    static func emit(_ reports: [Report], json: Bool) {
        if json {
            CommandSupport.writeJSON(reports) { print($0, terminator: "") }  // a batch of steps at a time
            return
        }
        for report in reports {
            print(report.file)
            let cadence = report.meanCadenceStepsPerSecond.map {
                String(format: "%.2f steps/s (%.0f steps/min)", $0, $0 * 60)
            }
            print(
                String(format: "  %.1f Hz, %d segment(s): ", report.sampleRateHz, report.segments)
                    + "\(report.stepCount) steps, mean cadence while walking \(cadence ?? "n/a")")
            print("  start (s)    end (s)   steps   cadence (steps/s)   autocorrelation (steps/s)   regularity")
            func column(_ value: Double?, _ width: Int) -> String {
                value.map { String(format: "%\(width).2f", $0) } ?? String(repeating: " ", count: width)
            }
            for index in 0..<report.windows.count {
                let row = report.windows.element(index)
                print(
                    String(format: "  %9.2f  %9.2f   %5d   ", row.start, row.end, row.stepCount)
                        + column(row.cadence, 17) + "   " + column(row.autocorrelationCadence, 25) + "   "
                        + column(row.stepRegularity, 10))
            }
        }
    }
}
