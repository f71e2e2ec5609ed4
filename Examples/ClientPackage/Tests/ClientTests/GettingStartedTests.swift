import Foundation
import Testing

/// Runs the getting-started guide's program (`docs/GettingStarted.md`, kept byte for byte in
/// `Sources/GettingStarted/main.swift`) as a newcomer would: from the package's folder, with no
/// arguments, on the bundled recording; then checks what it prints.
@Suite struct GettingStartedTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()  // ClientPackage
        .deletingLastPathComponent().deletingLastPathComponent()  // the Locomotion checkout

    /// The built `GettingStarted` program, beside this test bundle in the build folder.
    static func program() throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
        let url = folder.appendingPathComponent("GettingStarted")
        try #require(
            FileManager.default.isExecutableFile(atPath: url.path),
            "GettingStarted was not built next to \(folder.path)")
        return url
    }

    /// Runs the program with no arguments from the checkout's folder; its standard output, or the
    /// status and standard error of a failed run.
    static func run() throws -> String {
        let process = Process()
        process.executableURL = try program()
        process.currentDirectoryURL = packageRoot
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "status \(process.terminationStatus): \(complaints)")
        return printed
    }

    @Test func theGuideRunsAndPrintsTheWalk() throws {
        let lines = try Self.run().split(separator: "\n").map(String.init)

        // 20,598 rows, 412 s.
        #expect(lines.first?.hasPrefix("20598 samples over 41") == true, "\(lines.first ?? "")")
        // The volunteer walks at about 1.8 steps/s (HAPT's walking windows).
        let frequency = try #require(number(after: "dominant frequency while walking: ", in: lines))
        #expect((1.5...2.2).contains(frequency), "\(frequency)")
        let steps = try #require(number(after: "steps: ", in: lines))
        #expect((150...700).contains(steps), "\(steps)")
        #expect(lines.contains { $0.hasPrefix("features: ") && $0.contains("× ") })
        #expect(lines.contains { $0.hasPrefix("model: ") })
        // The timeline has the walks and the stationary stretches (standing, sitting, lying) between them.
        let segments = lines.filter { $0.contains(" s  ") }
        #expect(segments.contains { $0.contains("Walking") })
        #expect(segments.contains { $0.contains("Stationary") })
    }

    /// The output the guide shows (its ```text block) is what the program prints, to the byte:
    /// the analysis is deterministic, so a change to the model or the detector that changes the
    /// output must update the guide too.
    @Test func theGuideShowsWhatTheProgramPrints() throws {
        let guide = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("docs/GettingStarted.md"), encoding: .utf8)
        let opening = try #require(guide.range(of: "```text\n"), "the guide shows no output")
        let closing = try #require(guide.range(of: "```", range: opening.upperBound..<guide.endIndex))
        let shown = String(guide[opening.upperBound..<closing.lowerBound])
        let printed = try Self.run()
        #expect(shown.utf8.elementsEqual(printed.utf8), "the program now prints:\n\(printed)")
    }

    /// The number at the start of the text after `prefix` on the first line that has it.
    func number(after prefix: String, in lines: [String]) -> Double? {
        guard let line = lines.first(where: { $0.hasPrefix(prefix) }) else { return nil }
        return Double(line.dropFirst(prefix.count).prefix { $0.isNumber || $0 == "." })
    }
}
