import Foundation

/// Reads recordings from CSV files: a header row, then one row per sample.
///
/// Recognised columns (header names are case-insensitive):
/// - time, in seconds: `t`, `t_s`, `time`, `timestamp`;
/// - acceleration, in g: `ax, ay, az`, `acc_x, acc_y, acc_z` or `acc_x_g, acc_y_g, acc_z_g`;
/// - ground truth (optional): `label` or `activity`.
///
/// Other columns are ignored by this reader. Cells must be plain numbers (no quoting).
/// Errors name the file, the 1-based line (the header is line 1) and the column.
public enum RecordingReader {
    static let timeNames = ["t", "t_s", "time", "timestamp"]
    static let axisNames = [
        ["ax", "acc_x", "acc_x_g"], ["ay", "acc_y", "acc_y_g"], ["az", "acc_z", "acc_z_g"],
    ]
    static let labelNames = ["label", "activity"]

    /// Loads a whole recording into memory.
    ///
    /// - Parameter path: A file path.
    /// - Throws: `LocomotionError.unreadableFile`, `.missingColumn`, `.wrongCellCount`,
    ///   `.malformedCell` (a cell that is not a finite number), `.timeGoesBackwards`.
    /// - Complexity: O(file size).
    public static func read(path: String) throws(LocomotionError) -> Recording {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadableFile(path: path, reason: "the file is not UTF-8 text")
        }
        return try parse(text, source: path)
    }

    /// Parses CSV text; `source` names the text in errors.
    ///
    /// - Throws: As ``read(path:)``, except `.unreadableFile`.
    public static func parse(_ text: String, source: String) throws(LocomotionError) -> Recording {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
            .makeIterator()
        guard let (_, headerLine) = lines.next() else {
            throw .missingColumn(path: source, quantity: "time", accepted: timeNames)
        }
        let header = headerLine.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func column(_ names: [String], _ quantity: String) throws(LocomotionError) -> Int {
            guard let index = header.firstIndex(where: names.contains) else {
                throw .missingColumn(path: source, quantity: quantity, accepted: names)
            }
            return index
        }
        let timeColumn = try column(timeNames, "time")
        let axisColumns = [
            try column(axisNames[0], "acceleration x"), try column(axisNames[1], "acceleration y"),
            try column(axisNames[2], "acceleration z"),
        ]
        let labelColumn = header.firstIndex(where: labelNames.contains)

        var time: [Double] = []
        var axes: [[Double]] = [[], [], []]
        var labels: [String] = []
        while let (offset, line) = lines.next() {
            let lineNumber = offset + 1
            if line.allSatisfy(\.isWhitespace) { continue }
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            guard cells.count == header.count else {
                throw .wrongCellCount(path: source, line: lineNumber, found: cells.count, expected: header.count)
            }
            func number(_ column: Int) throws(LocomotionError) -> Double {
                let cell = cells[column].trimmingCharacters(in: .whitespaces)
                guard let value = Double(cell), value.isFinite else {
                    throw .malformedCell(
                        path: source, line: lineNumber, column: header[column], value: cell, expected: "a finite number"
                    )
                }
                return value
            }
            let t = try number(timeColumn)
            if let previous = time.last, t < previous {
                throw .timeGoesBackwards(path: source, line: lineNumber, previous: previous, current: t)
            }
            time.append(t)
            for axis in 0..<3 { axes[axis].append(try number(axisColumns[axis])) }
            if let labelColumn { labels.append(cells[labelColumn].trimmingCharacters(in: .whitespaces)) }
        }
        return Recording(
            source: source, time: time, accelerationX: axes[0], accelerationY: axes[1], accelerationZ: axes[2],
            labels: labelColumn == nil ? nil : labels)
    }
}
