/// What the reader checks before it trusts bytes as CSV text: what the file is, what is wrong
/// with its header, and whether a text cell is valid UTF-8.
extension RecordingStream {
    /// Why the first bytes of a file show that it is not CSV text, or `nil` when they could be.
    ///
    /// - Complexity: O(1): looks at the first 4 KiB at most.
    static func notTextReason(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let head = bytes.prefix(4096)
        if head.starts(with: [0x1F, 0x8B]) {
            return "it is gzip-compressed, not CSV text; decompress it first (gunzip)"
        }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            return "it is a ZIP archive, not CSV text; extract the CSV file from it first"
        }
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            return "it is UTF-16 text (it starts with a UTF-16 byte-order mark); save it as UTF-8"
        }
        if head.contains(0) {
            return "it holds NUL bytes: binary data or UTF-16 text, not UTF-8 CSV text"
        }
        return nil
    }

    /// What is wrong with a header line (without its byte-order mark), or `nil`.
    ///
    /// - Parameters:
    ///   - bytes: The line as read.
    ///   - cells: Its cells, quotes resolved.
    ///   - isClosed: Whether every quote in it was closed.
    static func headerProblem(_ bytes: [UInt8], cells: [[UInt8]], isClosed: Bool) -> String? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return "it starts with two UTF-8 byte-order marks (it was probably converted twice); remove the second"
        }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("#") {
            return "line 1 is a comment ('#…'), but the first line must be the header; remove the comment lines"
        }
        if text.lowercased().hasPrefix("sep=") {
            return
                "line 1 is a spreadsheet's '\(text)' hint, but the first line must be the header; remove that line"
                + (text.dropFirst(4) == "," ? "" : " (and the reader needs commas between cells)")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return "the header (line 1) is not valid UTF-8 text; save the file as UTF-8"
        }
        guard isClosed else { return "the header (line 1) has a quote that is not closed on its line" }
        if cells.count == 1 {
            for (separator, name) in [(UInt8(ascii: ";"), "';'"), (0x09, "tabs"), (UInt8(ascii: "|"), "'|'")]
            where cells[0].contains(separator) {
                return "its cells are separated by \(name), not commas; the reader needs comma-separated values"
            }
        }
        return nil
    }

    /// The text of a cell, trimmed of spaces and tabs, or `nil` when it is not valid UTF-8.
    ///
    /// - Complexity: O(`count`).
    static func decodeText(_ start: UnsafePointer<UInt8>, count: Int) -> String? {
        let bytes = UnsafeBufferPointer(start: start, count: count)
        let text: String
        if !bytes.contains(where: { $0 >= 0x80 }) {
            text = String(decoding: bytes, as: UTF8.self)
        } else {
            guard let valid = String(validating: bytes, as: UTF8.self) else { return nil }
            text = valid
        }
        return text.trimmingCharacters(in: .whitespaces)
    }
}
