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

@Suite("locomotion steps and evaluate-steps")
struct StepsCommandTests {
    /// A 30 s walk at 1.8 steps/s on a 50 Hz grid: a pulse per step along z.
    static func walkingFile() throws -> (path: String, steps: [Double]) {
        var text = "t,ax,ay,az,label\n"
        let steps = stride(from: 0.5, to: 29.5, by: 1 / 1.8).map { $0 }
        for index in 0..<1_500 {
            let t = Double(index) / 50
            let pulse = steps.map { step -> Double in
                let d = t - step
                return 0.3 * exp(-d * d / 0.0072) - 0.15 * exp(-(d - 0.2) * (d - 0.2) / 0.02)
            }.reduce(0, +)
            let label = t < 10 ? "5" : "1"
            text += String(format: "%.2f,0,0,%.5f,%@\n", t, 1 + pulse, label)
        }
        return (try InfoCommandTests.temporaryFile(text), steps)
    }

    @Test func stepsPrintsATableAndJSON() throws {
        let (path, _) = try Self.walkingFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(LocomotionTool.run(["steps", path]) == 0)
        #expect(LocomotionTool.run(["steps", path, "--json", "--window", "5", "--hop", "5"]) == 0)
        #expect(LocomotionTool.run(["steps", path, "--set", "minimumRegularity=0.6"]) == 0)
    }

    @Test func evaluateStepsAgainstAReference() throws {
        let (path, steps) = try Self.walkingFile()
        let reference = try InfoCommandTests.temporaryFile(
            "ic_time_s\n" + steps.map { String(format: "%.3f", $0) }.joined(separator: "\n") + "\n\n")
        let bouts = try InfoCommandTests.temporaryFile("start_s,end_s\n5,25\n")
        defer {
            for file in [path, reference, bouts] { try? FileManager.default.removeItem(atPath: file) }
        }
        #expect(LocomotionTool.run(["evaluate-steps", path, "--reference", reference]) == 0)
        #expect(
            LocomotionTool.run(["evaluate-steps", path, "--reference", reference, "--bouts", bouts, "--json"]) == 0)
        #expect(
            LocomotionTool.run([
                "evaluate-steps", path, "--still-labels", "4,5,6", "--walking-labels", "1", "--vehicle",
            ])
                == 0)
    }

    @Test(arguments: [
        ["steps"], ["steps", "f.csv", "--window", "0"], ["steps", "f.csv", "--set", "nonsense=1"],
        ["steps", "f.csv", "--set", "minimumSpread=abc"], ["evaluate-steps"], ["evaluate-steps", "f.csv"],
        ["evaluate-steps", "a.csv", "b.csv", "--vehicle"], ["evaluate-steps", "f.csv", "--bouts", "b.csv"],
        ["evaluate-steps", "f.csv", "--vehicle", "--tolerance", "-1"],
    ])
    func usageErrors(arguments: [String]) {
        #expect(LocomotionTool.run(arguments) == 2)
    }

    @Test func dataErrorsExitWithStatus1() throws {
        let (path, _) = try Self.walkingFile()
        let bad = try InfoCommandTests.temporaryFile("ic_time_s\n1.0\nabc\n")
        defer {
            for file in [path, bad] { try? FileManager.default.removeItem(atPath: file) }
        }
        #expect(LocomotionTool.run(["steps", "/nonexistent.csv"]) == 1)
        #expect(LocomotionTool.run(["evaluate-steps", "/nonexistent.csv", "--vehicle"]) == 1)
        #expect(LocomotionTool.run(["evaluate-steps", path, "--reference", bad]) == 1)
        #expect(LocomotionTool.run(["evaluate-steps", path, "--reference", "/nonexistent.csv"]) == 1)
        // An invalid detector parameter is a usage error found when the detector is built: status 1
        // names it (the value parses, the detector rejects it).
        #expect(LocomotionTool.run(["steps", path, "--set", "minimumRunLength=0"]) == 1)
    }
}
