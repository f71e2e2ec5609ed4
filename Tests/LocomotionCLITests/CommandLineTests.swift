import Foundation
import Locomotion
import Testing

@testable import LocomotionCLI

@Suite("locomotion command line")
struct CommandLineTests {
    @Test(arguments: [
        ["frobnicate"], [], ["spectrum"], ["spectrum", "--bogus", "f.csv"], ["spectrum", "f.csv", "--window", "-1"],
        ["spectrum", "f.csv", "--band", "3-1"], ["demo", "extra"],
    ])
    func usageErrorsExitWithStatus2(arguments: [String]) {
        #expect(LocomotionTool.run(arguments) == 2)
    }

    @Test func helpSucceeds() {
        #expect(LocomotionTool.run(["--help"]) == 0)
        #expect(LocomotionTool.run(["spectrum", "--help"]) == 0)
    }

    @Test func aMissingFileIsADataErrorNotAUsageError() {
        #expect(LocomotionTool.run(["spectrum", "/nonexistent.csv"]) == 1)
    }

    @Test func demoRunsOnTheBundledRecording() {
        #expect(LocomotionTool.run(["demo"]) == 0)
    }
}

@Suite("locomotion info")
struct InfoCommandTests {
    static func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("locomotion-info-\(UUID()).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aCorruptedLineFailsStrictlyAndIsCountedLeniently() throws {
        let path = try Self.temporaryFile("t,ax,ay,az\n0,0,0,1\n0.02,0,0,1\n0.04,0,#,1\n0.06,0,0,1\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(LocomotionTool.run(["info", path]) == 1)
        #expect(LocomotionTool.run(["info", path, "--lenient"]) == 0)
        #expect(LocomotionTool.run(["info", path, "--lenient", "--json"]) == 0)
    }

    @Test(arguments: [
        ["info"], ["info", "f.csv", "--acc-unit", "furlongs"], ["info", "f.csv", "--column", "nope=x"],
        ["info", "f.csv", "--gap", "0"], ["info", "f.csv", "--labels", "unknown"],
    ])
    func usageErrors(arguments: [String]) {
        #expect(LocomotionTool.run(arguments) == 2)
    }
}

@Suite("locomotion info --group")
struct InfoGroupTests {
    @Test func groupedFilesAreSummarisedPerGroup() throws {
        let path = try InfoCommandTests.temporaryFile("id,t,ax,ay,az\n1,0,0,0,1\n1,1,0,0,1\n2,0,0,0,1\n2,1,0,0,1\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(LocomotionTool.run(["info", path]) == 1)  // time restarts: not one recording
        #expect(LocomotionTool.run(["info", path, "--group", "id"]) == 0)
        #expect(LocomotionTool.run(["info", path, "--group", "id", "--json"]) == 0)
    }
}

@Suite("locomotion speed")
struct SpeedCommandTests {
    @Test func smoothsAFileAndReportsSpikes() throws {
        var lines = ["t,speed,speed_accuracy"]
        for second in 0..<60 { lines.append("\(second),\(second == 30 ? 14.0 : 1.4),0.5") }
        let path = try InfoCommandTests.temporaryFile(lines.joined(separator: "\n"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for extra in [[], ["--forward"], ["--json"], ["--csv"], ["--spike", "3"]] {
            #expect(LocomotionTool.run(["speed", path] + extra) == 0, "\(extra)")
        }
        let report = try SpeedCommand.report(
            path: path,
            results: SpeedSmoother().smooth(RecordingReader.read(path: path).recording.locationFixes()),
            method: "smoothed", spike: 2)
        #expect(
            report.summary.rejectedSpikes == 1 && report.summary.rawSpikes == 1 && report.summary.smoothedSpikes == 0)
        #expect(report.fixes[30].status == "rejectedSpike")
    }

    @Test func errorsAndUsage() throws {
        let path = try InfoCommandTests.temporaryFile("t,ax,ay,az\n0,0,0,1\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(LocomotionTool.run(["speed", path]) == 1)  // no speed column
        #expect(LocomotionTool.run(["speed"]) == 2)
        #expect(LocomotionTool.run(["speed", path, "--json", "--csv"]) == 2)
        #expect(LocomotionTool.run(["speed", path, "--spike", "-1"]) == 2)
    }
}
