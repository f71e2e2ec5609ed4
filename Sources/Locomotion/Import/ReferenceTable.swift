import Foundation

/// A small CSV table of reference numbers, such as step (initial contact) times or walking bouts,
/// for judging a detection against.
///
/// ```swift
/// let contacts = try ReferenceTable(path: "initial_contacts.csv").column(["ic_time_s"])
/// let bouts = try ReferenceTable(path: "walking_bouts.csv").bouts(widenedBy: 0.25)
/// ```
///
/// The file is read as ``RecordingStream`` reads a recording (the same file input, lines and
/// quoting, and the same line-length limit): a header row, then rows of cells; cells may be quoted
/// (`"a,b"`). Blank lines are skipped but counted, so errors name the line as an editor shows it
/// (the header is line 1). Unlike a recording, a reference table needs no time column and its
/// cells are read as numbers only when a column is asked for.
public struct ReferenceTable: Sendable, Equatable {
    /// The file path (or the name given to text in memory), for errors.
    public var source: String
    /// The header cells, trimmed.
    public var header: [String]
    /// The cells of each row after the header, trimmed; a row may have more or fewer cells than
    /// the header.
    public var rows: [[String]]
    /// The 1-based line of each row in the file.
    public var lines: [Int]

    /// Reads the table at `path`.
    ///
    /// - Parameters:
    ///   - path: The table's file (CSV with a header).
    ///   - maximumLineBytes: The longest line accepted, in bytes.
    /// - Throws: `LocomotionError.unreadableFile` with the system's reason ("Is a directory",
    ///   "No such file or directory"); `.tooShort` for a file without a header;
    ///   `.limitExceeded` for a line longer than `maximumLineBytes`.
    /// - Complexity: O(file size).
    public init(path: String, maximumLineBytes: Int = RecordingReadOptions().maximumLineBytes)
        throws(LocomotionError)
    {
        try self.init(LineBuffer(file: ReadableFile(path: path), maximumLineBytes: maximumLineBytes))
    }

    /// Reads a table held in memory; `source` names it in errors.
    ///
    /// - Throws: As ``init(path:maximumLineBytes:)``, except `.unreadableFile`.
    /// - Complexity: O(`text` length).
    public init(
        text: String, source: String, maximumLineBytes: Int = RecordingReadOptions().maximumLineBytes
    ) throws(LocomotionError) {
        try self.init(LineBuffer(text: text.utf8, source: source, maximumLineBytes: maximumLineBytes))
    }

    private init(_ lines: LineBuffer) throws(LocomotionError) {
        var table: [(line: Int, cells: [String])] = []
        while let range = try lines.next() {
            let bytes = Array(UnsafeBufferPointer(rebasing: lines.bytes[range]))
            guard bytes.contains(where: { !Self.isBlank($0) }) else { continue }
            // Invalid UTF-8 is replaced, so a bad number is reported as a bad cell.
            let cells = CSVQuoting.splitQuotedCells(bytes).cells.map {
                String(decoding: $0, as: UTF8.self).trimmingWhitespace()
            }
            table.append((lines.lineNumber, cells))
        }
        guard let first = table.first else {
            throw .tooShort(path: lines.source, rows: 0, required: 1, purpose: "a header")
        }
        source = lines.source
        header = first.cells
        rows = table.dropFirst().map(\.cells)
        self.lines = table.dropFirst().map(\.line)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    /// The first column named in `names` as numbers (seconds, for the times this is made for);
    /// empty cells, cells missing from a short row and "nan" are NaN.
    ///
    /// - Parameters:
    ///   - names: Header names in order of preference, matched exactly.
    ///   - fallback: Whether to read the first column when no name matches.
    /// - Throws: `LocomotionError.missingColumn` when no name matches and `fallback` is `false`;
    ///   `.malformedCell` naming the line of a cell that is not a finite number.
    /// - Complexity: O(rows).
    public func column(_ names: [String], fallback: Bool = true) throws(LocomotionError) -> [Double] {
        guard let index = names.lazy.compactMap({ header.firstIndex(of: $0) }).first ?? (fallback ? 0 : nil) else {
            throw .missingColumn(path: source, quantity: names.joined(separator: "/"), accepted: names)
        }
        var values: [Double] = []
        values.reserveCapacity(rows.count)
        for (offset, row) in rows.enumerated() {
            let cell = index < row.count ? row[index] : ""
            if cell.isEmpty || cell.lowercased() == "nan" {
                values.append(.nan)
            } else if let value = Double(cell), value.isFinite {
                values.append(value)
            } else {
                throw .malformedCell(
                    path: source, line: lines[offset], column: header[index], value: cell,
                    expected: "a number of seconds")
            }
        }
        return values
    }

    /// The bouts of the columns `start_s` and `end_s`, in s, each widened by `tolerance` on both sides.
    ///
    /// - Parameter tolerance: Seconds added before each start and after each end; finite and not
    ///   negative.
    /// - Throws: `LocomotionError.invalidParameter` for a tolerance that is not;
    ///   `.missingColumn` without both columns; `.malformedCell` for a bound that is empty or NaN,
    ///   or a start after its end.
    /// - Complexity: O(rows).
    public func bouts(widenedBy tolerance: Double) throws(LocomotionError) -> [ClosedRange<Double>] {
        guard tolerance.isFinite, tolerance >= 0 else {
            throw .invalidParameter(
                name: "tolerance", value: "\(tolerance)", requirement: "it must be finite and at least 0 (s)")
        }
        let starts = try column(["start_s"], fallback: false)
        let ends = try column(["end_s"], fallback: false)
        var bouts: [ClosedRange<Double>] = []
        for (row, (start, end)) in zip(starts, ends).enumerated() {
            guard !start.isNaN, !end.isNaN, start <= end else {
                throw .malformedCell(
                    path: source, line: lines[row], column: "start_s,end_s", value: "\(start),\(end)",
                    expected: "a bout's start and end in seconds, the start not after the end")
            }
            bouts.append((start - tolerance)...(end + tolerance))
        }
        return bouts
    }
}
