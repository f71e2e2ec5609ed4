/// One file read during an import.
public struct ImportedFile: Sendable, Equatable {
    /// The file: a path, or `archive.zip/entry` inside an archive.
    public var path: String
    /// What the file supplied (`linear acceleration`, `location`, `labels`, …).
    public var role: String
    /// The file's read report (rows read, blank lines, rows skipped by reason in lenient mode).
    public var report: RecordingReadReport

    /// Creates a file entry.
    public init(path: String, role: String, report: RecordingReadReport) {
        self.path = path
        self.role = role
        self.report = report
    }
}
