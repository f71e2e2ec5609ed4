import Locomotion

/// How the sky looks to the GPS receiver during a phase.
///
/// Fixes come once a second. A measured speed is the true one plus a time-correlated error
/// (first-order, 2 s) whose standard deviation is the reported `speedAccuracy`, clamped at 0
/// as receivers report it; the reported accuracy is itself an estimate (±25 %). Multipath spikes
/// add 3–10 m/s to one or two consecutive fixes without the accuracy showing it, the failure the
/// Kalman filter's gate exists for. iOS reports typical Doppler speed accuracies of a few tenths
/// of a m/s under open sky: the design quotes ±0.3 m/s at walking speed, and the shared cycling
/// ride's phone GPS (1 Hz) scatters by 0.20–0.34 m/s from fix to fix (MAD and standard deviation
/// of its second differences).
public enum GPSCondition: String, Sendable, Hashable, CaseIterable {
    /// Open sky: accuracy 0.15–0.4 m/s, a spike every 150 s or so, 1 % of fixes missing.
    case openSky = "open_sky"
    /// Streets between buildings: 0.3–1.0 m/s, a spike every 45 s, 3 % missing, and a gap of
    /// 3–8 s every two minutes or so (a bridge, an underpass).
    case urban
    /// Indoors by a window: the receiver still reports a speed, near zero and noisy (0–0.6 m/s
    /// whatever the person does), accuracy 1–3 m/s (partly at or above the 2 m/s noise limit),
    /// 10 % missing.
    case indoors
    /// No satellites (an underground car park, a tunnel): fixes from Wi-Fi or cell positions
    /// still arrive once a second, with speed and speed accuracy −1, as iOS reports them.
    case denied
    /// No location updates at all.
    case off

    var accuracyRange: ClosedRange<Double> {
        switch self {
        case .openSky: return 0.15...0.4
        case .urban: return 0.3...1.0
        case .indoors: return 1.0...3.0
        case .denied, .off: return 0...0
        }
    }

    var spikeInterval: Double? {
        switch self {
        case .openSky: return 150
        case .urban: return 45
        case .indoors, .denied, .off: return nil
        }
    }

    var dropProbability: Double {
        switch self {
        case .openSky: return 0.01
        case .urban: return 0.03
        case .indoors: return 0.1
        case .denied, .off: return 0
        }
    }

    /// Mean seconds between outages, and their length range.
    var outages: (interval: Double, length: ClosedRange<Double>)? {
        self == .urban ? (120, 3...8) : nil
    }

    /// Reported horizontal accuracy range (m).
    var horizontalAccuracyRange: ClosedRange<Double> {
        switch self {
        case .openSky: return 3...8
        case .urban: return 8...25
        case .indoors: return 20...65
        case .denied: return 65...165
        case .off: return 0...0
        }
    }
}

/// An operating-system activity report that a phase triggers: the flags the phone's own
/// classifier (Core Motion's `CMMotionActivity`) reports once it has recognised the phase.
public struct ReportSpecification: Sendable, Hashable {
    /// The flags.
    public var flags: MotionActivityFlags
    /// The system's confidence.
    public var confidence: Confidence
    /// Seconds from the phase's start to the report (a coprocessor needs a few seconds, more
    /// to be sure of a vehicle). The simulated report's `MotionActivityReport.start` is this
    /// delivery time, the earliest an app would have heard of it.
    public var latency: Double

    /// - Parameters:
    ///   - flags: The motion flags.
    ///   - confidence: High by default.
    ///   - latency: Seconds after the phase starts; 5 by default.
    public init(_ flags: MotionActivityFlags, confidence: Confidence = .high, latency: Double = 5) {
        self.flags = flags
        self.confidence = confidence
        self.latency = latency
    }
}

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
