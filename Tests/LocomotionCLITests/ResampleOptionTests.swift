import Foundation
import Locomotion
@_spi(Testing) import LocomotionCLI
import LocomotionTestSupport
import Testing

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
        #expect(
            refused.errors.contains("is invalid; it must be in 10...1000 (Hz) for ")
                && refused.errors.contains("--resample HZ resamples it"))
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

    @Test func slowAndGravityFreeRecordingsAreAnalysedWithNotes() throws {
        // A 2.5 Hz walk-like bounce: resampled to 5 Hz by default, analyzed without the gait band.
        let slow = try WalkRecording.temporaryCSV(WalkRecording.make(rate: 2.5, seconds: 60))
        defer { try? FileManager.default.removeItem(atPath: slow) }
        let run = try OutputConventionTests.run(["analyze", slow, "--json"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("resampled from 2.5 Hz to 5 Hz"), "\(run.errors)")
        #expect(run.errors.contains("the sample rate is below 10 Hz"), "\(run.errors)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        let skipped = try #require(records.first?["skipped"] as? [[String: Any]])
        #expect(skipped.map { $0["requirement"] as? String } == ["gait-band"])
        #expect(try OutputConventionTests.run(["analyze", slow, "--resample", "off"]).status == 1)
        // The same bounce with gravity removed, at 50 Hz.
        let walk = WalkRecording.make(rate: 50, seconds: 30)
        let free = try WalkRecording.temporaryCSV(
            Recording(
                source: "free", time: walk.time,
                linearAcceleration: ThreeAxisSeries(
                    x: walk.acceleration!.x.map { $0 - 1 }, y: walk.acceleration!.y, z: walk.acceleration!.z)))
        defer { try? FileManager.default.removeItem(atPath: free) }
        let freeRun = try OutputConventionTests.run(["analyze", free])
        #expect(freeRun.status == 0, "\(freeRun.errors)")
        #expect(freeRun.errors.contains("the acceleration has gravity removed"), "\(freeRun.errors)")
    }

    @Test(arguments: ["4", "1001", "abc", "nan", "-100", ""])
    func aBadRateIsAUsageError(value: String) {
        #expect(LocomotionTool.run(["steps", "f.csv", "--resample", value]) == 2)
    }
}
