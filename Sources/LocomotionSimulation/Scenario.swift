import Locomotion

/// Seeded synthetic sessions with ground truth for the activity scenarios.
///
/// ```swift
/// import Locomotion
/// import LocomotionSimulation
///
/// let session = Scenario.session(.trafficJam, seed: 7)
/// var votes = VoteFusion.Configuration()
/// votes.operatingSystemVotes = .trafficJam          // the OS's automotive report breaks the tie
/// var detector = try ActivityDetector(
///     sampleRate: session.sampleRate, classifier: .voteFusion(try VoteFusion(configuration: votes)),
///     hasGyroscope: true)
/// let decisions = try detector.process(session.events())   // OS reports merged in time order
/// let jam = session.steadySpan("jam")!
/// let inJam = decisions.filter { jam.contains(start: $0.result.start, end: $0.result.end) }
/// print(inJam.filter { $0.committed == .driving }.count, "of", inJam.count)
/// ```
///
/// Your own sessions: ``SimulatedSession/init(phases:seed:name:options:)`` with ``SessionPhase``s
/// (a ``Motion``, a ``PhonePlacement``, a ground speed, a ``GPSCondition`` and any
/// operating-system reports). What the generator models, and which real recordings its numbers
/// come from, is documented on ``Gait``, ``Pedalling``, ``Vehicle``, ``Stillness``,
/// ``GPSCondition`` and ``SimulatedSession/init(phases:seed:name:options:)``.
public enum Scenario {
    /// The seed used when none is given.
    public static let defaultSeed: UInt64 = 0x5EED_0C0F_FEE5

    /// The session of scenario `name`.
    ///
    /// - Parameters:
    ///   - name: The scenario.
    ///   - requested: The `duration` argument, in seconds; the scenario's default when `nil`, at
    ///     least its minimum.
    ///   - seed: The same seed gives the same session, bit for bit.
    public static func session(_ name: ScenarioName, duration requested: Double? = nil, seed: UInt64 = defaultSeed)
        -> SimulatedSession
    {
        let duration = max(requested ?? name.defaultDuration, name.minimumDuration)
        let (phases, options) = plan(name, duration: duration)
        return SimulatedSession(phases: phases, seed: seed, name: name.rawValue, options: options)
    }

