import Foundation
@_spi(Testing) import Locomotion
import Testing

/// `trimmingWhitespace(newlines:)` skips Foundation only where Foundation would trim nothing.
@Suite("StringProtocol.trimmingWhitespace: the same as Foundation's trim")
struct StringProtocolTrimmingTests {
    static let texts: [String] = [
        "", " ", "\t", "acc_x", " acc_x", "acc_x ", "\tacc_x\t", "a", "~", "!x!", " a b ", "\u{00A0}x", "x\u{00A0}",
        "\u{200B}x", "x\u{200B}", "\u{3000}x\u{3000}", "\u{FEFF}time", "time\u{FEFF}", "\nx", "x\n", "\r\nx\r\n",
        "x\u{2028}", "\u{0085}x", "é", " é ", "e\u{301}", "\u{301}x", "x\u{301}", "12,5", "\"q\"", "\u{7F}x\u{7F}",
        "\u{1F}x", "x y", "  ", "\t \t",
    ]

    @Test(arguments: [false, true])
    func agreesWithFoundationOnEdgeCharacters(newlines: Bool) {
        let set: CharacterSet = newlines ? .whitespacesAndNewlines : .whitespaces
        for text in Self.texts {
            #expect(
                text.trimmingWhitespace(newlines: newlines) == text.trimmingCharacters(in: set),
                "\(Array(text.unicodeScalars))")
            let inner = ("<" + text + ">").dropFirst().dropLast()
            #expect(inner.trimmingWhitespace(newlines: newlines) == inner.trimmingCharacters(in: set))
        }
    }

    @Test func trimsWhatFoundationTrims() {
        #expect(" acc_x\t".trimmingWhitespace() == "acc_x")
        #expect("\u{200B}x".trimmingWhitespace() == "\u{200B}x".trimmingCharacters(in: .whitespaces))
        #expect("\nx\n".trimmingWhitespace() == "\nx\n")
        #expect("\nx\n".trimmingWhitespace(newlines: true) == "x")
    }
}
