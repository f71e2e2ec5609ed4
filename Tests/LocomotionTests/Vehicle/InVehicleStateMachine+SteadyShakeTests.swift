import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// Entering a ride needs a vehicle's steady shake, or bursts through its floor, not a resting
/// person's bursts that tilt the phone (`InVehicleStateMachine.Configuration.enterShakeVariation`,
/// `enterBurstShakeRatio`). Simulated signals only.
@Suite struct InVehicleStateMachineSteadyShakeTests {
    typealias Samples = (t: [Double], x: [Double], y: [Double], z: [Double])

    /// A phone in bursts of motion (gravity included along z, 50 Hz): 0.003 g of sensor noise, and
    /// every 4–8 s a burst of 1–2 s that shakes it by `horizontal` g across the vertical and by
    /// `vertical` g along it. A person at rest who reaches or shifts tilts the phone (mostly
    /// horizontal); a bus's stop-and-go shakes it through the floor (mostly vertical).
    static func bursts(seconds: Double, horizontal: Double, vertical: Double, seed: UInt64) -> Samples {
        var rng = SplitMix64(seed: seed)
        var samples: Samples = ([], [], [], [])
        var nextBurst = 2.0
        var burstEnd = -1.0
        for i in 0..<Int(seconds * 50) {
            let time = Double(i) / 50
            if time >= nextBurst {
                burstEnd = time + Double.random(in: 1...2, using: &rng)
                nextBurst = time + Double.random(in: 4...8, using: &rng)
            }
            let burst = time < burstEnd
            let across = burst ? horizontal / 2.0.squareRoot() : 0.003
            let along = burst ? vertical : 0.003
            samples.t.append(time)
            samples.x.append(across * rng.nextGaussian())
            samples.y.append(across * rng.nextGaussian())
            samples.z.append(1 + along * rng.nextGaussian())
        }
        return samples
    }

    /// A person at rest who reaches or shifts every few seconds: bursts of 0.28 g across the
    /// vertical and 0.06 g along it.
    static func restingWithBursts(seconds: Double, seed: UInt64) -> Samples {
        bursts(seconds: seconds, horizontal: 0.28, vertical: 0.06, seed: seed)
    }

    /// A phone lying in a moving car (gravity included, 50 Hz): the floor's vibration, 0.03 g
    /// vertically and 0.015 g horizontally through a road's first-order noise, and the car's speed
    /// changes and turns at 0.05–0.1 g.
    static func ride(seconds: Double, seed: UInt64) -> Samples {
        var rng = SplitMix64(seed: seed)
        var samples: Samples = ([], [], [], [])
        var road = 0.0
        for i in 0..<Int(seconds * 50) {
            let time = Double(i) / 50
            road = 0.7 * road + 0.3 * rng.nextGaussian()
            samples.t.append(time)
            samples.x.append(0.1 * sin(2 * .pi * time / 30) + 0.015 * rng.nextGaussian())
            samples.y.append(0.05 * sin(2 * .pi * time / 17) + 0.015 * rng.nextGaussian())
            samples.z.append(1 + 0.03 * road / 0.42)
        }
        return samples
    }

