import Foundation
import Locomotion

/// `locomotion speed FILE...`: raw and smoothed GPS speed per fix, and the fixes rejected as spikes.
@_spi(Testing) public enum SpeedCommand {
    static let summary = """
        usage: locomotion speed FILE... [--forward] [--spike M/S] [--motion-model M] [--process-noise Q]
                                [--noise-per-speed Q] [--json | --csv] [reading options]

        Smooths the GPS speed of each file with the recommended Kalman smoother (forward filter,
        then a Rauch–Tung–Striebel pass) and prints every fix: time, raw and smoothed speed (m/s),
        the estimate's standard deviation, and what the filter did with the fix. Rejected spikes
        are listed again under the table, with a summary.
        """

    /// `--motion-model M`: the Kalman filter's state model (once `--model`, which now names a
    /// model file everywhere).
    static let motionModel = Option.option(
        "motion-model", "M", .choice(["random-walk", "constant-velocity"], default: "random-walk"),
        "the state model (random-walk is the recommended one)")

    static let options: [Option] = [
        .flag("forward", "the causal forward filter only (what a live app would see)"),
        .option(
            "spike", "M/S", .positiveNumber(unit: "m/s", default: 2),
            "the jump that counts as an isolated spike in the summary"),
        motionModel, .deprecated("model", for: motionModel),
        .option(
            "process-noise", "Q", .text(default: nil),
            "the process-noise intensity at standstill (SpeedKalmanFilter.Configuration;\nthe default depends on the model)"
        ),
        .option("noise-per-speed", "Q", .text(default: nil), "its growth per m/s (the default depends on the model)"),
        .flag("json", "print JSON instead of text"),
        .flag("csv", "print one CSV row per fix instead of text"),
    ]

    /// One file's fixes, results and summary (also the JSON schema).
    struct Report: Encodable {
        struct Fix: Encodable {
            var time: Double
            var rawSpeed: Double?
            var speed: Double?
            var standardDeviation: Double?
            var status: String
            var innovationSigmas: Double?
            /// What the filter did, typed (not encoded: `status` names it).
            var outcome: SmoothedSpeed.Status

            private enum CodingKeys: String, CodingKey {
                case time, rawSpeed, speed, standardDeviation, status, innovationSigmas
            }
        }
        struct Summary: Encodable {
            var fixes: Int
            var validFixes: Int
            var accepted: Int
            var acceptedNoisy: Int
            var rejectedSpikes: Int
            var reinitializations: Int
            var invalid: Int
            var outOfOrder: Int
            var duplicateTimes: Int
            var largestRawSpeed: Double?
            var largestSmoothedSpeed: Double?
            var smallestSmoothedSpeed: Double?
            var rawSpikes: Int
            var smoothedSpikes: Int
            var spikeThreshold: Double
            var meanRawSpeed: Double?
            var meanSmoothedSpeed: Double?
            var rootMeanSquareAdjustment: Double?
        }
        var file: String
        var method: String
        var summary: Summary
        var fixes: [Fix]
    }

    @_spi(Testing) public static let command = Command(
        name: "speed", summary: summary, options: options, sections: [ReadingOptions.section])

    static func run(_ arguments: [String]) -> Int32 {
        command.run(arguments) { (parsed) throws(UsageError) in
            guard !parsed.positional.isEmpty else { throw UsageError(message: "speed needs at least one FILE") }
            guard !(parsed.flag("json") && parsed.flag("csv")) else {
                throw UsageError(message: "--json and --csv cannot be combined")
            }
            return (
                options: try ReadingOptions.parse(parsed),
                spike: parsed.number("spike")!,
                configuration: try Self.configuration(parsed)
            )
        } body: { parsed, settings in
            run(parsed, options: settings.options, spike: settings.spike, configuration: settings.configuration)
        }
    }

    static func run(
        _ parsed: Arguments, options: RecordingReadOptions, spike: Double,
        configuration: SpeedKalmanFilter.Configuration
    ) -> Int32 {
        let forward = parsed.flag("forward")
        let (status, reports) = CommandSupport.analyzeFiles(parsed.positional, command: command, reading: options) {
            (recording) throws(LocomotionError) in
            let fixes = try recording.locationFixes(requireSpeedColumn: true)
            let smoother = SpeedSmoother(configuration: configuration)
            let results = forward ? smoother.filter(fixes) : smoother.smooth(fixes)
            return try report(
                path: recording.source, results: results, method: forward ? "forward" : "smoothed", spike: spike)
        }
        if parsed.flag("json") {
            CommandSupport.printJSON(reports)
        } else if parsed.flag("csv") {
            print(csv(reports), terminator: "")
        } else {
            reports.forEach(printText)
        }
        return status
    }

