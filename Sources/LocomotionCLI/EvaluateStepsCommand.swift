import Foundation
import Locomotion

/// `locomotion evaluate-steps RECORDING ...`: step detection against a reference.
enum EvaluateStepsCommand {
    static let usage = """
        usage: locomotion evaluate-steps RECORDING [--reference STEPS.csv [--bouts BOUTS.csv] [--tolerance S]]
                                         [--still-labels CODES] [--walking-labels CODES] [--vehicle]
                                         [--json] [reading options]

        Compares the detected steps of RECORDING with a reference. At least one mode is needed.
          --reference STEPS.csv  reference step (initial contact) times: the column ic_time_s, time_s
                                 or t_s, else the first column; empty or NaN cells are steps without
                                 a time (counted in the total, not matched)
          --reference-column NAME
                                 read the reference times from column NAME instead
          --bouts BOUTS.csv      only judge inside these reference walking bouts (columns start_s,
                                 end_s), widened by the tolerance on both sides
          --tolerance S          the largest |detected - reference| of a match (default 0.25 s);
                                 matching is one-to-one, nearest pairs first
          --still-labels CODES   false steps per minute during rows with these labels (comma
                                 separated; UCI HAPT sitting, standing, lying: 4,5,6)
          --walking-labels CODES the share of 2.56 s windows inside runs of these labels (UCI HAPT
                                 walking: 1) whose cadence lies in 1.2-2.5 steps/s
          --vehicle              the whole recording is in a vehicle: every step is false
          --json                 print JSON
        \(DetectorOptions.usage)

        reading options:
        \(ReadingOptions.usage)
        """

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

    static func run(_ arguments: [String]) -> Int32 {
        let parsed: Arguments
        let tolerance: Double
        let reading: RecordingReadOptions
        let configuration: StepDetectorConfiguration
        do throws(UsageError) {
            parsed = try Arguments(
                arguments,
                options: ReadingOptions.names.union([
                    "reference", "reference-column", "bouts", "tolerance", "still-labels", "walking-labels",
                ]).union(DetectorOptions.names),
                flags: ReadingOptions.flags.union(["json", "help", "vehicle"]))
            if parsed.flag("help") {
                print(usage)
                return 0
            }
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
            tolerance = try parsed.seconds("tolerance", default: 0.25)
            reading = try ReadingOptions.parse(parsed)
            configuration = try DetectorOptions.parse(parsed)
        } catch {
            printError("locomotion evaluate-steps: \(error.message)\n\n\(usage)")
            return 2
        }
        do {
            let report = try evaluate(parsed, tolerance: tolerance, reading: reading, configuration: configuration)
            emit(report, json: parsed.flag("json"))
            return 0
        } catch {
            printError("locomotion evaluate-steps: \(error)")
            return 1
        }
    }

