/// A reading option that a library message suggests setting, named in the message by its
/// ``phrase`` (the ``RecordingReadOptions`` property and value), so that a front end with names
/// of its own for the options (a command line's flags) can word the message in its own terms by
/// replacing each phrase.
///
/// The plausibility notes on units (``Recording/plausibilityNotes()``) and the GPX reader's
/// error for a track point without a time name these.
public enum ReadOptionSuggestion: String, Sendable, Hashable, CaseIterable {
    /// ``RecordingReadOptions/rotationRateUnit`` as ``RotationRateUnit/degreesPerSecond``.
    case rotationRateInDegreesPerSecond
    /// ``RecordingReadOptions/accelerationUnit`` as ``AccelerationUnit/metersPerSecondSquared``.
    case accelerationInMetersPerSecondSquared
    /// ``RecordingReadOptions/lenient``: unreadable rows skipped and counted.
    case lenient

    /// How a library message names the option: the property of ``RecordingReadOptions`` and,
    /// where it has one, its value (`RecordingReadOptions.rotationRateUnit = .degreesPerSecond`).
    public var phrase: String {
        switch self {
        case .rotationRateInDegreesPerSecond: "RecordingReadOptions.rotationRateUnit = .degreesPerSecond"
        case .accelerationInMetersPerSecondSquared: "RecordingReadOptions.accelerationUnit = .metersPerSecondSquared"
        case .lenient: "RecordingReadOptions.lenient"
        }
    }
}
