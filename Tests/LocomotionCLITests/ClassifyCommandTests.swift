import Foundation
import Locomotion
@_spi(Testing) import LocomotionCLI
import Testing

@Suite("locomotion classify")
struct ClassifyCommandTests {
    /// One file's record of `locomotion classify --json`, as the command writes it.
    struct Record: Decodable {
        struct Window: Decodable {
            var start: Double
            var end: Double
            var activity: ActivityType
            var rule: String
            /// Whether the window has class probabilities (a model's windows do).
            var hasProbabilities: Bool

            enum CodingKeys: String, CodingKey { case start, end, activity, rule, probabilities }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                start = try container.decode(Double.self, forKey: .start)
                end = try container.decode(Double.self, forKey: .end)
                activity = try container.decode(ActivityType.self, forKey: .activity)
                rule = try container.decode(String.self, forKey: .rule)
                hasProbabilities = container.contains(.probabilities)
            }
        }

        var classifier: String
        var windows: [Window]
        var scoredWindows: Int
        var accuracy: Double?
        var confusion: ActivityConfusion?
    }

    /// `locomotion classify FILE` with `arguments`: the record of its `--json`, its text and its
    /// `--csv`. FILE is the bundled walk with its UCI HAPT labels unless given.
    static func classify(_ arguments: [String], file: String? = nil) throws -> (
        record: Record, text: String, csv: String
    ) {
        let file = try file ?? #require(DemoCommand.bundledRecordingPath)
        let labels = file == DemoCommand.bundledRecordingPath ? ["--labels", "hapt"] : []
        var outputs: [String] = []
        for format in [["--json"], [], ["--csv"]] {
            let result = try OutputConventionTests.run(["classify", file] + labels + arguments + format)
            try #require(result.status == 0, "\(result.errors)")
            outputs.append(result.output)
        }
        let records = try JSONDecoder().decode([Record].self, from: Data(outputs[0].utf8))
        try #require(records.count == 1)
        return (records[0], outputs[1], outputs[2])
    }

    @Test func theBundledWalkIsWalkingAndScoredAgainstItsLabels() throws {
        let (report, text, csv) = try Self.classify([])
        #expect(report.classifier == "rules")
        #expect(report.scoredWindows > 30)
        #expect(try #require(report.accuracy) > 0.9)
        #expect(report.confusion?.recall(of: .walking) == report.accuracy)
        #expect(text.contains("against the labels"))
        #expect(text.contains("walking"))
        #expect(csv.hasPrefix("file,start_s,end_s,label,activity,confidence,rule\n"))
        #expect(csv.split(separator: "\n").count == report.windows.count + 1)
    }

    @Test func theFusionAndHysteresisAndAWholeFileTruth() throws {
        let fused = try Self.classify(["--classifier", "fusion"]).record
        #expect(fused.windows.allSatisfy { $0.rule == "vote_fusion" })
        let held = try Self.classify(["--hold", "5"]).record
        // Hysteresis starts from unknown, so the first windows are unknown until walking has held 5 s.
        #expect(held.windows.first?.activity == .unknown)
        #expect(held.windows.map(\.activity).filter { $0 == .walking }.count > 30)
        let driving = try Self.classify(["--truth", "driving"]).record
        #expect(driving.scoredWindows == driving.windows.count)
        #expect(try #require(driving.accuracy) < 0.2)
    }

    @Test func theBundledModelGivesProbabilities() throws {
        let (report, _, csv) = try Self.classify(["--classifier", "model"])
        #expect(report.classifier == "model (bayes)")
        #expect(report.windows.allSatisfy { $0.hasProbabilities && $0.rule == "model" })
        let header = csv.prefix { $0 != "\n" }
        #expect(header.hasSuffix(",rule,p_walking,p_running,p_cycling,p_driving,p_stationary"))
        // The rules' CSV keeps its columns.
        let rules = try Self.classify([]).csv
        #expect(rules.hasPrefix("file,start_s,end_s,label,activity,confidence,rule\n"))
    }

    @Test(arguments: [
        ["classify"], ["classify", "f.csv", "--classifier", "forest"], ["classify", "f.csv", "--model", "m.json"],
        ["classify", "f.csv", "--classifier", "model", "--model", "/nonexistent.json", "--csv", "--json"],
        ["classify", "f.csv", "--truth", "flying"],
        ["classify", "f.csv", "--truth", "unknown"], ["classify", "f.csv", "--hold", "-1"],
        ["classify", "f.csv", "--csv", "--json"],
    ])
    func usageErrorsExitWithStatus2(arguments: [String]) {
        #expect(LocomotionTool.run(arguments) == 2)
    }

    @Test func aMissingFileIsADataError() {
        #expect(LocomotionTool.run(["classify", "/nonexistent.csv"]) == 1)
        // A model file that cannot be read is a file error, as for evaluate (before: 2).
        #expect(
            LocomotionTool.run(["classify", "f.csv", "--classifier", "model", "--model", "/nonexistent.json"]) == 1)
    }
}

