/// How ``RecordingReader`` and ``RecordingStream`` interpret a file.
public struct RecordingReadOptions: Sendable, Hashable {
    /// The unit of acceleration columns named without a unit suffix (`ax`, `acc_x`). Columns
    /// ending in `_g` or `_m_s2` are always read in the unit they state.
    public var accelerationUnit: AccelerationUnit
    /// The unit of rotation-rate columns named without a unit suffix (`gx`, `gyr_x`). Columns
    /// ending in `_rad_s` or `_deg_s` are always read in the unit they state.
    public var rotationRateUnit: RotationRateUnit
    /// Header names to use for quantities, overriding the aliases (case-insensitive), for
    /// example `[.speed: "speed_m_s_device", .label: "train_state"]`. A named column that the
    /// file lacks is an error.
    public var columnNames: [RecordingColumn: String]
    /// Translations applied to label cells, for example ``DatasetLabels/uciHAPT``; labels
    /// without an entry are kept as written.
    public var labelTranslations: [String: String]
    /// The header name of a column that splits a long-format table into separate recordings
    /// (for example BasicMotions' `case_id`): each run of rows with the same value is its own
    /// group, read with ``RecordingReader/readGroups(path:options:progress:)`` or chunk by chunk with
    /// ``RecordingStream/group``; time starts afresh in each group. `nil` (the default) reads
    /// one recording.
    public var groupColumn: String?
    /// When `true`, rows that cannot be read are skipped and counted by reason in the
    /// ``RecordingReadReport`` instead of stopping the read with an error.
    public var lenient: Bool
    /// The format ``RecordingImporter/read(path:options:progress:)`` reads, or `nil` (the default)
    /// to detect it from the content. ``RecordingReader`` and ``RecordingStream`` always read CSV.
    public var format: RecordingFormat? = nil
    /// Whether ``RecordingImporter/read(path:options:progress:)`` and
    /// ``RecordingImporter/analyzeActivities(path:reading:options:source:)`` resample the recording
    /// after reading it (default ``SampleRatePolicy/asRecorded``); ``RecordingReader`` and
    /// ``RecordingStream`` always give the rows as written.
    public var resampling: SampleRatePolicy = .asRecorded
    /// The longest line the reader accepts, in bytes (default 1 MiB). A longer line, or a file with
    /// no line break within this many bytes (`/dev/zero`, a binary file), stops the read with
    /// `LocomotionError.limitExceeded` instead of being buffered without bound.
    public var maximumLineBytes = 1 << 20
    /// The most columns a header may have (default 10,000).
    public var maximumColumns = 10_000
    /// The longest text cell (a label, an extra column) the reader keeps, in bytes (default 64 KiB).
    public var maximumCellBytes = 1 << 16

    /// Creates options; by default units are g and rad/s, aliases decide the columns, and the
    /// first bad row stops the read.
    public init(
        accelerationUnit: AccelerationUnit = .g, rotationRateUnit: RotationRateUnit = .radiansPerSecond,
        columnNames: [RecordingColumn: String] = [:], labelTranslations: [String: String] = [:],
        groupColumn: String? = nil,
        lenient: Bool = false
    ) {
        self.accelerationUnit = accelerationUnit
        self.rotationRateUnit = rotationRateUnit
        self.columnNames = columnNames
        self.labelTranslations = labelTranslations
        self.groupColumn = groupColumn
        self.lenient = lenient
    }
}
