import Foundation
import LocomotionTestSupport
import Testing

/// `docs/GettingStarted.md` shows one program; `Examples/ClientPackage/Sources/GettingStarted/main.swift`
/// is that program, built and run by the client package's tests (`make test`). This test keeps the
/// two identical, byte for byte, so the guide cannot drift from the code that is run.
@Suite("getting-started guide")
struct GettingStartedGuideTests {
    static let root = packageRoot()

    /// The bodies of the Markdown's fenced code blocks whose info string is `language`.
    static func codeBlocks(in markdown: String, language: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.map { $0 + "\n" }.joined())
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func theGuidesProgramIsTheOneTheClientPackageRuns() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/GettingStarted.md"), encoding: .utf8)
        let program = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/ClientPackage/Sources/GettingStarted/main.swift"),
            encoding: .utf8)
        let programs = Self.codeBlocks(in: guide, language: "swift").filter { $0.contains("import Locomotion\n") }
        try #require(programs.count == 1, "the guide should show exactly one program, found \(programs.count)")
        let shown = programs[0].split(separator: "\n", omittingEmptySubsequences: false)
        let run = program.split(separator: "\n", omittingEmptySubsequences: false)
        let differing = zip(shown, run).enumerated().first { !$1.0.utf8.elementsEqual($1.1.utf8) }
        let line = differing?.offset ?? min(shown.count, run.count)
        #expect(
            programs[0].utf8.elementsEqual(program.utf8),
            "docs/GettingStarted.md and main.swift differ from the program's line \(line + 1)")
    }

    @Test func codeBlocksAreExtractedWhole() {
        let markdown = "text\n```swift\nlet a = 1\n\nlet b = 2\n```\n```sh\nls\n```\n```swift\nx\n```\n"
        #expect(Self.codeBlocks(in: markdown, language: "swift") == ["let a = 1\n\nlet b = 2\n", "x\n"])
        #expect(Self.codeBlocks(in: markdown, language: "sh") == ["ls\n"])
        #expect(Self.codeBlocks(in: "```swift\nunterminated\n", language: "swift").isEmpty)
    }
}
