/// A recording read from a phone app's export (or the package's CSV) by ``RecordingImporter``,
/// with everything that was done to put it on one time base.
public struct ImportedRecording: Sendable, Equatable {
    /// The format that was read (detected, or forced by the caller).
    public var format: RecordingFormat
    /// The merged recording, a layout naming its columns, and the read report summed over the
    /// files read (rows read and rows skipped by reason).
    public var loaded: LoadedRecording
    /// Every file read, with its role and its own read report.
    public var files: [ImportedFile]
    /// How the files' streams were merged onto one time base, and what that left out.
    public var merge: RecordingMergeReport
    /// The platform that wrote the export when the format says (`android`, `ios`), else `nil`.
    public var platform: String?
    /// The recording's start as seconds since 1970-01-01T00:00:00Z when the export gives it
    /// (Sensor Logger's `Metadata.csv` or nanosecond `time` column, phyphox's `meta/time.csv`).
    public var startEpochSeconds: Double?
    /// Explanations of what was converted or not used (sign flips, files not read, derived
    /// speeds, resampling).
    public var notes: [String]
    /// What resampling did, when ``RecordingReadOptions/resampling`` resampled the recording.
    public var resampling: RecordingResamplingReport?
    /// Notes on implausible values in the recording as read, before any resampling
    /// (``Recording/plausibilityNotes()``); empty when it looks plausible. Filled by
    /// ``RecordingImporter/read(path:options:progress:)`` for every format.
    public var plausibilityNotes: [String] = []

    /// The merged recording.
    public var recording: Recording { loaded.recording }

    /// Pairs a recording with how it was imported.
    public init(
        format: RecordingFormat, loaded: LoadedRecording, files: [ImportedFile], merge: RecordingMergeReport = .init(),
        platform: String? = nil, startEpochSeconds: Double? = nil, notes: [String] = []
    ) {
        self.format = format
        self.loaded = loaded
        self.files = files
        self.merge = merge
        self.platform = platform
        self.startEpochSeconds = startEpochSeconds
        self.notes = notes
    }
}
