import Foundation

/// Pedalling: the trunk rocks once per crank turn, smoothly (no impacts), and the road shakes
/// the bicycle.
///
/// Vertical: `A·[cos θ + 0.5 cos(2θ + φ)]` with θ the crank angle (the rate drifting ±2 % over
/// 20 s), A set so the pedalling part has ``Pedalling/bodyDeviation``; sideways a rocking of 0.6·A
/// at the crank rate, forward a surge of 0.3·A per down-stroke. Road: broadband noise of
/// 0.02 g and a frame resonance near 15 Hz of 0.015 g at 6 m/s on a smooth path, scaled by the
/// roughness and √(v / 6 m/s), and a bump every 20 s or so (0.1–0.2 g, ringing at 15 Hz).
/// Freewheeling spells (2–4 s) stop the pedalling now and then.
struct PedallingSource: Sendable {
    let crankRate: Double
    let amplitude: Double
    let phi: Double
    let roughness: Double
    let coastingInterval: Double?
    private var random: SimulationRandom
    private var drift: RandomWalk
    private var angle: Double
    private var frame: Resonator
    private var bumps: [(time: Double, size: Double)] = []
    private var nextBump: Double
    private var coastUntil = -Double.infinity
    private var nextCoast: Double
    private var effort = 1.0
    private let dt: Double

    init(_ pedalling: Pedalling, start: Double, sampleRate: Double, random: inout SimulationRandom) {
        self.random = random.derived("pedalling")
        crankRate = pedalling.crankRate * (1 + 0.02 * random.gaussian())
        // sd of cos θ + 0.5 cos(2θ + φ) is √((1 + 0.25) / 2).
        amplitude = pedalling.bodyDeviation * random.uniform(0.9...1.1) / (1.25 / 2).squareRoot()
        phi = random.uniform(0...(2 * .pi))
        roughness = pedalling.roadRoughness
        coastingInterval = pedalling.coastingInterval
        drift = RandomWalk(deviation: 0.02, correlationTime: 20, interval: 1 / sampleRate, random: &random)
        angle = random.uniform(0...(2 * .pi))
        frame = Resonator(frequency: 15, damping: 0.2, deviation: 0.015, sampleRate: sampleRate)
        nextBump = start + random.exponential(mean: 20)
        nextCoast = start + (pedalling.coastingInterval.map { random.exponential(mean: $0) } ?? .infinity)
        dt = 1 / sampleRate
    }

    mutating func sample(_ state: CarrierState) -> CarrierMotion {
        let t = state.time
        if t >= nextCoast {
            coastUntil = t + random.uniform(2...4)
            nextCoast = coastUntil + (coastingInterval.map { random.exponential(mean: $0) } ?? .infinity)
        }
        // Effort eases out into a freewheel and back in over about half a second.
        let target = t < coastUntil ? 0.0 : 1.0
        effort += (target - effort) * min(1, dt / 0.5)
        let rate = crankRate * (1 + drift.step(&random))
        angle += 2 * .pi * rate * dt * (t < coastUntil ? 0.3 : 1)
        let a = amplitude * effort
        let vertical = a * (cos(angle) + 0.5 * cos(2 * angle + phi))
        let lateral = 0.6 * a * sin(angle)
        let surge = 0.3 * a * cos(2 * angle)
        let road = roughness * (max(state.speed, 0) / 6).squareRoot()
        var shake = road * (frame.step(&random) + 0.02 * random.gaussian())
        if t >= nextBump {
            bumps.append((t, road * random.uniform(0.1...0.2)))
            nextBump = t + random.exponential(mean: 20)
        }
        bumps.removeAll { t - $0.time > 0.5 }
        for bump in bumps {
            let tau = t - bump.time
            shake += bump.size * exp(-tau / 0.06) * sin(2 * .pi * 15 * tau)
        }
        let horizontalShake = 0.4 * road * 0.015 * SIMD3(random.gaussian(), random.gaussian(), 0)
        let rock = SIMD3(0.03 * effort * sin(angle), 0.01 * effort * cos(2 * angle), 0.01 * effort * sin(angle))
        return CarrierMotion(acceleration: SIMD3(surge, lateral, vertical + shake) + horizontalShake, sway: rock)
    }
}
