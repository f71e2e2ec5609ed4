import Foundation

/// Reads a Physics Toolbox Sensor Suite CSV: `time` then the columns of the meters recorded
/// (`gFx, gFy, gFz` in g; `ax, ay, az` linear acceleration in m/s²; `wx, wy, wz` in rad/s;
/// `Latitude, Longitude, Speed`; `p` in hPa; others kept as extra columns). Cells may be separated
/// by commas or, in locales with a decimal comma, by semicolons. Clock-time stamps (`19:00:25:0160`,
/// local time, delivery times of 1 ms resolution) become seconds since midnight, continuing past
/// midnight. The app writes Android's accelerating-force signs (+1 g on z lying screen up); they are
/// negated into the package's Core Motion frame.
enum PhysicsToolboxReader {
    static func read(_ container: ExportContainer, options: RecordingReadOptions) throws(LocomotionError)
        -> ImportedRecording
    {
        guard !container.isCollection else {
            throw .unreadableFile(
                path: container.path, reason: "a Physics Toolbox recording is one CSV file, not a folder or archive")
        }
        let file = container.files[0]
        let text = try container.text(of: file)
        guard let headerLine = text.split(whereSeparator: \.isNewline).first.map(String.init) else {
            throw .unreadableFile(path: file.displayPath, reason: "the file is empty; a header row is required")
        }
        let separator = DelimitedText.separator(of: headerLine)
        let original = CSVQuoting.cells(
            of: headerLine.hasPrefix("\u{FEFF}") ? String(headerLine.dropFirst()) : headerLine, separator: separator
        )
        .map { $0.trimmingWhitespace() }
        guard original.first.map(PhysicsToolboxLayout.key) == "time" else {
            throw .missingColumn(path: file.displayPath, quantity: "time", accepted: ["time"])
        }
        var used: Set<String> = []
        let header = original.enumerated().map { index, cell -> String in
            if index == 0 { return "t_s" }
            if let name = PhysicsToolboxLayout.columns[PhysicsToolboxLayout.key(cell)], used.insert(name).inserted {
                return name
            }
            return cell
        }
        var previous = -Double.infinity
        var dayOffset = 0.0
        let convert: DelimitedText.TimeConversion = { cell in
            guard var seconds = PhysicsToolboxLayout.seconds(cell) else { return nil }
            if cell.contains(":") {
                // A clock time that jumps back by more than 12 h has passed midnight.
                if seconds + dayOffset < previous - 43_200 { dayOffset += 86_400 }
                seconds += dayOffset
            }
            previous = seconds
            return seconds
        }
        let rewritten = try DelimitedText.rewrite(
            text, source: file.displayPath, header: header, separator: separator, decimalComma: separator != ",",
            timeCell: 0, convertTime: convert, lenient: options.lenient)
        var loaded = try RecordingReader.parse(
            rewritten, source: file.displayPath, options: ImportSupport.options(from: options, columns: [:]))
        loaded.recording.acceleration = loaded.recording.acceleration.map { ImportSupport.scaled($0, by: -1) }
        loaded.recording.linearAcceleration = loaded.recording.linearAcceleration.map {
            ImportSupport.scaled($0, by: -1)
        }
        var notes: [String] = []
        if loaded.recording.acceleration != nil || loaded.recording.linearAcceleration != nil {
            notes.append("acceleration negated into Core Motion's frame (−1 g on z lying screen up)")
        }
        if separator != "," { notes.append("semicolon-separated cells with decimal commas") }
        return ImportedRecording(
            format: .physicsToolbox, loaded: loaded,
            files: [ImportedFile(path: file.displayPath, role: "sensors", report: loaded.report)], notes: notes)
    }
}
