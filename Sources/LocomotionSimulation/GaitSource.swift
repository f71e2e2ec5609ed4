import Foundation

/// What a motion source contributes at one sample, in the carrier frame (x forward, y left,
/// z up): acceleration in g without gravity, and a small rotation of the phone (radians, a
/// rotation vector) about its placement.
struct CarrierMotion: Sendable {
    var acceleration: SIMD3<Double>
    var sway: SIMD3<Double>

    static let zero = CarrierMotion(acceleration: .zero, sway: .zero)

    static func + (a: CarrierMotion, b: CarrierMotion) -> CarrierMotion {
        CarrierMotion(acceleration: a.acceleration + b.acceleration, sway: a.sway + b.sway)
    }

    static func * (a: CarrierMotion, k: Double) -> CarrierMotion {
        CarrierMotion(acceleration: a.acceleration * k, sway: a.sway * k)
    }
}

/// The carrier's state at a sample, from the session's speed and heading profiles.
struct CarrierState: Sendable {
    /// Seconds.
    var time: Double
    /// Ground speed, m/s.
    var speed: Double
    /// Forward acceleration, m/s².
    var forwardAcceleration: Double
    /// Heading rate, rad/s.
    var headingRate: Double
}

/// Walking and running, step by step.
///
/// Each step *j* lasts `T·(1 ± a_t)·(1 + ε_j)`: the sign alternates between left and right
/// (stride asymmetry a_t = 1–3 %) and ε is the step-to-step variability (CV 1.5–2.5 % walking,
/// Hausdorff 2005, J NeuroEng Rehabil 2:19). Its vertical acceleration, over the step's phase u
/// from heel strike, is
///
///     A_j·[cos 2π(u − u₀) + h₂ cos(4πu − φ₂) + h₃ cos(6πu − φ₃)] + I_j·pulse(t − t_j)
///
/// where A_j alternates by ±a_A (5–10 %, one leg pushes harder on a phone worn to one side) and
/// varies by 5 % per step, u₀ = 0.1 puts the loading peak just after contact, and the pulse is the
/// heel strike: a 12 ms Gaussian followed by a smaller, wider rebound and a 9 Hz ring of soft
/// tissue and pocket (0.8 of the pulse, decaying in 60 ms), its mean over the step removed (the
/// centre of mass has no net vertical acceleration over a step).
///
/// The amplitudes come from UCI HAPT's waist phone while walking (users 1–3, 2.56 s windows):
/// sd|a| 0.21–0.27 g (10th–90th percentile; the simulation: 0.24–0.27 g), |a| from about 0.6 to
/// 1.7 g per window (0.63 to 1.9 g), and a roughness — sd of |a| minus its 3 Hz low-pass over sd
/// of the low-pass, the step detector's vibration measure — of 1.28–1.48 (1.16–1.30: a little
/// smoother than the real walks). In a trouser pocket the bounce is 2.2 times larger and the
/// tissue rings twice as hard: sd|a| 0.59–0.66 g, roughness 1.18–1.32 (MotionSense's pocket
/// iPhones walking, subjects 1–3: sd|a| 0.52–0.62 g, roughness 1.35–1.69). Running has a bounce
/// of about 1 g with a flight phase near 0.1–0.3 g and a landing impact of 0.8 g: at the trunk
/// sd|a| 0.74–0.77 g and a roughness of 1.62–1.72 at 2.8–2.9 steps/s (no trunk-worn running is
/// in the shared data). In a trouser pocket the bounce is 1.15 times larger and the impact
/// twice as hard: sd|a| 1.00–1.10 g, |a| up to about 5 g, roughness 1.88–1.97 (MotionSense's
/// joggers, subjects 1–3: sd|a| 1.02–1.09 g, roughness 1.96–2.25, peaks of 7–9 g) — above the
/// step detector's vibration limit of 1.8, as the real pocket jogs are.
///
/// Forward: a braking and propulsion wave at the step frequency (0.12 g walking); sideways: a
/// sway at the stride frequency (0.08 g). The phone also turns with the pelvis (yaw ±7.5°
/// per stride), pitches (±3.7° per step) and rolls (±5° per stride), twice that while running;
/// in a trouser pocket three times that walking and 1.7 times running. Its gyroscope then reads a
/// mean |ω| of about 0.8 rad/s walking at the trunk (UCI HAPT's waist phone, exp01: 0.87 rad/s),
/// 2.4 rad/s walking in a trouser pocket (MotionSense subject 1: 2.5 rad/s), 2.5 and about
/// 4 rad/s running (MotionSense subject 1 jogging: 4.2 rad/s).
struct GaitSource: Sendable {
    let running: Bool
    let cadence: Double
    let amplitude: Double
    let h2: Double, phi2: Double, h3: Double, phi3: Double
    let impact: Double
    let impactWidth = 0.012
    let forward: Double, lateral: Double
    let swayScale: Double
    let timeAsymmetry: Double, amplitudeAsymmetry: Double
    let timeJitter: Double, amplitudeJitter: Double

    private var random: SimulationRandom
    private var cadenceDrift: RandomWalk
    private var bodyNoise: [RandomWalk]
    private var stepIndex = -1
    private var stepStart: Double
    private var stepDuration = 0.0
    private var stepAmplitude = 0.0
    private var stepImpact = 0.0
    private var previousStart = -Double.infinity
    private var previousImpact = 0.0
    private let sampleInterval: Double

