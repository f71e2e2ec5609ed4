/// What moves the phone during a ``SessionPhase``.
public enum Motion: Sendable, Hashable {
    /// A person (or a phone) at rest: sensor noise, postural sway, the odd shift of weight.
    case still(Stillness)
    /// Walking or running: one vertical bounce per step with harmonics, a heel-strike impulse,
    /// left–right asymmetry and step-to-step variability.
    case gait(Gait)
    /// Pedalling a bicycle: one trunk oscillation per crank turn, no impacts, road vibration
    /// through the saddle.
    case pedalling(Pedalling)
    /// Riding in a road vehicle: engine vibration, suspension, road texture, potholes.
    case vehicle(Vehicle)

    /// Whether the motion is walking or running (the pedometer counts only these).
    var isGait: Bool {
        if case .gait = self { return true }
        return false
    }
}

/// A person or phone at rest.
public struct Stillness: Sendable, Hashable {
    /// How the body holds the phone.
    public enum Posture: String, Sendable, Hashable {
        /// Standing: postural sway and breathing, occasional weight shifts.
        case standing
        /// Sitting: less sway.
        case sitting
        /// The phone lies on a table: nothing but the sensor.
        case onTable = "on_table"
    }

    /// The posture.
    public var posture: Posture
    /// Mean seconds between weight shifts (standing and sitting), or `nil` for none.
    public var fidgetInterval: Double?

    /// - Parameters:
    ///   - posture: Standing by default.
    ///   - fidgetInterval: Mean seconds between weight shifts; 30 s by default.
    public init(posture: Posture = .standing, fidgetInterval: Double? = 30) {
        self.posture = posture
        self.fidgetInterval = fidgetInterval
    }
}

/// Walking or running.
///
/// The cadence follows the speed unless given: walking `1.0 + 0.58·v` steps/s clamped to
/// 1.6–2.0 (1.87 steps/s at 1.5 m/s, 1.8 at 1.4 m/s: healthy adults walk at 1.4 m/s with
/// 105–115 steps/min, Öberg, Karsznia & Öberg 1993, J Rehabil Res Dev 30:210), running
/// `2.55 + 0.07·v` clamped to 2.6–3.0 (2.87 steps/s at 4.5 m/s; stride frequency rises only
/// slowly with running speed, Dorn, Schache & Pandy 2012, J Exp Biol 215:1944). MotionSense's
/// pocket iPhones agree: walking 1.75–2.25 Hz (median 1.88), jogging about 2.8–2.9 steps/s.
public struct Gait: Sendable, Hashable {
    /// Walking or running.
    public enum Kind: String, Sendable, Hashable {
        /// Walking, or running: the gait's two modes.
        case walking, running
    }

    /// Walking or running.
    public var kind: Kind
    /// The speed of the legs in m/s (the belt's speed on a treadmill), which sets the cadence.
    public var speed: Double
    /// The cadence in steps/s, or `nil` to derive it from ``speed``.
    public var cadence: Double?
    /// A factor on the default amplitudes (1: a trunk-worn phone, as a jacket pocket or a belt).
    /// A trouser pocket adds its own (``PhonePlacement/trouserPocket``).
    public var intensity: Double

    /// - Parameters:
    ///   - kind: Walking or running.
    ///   - speed: m/s of the legs.
    ///   - cadence: steps/s, or `nil` to derive it from `speed`.
    ///   - intensity: A factor on the amplitudes; 1 by default.
    public init(_ kind: Kind, speed: Double, cadence: Double? = nil, intensity: Double = 1) {
        self.kind = kind
        self.speed = speed
        self.cadence = cadence
        self.intensity = intensity
    }

    /// The cadence in steps/s: the given one, else the one that goes with the speed.
    public var resolvedCadence: Double {
        if let cadence { return cadence }
        switch kind {
        case .walking: return min(max(1.0 + 0.58 * speed, 1.6), 2.0)
        case .running: return min(max(2.55 + 0.07 * speed, 2.6), 3.0)
        }
    }
}

/// Pedalling a bicycle.
///
/// The trunk rocks once per crank turn (the left and right down-strokes push it unequally), with
/// a second harmonic at a quarter of the fundamental's power: HuGaDB's thigh IMUs show the
/// pedalling fundamental at 1.12–1.50 Hz and a second harmonic at 0.29–0.33 of its power. A
/// jersey pocket on the lower back moves less than those thighs (sd|a| 0.12–0.39 g): 0.13 g by
/// default (the default session: sd|a| 0.123–0.138 g per window with the road's vibration,
/// roughness 0.66–0.72 against HuGaDB's 0.82–0.93). Recreational riders pedal at 60–80 rpm
/// (HuGaDB's rider: 67–90 rpm); the default is 66 rpm (1.1 Hz) with a slow ±2 % drift.
public struct Pedalling: Sendable, Hashable {
    /// The crank rate in Hz (revolutions per second).
    public var crankRate: Double
    /// The standard deviation (g) of the pedalling part of |a|.
    public var bodyDeviation: Double
    /// The road: 1 for a smooth bike path, more for rougher ones.
    public var roadRoughness: Double
    /// Mean seconds between short freewheeling spells (2–4 s without pedalling), or `nil`.
    public var coastingInterval: Double?

