import Foundation
import FuzzSupport
import Locomotion

// Zip archives (a Sensor Logger or phyphox export as the apps share it): the input is the
// archive, written once to a memory-backed folder and read once with the format detected, so
// the central directory, local headers, inflation bounds (docs/Reliability.md) and the readers
// behind them all see hostile bytes. Beyond "no crash" it checks:
// - every error is a LocomotionError with a message;
// - a recording read has finite times that never go backwards and notes that are sentences;
// - a note listing files not read stays short (the list is capped), whatever the archive holds.

let path = "\(scratchFolder)/locomotion-fuzz-zip-\(getpid()).zip"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(data, count)
    writeFile(path, input.remaining)
    var options = RecordingReadOptions(lenient: true)
    options.resampling = .asRecorded
    do {
        let imported = try RecordingImporter.read(path: path, options: options)
        checkRecording(imported.recording, path: path)
        require(imported.notes.allSatisfy { !$0.isEmpty && $0.utf8.count < 4096 }, "a note of \(imported.notes)")
    } catch {
        require(!error.message.isEmpty, "a refusal without a message")
    }
    return 0
}
