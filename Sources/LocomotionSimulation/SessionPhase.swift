import Locomotion

/// One stretch of a simulated session: an activity, how long, how the phone moves, where it is
/// carried, how fast the ground goes by and what the GPS sees.
public struct SessionPhase: Sendable, Hashable {
    /// The ground-truth activity of the phase.
    public var activity: ActivityType
    /// Seconds.
    public var duration: Double
    /// How the phone moves.
    public var motion: Motion
    /// Where the phone is; a change from the previous phase is a 2.5 s handling (the phone is
    /// taken out and put down again) at the start of this one.
    public var placement: PhonePlacement
    /// Mean ground speed in m/s (0 on a treadmill, whatever the belt does).
    public var speed: Double
    /// The standard deviation (m/s) of the slow wander of the speed around its mean.
    public var speedVariation: Double
    /// Seconds over which the speed wanders.
    public var speedTimescale: Double
    /// The lowest ground speed (m/s) the wander may reach.
    public var minimumSpeed: Double
    /// The highest ground speed (m/s) the wander may reach.
    public var maximumSpeed: Double
    /// The largest change of speed (m/s²) when entering the phase from another speed.
    public var acceleration: Double
    /// What the GPS sees.
    public var gps: GPSCondition
    /// Operating-system reports this phase triggers.
    public var reports: [ReportSpecification]
    /// A name for the steady part, or `nil` when the phase has none worth asserting on.
    public var steadyName: String?
    /// Seconds from the phase's start to its steady part (speed settled, smoothing committed).
    public var settle: Double
    /// Seconds before the phase's end at which the steady part ends.
    public var trailing: Double
    /// What the phase stands for, in words.
    public var note: String

    /// Creates a phase; the speed's wander, the acceleration and the GPS take defaults that suit
    /// the motion unless given.
    public init(
        _ activity: ActivityType, duration: Double, motion: Motion, placement: PhonePlacement, speed: Double,
        speedVariation: Double? = nil, speedTimescale: Double = 10, minimumSpeed: Double = 0,
        maximumSpeed: Double = .infinity,
        acceleration: Double? = nil, gps: GPSCondition = .openSky, reports: [ReportSpecification] = [],
        steady steadyName: String? = nil, settle: Double = 0, trailing: Double = 0, note: String = ""
    ) {
        precondition(duration > 0, "a phase needs a positive duration")
        self.activity = activity
        self.duration = duration
        self.motion = motion
        self.placement = placement
        self.speed = speed
        self.speedVariation = speedVariation ?? Self.defaultVariation(motion, speed: speed)
        self.speedTimescale = speedTimescale
        self.minimumSpeed = minimumSpeed
        self.maximumSpeed = maximumSpeed
        self.acceleration = acceleration ?? Self.defaultAcceleration(motion)
        self.gps = gps
        self.reports = reports
        self.steadyName = steadyName
        self.settle = settle
        self.trailing = trailing
        self.note = note
    }

    private static func defaultVariation(_ motion: Motion, speed: Double) -> Double {
        switch motion {
        case .still: return 0
        case .gait: return 0.04 * speed
        case .pedalling: return 0.05 * speed
        case .vehicle: return 0.05 * speed
        }
    }

    private static func defaultAcceleration(_ motion: Motion) -> Double {
        switch motion {
        case .still: return 3
        case .gait(let gait): return gait.kind == .running ? 3 : 1.5
        case .pedalling: return 0.8
        case .vehicle: return 2
        }
    }
}
