import Foundation
import Locomotion

/// A walk-like recording at any rate, for the tests of sample rates and resampling.
public enum WalkRecording {
    /// `seconds` of a 1.8 Hz walk-like bounce at `rate` Hz: 1 ± 0.3 g on x, with a 0.9 Hz sway
    /// on y and a 3.6 Hz harmonic on z.
    public static func make(rate: Double, seconds: Double = 30) -> Recording {
        let time = (0..<Int(seconds * rate)).map { Double($0) / rate }
        let x = time.map { 1 + 0.3 * sin(2 * .pi * 1.8 * $0) }
        let y = time.map { 0.05 * sin(2 * .pi * 0.9 * $0) }
        let z = time.map { 0.02 * cos(2 * .pi * 3.6 * $0) }
        return Recording(source: "walk", time: time, acceleration: ThreeAxisSeries(x: x, y: y, z: z))
    }

    /// Writes `recording` (any recording, not only a walk) as the package's CSV to a new
    /// temporary file and returns its path; the caller removes it.
    public static func temporaryCSV(_ recording: Recording) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID()).csv").path
        try RecordingWriter.write(recording, to: path)
        return path
    }
}