    /// - Parameters:
    ///   - crankRate: Hz; 1.1 by default.
    ///   - bodyDeviation: g; 0.13 by default.
    ///   - roadRoughness: 1 by default.
    ///   - coastingInterval: Seconds; 90 by default.
    public init(
        crankRate: Double = 1.1, bodyDeviation: Double = 0.13, roadRoughness: Double = 1, coastingInterval: Double? = 90
    ) {
        self.crankRate = crankRate
        self.bodyDeviation = bodyDeviation
        self.roadRoughness = roadRoughness
        self.coastingInterval = coastingInterval
    }
}

/// Riding in a road vehicle.
///
/// The vibration, vertical unless said otherwise, scaled by the road and by √(v / 20 m/s):
/// - engine: the firing frequency of a four-cylinder engine, 2 per revolution, 25–28 Hz at idle
///   (750–850 rpm) rising to about 40 Hz at speed, with its second order; 0.004–0.007 g. At 50 Hz
///   it aliases to 10–25 Hz, as in a phone without an anti-aliasing filter: most of the power of
///   the shared car recordings lies at 10–25 Hz (car-phone drive 4: 0.54 of the power above DC;
///   driver-behaviour trip 20: 0.61);
/// - suspension: the body bouncing at about 1.3 Hz (ζ 0.3), about 0.012 g;
/// - wheel hop and tyre–road texture: a resonance near 12 Hz (ζ 0.2), about 0.025 g, and broadband
///   noise, about 0.015 g;
/// - potholes and joints: a decaying 11 Hz ring of 0.15–0.4 g through each axle, the rear one a
///   wheelbase (2.6 m) later, with a kick of the suspension;
/// - longitudinal and lateral acceleration from the speed profile and the curves;
/// - the mount: ``PhonePlacement/dashboardMount`` passes the high frequencies on 1.5 times,
///   a cup holder 1.2 times with rattle, a pocket or a hand damps them.
///
/// With these, sd|a| per 2.56 s window (10th–90th percentile, default seed) is 0.047–0.058 g for
/// a dashboard mount on a motorway at 30.5 m/s (driver-behaviour's windscreen mount: a median of
/// 0.042 and 0.049 g in its two trips), 0.052–0.069 g for a dashboard mount in town at 14 m/s and
/// 0.037–0.049 g in a cup holder at 13 m/s (car-phone drive 4, a phone lying in the car, watch
/// GPS above 8 m/s: 0.051–0.114 g, median 0.078 g), 0.028–0.041 g in a passenger's hand at
/// 15 m/s, and 0.013–0.020 g crawling at 0.8 m/s (car-phone drive 4 below 0.5 m/s: median
/// 0.008 g). The roughness (see ``Gait``) is 1.9–3.5, the shared car trips' 1.3–4.1.
public struct Vehicle: Sendable, Hashable {
    /// The road surface.
    public enum Road: String, Sendable, Hashable {
        /// A motorway: smooth asphalt, long curves, expansion joints now and then.
        case motorway
        /// Town streets: patched asphalt, turns, manholes.
        case urban
        /// Cobblestones or gravel: vibration scaled by 3.5 (a motorway 0.9, town 1.4), a pothole every 4 s on average.
        case rough

        var roughness: Double {
            switch self {
            case .motorway: return 0.9
            case .urban: return 1.4
            case .rough: return 3.5
            }
        }

        /// Mean seconds between potholes or joints.
        var potholeInterval: Double {
            switch self {
            case .motorway: return 45
            case .urban: return 20
            case .rough: return 4
            }
        }

        /// Standard deviation of the path's curvature (1/m).
        var curvature: Double {
            switch self {
            case .motorway: return 1 / 2000
            case .urban: return 1 / 150
            case .rough: return 1 / 100
            }
        }
    }

    /// The road.
    public var road: Road
    /// A factor on every vibration amplitude (a stiffer or softer car); 1 by default.
    public var vibration: Double

    /// - Parameters:
    ///   - road: The surface.
    ///   - vibration: A factor on the vibration; 1 by default.
    public init(road: Road = .urban, vibration: Double = 1) {
        self.road = road
        self.vibration = vibration
    }
}
