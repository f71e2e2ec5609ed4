import Foundation

/// Quoting in comma-separated values as RFC 4180 defines it (Shafranovich, "Common Format and MIME
/// Type for Comma-Separated Values (CSV) Files", 2005): a field that holds a comma, a double quote
/// or a line break is enclosed in double quotes, and a double quote inside it is written twice.
///
/// Every CSV the package and its command-line tool write goes through ``field(_:)`` or
/// ``record(_:)``, so a file name or label with a comma reads back as one cell. Records end in a
/// line feed (RFC 4180 uses CR LF; the reader accepts both).
public enum CSVQuoting {
    /// `text` as one CSV field: unchanged, or quoted when it holds a comma, a double quote, a
    /// carriage return or a line feed.
    ///
    /// - Complexity: O(`text` length).
    public static func field(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One CSV record: the fields quoted by ``field(_:)``, separated by commas, ending in a line feed.
    ///
    /// - Complexity: O(total length of the fields).
    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }

    // MARK: Reading

    /// The byte that separates the cells of a line re-encoded by ``reencodeQuoted(_:)``: the ASCII
    /// unit separator, which text cells do not hold.
    static let reencodedDelimiter: UInt8 = 0x1F

    /// The line with quotes resolved and cells separated by ``reencodedDelimiter``, so the row parser
    /// reads a quoted line as it reads any other; and whether every quote was closed.
    static func reencodeQuoted(_ bytes: [UInt8]) -> (line: [UInt8], isClosed: Bool) {
        let (cells, isClosed) = splitQuotedCells(bytes)
        return (Array(cells.joined(separator: [reencodedDelimiter])), isClosed)
    }

    /// Splits one line at `separator` honouring double quotes (`"a,b"` is one cell, `""` inside
    /// quotes is a quote) and drops a carriage return that ends the line; `isClosed` is `false`
    /// when the line ends inside quotes. The one quoted-cell splitter of the package: the CSV
    /// reader's quoted lines and the delimited text of app exports (``cells(of:separator:)``).
    ///
    /// - Parameters:
    ///   - bytes: The line's UTF-8 bytes, without its line feed.
    ///   - separator: An ASCII byte; a comma by default.
    /// - Complexity: O(`bytes.count`).
    @_spi(Testing) public static func splitQuotedCells(_ bytes: [UInt8], separator: UInt8 = 0x2C) -> (
        cells: [[UInt8]], isClosed: Bool
    ) {
        var cells: [[UInt8]] = []
        var current: [UInt8] = []
        var inQuotes = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inQuotes {
                if byte == 0x22, index + 1 < bytes.count, bytes[index + 1] == 0x22 {
                    current.append(0x22)
                    index += 1
                } else if byte == 0x22 {
                    inQuotes = false
                } else {
                    current.append(byte)
                }
            } else if byte == 0x22 {
                inQuotes = true
            } else if byte == separator {
                cells.append(current)
                current.removeAll(keepingCapacity: true)
            } else if byte != 0x0D || index != bytes.count - 1 {
                current.append(byte)
            }
            index += 1
        }
        cells.append(current)
        return (cells, !inQuotes)
    }

    /// The cells of one line of text split at `separator` by ``splitQuotedCells(_:separator:)``,
    /// quotes resolved; an unclosed quote runs to the end of the line.
    ///
    /// - Parameters:
    ///   - line: One line, without its line feed.
    ///   - separator: An ASCII character (a comma, semicolon or tab).
    /// - Complexity: O(`line` length).
    static func cells(of line: some StringProtocol, separator: Character = ",") -> [String] {
        guard let byte = separator.asciiValue else { preconditionFailure("the separator must be an ASCII character") }
        return splitQuotedCells(Array(line.utf8), separator: byte).cells.map { String(decoding: $0, as: UTF8.self) }
    }
}