    init(_ gait: Gait, placement: PhonePlacement, start: Double, sampleRate: Double, random: inout SimulationRandom) {
        self.random = random.derived("gait-steps")
        running = gait.kind == .running
        cadence = gait.resolvedCadence * (1 + 0.02 * random.gaussian())
        // On the thigh the bounce is larger (walking 2.2 times, running 1.15 times: MotionSense's
        // pocket sd|a| against the trunk's) and the soft tissue rings twice as hard.
        let pocket = placement == .trouserPocket ? (gait.kind == .running ? 1.15 : 2.2) : 1.0
        ringAmplitude = placement == .trouserPocket ? 1.6 : 0.8
        let scale = gait.intensity * pocket * random.uniform(0.9...1.1)
        if running {
            amplitude = 1.0 * scale
            (h2, phi2, h3, phi3) = (0.25, 0.2, 0.08, 0.5)
            impact = 0.8 * scale * (placement == .trouserPocket ? 2 : 1)
            forward = 0.3 * scale
            lateral = 0.15 * scale
            swayScale = 2 * (placement == .trouserPocket ? 1.7 : 1)
            timeJitter = 0.015
        } else {
            amplitude = 0.29 * scale
            (h2, phi2, h3, phi3) = (
                random.uniform(0.15...0.3), random.uniform(0...1), random.uniform(0.35...0.5), random.uniform(0...1)
            )
            impact = random.uniform(0.35...0.5) * scale
            forward = 0.12 * scale
            lateral = 0.08 * scale
            swayScale = placement == .trouserPocket ? 3 : 1
            timeJitter = random.uniform(0.015...0.025)
        }
        timeAsymmetry = random.uniform(0.01...0.03)
        amplitudeAsymmetry = random.uniform(0.05...0.1) * (placement == .trouserPocket ? 2 : 1)
        amplitudeJitter = 0.05
        sampleInterval = 1 / sampleRate
        cadenceDrift = RandomWalk(deviation: 0.015, correlationTime: 15, interval: 1 / sampleRate, random: &random)
        bodyNoise = (0..<3).map { _ in
            RandomWalk(deviation: 0.01, correlationTime: 0.15, interval: 1 / sampleRate, random: &random)
        }
        // The first heel strike falls somewhere in the first step.
        stepStart = start + random.uniform(0...(1 / cadence)) - 1 / cadence
        stepDuration = 1 / cadence
        stepAmplitude = amplitude
        stepImpact = impact
    }

    /// The cadence now, steps/s.
    var currentCadence: Double { cadence * (1 + cadenceDrift.value) }

    private mutating func advance() {
        previousStart = stepStart
        previousImpact = stepImpact
        stepStart += stepDuration
        stepIndex += 1
        let side: Double = stepIndex % 2 == 0 ? 1 : -1
        let period = 1 / currentCadence
        stepDuration = period * (1 + side * timeAsymmetry) * (1 + timeJitter * random.gaussian())
        // Gait initiation: the first two steps are smaller.
        let onset = stepIndex < 2 ? 0.6 + 0.2 * Double(stepIndex) : 1
        stepAmplitude = amplitude * onset * (1 + side * amplitudeAsymmetry) * (1 + amplitudeJitter * random.gaussian())
        stepImpact = impact * onset * (1 + side * amplitudeAsymmetry) * max(0.3, 1 + 0.15 * random.gaussian())
    }

    /// The heel-strike transient at `tau` seconds after contact (1 at its peak).
    private func pulse(_ tau: Double) -> Double {
        let s = impactWidth
        let main = exp(-tau * tau / (2 * s * s))
        let r = tau - 3 * s
        let rebound = -0.5 * exp(-r * r / (2 * 2.25 * s * s))
        // Soft tissue and the pocket ring on after the strike.
        let ring = tau > 0 ? ringAmplitude * exp(-tau / ringDecay) * sin(2 * .pi * ringFrequency * tau) : 0
        return main + rebound + ring
    }

    private let ringAmplitude: Double
    private let ringDecay = 0.06, ringFrequency = 9.0

    /// The pulse's integral over time (s), to remove its mean.
    private var pulseArea: Double {
        let omega = 2 * Double.pi * ringFrequency
        let ringArea = ringAmplitude * omega / (omega * omega + 1 / (ringDecay * ringDecay))
        return (2 * Double.pi).squareRoot() * impactWidth * (1 - 0.5 * 1.5) + ringArea
    }

    mutating func sample(_ state: CarrierState) -> CarrierMotion {
        _ = cadenceDrift.step(&random)
        let t = state.time
        while t >= stepStart + stepDuration { advance() }
        let u = (t - stepStart) / stepDuration
        let side: Double = stepIndex % 2 == 0 ? 1 : -1
        let twoPi = 2 * Double.pi
        var vertical =
            stepAmplitude
            * (cos(twoPi * (u - 0.1)) + h2 * cos(2 * twoPi * u - phi2) + h3 * cos(3 * twoPi * u - phi3))
        vertical += stepImpact * (pulse(t - stepStart) - pulseArea / stepDuration)
        if t - previousStart < 0.4 { vertical += previousImpact * pulse(t - previousStart) }
        // Forward: braking at contact, propulsion later in the step.
        let surge =
            forward * (sin(twoPi * u - 0.3) + 0.4 * sin(2 * twoPi * u)) - 0.3 * stepImpact * pulse(t - stepStart)
        // Sideways: one sway per stride, its sign set by the stance leg.
        let stridePhase = Double.pi * u
        let sway = lateral * side * sin(stridePhase)
        let noise = SIMD3(bodyNoise[0].step(&random), bodyNoise[1].step(&random), bodyNoise[2].step(&random))
        let rotation =
            SIMD3(
                0.09 * side * sin(stridePhase),  // roll
                0.065 * cos(twoPi * u),  // pitch
                0.13 * side * sin(stridePhase + 0.5)) * swayScale
        return CarrierMotion(acceleration: SIMD3(surge, sway, vertical) + noise, sway: rotation)
    }
}
