import Foundation

/// The column names of phyphox CSV exports (RWTH Aachen's app), matched without case or quotes:
/// `Time (s)`, `Acceleration x (m/s^2)`, `Linear Acceleration x (m/s^2)`, `Gyroscope x (rad/s)`,
/// `Latitude (°)`, `Longitude (°)`, `Velocity (m/s)` or `Speed (m/s)`, `Horizontal Accuracy (m)`;
/// per-sensor files of a multi-sensor export may name the axes just `X (m/s^2)`, and their file
/// name (`Accelerometer.csv`, `Linear Accelerometer.csv`, `Gyroscope.csv`) says which sensor.
enum PhyphoxLayout {
    static func isTimeHeader(_ cell: String) -> Bool {
        let name = cell.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")).lowercased()
        return name == "time (s)"
    }

    /// The canonical column name of a header cell, given the sensor the file name suggests.
    static func column(_ cell: String, fileSensor: String?) -> String? {
        let name = cell.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")).lowercased()
        if name == "time (s)" { return "t_s" }
        for axis in ["x", "y", "z"] {
            switch name {
            case "acceleration \(axis) (m/s^2)": return "acc_\(axis)_m_s2"
            case "linear acceleration \(axis) (m/s^2)": return "linacc_\(axis)_m_s2"
            case "gyroscope \(axis) (rad/s)": return "gyr_\(axis)_rad_s"
            case "\(axis) (m/s^2)":
                if fileSensor == "linear" { return "linacc_\(axis)_m_s2" }
                if fileSensor == "acceleration" { return "acc_\(axis)_m_s2" }
            case "\(axis) (rad/s)": if fileSensor == "gyroscope" { return "gyr_\(axis)_rad_s" }
            default: break
            }
        }
        switch name {
        case "latitude (°)": return "latitude"
        case "longitude (°)": return "longitude"
        case "velocity (m/s)", "speed (m/s)": return "speed"
        case "horizontal accuracy (m)": return "horizontal_accuracy"
        default: return nil
        }
    }

    /// The sensor a file name suggests, for files whose axes are named only `X (m/s^2)`.
    static func sensor(ofFile name: String) -> String? {
        let lowered = name.lowercased()
        if lowered.contains("linear") { return "linear" }
        if lowered.contains("gyroscope") { return "gyroscope" }
        if lowered.contains("accelerometer") || lowered.contains("acceleration") { return "acceleration" }
        return nil
    }
}

