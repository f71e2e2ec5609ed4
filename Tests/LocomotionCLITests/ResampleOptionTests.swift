import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

@testable import LocomotionCLI

/// `--resample HZ|auto|off`: every reading command resamples a recording above 1000 Hz by
/// default and says so; `info` describes the file as written.
@Suite("locomotion --resample")
struct ResampleOptionTests {
    static func fastWalkFile() throws -> String {
        try WalkRecording.temporaryCSV(WalkRecording.make(rate: 2000, seconds: 12))
    }

    @Test func aFastRecordingIsResampledByDefaultWithANote() throws {
        let path = try Self.fastWalkFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        for command in ["steps", "analyze", "features", "spectrum"] {
            let run = try OutputConventionTests.run([command, path])
            #expect(run.status == 0, "\(command): \(run.errors)")
            #expect(
                run.errors.contains("\(path): resampled from 2000 Hz to 1000 Hz through a 400 Hz anti-alias low-pass"),
                "\(command): \(run.errors)")
        }
        let chosen = try OutputConventionTests.run(["steps", path, "--resample", "100"])
        #expect(chosen.status == 0 && chosen.errors.contains("resampled from 2000 Hz to 100 Hz through a 40 Hz"))
    }

    @Test func offKeepsTheRowsAndTheErrorSaysHowToResample() throws {
        let path = try Self.fastWalkFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let refused = try OutputConventionTests.run(["steps", path, "--resample", "off"])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("supports 10–1000 Hz") && refused.errors.contains("--resample HZ resamples it"))
    }

    @Test func infoDescribesTheFileAsWritten() throws {
        let path = try Self.fastWalkFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let info = try OutputConventionTests.run(["info", path, "--json"])
        #expect(info.status == 0 && !info.errors.contains("resampled"))
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [[String: Any]])
        let rate = try #require((records.first?["sampling"] as? [String: Any])?["sampleRate"] as? Double)
        #expect(abs(rate - 2000) < 1e-6)
        // Asked to, it describes the resampled recording and says so.
        let resampled = try OutputConventionTests.run(["info", path, "--resample", "100", "--json"])
        let record = try #require(
            (try JSONSerialization.jsonObject(with: Data(resampled.output.utf8)) as? [[String: Any]])?.first)
        #expect(abs(((record["sampling"] as? [String: Any])?["sampleRate"] as? Double ?? 0) - 100) < 1e-6)
        #expect((record["notes"] as? [String])?.first?.hasPrefix("resampled from 2000 Hz to 100 Hz") == true)
        let text = try OutputConventionTests.run(["info", path, "--resample", "100"])
        #expect(text.output.contains("note: resampled from 2000 Hz to 100 Hz"))
    }

    @Test(arguments: ["5", "1001", "abc", "nan", "-100", ""])
    func aBadRateIsAUsageError(value: String) {
        #expect(LocomotionTool.run(["steps", "f.csv", "--resample", value]) == 2)
    }
}
