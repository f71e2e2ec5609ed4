import Foundation
@_spi(Testing) import LocomotionCLI
import Testing

@Suite("locomotion analyze --shard and summarize")
struct ShardCommandTests {
    /// A folder of short simulated recordings (one nested, one broken) and a scratch folder.
    static func cohort() throws -> (folder: String, scratch: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shards-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("cohort")
        let scratch = root.appendingPathComponent("results")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("p2"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        for (index, scenario) in ["A", "B", "commute", "C", "D"].enumerated() {
            let name = index == 2 ? "p2/day1.csv" : "p\(index).csv"
            let path = folder.appendingPathComponent(name).path
            #expect(
                LocomotionTool.run(["simulate", scenario, "--seconds", "90", "--seed", "\(index)", "--out", path]) == 0)
        }
        try Data("t_s,acc_x_g\n0,1\n".utf8).write(to: folder.appendingPathComponent("broken.csv"))
        return (folder.path, scratch.path)
    }

    static func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func theUnionOfTheShardsIsOneRunByteForByteAndSummarizeGivesItsTable() throws {
        let (folder, scratch) = try Self.cohort()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let whole = "\(scratch)/whole.jsonl"
        // The broken file makes every run that includes it exit 1; its record is still written.
        #expect(LocomotionTool.run(["analyze", folder, "--jsonl", "--jobs", "1", "--out", whole]) == 1)
        let records = try Self.lines(whole)
        #expect(records.count == 6)
        #expect(records.filter { $0.contains("\"error\"") }.count == 1)
        var union: [String] = []
        var statuses: [Int32] = []
        for index in 0..<4 {
            let path = "\(scratch)/shard-\(index).jsonl"
            statuses.append(
                LocomotionTool.run([
                    "analyze", folder, "--jsonl", "--jobs", "2", "--shard", "\(index)/4", "--out", path,
                ]))
            let shard = try Self.lines(path)
            #expect((1...2).contains(shard.count), "shard \(index) has \(shard.count) records")
            union += shard
        }
        #expect(statuses.filter { $0 == 1 }.count == 1)
        #expect(union.sorted() == records.sorted())
        #expect(Set(union).count == union.count)

        // The summary of the merged shards is the table that ends one text run.
        let text = "\(scratch)/whole.txt"
        let table = "\(scratch)/summary.txt"
        #expect(LocomotionTool.run(["analyze", folder, "--out", text]) == 1)
        let shards = (0..<4).map { "\(scratch)/shard-\($0).jsonl" }
        #expect(LocomotionTool.run(["summarize"] + shards.reversed() + ["--out", table]) == 1)
        let summary = try String(contentsOfFile: table, encoding: .utf8)
        #expect(summary.hasPrefix("summary\n") && summary.hasSuffix("6 files, 1 failed\n"))
        #expect(try String(contentsOfFile: text, encoding: .utf8).hasSuffix(summary))
        // A folder of results reads the same.
        #expect(LocomotionTool.run(["summarize", scratch, "--out", table]) == 1)
        // whole.jsonl is in the folder too: every file now has two records.
        #expect(try String(contentsOfFile: table, encoding: .utf8).hasSuffix("12 files, 2 failed\n"))
    }

    @Test func theOutputDoesNotDependOnJobs() throws {
        let (folder, scratch) = try Self.cohort()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        var outputs: [Data] = []
        for jobs in [1, 2, 4] {
            for format in ["--jsonl", "--csv", "--json"] {
                let path = "\(scratch)/jobs-\(jobs)\(format).out"
                #expect(LocomotionTool.run(["analyze", folder, format, "--jobs", "\(jobs)", "--out", path]) == 1)
                outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
        }
        for (index, output) in outputs.enumerated() {
            #expect(output == outputs[index % 3], "output \(index) differs from --jobs 1")
            #expect(!output.isEmpty)
        }
    }

    @Test func shardsPartitionTheFilesInPathOrder() throws {
        let files = (0..<23).map { "cohort/p\($0 % 5)/day\($0).csv" }.shuffled() + ["cohort/p1.csv"]
        var seen: [String] = []
        for index in 0..<5 {
            let shard = try Shard(parsing: "\(index)/5")
            let part = shard.select(files)
            #expect(part == shard.select(files.reversed()), "a file's shard does not depend on argument order")
            #expect((4...5).contains(part.count))
            seen += part
        }
        #expect(seen.sorted() == files.sorted())
        #expect(try Shard(parsing: "0/1").select(files) == PathOrder.sorted(files))
        // Component by component: a folder's files come before a sibling file whose name extends the folder's.
        #expect(PathOrder.precedes("a/x.csv", "a.csv"))
        #expect(!PathOrder.precedes("a.csv", "a/x.csv"))
        #expect(PathOrder.sorted(["b", "a/z", "a/b/c", "a.csv"]) == ["a/b/c", "a/z", "a.csv", "b"])
    }

    @Test(arguments: [
        "3/3", "-1/2", "1/0", "0/0", "a/b", "1", "1/2/3", "", "/2", "1/", " 1/2", "+1/2", "1/99999999999999999999999",
        "１/2",
    ])
    func badShardsAreUsageErrors(text: String) {
        #expect(throws: UsageError.self) { try Shard(parsing: text) }
        #expect(LocomotionTool.run(["analyze", "--shard", text, "/nonexistent.csv"]) == 2)
    }

    @Test func analyzeFormatsExcludeEachOther() {
        #expect(LocomotionTool.run(["analyze", "--jsonl", "--csv"]) == 2)
        #expect(LocomotionTool.run(["analyze", "--jsonl", "--json"]) == 2)
    }

    @Test func summarizeRefusesWhatIsNotAResultsFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("results-\(UUID().uuidString).jsonl")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(LocomotionTool.run(["summarize"]) == 2)
        #expect(LocomotionTool.run(["summarize", "--bogus", path]) == 2)
        #expect(LocomotionTool.run(["summarize", "/nonexistent.jsonl"]) == 1)
        let record = CommandSupport.jsonLine(AnalyzeCommand.Report(file: "a.csv", error: "a.csv: unreadable"))
        try Data("\(record)\nnot json\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SummarizeCommand.ReadError.self) { try SummarizeCommand.read(path) }
        do {
            _ = try SummarizeCommand.read(path)
        } catch {
            #expect(error.message.hasPrefix("\(path):2:"))
        }
        #expect(LocomotionTool.run(["summarize", path]) == 1)
        try Data("\(record)\n\n{\"file\":\"b.csv\",\"windows\":3}\n".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try SummarizeCommand.read(path)
            Issue.record("a record without its fields was read")
        } catch {
            #expect(error.message == "\(path):3: not a recording analysis record (no 'timeline')")
        }
        try Data("\(record)\n\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try SummarizeCommand.read(path).map(\.error) == ["a.csv: unreadable"])
    }
}
