/// One group of a long-format file: the rows sharing a value of the group column.
public struct RecordingGroup: Sendable, Equatable {
    /// The group column's value.
    public var name: String
    /// The group's rows.
    public var recording: Recording
}
