/// A mode of locomotion.
///
/// The cases are declared in a fixed order — walking, running, cycling, driving, stationary,
/// unknown — which is the order of `allCases` and the order every table, tally and probability
/// vector in the package uses, so output never depends on hashing.
///
/// ``driving`` means being carried by any road or rail vehicle, as driver or passenger: a car, a
/// bus, a tram, a metro or a train. From a phone's sensors a passenger cannot be told from the
/// driver.
public enum ActivityType: String, CaseIterable, Codable, Sendable, Hashable {
    /// On foot at walking cadence (stairs included).
    case walking
    /// On foot at running cadence.
    case running
    /// Riding a bicycle.
    case cycling
    /// Carried by a road or rail vehicle.
    case driving
    /// Not travelling: sitting, standing, lying, or the phone lying still.
    case stationary
    /// No decision: too little evidence, or evidence that conflicts.
    case unknown

    /// The stable identifier used in files and on the command line: `walking`, `running`,
    /// `cycling`, `driving`, `stationary` or `unknown`. Never localised, never changed.
    public var identifier: String { rawValue }

    /// The activity with the stable `identifier`, or `nil` when there is none.
    public init?(identifier: String) {
        self.init(rawValue: identifier)
    }

    /// An English name for display: "Walking", "Running", "Cycling", "Driving", "Stationary",
    /// "Unknown".
    public var displayName: String {
        switch self {
        case .walking: return "Walking"
        case .running: return "Running"
        case .cycling: return "Cycling"
        case .driving: return "Driving"
        case .stationary: return "Stationary"
        case .unknown: return "Unknown"
        }
    }

    /// The name of an SF Symbols glyph for the activity (`figure.walk`, `figure.run`, `bicycle`,
    /// `car.fill`, `person.fill`, `questionmark.circle.fill`), for apps that show one.
    public var symbolName: String {
        switch self {
        case .walking: return "figure.walk"
        case .running: return "figure.run"
        case .cycling: return "bicycle"
        case .driving: return "car.fill"
        case .stationary: return "person.fill"
        case .unknown: return "questionmark.circle.fill"
        }
    }

    /// The name of a system colour for the activity (`blue`, `green`, `orange`, `red`, `gray`,
    /// `yellow`), the same in reports and apps.
    public var colorName: String {
        switch self {
        case .walking: return "blue"
        case .running: return "green"
        case .cycling: return "orange"
        case .driving: return "red"
        case .stationary: return "gray"
        case .unknown: return "yellow"
        }
    }

    /// Whether the person moves on foot: walking or running.
    public var isPedestrian: Bool { self == .walking || self == .running }

    /// Whether the person is carried by a vehicle: driving. A bicycle is propelled by its rider,
    /// so cycling is neither pedestrian nor vehicular.
    public var isVehicular: Bool { self == .driving }

    /// Whether the person travels at all: every activity but stationary and unknown.
    public var isMoving: Bool { self != .stationary && self != .unknown }

    /// The activities in `allCases` order except ``unknown``: the ones a classifier can decide.
    public static let decidable: [ActivityType] = allCases.filter { $0 != .unknown }

    /// The position of the activity in `allCases`.
    var ordinal: Int { Self.allCases.firstIndex(of: self)! }
}

extension ActivityType: CustomStringConvertible {
    /// The stable identifier.
    public var description: String { identifier }
}