    /// The phases and options of scenario `name` lasting `duration` seconds (at least its minimum).
    public static func plan(_ name: ScenarioName, duration: Double) -> (
        phases: [SessionPhase], options: SimulationOptions
    ) {
        let total = max(duration, name.minimumDuration)
        switch name {
        case .sidewalkWalk:
            return (
                [
                    SessionPhase(
                        .walking, duration: total, motion: .gait(Gait(.walking, speed: 1.5)), placement: .jacketPocket,
                        speed: 1.5, gps: .openSky, reports: [ReportSpecification(.walking, latency: 0)], steady: "walk",
                        settle: 15, note: "sidewalk walk at 1.5 m/s, phone in a jacket pocket")
                ], SimulationOptions(includesPedometer: true, gpsTimeToFirstFix: 6)
            )
        case .motorwayDrive:
            return (
                [
                    SessionPhase(
                        .driving, duration: total, motion: .vehicle(Vehicle(road: .motorway)),
                        placement: .dashboardMount,
                        speed: 30.5, speedVariation: 0.6, speedTimescale: 20, gps: .openSky,
                        reports: [ReportSpecification(.automotive, latency: 0)], steady: "drive", settle: 10,
                        note: "motorway at 110 km/h, phone on a dashboard mount")
                ], SimulationOptions()
            )
        case .trafficJam:
            let drive = (total * 0.375).rounded()
            return (
                [
                    SessionPhase(
                        .driving, duration: drive, motion: .vehicle(Vehicle(road: .urban)), placement: .cupholder,
                        speed: 13, speedVariation: 1.2, gps: .urban,
                        reports: [ReportSpecification(.automotive, latency: 10)], steady: "drive", settle: 20,
                        note: "town drive at 13 m/s, phone in a cup holder"),
                    SessionPhase(
                        .driving, duration: total - drive, motion: .vehicle(Vehicle(road: .urban)),
                        placement: .cupholder,
                        speed: 0.8, speedVariation: 0.3, speedTimescale: 8, minimumSpeed: 0.1, gps: .urban,
                        reports: [ReportSpecification(.automotive, confidence: .medium, latency: 30)], steady: "jam",
                        settle: 25, note: "traffic jam crawling at 0.8 m/s"),
                ], SimulationOptions(gpsTimeToFirstFix: 4)
            )
        case .passenger:
            return (
                [
                    SessionPhase(
                        .driving, duration: total, motion: .vehicle(Vehicle(road: .urban)), placement: .handHeld,
                        speed: 15, speedVariation: 1.5, gps: .openSky,
                        reports: [ReportSpecification(.automotive, latency: 0)], steady: "ride", settle: 10,
                        note: "passenger at 15 m/s, phone in the hand")
                ], SimulationOptions()
            )
        case .sprintToBus:
            return (
                [
                    SessionPhase(
                        .running, duration: 15, motion: .gait(Gait(.running, speed: 4.5)), placement: .jacketPocket,
                        speed: 4.5, speedVariation: 0.15, gps: .openSky,
                        reports: [ReportSpecification(.running, latency: 5)], steady: "sprint", settle: 7.5,
                        note: "sprint for the bus at 4.5 m/s"),
                    SessionPhase(
                        .stationary, duration: total - 15, motion: .still(Stillness(posture: .standing)),
                        placement: .jacketPocket, speed: 0, gps: .openSky,
                        reports: [ReportSpecification(.stationary, latency: 8)], steady: "stop", settle: 12,
                        note: "standing at the bus stop"),
                ], SimulationOptions(includesPedometer: true)
            )
        case .carParkWalk:
            return (
                [
                    SessionPhase(
                        .walking, duration: total, motion: .gait(Gait(.walking, speed: 1.3)), placement: .trouserPocket,
                        speed: 1.3, gps: .denied, reports: [ReportSpecification(.walking, latency: 5)], steady: "walk",
                        settle: 8, note: "walk through an underground car park, no satellites")
                ], SimulationOptions(includesPedometer: true)
            )
        case .cycling:
            let first = (total * 5 / 9).rounded()
            return (
                [
                    SessionPhase(
                        .cycling, duration: first, motion: .pedalling(Pedalling()), placement: .jerseyPocket,
                        speed: 5.3,
                        speedVariation: 0.2, maximumSpeed: 5.8, gps: .openSky,
                        reports: [ReportSpecification(.cycling, latency: 15)],
                        steady: "ride", settle: 20, note: "bike path at 5.3 m/s, phone in a jersey pocket"),
                    SessionPhase(
                        .cycling, duration: total - first, motion: .pedalling(Pedalling()), placement: .jerseyPocket,
                        speed: 6.8, speedVariation: 0.2, minimumSpeed: 6.3, gps: .openSky, steady: "fast", settle: 12,
                        note: "faster stretch at 6.8 m/s"),
                ], SimulationOptions(gpsTimeToFirstFix: 5)
            )
        case .treadmillWalk:
            return (
                [
                    SessionPhase(
                        .walking, duration: total, motion: .gait(Gait(.walking, speed: 1.39)), placement: .jacketPocket,
                        speed: 0, gps: .indoors, reports: [ReportSpecification(.walking, latency: 5)], steady: "walk",
                        settle: 10, note: "treadmill at 5 km/h; the ground does not move")
                ], SimulationOptions(includesPedometer: true)
            )
        case .commute:
            let k = total / 600
            func d(_ seconds: Double) -> Double { (seconds * k).rounded() }
            let walk1 = d(150), board = d(15), drive1 = d(150), jam = d(90), drive2 = d(90), park = d(10)
            let walk2 = total - (walk1 + board + drive1 + jam + drive2 + park)
            let car = Vehicle(road: .urban)
            return (
                [
                    SessionPhase(
                        .walking, duration: walk1, motion: .gait(Gait(.walking, speed: 1.4)), placement: .jacketPocket,
                        speed: 1.4, gps: .urban, reports: [ReportSpecification(.walking, latency: 6)],
                        steady: "walk to the car", settle: 20, note: "walk to the car"),
                    SessionPhase(
                        .stationary, duration: board, motion: .still(Stillness(posture: .sitting)),
                        placement: .dashboardMount, speed: 0, gps: .urban, note: "get in, put the phone on its mount"),
                    SessionPhase(
                        .driving, duration: drive1, motion: .vehicle(car), placement: .dashboardMount, speed: 14,
                        speedVariation: 1.5, gps: .urban, reports: [ReportSpecification(.automotive, latency: 12)],
                        steady: "drive", settle: 25, note: "town drive at 14 m/s"),
                    SessionPhase(
                        .driving, duration: jam, motion: .vehicle(car), placement: .dashboardMount, speed: 0.8,
                        speedVariation: 0.3, speedTimescale: 8, minimumSpeed: 0.1, gps: .urban, steady: "jam",
                        settle: 25,
                        note: "traffic jam at 0.8 m/s"),
                    SessionPhase(
                        .driving, duration: drive2, motion: .vehicle(car), placement: .dashboardMount, speed: 12,
                        speedVariation: 1.2, gps: .urban, steady: "drive on", settle: 15, note: "drive on at 12 m/s"),
                    SessionPhase(
                        .stationary, duration: park, motion: .still(Stillness(posture: .sitting)),
                        placement: .dashboardMount, speed: 0, gps: .urban, note: "parked"),
                    SessionPhase(
                        .walking, duration: walk2, motion: .gait(Gait(.walking, speed: 1.4)), placement: .jacketPocket,
                        speed: 1.4, gps: .urban, reports: [ReportSpecification(.walking, latency: 8)],
                        steady: "walk to the office", settle: 18, note: "walk to the office"),
                ], SimulationOptions(includesPedometer: true, gpsTimeToFirstFix: 8)
            )
        }
    }

