/// A stretch of time with no rows, longer than the gap threshold.
public struct RecordingGap: Sendable, Equatable, Codable {
    /// The time of the last row before the gap, in seconds.
    public var start: Double
    /// The time of the first row after the gap, in seconds.
    public var end: Double
    /// The index of the first row after the gap (0-based, into the recording's columns).
    public var rowIndex: Int

    /// `end − start`, in seconds.
    public var duration: Double { end - start }

    /// The number of the first row after the gap as people count rows: the first row after the
    /// header is row 1. This is what `locomotion info` prints and its JSON holds (as `row`).
    public var row: Int { rowIndex + 1 }

    /// Creates a gap from the times around it and the index of the row after it.
    public init(start: Double, end: Double, rowIndex: Int) {
        self.start = start
        self.end = end
        self.rowIndex = rowIndex
    }

    // Encoded with the 1-based `row`, so every row and line number a user reads counts from 1.
    private enum CodingKeys: String, CodingKey { case start, end, row }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            start: try container.decode(Double.self, forKey: .start),
            end: try container.decode(Double.self, forKey: .end),
            rowIndex: try container.decode(Int.self, forKey: .row) - 1)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(row, forKey: .row)
    }
}
