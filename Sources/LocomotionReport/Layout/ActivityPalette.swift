import Locomotion

/// The report's colours: each activity's ``ActivityType/colorName`` as a concrete colour chosen
/// to stay legible as a band with a label on it, and the colours of the other series.
@_spi(Testing) public enum ActivityPalette {
    /// The fill of `activity`: blue walking, green running, orange cycling, red driving, gray
    /// stationary, yellow unknown.
    @_spi(Testing) public static func fill(_ activity: ActivityType) -> String {
        switch activity {
        case .walking: "#2563c9"
        case .running: "#2e9b45"
        case .cycling: "#f08a1c"
        case .driving: "#d03232"
        case .stationary: "#9aa1aa"
        case .unknown: "#f2c318"
        }
    }

    /// A text colour that reads on ``fill(_:)``.
    static func text(on activity: ActivityType) -> String {
        switch activity {
        case .walking, .running, .driving: "#ffffff"
        case .cycling, .stationary, .unknown: "#1d232b"
        }
    }

    /// The pattern id of the hatch for windows whose label names no activity.
    @_spi(Testing) public static let unlabelledPattern = "hatch-unlabelled"
    /// The hatch's definition, for a panel's `<defs>`.
    static let unlabelledPatternDefinition =
        "<pattern id=\"\(unlabelledPattern)\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" "
        + "patternTransform=\"rotate(45)\"><rect width=\"8\" height=\"8\" fill=\"#eef0f2\"/>"
        + "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" stroke=\"#b3b9c1\" stroke-width=\"3\"/></pattern>"

    static let acceleration = "#3c4a5c"
    static let gaitFrequency = "#7b3fa8"
    static let cadence = "#0f9a97"
    static let rawSpeed = "#9aa3ad"
    static let smoothedSpeed = "#1c3d7a"
    @_spi(Testing) public static let rejectedSpike = "#e0161b"
    static let confidenceLine = "#262d36"
    static let referenceLine = "#7d8793"
}
