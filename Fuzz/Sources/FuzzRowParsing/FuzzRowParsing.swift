import Foundation
import FuzzSupport
import Locomotion

// Row and decimal parsing alone, from memory (no file, one read per input, so it is the cheapest
// reader target): the first byte picks a header and the mode, the rest are the rows under it.
// Beyond "no crash" it checks:
// - every error is a LocomotionError naming the source and, for a bad cell, its line;
// - rows: times finite and never going backwards, as many rows as the report says;
// - lenient: every line after the header is a row, a blank line or a counted skip;
// - the plausibility checker runs on what was read.

let headers = [
    "t,ax,ay,az", "time_s,acc_x_g,acc_y_g,acc_z_g,gyr_x_rad_s,gyr_y_rad_s,gyr_z_rad_s",
    "t,ax,ay,az,speed,speed_accuracy,cadence,steps,label", "timestamp,acc_x_m_s2,acc_y_m_s2,acc_z_m_s2",
]
let source = "rows.csv"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let mode = input.byte()
    let rows = String(decoding: input.remaining, as: UTF8.self)
    let header = headers[Int(mode >> 1) % headers.count]
    let options = RecordingReadOptions(lenient: mode & 1 != 0)
    let stream: RecordingStream
    do {
        stream = try RecordingStream(text: header + "\n" + rows, source: source, options: options)
    } catch {
        require(error.description.contains(source), "the error does not name the source: \(error)")
        return 0
    }
    do {
        let recording = try stream.readAll()
        checkRecording(recording, path: source)
        require(recording.count == stream.report.rowsRead, "\(recording.count) rows, report \(stream.report)")
        if options.lenient {
            let bytes = Array((header + "\n" + rows).utf8)
            let lines =
                bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count - (bytes.last == 0x0A ? 1 : 0)
            let report = stream.report
            require(
                report.rowsRead + report.blankLines + report.skippedRowCount == lines - 1,
                "\(lines) lines but \(report.rowsRead) rows, \(report.blankLines) blank, \(report.skippedRowCount) skipped"
            )
        }
    } catch {
        require(error.description.contains(source), "the error does not name the source: \(error)")
    }
    return 0
}