/// Reads a phyphox CSV export: one CSV, or a folder or zip archive of one CSV per sensor (with its
/// `meta/` folder). Cells may be separated by commas, tabs or semicolons (with decimal commas), as
/// the app's export dialog offers. Acceleration in m/s² is converted to g and negated from the
/// accelerating-force convention phyphox writes on both platforms (+9.81 m/s² on z lying screen
/// up) into the package's Core Motion frame; several sensor files are merged on their common time
/// (`Time (s)`, seconds since the experiment started).
enum PhyphoxReader {
    static func read(_ container: ExportContainer, options: RecordingReadOptions) throws(LocomotionError)
        -> ImportedRecording
    {
        // A single file is read whatever its name (a pipe's is `/dev/fd/63`).
        let candidates = container.files.filter {
            !container.isCollection
                || ($0.baseName.lowercased().hasSuffix(".csv") && !$0.name.lowercased().contains("meta/"))
        }
        var files: [ImportedFile] = []
        var merger = StreamMerger(source: container.path)
        var notes: [String] = []
        var unread: [String] = []
        for file in candidates {
            let text = try container.text(of: file)
            guard let headerLine = text.split(whereSeparator: \.isNewline).first.map(String.init),
                let first = CSVQuoting.cells(of: headerLine, separator: DelimitedText.separator(of: headerLine)).first,
                PhyphoxLayout.isTimeHeader(first.hasPrefix("\u{FEFF}") ? String(first.dropFirst()) : first)
            else {
                if !container.isCollection {
                    throw .missingColumn(path: file.displayPath, quantity: "time", accepted: ["Time (s)"])
                }
                unread.append("\(file.name) (no \"Time (s)\" column)")
                continue
            }
            let separator = DelimitedText.separator(of: headerLine)
            let original = CSVQuoting.cells(of: headerLine, separator: separator).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "\u{FEFF}"))
            }
            let sensor = PhyphoxLayout.sensor(ofFile: file.baseName)
            var used: Set<String> = []
            let header = original.map { cell -> String in
                if let name = PhyphoxLayout.column(cell, fileSensor: sensor), used.insert(name).inserted { return name }
                return cell.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            }
            let rewritten = try DelimitedText.rewrite(
                text, source: file.displayPath, header: header, separator: separator, decimalComma: separator != ",",
                timeCell: nil, convertTime: nil, lenient: options.lenient)
            let loaded = try RecordingReader.parse(
                rewritten, source: file.displayPath, options: ImportSupport.options(from: options, columns: [:]))
            let recording = loaded.recording
            var roles: [String] = []
            if let axes = recording.acceleration {
                merger.motions.append(
                    .init(
                        name: file.displayPath, role: .acceleration, time: recording.time,
                        axes: ImportSupport.scaled(axes, by: -1)))
                roles.append("acceleration")
            }
            if let axes = recording.linearAcceleration {
                merger.motions.append(
                    .init(
                        name: file.displayPath, role: .linearAcceleration, time: recording.time,
                        axes: ImportSupport.scaled(axes, by: -1)))
                roles.append("linear acceleration")
            }
            if let axes = recording.rotationRate {
                merger.motions.append(
                    .init(name: file.displayPath, role: .rotationRate, time: recording.time, axes: axes))
                roles.append("rotation rate")
            }
            if let speed = recording.speed {
                var numbers: [(RecordingColumn, [Double])] = [(.speed, speed)]
                for (column, values) in [
                    (RecordingColumn.horizontalAccuracy, recording.horizontalAccuracy), (.latitude, recording.latitude),
                    (.longitude, recording.longitude),
                ] {
                    if let values { numbers.append((column, values)) }
                }
                merger.events.append(.init(name: file.displayPath, time: recording.time, numbers: numbers))
                roles.append("location")
            }
            if roles.isEmpty {
                unread.append("\(file.name) (no acceleration, gyroscope or location columns)")
                continue
            }
            files.append(
                ImportedFile(path: file.displayPath, role: roles.joined(separator: ", "), report: loaded.report))
        }
        guard !files.isEmpty else {
            throw .unreadableFile(
                path: container.path, reason: "no phyphox acceleration, gyroscope or location data in it")
        }
        if !unread.isEmpty { notes.append("not read: \(ImportSupport.listed(unread))") }
        if !merger.motions.filter({ $0.role != .rotationRate }).isEmpty {
            notes.append("acceleration negated into Core Motion's frame (−1 g on z lying screen up)")
        }
        let (recording, merge) = merger.merge()
        notes += merge.droppedStreamNotes
        return ImportedRecording(
            format: .phyphox,
            loaded: LoadedRecording(
                recording: recording, layout: ImportSupport.layout(for: recording, sources: [:]),
                report: ImportSupport.sum(files.map(\.report))),
            files: files, merge: merge, startEpochSeconds: try startTime(in: container), notes: notes)
    }

    /// The experiment's start from `meta/time.csv` (the `START` event's system time, s since 1970).
    private static func startTime(in container: ExportContainer) throws(LocomotionError) -> Double? {
        guard container.isCollection,
            let file = container.files.first(where: { $0.name.lowercased().hasSuffix("meta/time.csv") })
        else { return nil }
        let lines = try container.text(of: file).split(whereSeparator: \.isNewline).map(String.init)
        guard lines.count >= 2 else { return nil }
        let separator = DelimitedText.separator(of: lines[0])
        let header = CSVQuoting.cells(of: lines[0], separator: separator).map { $0.lowercased() }
        guard let event = header.firstIndex(of: "event"), let system = header.firstIndex(of: "system time") else {
            return nil
        }
        for line in lines.dropFirst() {
            let cells = CSVQuoting.cells(of: line, separator: separator)
            if cells.count > max(event, system), cells[event].uppercased() == "START" {
                return Double(cells[system].replacingOccurrences(of: ",", with: "."))
            }
        }
        return nil
    }
}
