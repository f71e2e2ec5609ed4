import Foundation
import Locomotion

extension InfoCommand {
    /// The format a recording was read in and, for an app's export, its files and what merging
    /// them onto one time base left out (resampling is among the summary's notes).
    static func printImport(_ imported: ImportedRecording) {
        var format = imported.format.displayName
        if let platform = imported.platform { format += " (\(platform))" }
        print("  format          \(format)")
        if let start = imported.startEpochSeconds {
            print("  started         \(CalendarText.iso8601(epochSeconds: start)) (time 0 of the recording's clock)")
        }
        guard imported.format != .csv else { return }
        for file in imported.files {
            let skipped = file.report.skippedRowCount
            print(
                "  file            \(file.path): \(file.role), \(file.report.rowsRead) rows"
                    + (skipped > 0 ? ", \(skipped) skipped" : ""))
        }
        let merge = imported.merge
        if let primary = merge.primary { print("  time base       \(primary)") }
        if merge.rowsOutsideCommonSpan > 0 {
            print("  left out        \(merge.rowsOutsideCommonSpan) rows outside the span every motion stream covers")
        }
        for (stream, count) in merge.eventsAfterLastRow.sorted(by: { $0.key < $1.key }) {
            print("  left out        \(count) events of \(stream) after the last row")
        }
        if merge.hiddenLabels > 0 {
            print("  left out        \(merge.hiddenLabels) labels replaced before any row showed them")
        }
        for (stream, count) in merge.rowsBridgingGaps.sorted(by: { $0.key < $1.key }) {
            print("  interpolated    \(count) rows across gaps longer than 1 s in \(stream)")
        }
        if merge.largestEventShift > 0 {
            print(
                String(format: "  event shift     at most %.3f s between an event and its row", merge.largestEventShift)
            )
        }
        for note in imported.notes where note != imported.resampling?.summary { print("  note            \(note)") }
    }
}