@Suite("locomotion analyze")
struct AnalyzeCommandTests {
    @Test func theBundledWalkAndAFailingFile() throws {
        #expect(LocomotionTool.run(["analyze"]) == 0)
        let path = try #require(DemoCommand.bundledRecordingPath)
        #expect(LocomotionTool.run(["analyze", path, "--smoothing", "hmm", "--json"]) == 0)
        // One bad file makes the status 1; the others are still analyzed, and a missing file
        // is a record with its error like any other failing file.
        let run = try OutputConventionTests.run(["analyze", path, "/nonexistent.csv", "--json"])
        #expect(run.status == 1)
        let records = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        #expect(records.count == 2)
        #expect((records[0]["windows"] as? Int ?? 0) > 0 && records[0]["error"] == nil)
        #expect(records[1]["file"] as? String == "/nonexistent.csv")
        #expect((records[1]["error"] as? String)?.contains("No such file or directory") == true)
    }

    @Test func aFileWithNoWholeWindowIsNotedAndAHugeWindowIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("short-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try RecordingWriter.write(OutputConventionTests.recording(source: "short", labelled: false), to: path)
        let short = try OutputConventionTests.run(["analyze", path, "--window", "100"])
        #expect(short.status == 0 && short.output.contains("(0 windows, rules)"))
        #expect(short.errors.contains("\(path): no whole 100 s window between gaps: nothing classified"))
        let whole = try OutputConventionTests.run(["analyze", path])
        #expect(whole.status == 0 && !whole.errors.contains("nothing classified"))
        // The streamed window's buffers are bounded: refused at once, not gigabytes later.
        let huge = try OutputConventionTests.run(["analyze", path, "--window", "1e6"])
        #expect(huge.status == 1 && huge.errors.contains("it must span at most 1048576 samples when streamed"))
    }

    @Test(arguments: [
        ["--classifier", "forest"], ["--smoothing", "kalman"], ["--smoothing", "hmm", "--hold", "3"], ["--jobs", "0"],
        ["--hold", "-2"],
    ])
    func usageErrors(arguments: [String]) {
        #expect(LocomotionTool.run(["analyze"] + arguments) == 2)
    }

    @Test func labelMapsAreReadAndCheckedByLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("map-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("# codes of a study\n1, walking\n\n4,Stationary\n7,unknown\n".utf8).write(to: file)
        #expect(try AnalyzeCommand.labelMap(at: file.path) == ["1": .walking, "4": .stationary, "7": .unknown])
        try Data("1,walking\n2 flying\n".utf8).write(to: file)
        #expect(throws: UsageError.self) { try AnalyzeCommand.labelMap(at: file.path) }
        #expect(throws: UsageError.self) { try AnalyzeCommand.labelMap(at: "/nonexistent.csv") }
        // A label map that cannot be read is a file error (before: 2, a usage error).
        #expect(LocomotionTool.run(["analyze", "--label-map", "/nonexistent.csv"]) == 1)
        #expect(LocomotionTool.run(["analyze", "--label-map", "/nonexistent.csv", "--csv", "--json"]) == 2)
        #expect(LocomotionTool.run(["analyze", "--csv", "--json"]) == 2)
        #expect(LocomotionTool.run(["analyze", "--csv"]) == 0)
    }

    @Test func foldersAreReadRecursively() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("analyze-\(UUID().uuidString)")
        let nested = folder.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let demo = try #require(DemoCommand.bundledRecordingPath)
        try FileManager.default.copyItem(atPath: demo, toPath: nested.appendingPathComponent("walk.csv").path)
        try Data("t_s,acc_x_g\n0,1\n".utf8).write(to: folder.appendingPathComponent("broken.csv"))
        try Data("not a recording".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let files = AnalyzeCommand.expand([folder.path])
        #expect(Set(files.map { ($0 as NSString).lastPathComponent }) == ["walk.csv", "broken.csv"])
        #expect(files.count == 2)
        #expect(LocomotionTool.run(["analyze", folder.path]) == 1)
    }
}

@Suite("locomotion simulate")
struct SimulateCommandTests {
    @Test func writesAReadableSessionThatAnalyzeUnderstands() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sim-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(LocomotionTool.run(["simulate", "B", "--seconds", "120", "--seed", "7", "--out", file.path]) == 0)
        let first = try Data(contentsOf: file)
        #expect(
            LocomotionTool.run(["simulate", "motorway-drive", "--seconds", "120", "--seed", "7", "--out", file.path])
                == 0)
        #expect(try Data(contentsOf: file) == first)
        let analysis = try RecordingReader.read(path: file.path).recording.analyzeActivities()
        #expect(analysis.timeline.totals.first { $0.activity == .driving }.map { $0.seconds > 60 } == true)
    }

    @Test(arguments: [
        ["simulate"], ["simulate", "Z"], ["simulate", "A", "--seconds", "-3"], ["simulate", "A", "--bogus"],
    ])
    func usageErrors(arguments: [String]) {
        #expect(LocomotionTool.run(arguments) == 2)
    }
}
