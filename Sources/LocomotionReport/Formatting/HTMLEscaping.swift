/// Escaping of text for HTML and SVG (both as element content and inside quoted attributes).
@_spi(Testing) public enum HTMLEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities, and control characters other
    /// than tab, line feed and carriage return replaced by U+FFFD, so any string — a file name
    /// such as `<a>&"b".csv` included — can go into the page without changing its structure.
    ///
    /// - Complexity: O(*n*) in the text's length.
    @_spi(Testing) public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
