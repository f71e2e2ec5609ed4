import Foundation

/// Rewrites an app's delimited text into the package's CSV, line for line, so ``RecordingStream``
/// reads it with its usual checks and line numbers: semicolons or tabs become commas, decimal
/// commas become points, header cells are renamed, and a time cell written as a clock time can be
/// converted to seconds.
enum DelimitedText {
    /// The separator a header line uses: a tab, a semicolon, or a comma.
    static func separator(of headerLine: String) -> Character {
        if headerLine.contains("\t") { return "\t" }
        let semicolons = headerLine.filter { $0 == ";" }.count
        let commas = headerLine.filter { $0 == "," }.count
        return semicolons > commas ? ";" : ","
    }

    /// Converts a time cell to seconds, or returns `nil` when the cell is not a time.
    typealias TimeConversion = (_ cell: String) -> Double?

    /// Rewrites `text` as the package's CSV.
    ///
    /// - Parameters:
    ///   - text: The file's text; its first non-empty line is the header.
    ///   - source: The file's name for errors.
    ///   - header: The header to write instead of the file's (same number of cells).
    ///   - decimalComma: Whether numbers use a comma as decimal separator (cells get `,` → `.`).
    ///   - timeCell: The index of the time cell, when `convertTime` applies to it.
    ///   - convertTime: Turns a time cell into seconds; `nil` leaves time cells as written.
    ///   - lenient: In lenient mode a time cell that cannot be converted is written as it is,
    ///     so the reader skips and counts its row; in strict mode it is an error.
    /// - Throws: `LocomotionError.malformedCell` naming the line and column of a time cell that
    ///   cannot be converted (strict mode).
    /// - Complexity: O(text length).
    static func rewrite(
        _ text: String, source: String, header: [String], separator: Character, decimalComma: Bool,
        timeCell: Int?, convertTime: TimeConversion?, lenient: Bool
    ) throws(LocomotionError) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        var sawHeader = false
        var lineNumber = 0
        // "\r\n" is one Character in Swift, so a CRLF file has no "\n" Character: split on both.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if lines.last?.isEmpty == true { lines.removeLast() }  // the newline ending the last line
        for rawLine in lines {
            lineNumber += 1
            var line = String(rawLine)
            if line.hasSuffix("\r") { line.removeLast() }
            if !sawHeader {
                if line.trimmingWhitespace().isEmpty {
                    output += "\n"
                    continue
                }
                sawHeader = true
                output += CSVQuoting.record(header)
                continue
            }
            if line.trimmingWhitespace().isEmpty {
                output += "\n"
                continue
            }
            var cells = CSVQuoting.cells(of: line, separator: separator)
            for index in cells.indices {
                var cell = cells[index].trimmingWhitespace()
                if index == timeCell, let convertTime {
                    if let seconds = convertTime(cell) {
                        cell = "\(seconds)"
                    } else if !lenient, !cell.isEmpty {
                        throw .malformedCell(
                            path: source, line: lineNumber,
                            column: header.indices.contains(index) ? header[index] : "time",
                            value: cell, expected: "a clock time (hh:mm:ss:ffff, hh:mm:ss.fff or mm:ss.fff) or seconds")
                    }
                } else if decimalComma {
                    cell = cell.replacingOccurrences(of: ",", with: ".")
                }
                cells[index] = cell
            }
            output += CSVQuoting.record(cells)
        }
        return output
    }
}
