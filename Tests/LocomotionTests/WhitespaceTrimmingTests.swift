import Foundation
import Testing

@testable import Locomotion

/// Header cells are trimmed without Foundation's bridge (docs/Reliability.md, "Cost per input"):
/// the result must be Foundation's, character for character.
@Suite("Trimming spaces and tabs as Foundation does")
struct WhitespaceTrimmingTests {
    @Test func trimsWhatCharacterSetWhitespacesTrims() {
        let pieces = [
            "", " ", "\t", "\u{00A0}", "\u{2003}", "\u{3000}", "\n", "\r", "\u{200B}", "\u{FEFF}", "a", "ax", "é",
            "e\u{301}", "\u{301}", "𝑥", ",", "\"",
        ]
        var cases = pieces
        for a in pieces { for b in pieces { cases.append(a + b) } }
        for a in pieces { for b in ["t", " x ", "\u{00A0}acc_x\t"] { cases.append(a + b + a) } }
        for text in cases {
            #expect(
                text.trimmingSpacesAndTabs == text.trimmingCharacters(in: .whitespaces),
                "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func aHeaderWithSpacesTabsAndNoBreakSpacesReadsItsColumns() throws {
        let text = " t\t,\u{00A0}ax , ay\u{3000},\taz\n0,0,0,1\n0.02,0,0,1\n"
        let loaded = try RecordingReader.parse(text, source: "spaces.csv")
        #expect(loaded.recording.acceleration != nil)
        #expect(loaded.recording.count == 2)
    }
}
