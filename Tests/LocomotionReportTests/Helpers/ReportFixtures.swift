import Foundation
import Locomotion
import LocomotionTestSupport

/// Recordings built in code for the report's tests.
enum ReportFixtures {
    /// `seconds` at `rate` Hz: a 1.8 Hz walk-like bounce for the first half, then the phone still.
    /// With `speed`, a GPS fix every second (1.4 m/s walking, 0 still) with one 15 m/s spike at
    /// 15 s; with `labels`, "walking", a "stand to sit" transition and "sitting".
    static func walkThenStill(
        seconds: Double = 60, rate: Double = 50, speed: Bool = false, labels: Bool = false,
        source: String = "walk-then-still.csv"
    ) -> Recording {
        let count = Int(seconds * rate)
        let half = seconds / 2
        var random = SplitMix64(seed: 42)
        var time: [Double] = []
        var (x, y, z) = ([Double](), [Double](), [Double]())
        var speeds: [Double] = []
        var names: [String] = []
        for index in 0..<count {
            let t = Double(index) / rate
            time.append(t)
            let noise = 0.004 * random.nextSignedUnit()
            let walking = t.truncatingRemainder(dividingBy: seconds) < half
            if walking {
                let phase = 2 * Double.pi * 1.8 * t
                x.append(0.12 * sin(phase / 2) + noise)
                y.append(0.08 * sin(phase + 0.4) + noise)
                z.append(1 + 0.35 * sin(phase) + 0.08 * sin(2 * phase) + noise)
            } else {
                x.append(0.02 + noise)
                y.append(-0.03 + noise)
                z.append(0.999 + noise)
            }
            if index % Int(rate) == 0 {
                let value = walking ? 1.4 + 0.1 * random.nextSignedUnit() : 0
                speeds.append(abs(t - 15) < 1e-9 ? 15 : value)
            } else {
                speeds.append(.nan)
            }
            let phaseTime = t.truncatingRemainder(dividingBy: seconds)
            names.append(phaseTime < half - 1 ? "walking" : phaseTime < half + 1 ? "stand to sit" : "sitting")
        }
        return Recording(
            source: source, time: time, acceleration: ThreeAxisSeries(x: x, y: y, z: z),
            speed: speed ? speeds : nil, labels: labels ? names : nil)
    }

    /// `analysis` with every window, segment, step and trip removed.
    static func withoutWindows(_ analysis: RecordingAnalysis) throws -> RecordingAnalysis {
        var empty = analysis
        empty.windows = []
        empty.smoothed = []
        empty.timeline = try ActivityTimeline(results: [])
        empty.steps = []
        empty.detectedSteps = []
        empty.trips = []
        empty.speeds = []
        empty.speedReport = nil
        empty.confusion = nil
        return empty
    }
}

/// Helpers for reading the page.
extension String {
    func occurrences(of needle: String) -> Int { components(separatedBy: needle).count - 1 }

    /// Whether the text spells a non-finite number (`nan`, `inf`, `infinity`, any case) as a word.
    var spellsNonFiniteNumber: Bool {
        lowercased().split { !($0.isLetter || $0.isNumber) }.contains { ["nan", "inf", "infinity"].contains($0) }
    }
}