    static func analyze(_ s: Samples, variation: Double = 0.7, ratio: Double = 1.5) throws -> VehicleAnalysis {
        var state = InVehicleStateMachine.Configuration()
        state.enterShakeVariation = variation
        state.enterBurstShakeRatio = ratio
        return try VehicleRideDetector.analyze(times: s.t, x: s.x, y: s.y, z: s.z, gravityIncluded: true, state: state)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    @Test func aRestingPersonShakesInBurstsAndARideSteadily() throws {
        let resting = try Self.analyze(Self.restingWithBursts(seconds: 240, seed: 1))
        let moving = try Self.analyze(Self.ride(seconds: 240, seed: 2))
        let restingVariation = resting.windows.filter { $0.kind == .vehicleLike }.map(\.shakeVariation)
        let movingVariation = moving.windows.filter { $0.kind == .vehicleLike }.map(\.shakeVariation)
        #expect(restingVariation.count > 200 && movingVariation.count > 200)
        #expect(Self.median(restingVariation) > 0.9)
        #expect(Self.median(movingVariation) < 0.4)
    }

    @Test func aRestingPersonsBurstsAreNotARide() throws {
        let resting = Self.restingWithBursts(seconds: 300, seed: 3)
        let analysis = try Self.analyze(resting)
        // Every window holds a burst above the vehicle floor: without the check it is a ride.
        #expect(analysis.windows.filter { $0.kind == .vehicleLike }.count > 250)
        #expect(!(try Self.analyze(resting, variation: 0)).rides.isEmpty)
        #expect(analysis.rides.isEmpty)
        #expect(analysis.inVehicle.allSatisfy { !$0 })
        // A ride is one ride from its start.
        let ride = try Self.analyze(Self.ride(seconds: 300, seed: 4))
        #expect(ride.rides.count == 1)
        #expect((ride.rides.first?.start ?? .infinity) <= 1)
    }

    @Test func burstsThroughTheFloorAreARide() throws {
        // Stop-and-go: bursts of 0.15 g along the vertical, 0.04 g across it.
        let stopAndGo = Self.bursts(seconds: 300, horizontal: 0.04, vertical: 0.15, seed: 5)
        let analysis = try Self.analyze(stopAndGo)
        let variation = analysis.windows.filter { $0.kind == .vehicleLike }.map(\.shakeVariation)
        #expect(variation.count > 250 && Self.median(variation) > 0.9)
        #expect(analysis.rides.count == 1)
        // With bursts alone deciding (ratio 0), it would not be one.
        #expect(try Self.analyze(stopAndGo, ratio: 0).rides.isEmpty)
    }

    @Test func theMedianOfTheEnteringWindowsDecides() throws {
        func window(_ t: Double, _ variation: Double) -> VehicleEvidenceWindow {
            VehicleEvidenceWindow(
                endTime: t, duration: 9.9, dynamicRMS: 0.05, vibration: 0.02, periodicity: 0, kind: .vehicleLike,
                shakeVariation: variation)
        }
        let configuration = InVehicleStateMachine.Configuration()
        #expect(configuration.enterShakeVariation == 0.7 && configuration.enterBurstShakeRatio == 1.5)
        func entered(_ variation: Double, limit: Double = 0.7) throws -> Bool {
            var changed = configuration
            changed.enterShakeVariation = limit
            var machine = try InVehicleStateMachine(configuration: changed)
            for t in 1...40 { _ = machine.update(window(Double(t), variation)) }
            return machine.inVehicle
        }
        #expect(try entered(0.69))
        #expect(!(try entered(0.7)))
        #expect(try entered(.nan))  // not measured: the check does not apply
        #expect(try entered(0.9, limit: 0))  // off
        // Bursty windows whose shake was measured along and across the vertical: through a floor
        // (horizontal at most 1.5 times vertical) they enter, tilting (more) they do not.
        func enteredWithShake(_ vertical: Double, _ horizontal: Double) throws -> Bool {
            var machine = try InVehicleStateMachine(configuration: configuration)
            for t in 1...40 {
                _ = machine.update(
                    VehicleEvidenceWindow(
                        endTime: Double(t), duration: 9.9, dynamicRMS: 0.05, vibration: 0.02, periodicity: 0,
                        kind: .vehicleLike, verticalShake: vertical, horizontalShake: horizontal, shakeVariation: 0.9))
            }
            return machine.inVehicle
        }
        #expect(try enteredWithShake(0.04, 0.059))
        #expect(!(try enteredWithShake(0.04, 0.061)))
        // 20 bursty windows, then steady ones: the ride enters when 15 of the 30 entering windows
        // are steady (the median of 30 is the mean of the 15th and 16th: 0.65), dated back over the rest.
        var machine = try InVehicleStateMachine(configuration: configuration)
        var decisions: [InVehicleDecision] = []
        for t in 1...60 { decisions.append(machine.update(window(Double(t), t <= 20 ? 0.9 : 0.4))) }
        let entry = try #require(decisions.firstIndex { $0.inVehicle })
        #expect(entry == 34)
        #expect(decisions[entry].revisedWindowCount == 34)
        // A short recording is judged by the same check at its end.
        var short = try InVehicleStateMachine(configuration: configuration)
        for t in 1...15 { _ = short.update(window(Double(t), 0.9)) }
        #expect(short.finishRecording() == nil)
        var shortRide = try InVehicleStateMachine(configuration: configuration)
        for t in 1...15 { _ = shortRide.update(window(Double(t), 0.4)) }
        #expect(shortRide.finishRecording()?.inVehicle == true)
    }

    @Test func badLimitsAreRefused() {
        for bad in [-1.0, .nan, .infinity] {
            var configuration = InVehicleStateMachine.Configuration()
            configuration.enterShakeVariation = bad
            #expect(throws: LocomotionError.self) { try InVehicleStateMachine(configuration: configuration) }
            var ratio = InVehicleStateMachine.Configuration()
            ratio.enterBurstShakeRatio = bad
            #expect(throws: LocomotionError.self) { try InVehicleStateMachine(configuration: ratio) }
        }
    }
}
