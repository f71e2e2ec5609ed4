import Foundation
import Locomotion

/// `locomotion evaluate-steps RECORDING ...`: step detection against a reference.
@_spi(Testing) public enum EvaluateStepsCommand {
    static let summary = """
        usage: locomotion evaluate-steps RECORDING [--reference STEPS.csv [--bouts BOUTS.csv] [--tolerance S]]
                                         [--still-labels CODES] [--walking-labels CODES] [--vehicle]
                                         [--json] [reading options]

        Compares the detected steps of RECORDING with a reference. At least one mode is needed.
        """

    static let options: [Option] =
        [
            .option(
                "reference", "STEPS.csv", .text(default: nil),
                "reference step (initial contact) times: the column ic_time_s, time_s\nor t_s, else the first column; empty or NaN cells are steps without\na time (counted in the total, not matched)"
            ),
            .option(
                "reference-column", "NAME", .text(default: nil), "read the reference times from column NAME instead"),
            .option(
                "bouts", "BOUTS.csv", .text(default: nil),
                "only judge inside these reference walking bouts (columns start_s,\nend_s), widened by the tolerance on both sides"
            ),
            .option(
                "tolerance", "S", .seconds(default: 0.25),
                "the largest |detected - reference| of a match; matching is\none-to-one, nearest pairs first"),
            .option(
                "still-labels", "CODES", .text(default: nil),
                "false steps per minute during rows with these labels (comma\nseparated; UCI HAPT sitting, standing, lying: 4,5,6)"
            ),
            .option(
                "walking-labels", "CODES", .text(default: nil),
                "the share of feature windows inside runs of these labels (UCI HAPT\nwalking: 1) whose cadence lies in 1.2-2.5 steps/s"
            ),
            .flag("vehicle", "the whole recording is in a vehicle: every step is false"),
            .flag("json", "print JSON: an array with the recording's record"),
        ] + DetectorOptions.options

    struct Report: Encodable {
        struct Reference: Encodable {
            var matching: StepMatching
            var bouts: Int?
            var precision: Double?
            var recall: Double?
            var f1: Double?
            var countErrorPercent: Double?
        }
        struct Walking: Encodable {
            var windows: Int
            var inRange: Int
            var percentInRange: Double?
        }
        var file: String
        var stepCount: Int
        var reference: Reference?
        var still: LabelledStepRate?
        var walking: Walking?
        var vehicle: LabelledStepRate?
    }

    @_spi(Testing) public static let command = Command(
        name: "evaluate-steps", summary: summary, options: options, sections: [ReadingOptions.section])

    static func run(_ arguments: [String]) -> Int32 {
        command.run(arguments) { (parsed) throws(UsageError) in
            guard parsed.positional.count == 1 else {
                throw UsageError(message: "evaluate-steps needs exactly one RECORDING")
            }
            guard
                parsed.value("reference") != nil || parsed.value("still-labels") != nil
                    || parsed.value("walking-labels") != nil || parsed.flag("vehicle")
            else {
                throw UsageError(message: "give --reference, --still-labels, --walking-labels or --vehicle")
            }
            if parsed.value("bouts") != nil, parsed.value("reference") == nil {
                throw UsageError(message: "--bouts needs --reference")
            }
            for option in ["still-labels", "walking-labels"] {
                // An empty set would score nothing and still exit 0.
                if let labels = labelSet(parsed.value(option)), labels.isEmpty {
                    throw UsageError(message: "--\(option) takes one or more comma-separated labels, not an empty list")
                }
            }
            return (
                tolerance: parsed.number("tolerance")!, reading: try ReadingOptions.parse(parsed),
                configuration: try DetectorOptions.parse(parsed)
            )
        } body: { parsed, settings in
            do {
                let report = try evaluate(
                    parsed, tolerance: settings.tolerance, reading: settings.reading,
                    configuration: settings.configuration)
                emit(report, json: parsed.flag("json"))
                return ExitStatus.success
            } catch {
                return command.fail("\(error)")
            }
        }
    }

