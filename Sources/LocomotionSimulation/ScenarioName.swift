import Locomotion

/// The scenarios A–H, each a situation the detector must get right (told in ``summary``), and a
/// commute, by name.
///
/// Each has a default duration and accepts another (`duration`, in seconds); phases scale with it, except
/// the lengths the scenario fixes (the 15 s sprint of E). Below ``minimumDuration`` the duration
/// is raised to it, so every steady span exists.
public enum ScenarioName: String, CaseIterable, Sendable, Hashable {
    /// A: a sidewalk walk at 1.5 m/s, phone in a jacket pocket; the OS reports walking (high).
    case sidewalkWalk = "sidewalk-walk"
    /// B: a motorway drive at 110 km/h (30.5 m/s), phone on a dashboard mount; the OS reports
    /// automotive.
    case motorwayDrive = "motorway-drive"
    /// C: a town drive, then a traffic jam crawling at 0.8 m/s; phone in a cup holder; the OS
    /// reports automotive (used or not, as the test chooses).
    case trafficJam = "traffic-jam"
    /// D: a passenger in a car at 15 m/s, phone in the hand: to the sensors, a drive.
    case passenger
    /// E: a 15 s sprint at 4.5 m/s for a bus, then standing at the stop; phone in a jacket pocket.
    case sprintToBus = "sprint-to-bus"
    /// F: a walk at 1.3 m/s through an underground car park, phone in a trouser pocket, GPS
    /// denied (speed −1).
    case carParkWalk = "car-park-walk"
    /// G: cycling at 5.3 m/s, then at 6.8 m/s, phone in a jersey pocket; the OS reports cycling.
    case cycling
    /// H: walking on a treadmill at 5 km/h (1.39 m/s): the GPS indoors sees about 0 m/s.
    case treadmillWalk = "treadmill-walk"
    /// A commute: walk to the car, drive through town, a traffic jam, drive on, park, walk.
    case commute

    /// The scenario's letter (A–H), or `nil` for the commute.
    public var letter: String? {
        switch self {
        case .sidewalkWalk: return "A"
        case .motorwayDrive: return "B"
        case .trafficJam: return "C"
        case .passenger: return "D"
        case .sprintToBus: return "E"
        case .carParkWalk: return "F"
        case .cycling: return "G"
        case .treadmillWalk: return "H"
        case .commute: return nil
        }
    }

    /// One line on what the scenario is.
    public var summary: String {
        switch self {
        case .sidewalkWalk: return "sidewalk walk at 1.5 m/s, jacket pocket, OS reports walking"
        case .motorwayDrive: return "motorway drive at 30.5 m/s, dashboard mount, OS reports automotive"
        case .trafficJam: return "town drive, then a traffic jam at 0.8 m/s, cup holder, OS reports automotive"
        case .passenger: return "passenger in a car at 15 m/s, phone in the hand"
        case .sprintToBus: return "15 s sprint at 4.5 m/s, then standing at a bus stop"
        case .carParkWalk: return "walk at 1.3 m/s in an underground car park, GPS denied (speed -1)"
        case .cycling: return "cycling at 5.3 then 6.8 m/s, jersey pocket, OS reports cycling"
        case .treadmillWalk: return "treadmill walk at 1.39 m/s, GPS indoors (speed about 0)"
        case .commute: return "walk, town drive with a traffic jam, park, walk"
        }
    }

    /// The default duration in seconds.
    public var defaultDuration: Double {
        switch self {
        case .sidewalkWalk, .carParkWalk, .treadmillWalk: return 120
        case .motorwayDrive, .passenger, .cycling: return 180
        case .trafficJam: return 240
        case .sprintToBus: return 90
        case .commute: return 600
        }
    }

    /// The shortest duration in seconds that keeps every steady span.
    public var minimumDuration: Double {
        switch self {
        case .sidewalkWalk, .motorwayDrive, .passenger, .carParkWalk, .treadmillWalk: return 30
        case .trafficJam: return 120
        case .sprintToBus: return 40
        case .cycling: return 90
        case .commute: return 300
        }
    }

    /// The scenario named by `argument`: its name (`sidewalk-walk`) or its letter (`a`), in any case.
    public init?(argument: String) {
        let text = argument.lowercased()
        guard let match = Self.allCases.first(where: { $0.rawValue == text || $0.letter?.lowercased() == text }) else {
            return nil
        }
        self = match
    }
}
