import Foundation

/// The file formats ``RecordingImporter`` reads: the package's own CSV and what phone apps export.
///
/// ``detect(path:)`` recognises each from its content (and, for an export folder or archive, the
/// names of the files inside it), never from the file name's extension alone. `docs/RecordingFormat.md`
/// says what is read from each format and how units and axes are converted.
public enum RecordingFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// The package's CSV (``RecordingReader``, ``RecordingStream``), read as written.
    case csv
    /// A Sensor Logger export (iOS or Android): a folder or zip archive with one CSV per sensor
    /// (`Accelerometer.csv`, `TotalAcceleration.csv`, `Gravity.csv`, `Gyroscope.csv`,
    /// `Location.csv`, `Pedometer.csv`, `Barometer.csv`, `Annotation.csv`, `Metadata.csv`, …),
    /// or one of those CSVs on its own.
    case sensorLogger = "sensor-logger"
    /// A phyphox CSV export: one CSV (`Raw Data.csv`), or a folder or zip archive of one CSV per
    /// sensor with a `meta/` folder.
    case phyphox
    /// A Physics Toolbox Sensor Suite CSV (`time;gFx;gFy;gFz;TgF` and related layouts).
    case physicsToolbox = "physics-toolbox"
    /// A GPX 1.0 or 1.1 track: `trkpt` elements with a time become location fixes.
    case gpx

    /// A human-readable name for reports (`Sensor Logger`).
    public var displayName: String {
        switch self {
        case .csv: return "Locomotion CSV"
        case .sensorLogger: return "Sensor Logger"
        case .phyphox: return "phyphox"
        case .physicsToolbox: return "Physics Toolbox Sensor Suite"
        case .gpx: return "GPX"
        }
    }

    /// Recognises the format of a file, folder or zip archive from its content.
    ///
    /// A folder or archive is a Sensor Logger export when it holds one of the app's sensor CSVs
    /// (`Accelerometer.csv`, `Location.csv`, … with a `seconds_elapsed` column) or its
    /// `Metadata.csv`, and a phyphox export when it holds a CSV whose header starts with
    /// `"Time (s)"`. A single file is GPX when it holds a `<gpx` element, phyphox when its header
    /// starts with `Time (s)`, Sensor Logger when its header starts with `time,seconds_elapsed`,
    /// Physics Toolbox when its header has the app's column names (`gFx`, `TgF`, `aT`, `wx`…)
    /// together with its clock-time stamps, semicolons or a total column; anything else is CSV.
    ///
    /// - Parameter path: A file, a folder or a zip archive.
    /// - Throws: `LocomotionError.unreadableFile` when the path cannot be read, or is a folder
    ///   or archive that holds no recognisable export.
    /// - Complexity: Reads at most the first 4 KiB of each candidate file (all of a zip's
    ///   central directory).
    public static func detect(path: String) throws(LocomotionError) -> RecordingFormat {
        try ExportContainer.open(path: path).format
    }

    /// The format of one file's leading text, or `nil` when it is none of the phone formats.
    static func detect(prefix text: String) -> RecordingFormat? {
        if text.range(of: "<gpx", options: .caseInsensitive) != nil { return .gpx }
        var lines = text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map(String.init)
        guard !lines.isEmpty else { return nil }
        if lines[0].hasPrefix("\u{FEFF}") { lines[0].removeFirst() }
        let header = CSVQuoting.cells(of: lines[0], separator: DelimitedText.separator(of: lines[0]))
            .map { $0.trimmingWhitespace() }
        guard let first = header.first else { return nil }
        if PhyphoxLayout.isTimeHeader(first) { return .phyphox }
        if header.count >= 2, first.lowercased() == "time", header[1].lowercased() == "seconds_elapsed" {
            return .sensorLogger
        }
        if PhysicsToolboxLayout.matches(
            header: header, separator: DelimitedText.separator(of: lines[0]),
            firstRow: lines.count > 1 ? lines[1] : nil)
        {
            return .physicsToolbox
        }
        return nil
    }
}
