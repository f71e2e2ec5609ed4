import Foundation

/// A body (or a table) at rest: postural sway, breathing and the odd weight shift.
///
/// Standing sways the trunk by about 0.002 g at well under 1 Hz (with the sensor's own noise,
/// sd|a| 0.003–0.004 g: UCI HAPT's standing windows have a median of 0.0038 g, MotionSense's
/// pocket phones 0.004–0.015 g over whole standing and sitting trials); breathing adds 0.001 g at 0.25 Hz; a shift of weight is a
/// raised-cosine bump of 0.01–0.03 g over 0.8–1.5 s. Sitting has half the sway, a table none.
struct StillSource: Sendable {
    let sway: Double
    let breathing: Double
    let fidgetInterval: Double?
    private var random: SimulationRandom
    private var drift: [RandomWalk]
    private var tilt: [RandomWalk]
    private var nextFidget: Double
    private var fidget: (start: Double, length: Double, size: SIMD3<Double>)?
    private let breathPhase: Double

    init(_ stillness: Stillness, start: Double, sampleRate: Double, random: inout SimulationRandom) {
        self.random = random.derived("still")
        switch stillness.posture {
        case .standing: (sway, breathing) = (0.002, 0.001)
        case .sitting: (sway, breathing) = (0.001, 0.0008)
        case .onTable: (sway, breathing) = (0, 0)
        }
        fidgetInterval = stillness.posture == .onTable ? nil : stillness.fidgetInterval
        drift = (0..<3).map { _ in
            RandomWalk(deviation: 1, correlationTime: 0.7, interval: 1 / sampleRate, random: &random)
        }
        tilt = (0..<3).map { _ in
            RandomWalk(deviation: 1, correlationTime: 2, interval: 1 / sampleRate, random: &random)
        }
        nextFidget = start + (fidgetInterval.map { random.exponential(mean: $0) } ?? .infinity)
        breathPhase = random.uniform(0...(2 * .pi))
    }

    mutating func sample(_ state: CarrierState) -> CarrierMotion {
        let t = state.time
        if t >= nextFidget {
            let size =
                random.uniform(0.01...0.03)
                * SIMD3(random.sign() * random.unit(), random.sign() * random.unit(), random.sign())
            fidget = (t, random.uniform(0.8...1.5), size)
            nextFidget = t + (fidgetInterval.map { random.exponential(mean: $0) } ?? .infinity)
        }
        var acceleration = sway * SIMD3(drift[0].step(&random), drift[1].step(&random), drift[2].step(&random))
        acceleration.z += breathing * sin(2 * .pi * 0.25 * t + breathPhase)
        var rotation = sway * 2 * SIMD3(tilt[0].step(&random), tilt[1].step(&random), tilt[2].step(&random))
        if let fidget {
            let u = (t - fidget.start) / fidget.length
            if u < 1 {
                let bump = sin(2 * .pi * u)  // a push and its return: no net velocity
                acceleration += fidget.size * bump
                rotation += fidget.size * bump * 0.5
            } else {
                self.fidget = nil
            }
        }
        return CarrierMotion(acceleration: acceleration, sway: rotation)
    }
}