    static func labelSet(_ text: String?) -> Set<String>? {
        text.map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }
    }

    static func evaluate(
        _ parsed: Arguments, tolerance: Double, reading: RecordingReadOptions, configuration: StepDetectorConfiguration
    ) throws(LocomotionError) -> Report {
        let recording = try ReadingOptions.load(path: parsed.positional[0], options: reading).recording
        let detection = try recording.detectSteps(configuration: configuration)
        var report = Report(file: recording.source, stepCount: detection.count)
        if let path = parsed.value("reference") {
            let names = parsed.value("reference-column").map { [$0] } ?? ["ic_time_s", "time_s", "t_s", "time"]
            var reference = try ReferenceTable(path: path).column(
                names, fallback: parsed.value("reference-column") == nil)
            var detected = detection.steps.map(\.time)
            var boutCount: Int?
            if let boutsPath = parsed.value("bouts") {
                let table = try ReferenceTable(path: boutsPath)
                let bouts = try table.bouts(widenedBy: tolerance)
                boutCount = bouts.count
                func inside(_ time: Double) -> Bool { bouts.contains { $0.contains(time) } }
                detected = detected.filter(inside)
                reference = reference.filter { $0.isNaN || inside($0) }
            }
            let matching = StepMatching(detected: detected, reference: reference, tolerance: tolerance)
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
            let windows = detection.cadenceWindows(in: recording, labels: labels)
            let inRange = windows.filter { ($0.cadence.map { (1.2...2.5).contains($0) }) ?? false }.count
            report.walking = Report.Walking(
                windows: windows.count, inRange: inRange,
                percentInRange: windows.isEmpty ? nil : 100 * Double(inRange) / Double(windows.count))
        }
        if parsed.flag("vehicle") {
            report.vehicle = LabelledStepRate(labels: ["vehicle"], duration: recording.duration, steps: detection.count)
        }
        return report
    }

    static func emit(_ report: Report, json: Bool) {
        if json {
            CommandSupport.printJSON(report)
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

/// A small CSV table of reference numbers (step times, bouts): a header and numeric cells.
struct ReferenceTable {
    var path: String
    var header: [String]
    var rows: [[String]]
    /// The 1-based line of each row in the file (the header is line 1; blank lines are skipped).
    var lines: [Int]

    /// The whole file as text (invalid UTF-8 replaced, so a bad cell is reported as a cell); an
    /// unreadable path fails with the system's reason ("Is a directory", "Permission denied").
    static func readText(atPath path: String) throws(LocomotionError) -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadableFile(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let received = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard received >= 0 else { throw .unreadableFile(path: path, reason: String(cString: strerror(errno))) }
            guard received > 0 else { break }
            bytes.append(contentsOf: chunk[..<received])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    init(path: String) throws(LocomotionError) {
        let text = try Self.readText(atPath: path)
        let numbered = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
            .filter { !$0.element.allSatisfy(\.isWhitespace) }
        guard let first = numbered.first else {
            throw .tooShort(path: path, rows: 0, required: 1, purpose: "a header")
        }
        func cells(_ line: Substring) -> [String] {
            line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        self.path = path
        header = cells(first.element)
        rows = numbered.dropFirst().map { cells($0.element) }
        lines = numbered.dropFirst().map { $0.offset + 1 }
    }

    /// The bouts of the columns `start_s` and `end_s`, in s, each widened by `tolerance` on both sides.
    ///
    /// - Throws: `LocomotionError.malformedCell` for a bound that is empty or NaN, or a start after its end.
    func bouts(widenedBy tolerance: Double) throws(LocomotionError) -> [ClosedRange<Double>] {
        let starts = try column(["start_s"], fallback: false)
        let ends = try column(["end_s"], fallback: false)
        var bouts: [ClosedRange<Double>] = []
        for (row, (start, end)) in zip(starts, ends).enumerated() {
            guard !start.isNaN, !end.isNaN, start <= end else {
                throw .malformedCell(
                    path: path, line: lines[row], column: "start_s,end_s", value: "\(start),\(end)",
                    expected: "a bout's start and end in seconds, the start not after the end")
            }
            bouts.append((start - tolerance)...(end + tolerance))
        }
        return bouts
    }

    /// The first column named in `names` (else the first column, when `fallback`), as numbers;
    /// empty cells and "nan" are NaN.
    func column(_ names: [String], fallback: Bool = true) throws(LocomotionError) -> [Double] {
        guard let index = names.lazy.compactMap({ header.firstIndex(of: $0) }).first ?? (fallback ? 0 : nil) else {
            throw .missingColumn(path: path, quantity: names.joined(separator: "/"), accepted: names)
        }
        var values: [Double] = []
        for (offset, row) in rows.enumerated() {
            let cell = index < row.count ? row[index] : ""
            if cell.isEmpty || cell.lowercased() == "nan" {
                values.append(.nan)
            } else if let value = Double(cell), value.isFinite {
                values.append(value)
            } else {
                throw .malformedCell(
                    path: path, line: lines[offset], column: header[index], value: cell,
                    expected: "a number of seconds")
            }
        }
        return values
    }
}
