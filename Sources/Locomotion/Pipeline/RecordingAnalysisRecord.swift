import Foundation

/// One recording's analysis as a stored record: what `locomotion analyze --json` writes per file,
/// `--jsonl` writes on one line per file, and `locomotion summarize` reads back. It is
/// ``RecordingAnalysisSummary`` in plain values (or the error of a file that failed), `Codable`
/// through explicit keys so the stored form does not change with the code's types.
///
/// ```swift
/// let record = RecordingAnalysisRecord(try recording.analyzeActivities().summary)
/// let line = try JSONEncoder().encode(record)
/// let back = try RecordingAnalysisRecord.records(jsonLines: line, path: "results.jsonl")
/// ```
public struct RecordingAnalysisRecord: Sendable, Hashable, Codable {
    /// One trip (driving until on foot again).
    public struct TripRecord: Sendable, Hashable, Codable {
        /// When it starts, in seconds of the recording's clock.
        public var start: Double
        /// When it ends, in seconds.
        public var end: Double
        /// `end - start`, in seconds.
        public var durationSeconds: Double
        /// Its distance from the smoothed GPS speed, in metres; `nil` without GPS speed.
        public var distanceMetres: Double?
        /// Whether it ends on foot (`false`: the recording ends during it).
        public var closed: Bool

        /// Creates a trip record.
        public init(start: Double, end: Double, durationSeconds: Double, distanceMetres: Double?, closed: Bool) {
            self.start = start
            self.end = end
            self.durationSeconds = durationSeconds
            self.distanceMetres = distanceMetres
            self.closed = closed
        }

        enum CodingKeys: String, CodingKey {
            case start, end, durationSeconds, distanceMetres, closed
        }
    }

    /// The file (or the recording's name).
    public var file: String
    /// Why the file could not be analyzed; `nil` for a file that was.
    public var error: String?
    /// From the first segment's start to the last one's end, in seconds; `nil` without segments.
    public var duration: Double?
    /// The feature windows decided.
    public var windows = 0
    /// The smoothed timeline.
    public var timeline: [ActivitySegment] = []
    /// Seconds in each activity, by ``ActivityType/identifier``.
    public var totalsSeconds: [String: Double] = [:]
    /// Steps the detector found anywhere.
    public var stepsDetected = 0
    /// Steps on foot (inside walking and running segments).
    public var stepsOnFoot = 0
    /// The mean cadence of the steps on foot, in steps per second.
    public var meanCadenceStepsPerSecond: Double?
    /// The trips.
    public var trips: [TripRecord] = []
    /// GPS fixes that passed validation; `nil` without fixes.
    public var validFixes: Int?
    /// GPS fixes in the recording; `nil` without fixes.
    public var fixes: Int?
    /// Fixes the speed filter rejected as spikes; `nil` without fixes.
    public var rejectedSpikes: Int?
    /// The window accuracy against the labels, when the recording has labels that name activities.
    public var accuracy: Double?
    /// The macro-F1 against the labels.
    public var macroF1: Double?
    /// The confusion matrix against the labels.
    public var confusion: ActivityConfusion?
    /// What the analysis skipped (`gravity`, `gait-band`) and why; `nil` when it skipped nothing.
    public var skipped: [SkippedRequirement]?

    /// One thing the analysis skipped because the recording lacks it.
    public struct SkippedRequirement: Codable, Sendable, Hashable {
        /// The requirement's name (``AnalysisRequirement``'s raw value).
        public var requirement: String
        /// What was skipped and why.
        public var note: String
    }

    enum CodingKeys: String, CodingKey {
        case file, error, duration, windows, timeline, totalsSeconds, stepsDetected, stepsOnFoot,
            meanCadenceStepsPerSecond, trips, validFixes, fixes, rejectedSpikes, accuracy, macroF1, confusion,
            skipped
    }

    /// The record of a file that could not be analyzed.
    public init(file: String, error: String) {
        self.file = file
        self.error = error
    }

    /// The record of an analysis.
    ///
    /// - Complexity: O(segments + trips).
    public init(_ analysis: RecordingAnalysisSummary) {
        file = analysis.source
        duration = analysis.timeline.segments.last.map { $0.end - analysis.timeline.segments[0].start }
        windows = analysis.windowCount
        timeline = analysis.timeline.segments
        for total in analysis.timeline.totals { totalsSeconds[total.activity.identifier] = total.seconds }
        stepsDetected = analysis.detectedStepCount
        stepsOnFoot = analysis.stepCount
        meanCadenceStepsPerSecond = analysis.meanCadence
        trips = analysis.trips.map {
            TripRecord(
                start: $0.start, end: $0.end, durationSeconds: $0.duration, distanceMetres: $0.distance,
                closed: $0.isClosed)
        }
        validFixes = analysis.speedReport?.validFixCount
        fixes = analysis.speedReport?.fixCount
        rejectedSpikes = analysis.speedReport?.counts.rejectedSpikes
        accuracy = analysis.confusion?.accuracy
        macroF1 = analysis.confusion?.macroF1
        confusion = analysis.confusion
        if !analysis.skipped.isEmpty {
            skipped = analysis.skipped.map { SkippedRequirement(requirement: $0.rawValue, note: $0.explanation) }
        }
    }

    /// An encoder for records: sorted keys (the same record always gives the same bytes), NaN and
    /// infinities as the strings `nan`, `inf`, `-inf`. Pretty-printed unless `oneLine`.
    public static func encoder(oneLine: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = oneLine ? [.sortedKeys, .withoutEscapingSlashes] : [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    /// The record as one JSON Lines line (without the newline), as ``encoder(oneLine:)`` writes it.
    public var jsonLine: String {
        // Every field is a plain number, string or array of them: encoding cannot fail.
        String(decoding: try! Self.encoder(oneLine: true).encode(self), as: UTF8.self)
    }

    /// Reads the records of a JSON Lines text (one record per line, as `analyze --jsonl` writes);
    /// blank lines are skipped.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - path: The file's name, for errors.
    /// - Throws: ``LocomotionError`` with code ``LocomotionError/Code/malformedCell`` naming the
    ///   file and line of the first line that is not a record (not JSON, a field missing or of
    ///   the wrong type).
    /// - Complexity: O(*n*) in the data's length.
    public static func records(jsonLines data: Data, path: String) throws(LocomotionError) -> [RecordingAnalysisRecord]
    {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        var records: [RecordingAnalysisRecord] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") }) else { continue }
            do {
                records.append(try decoder.decode(RecordingAnalysisRecord.self, from: Data(line)))
            } catch {
                throw LocomotionError(
                    .malformedCell, message: "not a recording analysis record (\(describe(error)))",
                    location: .file(path, line: index + 1))
            }
        }
        return records
    }

    /// A decoding error in a few words.
    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _): "no '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        default: "not JSON"
        }
    }
}
