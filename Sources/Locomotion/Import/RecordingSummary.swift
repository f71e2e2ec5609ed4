/// What `locomotion info` reports about a recording: its extent, sampling, columns, GPS fixes,
/// labels and any rows skipped while reading.
public struct RecordingSummary: Sendable, Equatable, Codable {
    /// A recognised column and where it came from.
    public struct Column: Sendable, Equatable, Codable {
        /// The quantity (``RecordingColumn`` raw value).
        public var quantity: String
        /// The header name in the file.
        public var header: String
        /// The unit the file's values were read in.
        public var fileUnit: String
        /// The unit the values are held in.
        public var unit: String
    }

    /// Sampling statistics; `nil` fields when fewer than two distinct timestamps exist.
    public struct Sampling: Sendable, Equatable, Codable {
        /// Estimated sample rate, Hz (reciprocal of the median interval).
        public var sampleRate: Double
        /// Median interval, s.
        public var medianInterval: Double
        /// Robust interval spread (1.4826 × MAD), s.
        public var jitter: Double
        /// Smallest positive interval, s.
        public var minimumInterval: Double
        /// Largest interval, s.
        public var maximumInterval: Double
        /// Consecutive rows sharing a timestamp.
        public var duplicateTimestamps: Int
        /// Intervals above this (s) are gaps.
        public var maximumGap: Double
        /// The gaps.
        public var gaps: [RecordingGap]

        // `locomotion info --json` has always written the gap limit as "gapThreshold".
        private enum CodingKeys: String, CodingKey {
            case sampleRate, medianInterval, jitter, minimumInterval, maximumInterval, duplicateTimestamps, gaps
            case maximumGap = "gapThreshold"
        }
    }

    /// GPS fix counts.
    public struct Fixes: Sendable, Equatable, Codable {
        /// Rows with a speed value.
        public var count: Int
        /// Fixes whose speed and speed accuracy (when present) are both non-negative.
        public var valid: Int
        /// `valid / count`, or 0 without fixes.
        public var validFraction: Double { count == 0 ? 0 : Double(valid) / Double(count) }
    }

    /// The source path.
    public var source: String
    /// The group's name, for one group of a long-format file (``RecordingReadOptions/groupColumn``).
    public var group: String?
    /// Data rows read.
    public var rows: Int
    /// First timestamp, s.
    public var startTime: Double?
    /// Last minus first timestamp, s.
    public var duration: Double
    /// Sampling statistics, when there are at least two distinct timestamps.
    public var sampling: Sampling?
    /// The recognised columns.
    public var columns: [Column]
    /// Columns kept by name without interpretation.
    public var extraColumns: [String]
    /// Remarks about the header (incomplete axis groups and the like).
    public var notes: [String]
    /// GPS fixes, when the file has a speed column.
    public var fixes: Fixes?
    /// Rows per label, most frequent first (ties in label order), when the file has labels.
    public var labelCounts: [LabelCount]?
    /// Empty lines ignored.
    public var blankLines: Int
    /// Rows skipped in lenient mode, by reason (``RowProblem`` raw value).
    public var skippedRows: [String: Int]
    /// The first line skipped for each reason.
    public var firstSkippedLine: [String: Int]

    /// One label and its row count.
    public struct LabelCount: Sendable, Equatable, Codable {
        /// The label (after any label map).
        public var label: String
        /// Rows carrying it.
        public var rows: Int
    }

    /// Summarises a loaded recording; its notes are the layout's and
    /// ``Recording/plausibilityNotes()``.
    ///
    /// - Parameters:
    ///   - loaded: The recording with its layout and read report.
    ///   - maximumGap: Intervals above this (s) are gaps; `nil` means the default of
    ///     ``Recording/samplingAnalysis(maximumGap:)``.
    ///   - group: The group's name, when `loaded` is one group of a long-format file.
    /// - Complexity: O(*n* log *n*).
    public init(_ loaded: LoadedRecording, maximumGap: Double? = nil, group: String? = nil) {
        let recording = loaded.recording
        source = recording.source
        self.group = group
        rows = recording.count
        startTime = recording.time.first
        duration = recording.duration
        sampling = recording.samplingAnalysis(maximumGap: maximumGap).map {
            Sampling(
                sampleRate: $0.sampleRate, medianInterval: $0.medianInterval, jitter: $0.jitter,
                minimumInterval: $0.intervalRange.lowerBound, maximumInterval: $0.intervalRange.upperBound,
                duplicateTimestamps: $0.duplicateTimestamps, maximumGap: $0.maximumGap, gaps: $0.gaps)
        }
        columns = loaded.layout.mappings.map {
            Column(quantity: $0.column.rawValue, header: $0.name, fileUnit: $0.sourceUnit, unit: $0.column.unit)
        }
        extraColumns = loaded.layout.extraIndices.map { loaded.layout.header[$0] }
        notes = loaded.layout.notes + recording.plausibilityNotes()
        fixes = recording.speed.map { speeds in
            var fixes = Fixes(count: 0, valid: 0)
            for (index, speed) in speeds.enumerated() where !speed.isNaN {
                fixes.count += 1
                let accuracy = recording.speedAccuracy?[index] ?? .nan
                if speed >= 0, accuracy.isNaN || accuracy >= 0 { fixes.valid += 1 }
            }
            return fixes
        }
        labelCounts = recording.labels.map { labels in
            var counts: [String: Int] = [:]
            for label in labels { counts[label, default: 0] += 1 }
            return counts.map { LabelCount(label: $0.key, rows: $0.value) }
                .sorted { $0.rows != $1.rows ? $0.rows > $1.rows : $0.label < $1.label }
        }
        blankLines = loaded.report.blankLines
        skippedRows = Dictionary(uniqueKeysWithValues: loaded.report.skippedRows.map { ($0.key.rawValue, $0.value) })
        firstSkippedLine = Dictionary(
            uniqueKeysWithValues: loaded.report.firstSkippedLine.map { ($0.key.rawValue, $0.value) })
    }
}
