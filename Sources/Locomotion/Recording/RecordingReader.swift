/// A recording loaded whole, with how its file was read.
public struct LoadedRecording: Sendable, Equatable {
    /// The samples.
    public var recording: Recording
    /// How the header was mapped onto quantities.
    public var layout: RecordingLayout
    /// Rows read and rows skipped by reason.
    public var report: RecordingReadReport
}

/// Loads whole recordings; see ``RecordingStream`` for files too large to hold in memory.
public enum RecordingReader {
    /// Reads a whole CSV file into memory.
    ///
    /// - Parameters:
    ///   - path: A file path.
    ///   - options: Units, column names, label map and strict or lenient mode.
    ///   - progress: Called after each chunk of rows with the bytes read so far and the file size.
    /// - Throws: `LocomotionError.unreadableFile`, `.missingColumn`; in strict mode also
    ///   `.malformedCell`, `.wrongCellCount`, `.timeGoesBackwards` for the first bad row.
    /// - Complexity: O(file size).
    public static func read(
        path: String, options: RecordingReadOptions = .init(),
        progress: ((_ bytesConsumed: Int, _ byteCount: Int?) -> Void)? = nil
    ) throws(LocomotionError) -> LoadedRecording {
        let stream = try RecordingStream(path: path, options: options)
        let recording = try stream.readAll(progress: progress)
        return LoadedRecording(recording: recording, layout: stream.layout, report: stream.report)
    }

    /// Parses CSV text held in memory; `source` names it in errors.
    ///
    /// - Throws: As ``read(path:options:)``, except `.unreadableFile`.
    public static func parse(_ text: String, source: String, options: RecordingReadOptions = .init())
        throws(LocomotionError) -> LoadedRecording
    {
        let stream = try RecordingStream(text: text, source: source, options: options)
        let recording = try stream.readAll()
        return LoadedRecording(recording: recording, layout: stream.layout, report: stream.report)
    }
}
