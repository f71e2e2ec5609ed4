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
