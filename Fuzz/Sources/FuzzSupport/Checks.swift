import Foundation
import Locomotion

/// Checks every target makes of a recording that was read: finite times that never go backwards
/// (`path` names it in the message), and plausibility notes that are sentences. `notes`, when
/// given, are notes made elsewhere of this recording (an importer's): they must be its own.
public func checkRecording(_ recording: Recording, path: String, notes: [String]? = nil) {
    for (index, time) in recording.time.enumerated() {
        require(time.isFinite, "\(path): a non-finite time \(time) at row \(index)")
        if index > 0 { require(time >= recording.time[index - 1], "\(path): time goes backwards at row \(index)") }
    }
    let own = recording.plausibilityNotes()
    require(own.allSatisfy { !$0.isEmpty }, "\(path): an empty plausibility note")
    if let notes { require(notes == own, "\(path): notes of another recording: \(notes) vs \(own)") }
}

/// The folder for the files a target writes per input: memory-backed when there is one.
public let scratchFolder =
    FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : FileManager.default.temporaryDirectory.path
