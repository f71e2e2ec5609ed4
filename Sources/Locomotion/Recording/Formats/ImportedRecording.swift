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

/// What merging several sensor streams onto one time base did. Nothing is dropped without being
/// counted here: every count is of samples that are not in the merged recording.
///
/// The merged rows are the samples of the *primary* motion stream (the acceleration with gravity
/// when the export has it). The other motion streams are linearly interpolated at those times;
/// event streams (location, pedometer, barometer) are placed on the first row at or after their
/// time that has no event of the same stream yet; labels hold from their time until the next.
public struct RecordingMergeReport: Sendable, Equatable {
    /// The file whose samples are the rows, when there are motion streams.
    public var primary: String?
    /// Primary rows left out because another motion stream does not cover their time (the
    /// streams start and stop at slightly different times).
    public var rowsOutsideCommonSpan = 0
    /// Rows whose interpolated values of a stream bridge a gap longer than 1 s in it, by stream.
    public var rowsBridgingGaps: [String: Int] = [:]
    /// Events placed on a row, by stream.
    public var eventsPlaced: [String: Int] = [:]
    /// Events later than the last row, which no row can hold, by stream; not in the recording.
    public var eventsAfterLastRow: [String: Int] = [:]
    /// The largest distance in seconds between an event's own time and the row it was placed on.
    public var largestEventShift = 0.0
    /// Labels replaced by a later label before any row showed them; not in the recording.
    public var hiddenLabels = 0
    /// Motion streams left out because they cover less than half of the primary stream's time
    /// (recorded at another time), with their sample counts; not in the recording.
    public var droppedStreams: [String: Int] = [:]

    /// Creates an empty report.
    public init() {}

    /// A note per dropped stream, in name order.
    var droppedStreamNotes: [String] {
        droppedStreams.sorted { $0.key < $1.key }.map {
            "\($0.value) samples of \($0.key) left out: it covers less than half of \(primary ?? "the motion")'s time "
                + "(recorded at another time?)"
        }
    }

    /// The number of samples of any stream that are not in the merged recording.
    public var omittedCount: Int {
        rowsOutsideCommonSpan + eventsAfterLastRow.values.reduce(0, +) + hiddenLabels
            + droppedStreams.values.reduce(0, +)
    }
}
