import Foundation

/// A road vehicle's ride as the phone feels it; the numbers are in ``Vehicle``'s documentation.
struct VehicleSource: Sendable {
    let road: Vehicle.Road
    let vibration: Double
    let highFrequency: Double
    let rattle: Double
    let idleFrequency: Double
    let cruiseFrequency: Double
    let engineAmplitude: Double
    private var random: SimulationRandom
    private var bounce: Resonator
    private var pitch: Resonator
    private var hop: Resonator
    private var mountRing: Resonator
    private var throttle: RandomWalk
    private var engineDrift: RandomWalk
    private var handMotion: [RandomWalk]
    private let bodyBorne: Bool
    private var enginePhase = 0.0
    private var events: [(time: Double, size: Double, bounce: Double)] = []
    private var nextPothole: Double
    private var nextRattle: Double
    private let dt: Double

    init(
        _ vehicle: Vehicle, placement: PhonePlacement, start: Double, sampleRate: Double, random: inout SimulationRandom
    ) {
        self.random = random.derived("vehicle")
        road = vehicle.road
        vibration = vehicle.vibration * random.uniform(0.85...1.15)
        (highFrequency, rattle) = placement.vehicleTransfer
        idleFrequency = random.uniform(25...28)
        cruiseFrequency = random.uniform(34...40)
        engineAmplitude = random.uniform(0.004...0.007)
        bounce = Resonator(frequency: random.uniform(1.1...1.5), damping: 0.3, deviation: 0.012, sampleRate: sampleRate)
        pitch = Resonator(frequency: random.uniform(1.4...1.9), damping: 0.3, deviation: 0.004, sampleRate: sampleRate)
        hop = Resonator(frequency: random.uniform(10...14), damping: 0.2, deviation: 0.025, sampleRate: sampleRate)
        mountRing = Resonator(frequency: random.uniform(16...22), damping: 0.1, deviation: 0.01, sampleRate: sampleRate)
        throttle = RandomWalk(deviation: 0.008, correlationTime: 0.6, interval: 1 / sampleRate, random: &random)
        engineDrift = RandomWalk(deviation: 0.02, correlationTime: 3, interval: 1 / sampleRate, random: &random)
        // In a hand or a seated passenger's pocket the phone moves with the body as well.
        bodyBorne = placement == .handHeld || placement == .trouserPocketSeated
        handMotion = (0..<3).map { _ in
            RandomWalk(
                deviation: placement == .handHeld ? 0.012 : 0.004, correlationTime: 0.8, interval: 1 / sampleRate,
                random: &random)
        }
        nextPothole = start + random.exponential(mean: vehicle.road.potholeInterval)
        nextRattle = start + random.exponential(mean: 8)
        dt = 1 / sampleRate
    }

    mutating func sample(_ state: CarrierState) -> CarrierMotion {
        let t = state.time
        let v = max(state.speed, 0)
        let ride = vibration * road.roughness * (v / 20).squareRoot()
        // Engine: idle when crawling, then the firing frequency rises with road speed.
        let engineFrequency =
            (idleFrequency + (cruiseFrequency - idleFrequency) * min(1, v / 25)) * (1 + engineDrift.step(&random))
        enginePhase += 2 * .pi * engineFrequency * dt
        if enginePhase > 2 * .pi * 1000 { enginePhase -= 2 * .pi * 1000 }
        let load = 1 + 0.4 * min(1, v / 25)
        let engine = vibration * engineAmplitude * load * (sin(enginePhase) + 0.4 * sin(2 * enginePhase + 0.7))
        var vertical = ride * bounce.step(&random)
        vertical += highFrequency * (ride * (hop.step(&random) + 0.015 * random.gaussian()) + engine)
        // A stiff mount rings at its own resonance.
        if highFrequency > 1.2 { vertical += (highFrequency - 1) * 2 * ride * mountRing.step(&random) }
        // Potholes and joints: front axle now, rear axle a wheelbase later.
        if t >= nextPothole {
            if v > 1 {
                let size = vibration * road.roughness * random.uniform(0.15...0.4) * min(1, v / 10)
                events.append((t, size, random.uniform(0.03...0.06) * min(1, v / 10)))
                events.append((t + 2.6 / v, 0.8 * size, 0))
            }
            nextPothole = t + random.exponential(mean: road.potholeInterval)
        }
        // A loose phone knocks against its holder now and then.
        if rattle > 0, t >= nextRattle {
            if v > 0.5 { events.append((t, rattle * random.uniform(0.03...0.08) * min(1, v / 10 + 0.2), 0)) }
            nextRattle = t + random.exponential(mean: 8)
        }
        events.removeAll { t - $0.time > 2 }
        var kick = 0.0
        for event in events where t >= event.time {
            let tau = t - event.time
            vertical += highFrequency * event.size * exp(-tau / 0.05) * sin(2 * .pi * 11 * tau)
            kick += event.bounce * exp(-tau / 0.5) * sin(2 * .pi * 1.3 * tau)
        }
        vertical += kick
        let longitudinal = state.forwardAcceleration / 9.80665 + throttle.step(&random) * min(1, v / 5 + 0.2)
        let lateral = v * state.headingRate / 9.80665
        let horizontalVibration = 0.4 * highFrequency * ride * 0.015 * SIMD3(random.gaussian(), random.gaussian(), 0)
        var acceleration = SIMD3(longitudinal, lateral, vertical) + horizontalVibration
        var sway = SIMD3(
            0.0015 * ride * random.gaussian(), pitch.step(&random) * ride, 0.001 * ride * random.gaussian())
        if bodyBorne {
            let hand = SIMD3(handMotion[0].step(&random), handMotion[1].step(&random), handMotion[2].step(&random))
            acceleration += hand
            sway += hand * 2
        }
        return CarrierMotion(acceleration: acceleration, sway: sway)
    }
}
