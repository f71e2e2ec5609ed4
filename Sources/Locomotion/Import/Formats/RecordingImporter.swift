/// Reads a recording in any format the package knows — its own CSV, a Sensor Logger export
/// (folder or zip), a phyphox export, a Physics Toolbox Sensor Suite CSV or a GPX track —
/// detected from the content unless the caller names the format.
///
/// ```swift
/// let imported = try RecordingImporter.read(path: "Walk-2024-05-01_10-00-00.zip")  // format detected
/// print(imported.format.displayName, imported.recording.count, imported.merge.omittedCount)
/// ```
///
/// Every format keeps the CSV reader's guarantees: errors are `LocomotionError`s naming the file
/// (`export.zip/Location.csv` inside an archive), line and column; in lenient mode bad rows are
/// skipped and counted by reason in each file's report; what merging streams onto one time base
/// leaves out is counted in ``ImportedRecording/merge``. The package's CSV and the CSVs of a
/// Sensor Logger export folder are streamed from disk; archive entries and files that need
/// converting (semicolons, decimal commas, clock times) are converted in memory, one file at a time.
public enum RecordingImporter {
    /// Reads `path` in `options.format`, or in the format detected from its content when that is
    /// `nil` (``RecordingFormat/detect(path:)``).
    ///
    /// - Parameters:
    ///   - path: A file, an export folder or a zip archive.
    ///   - options: The format (or `nil` to detect it); strict or lenient mode and the label map
    ///     apply to every format; units, column names and groups apply to the package's CSV only
    ///     (the apps' formats fix them).
    ///   - progress: For the package's CSV: called after each chunk with the bytes read and the
    ///     file's size.
    /// - Returns: The recording, the format, every file read with its report, the merge report,
    ///   what resampling did when `options.resampling` resampled it (also in the notes), and notes
    ///   on implausible values as read (``ImportedRecording/plausibilityNotes``).
    /// - Throws: `LocomotionError.unreadableFile` for a path that cannot be read or holds no
    ///   recognisable export (or not one of the forced format); `.missingColumn`, and in strict
    ///   mode `.malformedCell`, `.wrongCellCount` and `.timeGoesBackwards` for the first bad row;
    ///   what ``Recording/resampling(to:maximumGap:)`` throws.
    /// - Complexity: O(total size of the files read), plus the resampling.
    public static func read(
        path: String, options: RecordingReadOptions = .init(),
        progress: ((_ bytesConsumed: Int, _ byteCount: Int?) -> Void)? = nil
    ) throws(LocomotionError) -> ImportedRecording {
        var imported = try readAsRecorded(path: path, options: options, progress: progress)
        imported.plausibilityNotes = imported.recording.plausibilityNotes()
        guard let target = options.resampling.targetRate(for: imported.recording) else { return imported }
        let (resampled, report) = try imported.recording.resampling(to: target)
        imported.loaded.recording = resampled
        imported.resampling = report
        imported.notes.append(report.summary)
        return imported
    }

    private static func readAsRecorded(
        path: String, options: RecordingReadOptions, progress: ((_ bytesConsumed: Int, _ byteCount: Int?) -> Void)?
    ) throws(LocomotionError) -> ImportedRecording {
        let container = try ExportContainer.open(path: path)
        let chosen = options.format ?? container.format
        switch chosen {
        case .csv:
            guard !container.isCollection else {
                throw .unreadableFile(path: path, reason: "a Locomotion CSV is one file, not a folder or archive")
            }
            let loaded = try RecordingReader.read(path: path, options: options, progress: progress)
            return ImportedRecording(
                format: .csv, loaded: loaded,
                files: [ImportedFile(path: path, role: "recording", report: loaded.report)])
        case .sensorLogger: return try SensorLoggerReader.read(container, options: options)
        case .phyphox: return try PhyphoxReader.read(container, options: options)
        case .physicsToolbox: return try PhysicsToolboxReader.read(container, options: options)
        case .gpx: return try GPXReader.read(container, options: options)
        }
    }
}
