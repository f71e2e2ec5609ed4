/// The samples at the end of a gap-free stretch that do not fill a whole window: the window
/// that would have started there, cut short by a gap or by the end of the data.
public struct IncompleteWindow: Sendable, Equatable, Hashable, Codable {
    /// Time of its first sample, in seconds.
    public var start: Double
    /// Time of its last sample, in seconds.
    public var end: Double
    /// How many samples it holds, fewer than a window's.
    public var sampleCount: Int

    /// Creates a description of an incomplete window.
    public init(start: Double, end: Double, sampleCount: Int) {
        self.start = start
        self.end = end
        self.sampleCount = sampleCount
    }
}
