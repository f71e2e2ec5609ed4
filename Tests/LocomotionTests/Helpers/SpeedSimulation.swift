import Foundation
import Locomotion
import LocomotionTestSupport

/// A simulated trip at 1 Hz with a known true speed, for the accuracy tests of the speed filters.
///
/// 0–10 s standing (cold start: the first 12 fixes are noisy, accuracy 2–5 m/s); a walk at
/// 1.4 ± 0.15 m/s until 300 s with multipath spikes of 8–15 m/s every 18–31 s and one two-fix
/// burst; a stop until 360 s; a drive at 14 ± 1.5 m/s; a traffic jam of stop-and-go at 0–2.2 m/s
/// (488–688 s); 25 m/s; a tunnel (no fixes at all for 790–839 s, invalid fixes just before and
/// after) in which the car slows to 19 m/s; braking to a stop at 900–908 s. Speed changes are
/// raised-cosine ramps (finite jerk; peak accelerations 2.7 m/s² pulling away, 3.7 m/s² braking).
///
/// Each valid fix reports a `speedAccuracy` (0.3–0.6 m/s below 3 m/s, 0.2–0.5 m/s above) and its
/// speed is the truth plus Gaussian noise of that standard deviation, clamped at 0; 1 % of the
/// fixes are invalid (−1, −1), and timestamps jitter by ±0.05 s. `tune_speed.py` in the fixtures
/// folder ports this function draw for draw to sweep the filters' tuning.
struct SimulatedSpeedTrace {
    enum Kind: Equatable { case clean, noisy, spike, invalid }

    struct Sample {
        var fix: LocationFix
        var truth: Double
        var kind: Kind
    }

    var samples: [Sample]

    /// The true speed in m/s at `t` seconds.
    static func truth(at t: Double) -> Double {
        func ramp(_ t0: Double, _ v0: Double, _ t1: Double, _ v1: Double) -> Double {
            v0 + (v1 - v0) * (1 - cos(Double.pi * (t - t0) / (t1 - t0))) / 2
        }
        let walking = { (t: Double) in 1.4 + 0.15 * sin(2 * Double.pi * (t - 13) / 70) }
        switch t {
        case ..<10: return 0
        case ..<13: return ramp(10, 0, 13, 1.4)
        case ..<300: return walking(t)
        case ..<303: return ramp(300, walking(300), 303, 0)
        case ..<360: return 0
        case ..<368: return ramp(360, 0, 368, 14)
        case ..<480: return 14 + 1.5 * sin(2 * Double.pi * (t - 368) / 112)
        case ..<488: return ramp(480, 14, 488, 1)
        case ..<688: return max(0, 1 + 1.2 * sin(2 * Double.pi * (t - 488) / 40))
        case ..<700: return ramp(688, 1, 700, 25)
        case ..<780: return 25
        case ..<840: return ramp(780, 25, 840, 19)
        case ..<900: return 19
        case ..<908: return ramp(900, 19, 908, 0)
        default: return 0
        }
    }

    /// The trace for one seed (960 s).
    static func generate(seed: UInt64) throws -> SimulatedSpeedTrace {
        var random = SplitMix64(seed: seed)
        func unit() -> Double { Double(random.next() >> 11) * 0x1p-53 }
        func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }
        func gaussian() -> Double {
            let u1 = 1 - unit()
            let u2 = unit()
            return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
        }
        var spikeTimes: Set<Int> = []
        var next = 30
        while next < 290 {
            spikeTimes.insert(next)
            next += 18 + Int(uniform(0, 14))
        }
        spikeTimes.insert(spikeTimes.sorted()[spikeTimes.count / 2] + 1)  // a two-fix burst

        var samples: [Sample] = []
        for second in 0..<960 {
            let time = second > 0 ? Double(second) + uniform(-0.05, 0.05) : 0
            let truth = truth(at: time)
            if (790..<840).contains(second) { continue }  // in the tunnel: no fixes at all
            if [786, 787, 788, 789, 840, 841].contains(second) || unit() < 0.01 {
                samples.append(
                    Sample(fix: try LocationFix(time: time, speed: -1, speedAccuracy: -1), truth: truth, kind: .invalid)
                )
                continue
            }
            let accuracy = second < 12 ? uniform(2, 5) : truth < 3 ? uniform(0.3, 0.6) : uniform(0.2, 0.5)
            var speed = truth + accuracy * gaussian()
            var kind: Kind = accuracy >= 2 ? .noisy : .clean
            if spikeTimes.contains(second), (21..<300).contains(second) {
                speed = uniform(8, 15)
                kind = .spike
            }
            samples.append(
                Sample(
                    fix: try LocationFix(time: time, speed: max(0, speed), speedAccuracy: accuracy), truth: truth,
                    kind: kind))
        }
        return SimulatedSpeedTrace(samples: samples)
    }

    var fixes: [LocationFix] { samples.map(\.fix) }

    /// Root-mean-square error of `estimates` (one per sample, `nil` = no estimate) against the
    /// truth, over the samples with a valid raw speed (spikes and noisy fixes included).
    func rootMeanSquareError(_ estimates: [Double?]) -> Double {
        var sum = 0.0
        var count = 0
        for (sample, estimate) in zip(samples, estimates) where sample.fix.validSpeed != nil {
            let error = (estimate ?? .infinity) - sample.truth
            sum += error * error
            count += 1
        }
        return (sum / Double(count)).squareRoot()
    }

    /// The seed's filter fed as the seed's location handler does (§6.7): fixes with
    /// `speedAccuracy >= 0` update it with `max(0, speed)`; others leave it as it was.
    func seedFilterEstimates(_ filter: KalmanFilter) -> [Double?] {
        var filter = filter
        return samples.map { sample in
            if (sample.fix.speedAccuracy ?? 0) >= 0 { filter.update(measurement: max(0, sample.fix.speed)) }
            return filter.estimate
        }
    }
}
