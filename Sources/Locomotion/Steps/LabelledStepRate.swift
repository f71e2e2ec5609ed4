/// Steps counted during labelled periods of a recording (for example UCI HAPT's sitting,
/// standing and lying), to measure false steps.
public struct LabelledStepRate: Sendable, Hashable, Codable {
    /// The labels counted.
    public var labels: [String]
    /// The time spent in those labels, in s (intervals longer than a gap are not counted).
    public var duration: Double
    /// Steps whose time falls in a row with one of those labels.
    public var steps: Int
    /// `steps / (duration / 60)`; `nil` when the duration is 0.
    public var stepsPerMinute: Double? { duration > 0 ? Double(steps) / (duration / 60) : nil }

    /// Creates a rate.
    public init(labels: [String], duration: Double, steps: Int) {
        self.labels = labels
        self.duration = duration
        self.steps = steps
    }
}
