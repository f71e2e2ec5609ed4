import Foundation
import Locomotion
@_spi(Testing) import LocomotionCLI
import LocomotionTestSupport
import Testing

/// One output convention for every command (docs/CLI.md, "Output"): `--json` is an array of
/// per-file records for the per-file commands, every CSV starts with the same columns, and every
/// command ends with the exit status of one table.
@Suite("locomotion: one output convention")
struct OutputConventionTests {
    /// Runs the `locomotion` binary built beside the tests; how it ended, its status, standard
    /// output and error.
    static func run(_ arguments: [String]) throws -> (
        reason: Process.TerminationReason, status: Int32, output: String, errors: String
    ) {
        let binary = BadCommandLineMatrixTests.binary
        try #require(FileManager.default.isExecutableFile(atPath: binary), "no locomotion binary at \(binary)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read before waiting: a full pipe would otherwise block the child.
        let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus, outputText, errorText)
    }

    static func recording(source: String, labelled: Bool) -> Recording {
        Recording(
            source: source, time: (0..<300).map { Double($0) / 50 },
            acceleration: ThreeAxisSeries(
                x: (0..<300).map { 1 + 0.2 * sin(Double($0) * 0.23) }, y: Array(repeating: 0, count: 300),
                z: (0..<300).map { 0.1 * cos(Double($0) * 0.5) }),
            labels: labelled ? (0..<300).map { $0 < 100 ? "sitting" : "walking" } : nil)
    }

    @Test func featuresCSVAlwaysStartsWithFileStartEndAndLabel() throws {
        let unlabelled = try Self.recording(source: "a,b.csv", labelled: false).features(sampleRate: 50)
        let labelled = try Self.recording(source: "walk", labelled: true).features(sampleRate: 50)
        for results in [
            [("a,b.csv", unlabelled)], [("walk", labelled)], [("a,b.csv", unlabelled), ("walk", labelled)],
        ] {
            let lines = FeaturesCommand.csv(results, schema: unlabelled.schema).split(separator: "\n").map(String.init)
            #expect(
                lines[0] == (["file", "start_s", "end_s", "label"] + unlabelled.schema.names).joined(separator: ","))
            #expect(lines.count == 1 + results.map(\.1.count).reduce(0, +))
        }
        let single = FeaturesCommand.csv([("a,b.csv", unlabelled)], schema: unlabelled.schema)
        let row = single.split(separator: "\n")[1]
        let window = unlabelled.windows[0]
        #expect(
            row.hasPrefix("\"a,b.csv\",\(window.start),\(window.end),,"),
            "the file quoted, the label empty: \(row.prefix(40))")
    }

    @Test func featuresJSONIsAnArrayOfPerFileRecordsEachWithItsSchema() throws {
        let first = try Self.recording(source: "a.csv", labelled: false).features(sampleRate: 50)
        let second = try Self.recording(source: "b.csv", labelled: true).features(sampleRate: 50)
        let text = FeaturesCommand.json([("a.csv", first), ("b.csv", second)])
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]],
            "not an array: \(text.prefix(80))")
        #expect(records.map { $0["file"] as? String } == ["a.csv", "b.csv"])
        for (record, table) in zip(records, [first, second]) {
            #expect(record["schemaVersion"] as? Int == table.schema.version)
            #expect((record["features"] as? [[String: Any]])?.count == table.schema.count)
            #expect((record["windows"] as? [[String: Any]])?.count == table.count)
        }
        #expect(FeaturesCommand.json([]).filter { !$0.isWhitespace } == "[]")
    }

    @Test func evaluateStepsJSONIsAnArrayWithTheRecordingsRecord() throws {
        let (path, _) = try StepsCommandTests.walkingFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Self.run(["evaluate-steps", path, "--walking-labels", "1", "--json"])
        #expect(result.status == 0, "\(result.errors)")
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]],
            "not an array: \(result.output.prefix(80))")
        #expect(records.count == 1)
        #expect(records.first?["file"] as? String == path)
        #expect((records.first?["stepCount"] as? Int ?? 0) > 40)
        let walking = try #require(records.first?["walking"] as? [String: Any])
        #expect((walking["windows"] as? Int ?? 0) > 0 && walking["inRange"] != nil)
    }

    @Test func speedListsTheFixesTheFilterRejectedAsSpikes() throws {
        let path = try temporaryCSVFile(
            "t,ax,ay,az,speed\n" + (0..<60).map { "\($0),0,0,1,\($0 == 30 ? 40 : 10)\n" }.joined())
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Self.run(["speed", path])
        #expect(result.status == 0)
        #expect(result.output.contains("rejected as spikes: 30.000 s (40.00 m/s)"), "\(result.output.suffix(300))")
    }

    @Test func theSkeletonReportsUsageErrorsWithTheUsageAndRunsNothing() {
        let command = Command(
            name: "probe", summary: "usage: locomotion probe",
            options: [.option("n", "N", .text(default: nil), "a number"), .flag("json", "JSON")])
        var ran = false
        let parse = { (parsed: Arguments) throws(UsageError) -> Int in
            guard let text = parsed.value("n"), let n = Int(text) else {
                throw UsageError(message: "--n takes a number")
            }
            return n
        }
        #expect(
            command.run(["--n", "x"], parse: parse) { _, _ in
                ran = true; return 0
            } == ExitStatus.usage)
        #expect(
            command.run(["--bogus"], parse: parse) { _, _ in
                ran = true; return 0
            } == ExitStatus.usage)
        #expect(
            command.run(["--help"], parse: parse) { _, _ in
                ran = true; return 0
            } == ExitStatus.success)
        #expect(!ran)
        #expect(
            command.run(["--n", "3", "--json"], parse: parse) { parsed, n in n == 3 && parsed.flag("json") ? 7 : 0 }
                == 7)
        #expect(command.fail("x") == ExitStatus.failure)
    }

    /// The library's message names no option; the command line adds the one that reads a
    /// long-format file of several recordings.
    @Test func aFileWhoseTimeGoesBackwardsGetsTheGroupOption() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("backwards-\(getpid()).csv").path
        try "t,ax,ay,az,case_id\n0,0,0,1,a\n1,0,0,1,a\n0,0,0,1,b\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Self.run(["info", path])
        #expect(result.status == 1)
        #expect(
            result.errors.contains(
                "\(path):4: time goes backwards (0 s after 1 s); timestamps must not decrease; a long-format file "
                    + "holding several recordings one after another needs a group column (--group HEADER)"),
            "\(result.errors)")
    }
}
