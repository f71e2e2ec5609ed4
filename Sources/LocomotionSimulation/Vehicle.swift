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
