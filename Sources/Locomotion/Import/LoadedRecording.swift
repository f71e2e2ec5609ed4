/// A recording loaded whole, with how its file was read.
public struct LoadedRecording: Sendable, Equatable {
    /// The samples.
    public var recording: Recording
    /// How the header was mapped onto quantities.
    public var layout: RecordingLayout
    /// Rows read and rows skipped by reason.
    public var report: RecordingReadReport

    /// Pairs a recording with how it was read.
    public init(recording: Recording, layout: RecordingLayout, report: RecordingReadReport) {
        self.recording = recording
        self.layout = layout
        self.report = report
    }
}
