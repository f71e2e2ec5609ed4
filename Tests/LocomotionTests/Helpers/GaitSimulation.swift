import Foundation
import Locomotion
import LocomotionTestSupport

/// Synthetic walking, stillness and vehicle vibration with known step times, for the step tests.
enum GaitSimulation {
    /// A walking recording: at each step a heel-strike pulse (a Gaussian bump, 60 ms wide) on top
    /// of the step-frequency sway, alternating stronger and weaker steps (left and right), along
    /// the direction of gravity `up` (a unit vector in the device frame), plus white noise.
    ///
    /// - Returns: The recording (acceleration in g) and the step times (s), the pulse centres.
    static func walking(
        rate: Double, duration: Double, cadence: Double, amplitude: Double, up: SIMD3<Double> = SIMD3(0, -1, 0),
        jitter: Double = 0.03, noise: Double = 0.01, start: Double = 0, seed: UInt64 = 1
    ) -> (recording: Recording, steps: [Double]) {
        var generator = SplitMix64(seed: seed)
        var steps: [Double] = []
        var t = start + 1 / cadence
        while t < start + duration - 0.5 / cadence {
            steps.append(t)
            t += (1 + Double.random(in: -jitter...jitter, using: &generator)) / cadence
        }
        let recording = signal(
            rate: rate, duration: duration, steps: steps, cadence: cadence, amplitude: amplitude, up: up, noise: noise,
            start: start, generator: &generator)
        return (recording, steps)
    }

    /// The walking signal of ``walking(rate:duration:cadence:amplitude:up:jitter:noise:start:seed:)``
    /// for the given step times (s): a heel-strike pulse at each, the sway at `cadence` (until
    /// `swayEnd`, in s), and noise drawn from `generator`.
    static func signal(
        rate: Double, duration: Double, steps: [Double], cadence: Double, amplitude: Double, up: SIMD3<Double>,
        noise: Double, start: Double, swayEnd: Double = .infinity, generator: inout SplitMix64
    ) -> Recording {
        let count = Int(duration * rate)
        let time = (0..<count).map { start + Double($0) / rate }
        var (x, y, z) = ([Double](), [Double](), [Double]())
        var next = 0
        for now in time {
            while next + 1 < steps.count, steps[next + 1] < now { next += 1 }
            var vertical = 0.0
            for index in max(0, next - 2)..<min(steps.count, next + 3) {
                let d = now - steps[index]
                let weight = index % 2 == 0 ? 1.0 : 0.8
                vertical +=
                    weight * amplitude * exp(-d * d / (2 * 0.06 * 0.06))
                    - 0.5 * weight * amplitude * exp(-(d - 0.2) * (d - 0.2) / (2 * 0.1 * 0.1))
            }
            let lateral = now <= swayEnd ? 0.2 * amplitude * sin(.pi * cadence * (now - start)) : 0
            let total =
                -up * (1 + vertical) + SIMD3(lateral, 0, 0)
                + SIMD3(
                    Double.random(in: -noise...noise, using: &generator),
                    Double.random(in: -noise...noise, using: &generator),
                    Double.random(in: -noise...noise, using: &generator))
            x.append(total.x)
            y.append(total.y)
            z.append(total.z)
        }
        return Recording(source: "walking", time: time, acceleration: ThreeAxisSeries(x: x, y: y, z: z))
    }

    /// The steps of acceleration magnitudes (g) at `rate` Hz with `configuration`, fed in one call
    /// (`seed` nil) or in random chunks of 1–300 samples drawn from `seed`.
    static func steps(
        times: [Double], magnitudes: [Double], rate: Double, configuration: StepDetectorConfiguration,
        chunkSeed seed: UInt64? = nil
    ) throws -> [Step] {
        var detector = try StepDetector(sampleRate: rate, configuration: configuration)
        var steps: [Step] = []
        guard let seed else {
            try detector.process(times: times, magnitudes: magnitudes, into: &steps)
            detector.finish(into: &steps)
            return steps
        }
        var generator = SplitMix64(seed: seed)
        var row = 0
        while row < times.count {
            let end = min(times.count, row + Int.random(in: 1...300, using: &generator))
            try detector.process(times: Array(times[row..<end]), magnitudes: Array(magnitudes[row..<end]), into: &steps)
            row = end
        }
        detector.finish(into: &steps)
        return steps
    }

    /// The steps of `walk` fed in one call and in random chunks drawn from `seed`.
    static func batchAndStreamed(
        _ walk: (times: [Double], magnitudes: [Double]), rate: Double, seed: UInt64,
        configuration: StepDetectorConfiguration = .trunk
    ) throws -> (batch: [Step], streamed: [Step]) {
        let batch = try steps(times: walk.times, magnitudes: walk.magnitudes, rate: rate, configuration: configuration)
        let streamed = try steps(
            times: walk.times, magnitudes: walk.magnitudes, rate: rate, configuration: configuration, chunkSeed: seed)
        return (batch, streamed)
    }

    /// Whether both ``StepDetector`` (at 50 Hz) and ``WindowStepAnalyzer`` reject the trunk preset
    /// edited by `edit` with `LocomotionError.invalidParameter`.
    static func bothReject(_ edit: (inout StepDetectorConfiguration) -> Void) -> Bool {
        var settings = StepDetectorConfiguration.trunk
        edit(&settings)
        func rejects(_ make: () throws -> Void) -> Bool {
            do {
                try make()
                return false
            } catch {
                return (error as? LocomotionError)?.code == .invalidParameter
            }
        }
        return rejects { _ = try StepDetector(sampleRate: 50, configuration: settings) }
            && rejects { _ = try WindowStepAnalyzer(sampleRate: 50, maximumWindowLength: 256, configuration: settings) }
    }

