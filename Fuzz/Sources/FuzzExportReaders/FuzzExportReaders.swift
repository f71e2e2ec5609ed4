import Foundation
import FuzzSupport
import Locomotion

// Each phone export reader on one file: the first byte picks the reader (Physics Toolbox,
// phyphox, GPX, Sensor Logger, or detection) and strict or lenient mode; the rest is the file,
// written once to a memory-backed folder and read once. Beyond "no crash" it checks:
// - every error is a LocomotionError with a message;
// - a recording read has finite times that never go backwards, as many rows as its files'
//   reports sum to at most, and notes that are sentences;
// - a forced format that succeeds reports that format.

let formats: [RecordingFormat?] = [.physicsToolbox, .phyphox, .gpx, .sensorLogger, nil]
let extensions = ["csv", "csv", "gpx", "csv", "csv"]
let base = "\(scratchFolder)/locomotion-fuzz-export-\(getpid())"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let mode = input.byte()
    let choice = Int(mode >> 1) % formats.count
    let path = "\(base).\(extensions[choice])"
    writeFile(path, input.remaining)
    var options = RecordingReadOptions(lenient: mode & 1 != 0)
    options.format = formats[choice]
    options.resampling = .asRecorded
    do {
        let imported = try RecordingImporter.read(path: path, options: options)
        // The notes once: the importer's, checked against the recording's own.
        checkRecording(imported.recording, path: path, notes: imported.plausibilityNotes)
        if let format = formats[choice] {
            require(imported.format == format, "read as \(imported.format), not \(format)")
        }
        require(imported.notes.allSatisfy { !$0.isEmpty }, "an empty note")
    } catch {
        require(!error.message.isEmpty, "a refusal without a message")
    }
    return 0
}
