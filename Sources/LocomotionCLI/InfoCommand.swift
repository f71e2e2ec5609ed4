import Foundation
import Locomotion

/// `locomotion info FILE...`: what is in a recording and how regularly it was sampled.
@_spi(Testing) public enum InfoCommand {
    static let summary = """
        usage: locomotion info FILE... [--gap S] [--group HEADER] [--json] [reading options]

        Prints, per file: duration, rows, estimated sample rate and jitter, columns and their
        mapping, gaps, GPS fixes and the valid fraction, labels, and rows skipped by reason.
        """

    @_spi(Testing) public static let command = Command(
        name: "info", summary: summary,
        options: [
            .option(
                "gap", "S", .seconds(default: nil), "intervals longer than S seconds are gaps",
                shownDefault: "5 median intervals"),
            .flag("json", "print JSON instead of text"),
        ], sections: [ReadingOptions.sectionWithGroups])

    static func run(_ arguments: [String]) -> Int32 {
        command.run(arguments) { (parsed) throws(UsageError) in
            guard !parsed.positional.isEmpty else { throw UsageError(message: "info needs at least one FILE") }
            return (
                // info describes the file as written unless --resample asks otherwise.
                options: try ReadingOptions.parse(parsed, resampling: .asRecorded),
                gap: parsed.number("gap")
            )
        } body: { parsed, settings in
            run(parsed, options: settings.options, gap: settings.gap)
        }
    }

    static func run(_ parsed: Arguments, options: RecordingReadOptions, gap: Double?) -> Int32 {
        var status = ExitStatus.success
        var summaries: [RecordingSummary] = []
        for path in parsed.positional {
            do {
                if options.groupColumn != nil {
                    let read = try ReadingOptions.loadGroups(path: path, options: options)
                    let groups = read.groups.map {
                        RecordingSummary(
                            LoadedRecording(
                                recording: $0.recording, layout: read.layout, report: RecordingReadReport()),
                            maximumGap: gap, group: $0.name
                        ).inCommandLineWording
                    }
                    summaries += groups
                    if !parsed.flag("json") { printGroups(path: path, groups, report: read.report) }
                } else {
                    let imported = try ReadingOptions.load(path: path, options: options, notes: false)
                    var summary = RecordingSummary(imported.loaded, maximumGap: gap).inCommandLineWording
                    if let resampling = imported.resampling { summary.notes.insert(resampling.summary, at: 0) }
                    summaries.append(summary)
                    if !parsed.flag("json") {
                        printText(summary)
                        printImport(imported)
                    }
                }
            } catch {
                status = command.fail(CommandSupport.message(error, path: path))
            }
        }
        if parsed.flag("json") { printJSON(summaries) }
        return status
    }

    static func printText(_ summary: RecordingSummary) {
        print(summary.source)
        print(String(format: "  rows            %d over %.3f s", summary.rows, summary.duration))
        if let sampling = summary.sampling {
            print(
                String(
                    format: "  sample rate     %.3f Hz (median interval %.6f s, jitter %.6f s, range %.6f–%.3f s)",
                    sampling.sampleRate, sampling.medianInterval, sampling.jitter, sampling.minimumInterval,
                    sampling.maximumInterval))
            if sampling.duplicateTimestamps > 0 {
                print("  duplicates      \(sampling.duplicateTimestamps) rows share the previous row's timestamp")
            }
            print(String(format: "  gaps            %d longer than %.3f s", sampling.gaps.count, sampling.maximumGap))
            for gap in sampling.gaps.prefix(10) {
                print(
                    String(
                        format: "                  %.3f s → %.3f s (%.3f s), before row %d", gap.start, gap.end,
                        gap.duration, gap.row))
            }
            if sampling.gaps.count > 10 {
                print("                  … and \(sampling.gaps.count - 10) more (--json lists all)")
            }
        } else {
            print("  sample rate     unknown (fewer than two distinct timestamps)")
        }
        print("  columns")
        for column in summary.columns {
            let conversion = column.fileUnit == column.unit ? column.unit : "\(column.fileUnit) → \(column.unit)"
            let unit = conversion.isEmpty ? "" : " [\(conversion)]"
            print(
                "    \(column.quantity.padding(toLength: 20, withPad: " ", startingAt: 0)) \(column.header)\(unit)")
        }
        if !summary.extraColumns.isEmpty {
            print("    kept as extra:       \(summary.extraColumns.joined(separator: ", "))")
        }
        for note in summary.notes { print("  note: \(note)") }
        if let fixes = summary.fixes {
            print(String(format: "  GPS fixes       %d, %.1f %% valid", fixes.count, 100 * fixes.validFraction))
        }
        if let labels = summary.labelCounts {
            print("  labels          " + labels.map { "\($0.label): \($0.rows)" }.joined(separator: ", "))
        }
        if summary.blankLines > 0 { print("  blank lines     \(summary.blankLines) (ignored)") }
        if summary.skippedRows.isEmpty {
            print("  skipped rows    0")
        } else {
            let total = summary.skippedRows.values.reduce(0, +)
            let reasons = summary.skippedRows.sorted { $0.key < $1.key }.map { reason, count in
                "\(RowProblem(rawValue: reason)?.summary ?? reason): \(count) (first at line \(summary.firstSkippedLine[reason] ?? 0))"
            }
            print("  skipped rows    \(total): \(reasons.joined(separator: "; "))")
        }
    }

    /// One line per group, then the file's totals.
    static func printGroups(path: String, _ groups: [RecordingSummary], report: RecordingReadReport) {
        print("\(path): \(groups.count) groups")
        print("  group                rows   duration (s)   rate (Hz)   labels")
        for group in groups {
            let rate = group.sampling.map { String(format: "%9.3f", $0.sampleRate) } ?? "        –"
            let labels = group.labelCounts?.map { "\($0.label): \($0.rows)" }.joined(separator: ", ") ?? ""
            print(
                "  \((group.group ?? "").padding(toLength: 16, withPad: " ", startingAt: 0))"
                    + String(format: " %8d   %12.3f   ", group.rows, group.duration) + rate + "   " + labels)
        }
        let skipped = report.skippedRows.sorted { $0.key < $1.key }.map { "\($0.key.summary): \($0.value)" }
        print(
            "  rows read \(report.rowsRead), skipped \(report.skippedRowCount)"
                + (skipped.isEmpty ? "" : " (\(skipped.joined(separator: "; ")))"))
    }

    static func printJSON(_ summaries: [RecordingSummary]) {
        CommandSupport.printJSON(summaries)
    }
}

extension RecordingSummary {
    /// The summary with its notes in the command line's terms (``commandLineWording(_:)``), for
    /// the text and the JSON alike.
    fileprivate var inCommandLineWording: RecordingSummary {
        var summary = self
        summary.notes = notes.map(commandLineWording)
        return summary
    }
}