    /// The step count of one window of magnitudes (g) at `rate` Hz (``WindowStepAnalyzer``).
    static func windowStepCount(_ magnitudes: [Double], rate: Double, configuration: StepDetectorConfiguration)
        throws -> Int
    {
        var analyzer = try WindowStepAnalyzer(
            sampleRate: rate, maximumWindowLength: magnitudes.count, configuration: configuration)
        return try magnitudes.withUnsafeBufferPointer { try analyzer.analyze($0) }.stepCount
    }

    /// A slow, weak walk on the lower back (a walker at about 0.2 m/s): each step, `1/cadence` s
    /// long (± `jitter`, drawn per step), is a heel-strike transient at its contact (σ 30 ms,
    /// `strike` × `amplitude`), a broad loading bump peaking `loadingDelay` s after it (σ 0.12 s),
    /// a trough, and a push-off hump (`pushOff` × `amplitude`) at 60 % of the step — the double
    /// support of slow gait makes a second hump — alternating 1 and 0.8 between left and right,
    /// plus a lateral sway at half the cadence, along gravity (−y) with white noise of `noise` g.
    ///
    /// - Returns: The recording (acceleration in g) and the contacts (s).
    static func slowWalking(
        rate: Double = 100, duration: Double, cadence: Double, amplitude: Double = 0.1, jitter: Double = 0.1,
        loadingDelay: Double = 0.12, strike: Double = 0, pushOff: Double = 0.35, noise: Double = 0.005,
        seed: UInt64 = 7
    ) -> (recording: Recording, steps: [Double]) {
        var generator = SplitMix64(seed: seed)
        var steps: [Double] = []
        var t = 2.0
        while t < duration - 2 {
            steps.append(t)
            t += (1 + Double.random(in: -jitter...jitter, using: &generator)) / cadence
        }
        let count = Int(duration * rate)
        let time = (0..<count).map { Double($0) / rate }
        var (x, y, z) = ([Double](), [Double](), [Double]())
        func bump(_ d: Double, _ centre: Double, _ sigma: Double) -> Double {
            exp(-(d - centre) * (d - centre) / (2 * sigma * sigma))
        }
        var next = 0
        for now in time {
            while next + 1 < steps.count, steps[next + 1] <= now { next += 1 }
            var vertical = 0.0
            for index in max(0, next - 1)..<min(steps.count, next + 2) {
                let d = now - steps[index]
                let period = index + 1 < steps.count ? steps[index + 1] - steps[index] : 1 / cadence
                let weight = index % 2 == 0 ? 1.0 : 0.8
                vertical +=
                    weight * amplitude
                    * (strike * bump(d, 0, 0.03) + bump(d, loadingDelay, 0.12) - 0.6 * bump(d, 0.35 * period, 0.15)
                        + pushOff * bump(d, 0.6 * period, 0.1))
            }
            let walking = now >= steps[0] - 0.5 && now <= steps[steps.count - 1] + 1
            let lateral = walking ? 0.3 * amplitude * sin(.pi * cadence * now) : 0
            x.append(lateral + Double.random(in: -noise...noise, using: &generator))
            y.append(-(1 + (walking ? vertical : 0)) + Double.random(in: -noise...noise, using: &generator))
            z.append(Double.random(in: -noise...noise, using: &generator))
        }
        return (Recording(source: "slow walking", time: time, acceleration: ThreeAxisSeries(x: x, y: y, z: z)), steps)
    }

    /// A phone at rest (gravity along −z) with sensor noise of `noise` g.
    static func still(rate: Double, duration: Double, noise: Double = 0.003, seed: UInt64 = 2) -> Recording {
        var generator = SplitMix64(seed: seed)
        let count = Int(duration * rate)
        let time = (0..<count).map { Double($0) / rate }
        let jitter = { (g: inout SplitMix64) in Double.random(in: -noise...noise, using: &g) }
        var (x, y, z) = ([Double](), [Double](), [Double]())
        for _ in 0..<count {
            x.append(jitter(&generator))
            y.append(jitter(&generator))
            z.append(-1 + jitter(&generator))
        }
        return Recording(source: "still", time: time, acceleration: ThreeAxisSeries(x: x, y: y, z: z))
    }

    /// A phone in a car mount: engine vibration (25–35 Hz, folded by the sample rate), road
    /// roughness (random, broadband), and body bounce (a slowly wandering 1–2 Hz oscillation
    /// with random amplitude), all small, on 1 g.
    static func vehicle(rate: Double, duration: Double, seed: UInt64 = 3) -> Recording {
        var generator = SplitMix64(seed: seed)
        let count = Int(duration * rate)
        let time = (0..<count).map { Double($0) / rate }
        var (x, y, z) = ([Double](), [Double](), [Double]())
        var phase = 0.0
        var bounce = 0.0
        var road = 0.0
        for now in time {
            let frequency = 1.5 + 0.5 * sin(2 * .pi * now / 17)
            phase += 2 * .pi * frequency / rate
            bounce = 0.995 * bounce + 0.005 * Double.random(in: 0...0.04, using: &generator)
            road = 0.7 * road + 0.3 * Double.random(in: -0.05...0.05, using: &generator)
            let engine = 0.02 * sin(2 * .pi * 30 * now)
            let vertical = bounce * sin(phase) + road + engine
            x.append(0.3 * road + Double.random(in: -0.01...0.01, using: &generator))
            y.append(0.2 * engine)
            z.append(1 + vertical)
        }
        return Recording(source: "vehicle", time: time, acceleration: ThreeAxisSeries(x: x, y: y, z: z))
    }
}