    static func report(path: String, results: [SmoothedSpeed], method: String, spike: Double) throws(LocomotionError)
        -> Report
    {
        let summary = try SpeedSmoothingReport(results: results, spikeThreshold: spike)
        let counts = summary.counts
        return Report(
            file: path, method: method,
            summary: .init(
                fixes: summary.fixCount, validFixes: summary.validFixCount,
                accepted: counts.initialized + counts.accepted, acceptedNoisy: counts.acceptedNoisy,
                rejectedSpikes: counts.rejectedSpikes, reinitializations: counts.reinitializations,
                invalid: counts.invalid, outOfOrder: counts.outOfOrder, duplicateTimes: counts.duplicateTimes,
                largestRawSpeed: summary.largestRawSpeed, largestSmoothedSpeed: summary.largestSmoothedSpeed,
                smallestSmoothedSpeed: summary.smallestSmoothedSpeed, rawSpikes: summary.rawSpikeCount,
                smoothedSpikes: summary.smoothedSpikeCount, spikeThreshold: spike, meanRawSpeed: summary.meanRawSpeed,
                meanSmoothedSpeed: summary.meanSmoothedSpeed,
                rootMeanSquareAdjustment: summary.rootMeanSquareAdjustment),
            fixes: results.map {
                Report.Fix(
                    time: $0.time, rawSpeed: $0.rawSpeed, speed: $0.speed, standardDeviation: $0.standardDeviation,
                    status: $0.status.name, innovationSigmas: $0.status.innovationSigmas,
                    outcome: $0.status)
            })
    }

    /// The filter's configuration from `--model`, `--process-noise` and `--noise-per-speed`.
    @_spi(Testing) public static func configuration(_ parsed: Arguments) throws(UsageError)
        -> SpeedKalmanFilter.Configuration
    {
        guard parsed.value("motion-model") == nil || parsed.value("model") == nil else {
            throw UsageError(message: "--model is the old name of --motion-model; give one of them")
        }
        if parsed.value("model") != nil {
            printError(
                "locomotion speed: note: --model M is deprecated; use --motion-model M (--model names a model file elsewhere)"
            )
        }
        let model: SpeedKalmanFilter.Configuration.Model =
            (parsed.value("model") ?? parsed.text("motion-model")) == "constant-velocity"
            ? .constantVelocity : .randomWalk
        func number(_ name: String) throws(UsageError) -> Double? {
            guard let text = parsed.value(name) else { return nil }
            guard let value = Double(text) else { throw UsageError(message: "--\(name) takes a number, not '\(text)'") }
            return value
        }
        do {
            return try SpeedKalmanFilter.Configuration(
                model: model, processNoise: number("process-noise"), processNoisePerSpeed: number("noise-per-speed"))
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError(message: "\(error)")
        }
    }

    static func printText(_ report: Report) {
        func number(_ value: Double?, _ width: Int, _ decimals: Int) -> String {
            guard let value else { return String(repeating: " ", count: width - 1) + "–" }
            // Fixed decimals up to a billion; beyond (a damaged file's 1e300 m/s), an exponent.
            return String(format: abs(value) < 1e9 ? "%\(width).\(decimals)f" : "%\(width).\(decimals)e", value)
        }
        print("\(report.file) (\(report.method))")
        print("      time (s)   raw (m/s)   smoothed (m/s)   sd (m/s)   status")
        for fix in report.fixes {
            // A 1e300 m/s fix is as many standard deviations: an exponent beyond a billion.
            let sigmas =
                fix.innovationSigmas.map { String(format: abs($0) < 1e9 ? " (%+.1f σ)" : " (%+.1e σ)", $0) } ?? ""
            print(
                "  \(number(fix.time, 12, 3))  \(number(fix.rawSpeed, 10, 3))  \(number(fix.speed, 15, 3))  "
                    + "\(number(fix.standardDeviation, 9, 3))   \(fix.status)\(sigmas)")
        }
        let rejected = report.fixes.filter {
            if case .rejectedSpike = $0.outcome { true } else { false }
        }
        let summary = report.summary
        print(
            "  fixes \(summary.fixes) (valid \(summary.validFixes)): accepted \(summary.accepted), noisy \(summary.acceptedNoisy), "
                + "rejected spikes \(summary.rejectedSpikes), re-initialised \(summary.reinitializations), "
                + "invalid \(summary.invalid), out of order \(summary.outOfOrder), duplicate times \(summary.duplicateTimes)"
        )
        print(
            "  largest raw \(number(summary.largestRawSpeed, 1, 3)) m/s, smoothed range "
                + "\(number(summary.smallestSmoothedSpeed, 1, 3))–\(number(summary.largestSmoothedSpeed, 1, 3)) m/s; "
                + "isolated spikes over \(summary.spikeThreshold) m/s: raw \(summary.rawSpikes), smoothed \(summary.smoothedSpikes)"
        )
        print(
            "  mean raw \(number(summary.meanRawSpeed, 1, 3)) m/s, mean smoothed "
                + "\(number(summary.meanSmoothedSpeed, 1, 3)) m/s, RMS change \(number(summary.rootMeanSquareAdjustment, 1, 3)) m/s"
        )
        if !rejected.isEmpty {
            print(
                "  rejected as spikes: "
                    + rejected.map { "\(number($0.time, 1, 3)) s (\(number($0.rawSpeed ?? .nan, 1, 2)) m/s)" }.joined(
                        separator: ", "))
        }
    }

    /// One CSV record per fix, after a header.
    static func csv(_ reports: [Report]) -> String {
        var text = CSVQuoting.record([
            "file", "time_s", "raw_speed_m_s", "speed_m_s", "standard_deviation_m_s", "status", "innovation_sigmas",
        ])
        func cell(_ value: Double?) -> String { value.map { "\($0)" } ?? "" }
        for report in reports {
            for fix in report.fixes {
                text += CSVQuoting.record([
                    report.file, cell(fix.time), cell(fix.rawSpeed), cell(fix.speed), cell(fix.standardDeviation),
                    fix.status, cell(fix.innovationSigmas),
                ])
            }
        }
        return text
    }
}