    static func labelSet(_ text: String?) -> Set<String>? {
        text.map {
            Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
    }

    static func evaluate(
        _ parsed: Arguments, tolerance: Double, reading: RecordingReadOptions, configuration: StepDetectorConfiguration
    ) throws(LocomotionError) -> Report {
        let recording = try ReadingOptions.load(path: parsed.positional[0], options: reading).recording
        let detection = try recording.detectSteps(configuration: configuration)
        var report = Report(file: recording.source, stepCount: detection.count)
        if let path = parsed.value("reference") {
            let names = parsed.value("reference-column").map { [$0] } ?? ["ic_time_s", "time_s", "t_s", "time"]
            let reference = try ReferenceTable(path: path).column(
                names, fallback: parsed.value("reference-column") == nil)
            for note in PlausibilityChecker.referenceTimeNotes(reference, source: path) {
                printError("locomotion evaluate-steps: note: \(note)")
            }
            let detected = detection.steps.map(\.time)
            let matching: StepMatching
            var boutCount: Int?
            if let boutsPath = parsed.value("bouts") {
                let table = try ReferenceTable(path: boutsPath)
                for note in PlausibilityChecker.boutNotes(try table.bouts(widenedBy: 0), source: boutsPath) {
                    printError("locomotion evaluate-steps: note: \(note)")
                }
                let bouts = try table.bouts(widenedBy: tolerance)
                boutCount = bouts.count
                matching = StepMatching(
                    detected: detected, reference: reference, insideBouts: bouts, tolerance: tolerance)
            } else {
                matching = StepMatching(detected: detected, reference: reference, tolerance: tolerance)
            }
            report.reference = Report.Reference(
                matching: matching, bouts: boutCount, precision: matching.precision, recall: matching.recall,
                f1: matching.f1, countErrorPercent: matching.countError.map { $0 * 100 })
        }
        for option in ["still-labels", "walking-labels"] {
            // Codes that match no row (say 4,5,6 after --labels hapt turned them into names)
            // score nothing: say so on standard error, with the labels the file has.
            guard let labels = labelSet(parsed.value(option)) else { continue }
            let present = Set(recording.labels ?? [])
            if !labels.contains(where: present.contains) {
                printError(
                    "locomotion evaluate-steps: note: \(recording.source): no row carries --\(option) "
                        + "\(labels.sorted().joined(separator: ",")); its labels are "
                        + (present.isEmpty ? "none" : present.sorted().prefix(12).joined(separator: ", ")))
            }
        }
        if let labels = labelSet(parsed.value("still-labels")) {
            report.still = detection.rate(in: recording, labels: labels)
        }
        if let labels = labelSet(parsed.value("walking-labels")) {
            let count = detection.cadenceRangeCount(in: recording, labels: labels)
            report.walking = Report.Walking(
                windows: count.windows, inRange: count.inRange,
                percentInRange: count.windows == 0 ? nil : 100 * Double(count.inRange) / Double(count.windows))
        }
        if parsed.flag("vehicle") {
            report.vehicle = LabelledStepRate(labels: ["vehicle"], duration: recording.duration, steps: detection.count)
        }
        return report
    }

    static func emit(_ report: Report, json: Bool) {
        if json {
            CommandSupport.printJSON([report])  // an array of per-file records, as every per-file command
            return
        }
        func percent(_ value: Double?) -> String { value.map { String(format: "%.1f %%", $0 * 100) } ?? "n/a" }
        print("\(report.file): \(report.stepCount) steps detected")
        if let reference = report.reference {
            let m = reference.matching
            let scope = reference.bouts.map { " inside \($0) reference bouts" } ?? ""
            print(
                "  reference\(scope): \(m.referenceCount) steps (\(m.timedReferenceCount) timed), detected \(m.detectedCount), "
                    + "count error \(reference.countErrorPercent.map { String(format: "%+.1f %%", $0) } ?? "n/a")")
            print(
                String(format: "  within ±%.2f s: ", m.tolerance)
                    + "TP \(m.truePositives), FP \(m.falsePositives), FN \(m.falseNegatives); precision "
                    + "\(percent(m.precision)), recall \(percent(m.recall)), F1 \(percent(m.f1)), mean offset "
                    + (m.meanOffset.map { String(format: "%+.3f s", $0) } ?? "n/a"))
        }
        for (name, rate) in [("still", report.still), ("vehicle", report.vehicle)] {
            guard let rate else { continue }
            print(
                String(
                    format: "  %@ (%@): %.1f min, %d steps, ", name, rate.labels.joined(separator: ","),
                    rate.duration / 60, rate.steps)
                    + (rate.stepsPerMinute.map { String(format: "%.2f false steps/min", $0) } ?? "n/a"))
        }
        if let walking = report.walking {
            print(
                "  walking: \(walking.inRange) of \(walking.windows) windows with cadence in 1.2-2.5 steps/s ("
                    + (walking.percentInRange.map { String(format: "%.1f %%", $0) } ?? "n/a") + ")")
        }
    }
}
