import Foundation

extension StringProtocol {
    /// The text without leading and trailing white space (`.whitespaces`, or
    /// `.whitespacesAndNewlines` when `newlines`), exactly as Foundation's `trimmingCharacters(in:)`
    /// gives it, which is only called when an end could be trimmed.
    ///
    /// Most cells and header names begin and end in printable ASCII (U+0021–U+007E), which no
    /// white space or newline set holds, so there is nothing to trim and the Foundation call,
    /// which bridges the text to an `NSString` and back, is skipped: it was 6–8 % of the time the
    /// readers spend on a short file. Anything else (a space, a tab, U+00A0, U+200B, which
    /// Foundation on Linux also trims) goes to Foundation, so the result never differs.
    ///
    /// - Complexity: O(1) when neither end can be trimmed; otherwise Foundation's O(*n*).
    @_spi(Testing) public func trimmingWhitespace(newlines: Bool = false) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return "" }
        if (0x21...0x7E).contains(first.value), (0x21...0x7E).contains(last.value) { return String(self) }
        return trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
    }
}
