import Foundation
@_spi(Testing) import LocomotionCLI
import Testing

/// `--out` and `--report` never destroy what they name: only a regular file or a new path is
/// written, and never a file the same run reads (docs/Reliability.md, "Outputs").
@Suite("locomotion: outputs that cannot destroy")
struct OutputSafetyTests {
    /// A fresh folder holding a short simulated walk, `walk.csv`.
    static func folder() throws -> (folder: String, walk: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("out-safety-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let walk = folder + "/walk.csv"
        let result = try OutputConventionTests.run(["simulate", "A", "--seconds", "30", "--out", walk])
        try #require(result.status == 0, "\(result.errors)")
        return (folder, walk)
    }

    static func kind(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    @Test func specialFilesAndLinksToThemAreRefusedAndLeftAsTheyWere() throws {
        let (folder, walk) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let directory = folder + "/results"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let linkToFIFO = folder + "/link-to-fifo"
        try FileManager.default.createSymbolicLink(atPath: linkToFIFO, withDestinationPath: fifo)
        var targets: [(path: String, kind: mode_t, says: String)] = [
            (fifo, S_IFIFO, "a FIFO"), (directory, S_IFDIR, "a directory"),
            (linkToFIFO, S_IFLNK, "a symbolic link to a FIFO"),
        ]
        // A device node like /dev/null (major 1, minor 3), made in the test's own folder (only root may).
        let device = folder + "/null"
        if getuid() == 0, mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 {
            targets.append((device, S_IFCHR, "a character device"))
        }
        for target in targets {
            for command in [
                ["analyze", walk, "--jsonl", "--out", target.path], ["analyze", walk, "--report", target.path],
                ["simulate", "A", "--out", target.path], ["train", walk, "--out", target.path],
            ] {
                let result = try OutputConventionTests.run(command)
                #expect(result.status == 1, "\(command)")
                #expect(
                    result.errors.contains("\(target.path): \(target.says), not a regular file"), "\(result.errors)")
                #expect(Self.kind(target.path) == target.kind, "\(command) replaced \(target.path)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test func anInputOfTheSameRunIsRefusedUnderAnyName() throws {
        let (folder, walk) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try Data(contentsOf: URL(fileURLWithPath: walk))
        let symbolic = folder + "/symbolic.csv"
        try FileManager.default.createSymbolicLink(atPath: symbolic, withDestinationPath: walk)
        let hard = folder + "/hard.csv"
        try FileManager.default.linkItem(atPath: walk, toPath: hard)
        let dotted = folder + "/./walk.csv"
        for name in [walk, symbolic, hard, dotted] {
            for command in [
                ["analyze", walk, "--jsonl", "--out", name], ["analyze", folder, "--csv", "--out", name],
                ["analyze", walk, "--report", name], ["train", walk, "--out", name],
            ] {
                let result = try OutputConventionTests.run(command)
                #expect(result.status == 1, "\(command)")
                #expect(result.errors.contains("is also an input of this run"), "\(result.errors)")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: walk)) == original)
        let results = folder + "/results.jsonl"
        #expect(try OutputConventionTests.run(["analyze", walk, "--jsonl", "--out", results]).status == 0)
        let summarized = try OutputConventionTests.run(["summarize", results, "--out", results])
        #expect(summarized.status == 1 && summarized.errors.contains("is also an input of this run"))
    }

    @Test func newPathsRegularFilesAndLinksToThemAreWrittenWhole() throws {
        let (folder, walk) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let results = folder + "/results.jsonl"
        #expect(try OutputConventionTests.run(["analyze", walk, "--jsonl", "--out", results]).status == 0)
        let first = try String(contentsOfFile: results, encoding: .utf8)
        #expect(first.hasPrefix("{") && first.hasSuffix("}\n"))
        // A regular file is replaced; a symbolic link to one stays a link and its file is replaced.
        try "old".write(toFile: results, atomically: false, encoding: .utf8)
        let link = folder + "/latest.jsonl"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: results)
        #expect(try OutputConventionTests.run(["analyze", walk, "--jsonl", "--out", link]).status == 0)
        #expect(Self.kind(link) == S_IFLNK)
        #expect(try String(contentsOfFile: results, encoding: .utf8) == first)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("partial") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func theCheckNamesWhatItRefuses() throws {
        #expect(throws: OutputPath.Refusal.self) { try OutputPath.checked("", inputs: []) }
        #expect(try OutputPath.checked("/nonexistent-folder-\(UUID())/x", inputs: []).hasSuffix("/x"))
        let refusal = #expect(throws: OutputPath.Refusal.self) { try OutputPath.checked("/dev/null", inputs: []) }
        #expect(
            refusal?.message
                == "/dev/null: a character device, not a regular file; refusing to replace it with the output")
    }
}
