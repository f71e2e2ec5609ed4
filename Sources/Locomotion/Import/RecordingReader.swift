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

    /// Reads a long-format file as one recording per group of ``RecordingReadOptions/groupColumn``
    /// (which must be set), in file order.
    ///
    /// - Returns: The groups, the layout and the read report of the whole file.
    /// - Throws: As ``read(path:options:progress:)``.
    /// - Complexity: O(*n*) in the file's size; the groups are held in memory.
    public static func readGroups(
        path: String, options: RecordingReadOptions,
        progress: ((_ bytesConsumed: Int, _ byteCount: Int?) -> Void)? = nil
    ) throws(LocomotionError) -> (groups: [RecordingGroup], layout: RecordingLayout, report: RecordingReadReport) {
        guard options.groupColumn != nil else {
            throw .invalidParameter(
                name: "groupColumn", value: "nil", requirement: "it must name a group column for readGroups")
        }
        let stream = try RecordingStream(path: path, options: options)
        let groups = try stream.readGroups(progress: progress)
        return (groups, stream.layout, stream.report)
    }

    /// Parses CSV text held in memory; `source` names it in errors.
    ///
    /// - Throws: As ``read(path:options:progress:)``, except `.unreadableFile`.
    /// - Complexity: O(*n*) in the text's length.
    public static func parse(_ text: String, source: String, options: RecordingReadOptions = .init())
        throws(LocomotionError) -> LoadedRecording
    {
        let stream = try RecordingStream(text: text, source: source, options: options)
        let recording = try stream.readAll()
        return LoadedRecording(recording: recording, layout: stream.layout, report: stream.report)
    }
}
