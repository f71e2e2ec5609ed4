// Earlier names of the public API, kept so that existing clients still compile and get a fix-it:
// a scenario's length is `duration` (seconds), as on `SessionPhase` and `ScenarioName`.

extension Scenario {
    /// Renamed ``session(_:duration:seed:)``.
    @available(*, deprecated, renamed: "session(_:duration:seed:)")
    public static func session(_ name: ScenarioName, seconds: Double?, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(name, duration: seconds, seed: seed)
    }

    /// Renamed ``plan(_:duration:)``.
    @available(*, deprecated, renamed: "plan(_:duration:)")
    public static func plan(_ name: ScenarioName, seconds: Double) -> (
        phases: [SessionPhase], options: SimulationOptions
    ) {
        plan(name, duration: seconds)
    }

    /// Renamed ``sidewalkWalk(duration:seed:)``.
    @available(*, deprecated, renamed: "sidewalkWalk(duration:seed:)")
    public static func sidewalkWalk(seconds: Double?, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.sidewalkWalk, duration: seconds, seed: seed)
    }

    /// Renamed ``motorwayDrive(duration:seed:)``.
    @available(*, deprecated, renamed: "motorwayDrive(duration:seed:)")
    public static func motorwayDrive(seconds: Double?, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.motorwayDrive, duration: seconds, seed: seed)
    }

    /// Renamed ``trafficJam(duration:seed:)``.
    @available(*, deprecated, renamed: "trafficJam(duration:seed:)")
    public static func trafficJam(seconds: Double?, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.trafficJam, duration: seconds, seed: seed)
    }

    /// Renamed ``passenger(duration:seed:)``.
    @available(*, deprecated, renamed: "passenger(duration:seed:)")
    public static func passenger(seconds: Double?, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.passenger, duration: seconds, seed: seed)
    }

    /// Renamed ``sprintToBus(duration:seed:)``.
    @available(*, deprecated, renamed: "sprintToBus(duration:seed:)")
    public static func sprintToBus(seconds: Double?, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.sprintToBus, duration: seconds, seed: seed)
    }

    /// Renamed ``carParkWalk(duration:seed:)``.
    @available(*, deprecated, renamed: "carParkWalk(duration:seed:)")
    public static func carParkWalk(seconds: Double?, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.carParkWalk, duration: seconds, seed: seed)
    }

    /// Renamed ``cycling(duration:seed:)``.
    @available(*, deprecated, renamed: "cycling(duration:seed:)")
    public static func cycling(seconds: Double?, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.cycling, duration: seconds, seed: seed)
    }

    /// Renamed ``treadmillWalk(duration:seed:)``.
    @available(*, deprecated, renamed: "treadmillWalk(duration:seed:)")
    public static func treadmillWalk(seconds: Double?, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.treadmillWalk, duration: seconds, seed: seed)
    }

    /// Renamed ``commute(duration:seed:)``.
    @available(*, deprecated, renamed: "commute(duration:seed:)")
    public static func commute(seconds: Double?, seed: UInt64 = defaultSeed) -> SimulatedSession {
        session(.commute, duration: seconds, seed: seed)
    }
}
