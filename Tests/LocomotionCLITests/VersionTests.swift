import Foundation
@_spi(Testing) import LocomotionCLI
import Testing

/// `locomotion --version` and `CHANGELOG.md` name the same version, and it is a semantic version.
@Suite("version")
struct VersionTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The version of the changelog's first `## [x.y.z]` heading; `## [Unreleased]` (Keep a
    /// Changelog's heading for changes not yet in a version) is skipped.
    static func newestChangelogVersion(_ changelog: String) -> String? {
        for line in changelog.split(separator: "\n")
        where line.hasPrefix("## [") && !line.hasPrefix("## [Unreleased]") {
            return line.dropFirst(4).prefix { $0 != "]" }.description
        }
        return nil
    }

    @Test func theToolReportsTheChangelogsNewestVersion() throws {
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = try #require(Self.newestChangelogVersion(changelog), "CHANGELOG.md has no '## [x.y.z]' heading")
        #expect(LocomotionTool.version == newest)
    }

    @Test func theVersionIsSemantic() {
        let parts = LocomotionTool.version.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) })
    }

    @Test func headingsAreReadInOrder() {
        #expect(Self.newestChangelogVersion("# Changelog\n\n## [1.2.3] — 2027-01-01\n\n## [1.2.2]\n") == "1.2.3")
        #expect(Self.newestChangelogVersion("# Changelog\n\nNo versions yet.\n") == nil)
        #expect(Self.newestChangelogVersion("# Changelog\n\n## [Unreleased]\n\n## [1.2.3] — 2027-01-01\n") == "1.2.3")
    }
}
