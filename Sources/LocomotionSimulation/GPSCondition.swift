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
