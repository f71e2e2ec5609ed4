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

@Suite("locomotion features")
struct FeaturesCommandTests {
    static let demo: String? = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/LocomotionCLI/Resources/uci-hapt-walk-exp01.csv").standardized.path

    @Test(arguments: [
        ["features"], ["features", "f.csv", "--window", "0"], ["features", "f.csv", "--hop", "x"],
        ["features", "f.csv", "--threads", "0"], ["features", "f.csv", "--gait-band", "2-1"],
        ["features", "f.csv", "--bogus"],
    ])
    func usageErrors(arguments: [String]) {
        #expect(LocomotionTool.run(arguments) == 2)
    }

    @Test func listAndHelpSucceed() {
        #expect(LocomotionTool.run(["features", "--list"]) == 0)
        #expect(LocomotionTool.run(["features", "--list", "--per-axis"]) == 0)
        #expect(LocomotionTool.run(["features", "--help"]) == 0)
        #expect(LocomotionTool.run(["features", "/nonexistent.csv"]) == 1)
    }

    @Test func theListNamesEveryFeatureWithItsUnit() throws {
        let schema = try FeatureConfiguration().schema()
        let text = FeaturesCommand.list(schema)
        for descriptor in schema.descriptors {
            #expect(text.contains(descriptor.name) && text.contains(descriptor.summary))
        }
    }

    @Test func csvHasOneRowPerWindowWithLabelsAndEmptyCellsForMissingValues() throws {
        let recording = Recording(
            source: "walk", time: (0..<300).map { Double($0) / 50 },
            acceleration: ThreeAxisSeries(
                x: (0..<300).map { 1 + 0.2 * sin(Double($0) * 0.23) }, y: Array(repeating: 0, count: 300),
                z: (0..<300).map { 0.1 * cos(Double($0) * 0.5) }),
            labels: (0..<300).map { $0 < 100 ? "sitting" : "walking" })
        let table = try recording.features(sampleRate: 50)
        let text = FeaturesCommand.csv([("walk", table)], schema: table.schema)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1 + table.count)
        #expect(lines[0].hasPrefix("start_s,end_s,label,acc_mag_mean,"))
        #expect(lines[1].split(separator: ",", omittingEmptySubsequences: false)[2] == "sitting")  // 100 of 128 rows
        #expect(lines[2].split(separator: ",", omittingEmptySubsequences: false)[2] == "walking")  // 92 of 128 rows
        #expect(lines[1].hasSuffix(",,,,,,"))  // no gyroscope, GPS or pedometer
        let json = FeaturesCommand.json([("walk", table)], schema: table.schema)
        #expect(json.contains("\"schemaVersion\" : 1") && json.contains("null"))
    }

    @Test func walkingWindowsOfTheBundledExcerptShowAProminentGaitPeak() throws {
        var options = RecordingReadOptions()
        options.labelMap = DatasetLabels.uciHAPT
        let recording = try RecordingReader.read(path: try #require(Self.demo), options: options).recording
        let table = try recording.features()
        let gait = try #require(table.schema.index(of: "acc_mag_gait_frequency"))
        let prominence = try #require(table.schema.index(of: "acc_mag_gait_prominence"))
        let walking = table.windows.indices.filter { table.windows[$0].majorityLabel == "walking" }
        #expect(walking.count >= 30)
        let inBand = walking.filter { (1.4...2.5).contains(table.row($0)[table.row($0).startIndex + gait]) }
        #expect(Double(inBand.count) >= 0.95 * Double(walking.count))
        let prominent = walking.filter { table.row($0)[table.row($0).startIndex + prominence] > 10 }
        #expect(Double(prominent.count) >= 0.9 * Double(walking.count))
    }

    @Test func runsOnTheBundledRecording() throws {
        let path = try #require(Self.demo)
        #expect(LocomotionTool.run(["features", path, "--labels", "hapt"]) == 0)
        #expect(LocomotionTool.run(["features", path, "--json", "--per-axis", "--threads", "1"]) == 0)
    }
}