    /// Scenario A (``ScenarioName/sidewalkWalk``).
    public static func sidewalkWalk(duration: Double? = nil, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.sidewalkWalk, duration: duration, seed: seed)
    }
    /// Scenario B (``ScenarioName/motorwayDrive``).
    public static func motorwayDrive(duration: Double? = nil, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.motorwayDrive, duration: duration, seed: seed)
    }
    /// Scenario C (``ScenarioName/trafficJam``).
    public static func trafficJam(duration: Double? = nil, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.trafficJam, duration: duration, seed: seed)
    }
    /// Scenario D (``ScenarioName/passenger``).
    public static func passenger(duration: Double? = nil, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.passenger, duration: duration, seed: seed)
    }
    /// Scenario E (``ScenarioName/sprintToBus``).
    public static func sprintToBus(duration: Double? = nil, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.sprintToBus, duration: duration, seed: seed)
    }
    /// Scenario F (``ScenarioName/carParkWalk``).
    public static func carParkWalk(duration: Double? = nil, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.carParkWalk, duration: duration, seed: seed)
    }
    /// Scenario G (``ScenarioName/cycling``).
    public static func cycling(duration: Double? = nil, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.cycling, duration: duration, seed: seed)
    }
    /// Scenario H (``ScenarioName/treadmillWalk``).
    public static func treadmillWalk(duration: Double? = nil, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.treadmillWalk, duration: duration, seed: seed)
    }
    /// The commute (``ScenarioName/commute``).
    public static func commute(duration: Double? = nil, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.commute, duration: duration, seed: seed)
    }
}
