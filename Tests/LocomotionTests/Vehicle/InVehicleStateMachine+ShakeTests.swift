import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// Entering a ride needs a vehicle's within-second shake, not a handled phone's.
@Suite struct InVehicleStateMachineShakeTests {
    /// Samples at 50 Hz, in g.
    struct Samples {
        var t: [Double] = []
        var x: [Double] = []
        var y: [Double] = []
        var z: [Double] = []
    }

    /// A phone held in a resting hand for `seconds`: it tilts by a few degrees within every second
    /// (the hand's small turns, 0.06 rad r.m.s.) about a slowly wandering mean tilt, and the hand's
    /// tremor adds 0.03 g every way (0.013 g in the evidence's 0.1 s cells). Vibration above a
    /// vehicle's floor, no rhythm, no gait.
    static func handledPhone(seconds: Double, seed: UInt64) -> Samples {
        var rng = SplitMix64(seed: seed)
        var s = Samples()
        var fast = 0.0
        for i in 0..<Int(seconds * 50) {
            let time = Double(i) / 50
            fast = 0.8 * fast + 0.6 * 0.06 * rng.nextGaussian()
            let tilt = 0.5 + 0.1 * sin(2 * .pi * time / 40) + fast
            let turn = 0.3 * sin(2 * .pi * time / 70)
            s.t.append(time)
            s.x.append(sin(tilt) * cos(turn) + 0.03 * rng.nextGaussian())
            s.y.append(sin(tilt) * sin(turn) + 0.03 * rng.nextGaussian())
            s.z.append(cos(tilt) + 0.03 * rng.nextGaussian())
        }
        return s
    }

    /// A phone lying in a car on a rough road for `seconds`, with a stop of `stop` (start, end) in
    /// it: the floor shakes it vertically (0.05 g) more than horizontally (0.02 g), the car speeds
    /// up, brakes and turns at 0.05–0.1 g; at the stop, only an idling engine's 0.003 g.
    static func ride(seconds: Double, stop: ClosedRange<Double>?, seed: UInt64) -> Samples {
        var rng = SplitMix64(seed: seed)
        var s = Samples()
        var road = 0.0
        for i in 0..<Int(seconds * 50) {
            let time = Double(i) / 50
            road = 0.7 * road + 0.3 * rng.nextGaussian()
            let stopped = stop?.contains(time) ?? false
            let vertical = stopped ? 0.003 * rng.nextGaussian() : 0.05 * road / 0.42
            let shake = stopped ? 0.003 : 0.02
            let surge = stopped ? 0 : 0.1 * sin(2 * .pi * time / 30)
            let sway = stopped ? 0 : 0.05 * sin(2 * .pi * time / 17)
            s.t.append(time)
            s.x.append(surge + shake * rng.nextGaussian())
            s.y.append(sway + shake * rng.nextGaussian())
            s.z.append(1 + vertical)
        }
        return s
    }

    static func analyze(_ s: Samples, enterShakeRatio: Double = 2) throws -> VehicleAnalysis {
        var state = InVehicleStateMachine.Configuration()
        state.enterShakeRatio = enterShakeRatio
        return try VehicleRideDetector.analyze(times: s.t, x: s.x, y: s.y, z: s.z, gravityIncluded: true, state: state)
    }

    @Test func aHandledPhoneShakesAcrossTheVerticalAndARideAlongIt() throws {
        let handled = try Self.analyze(Self.handledPhone(seconds: 120, seed: 3))
        let moving = try Self.analyze(Self.ride(seconds: 120, stop: nil, seed: 4))
        for (analysis, low, high) in [(handled, 2.5, Double.infinity), (moving, 0, 1.2)] {
            let measured = analysis.windows.filter { $0.kind == .vehicleLike }
            #expect(measured.count > 100)
            for window in measured {
                #expect(window.verticalShake > 0)
                let ratio = window.horizontalShake / window.verticalShake
                #expect(ratio >= low && ratio <= high, "ratio \(ratio) at \(window.endTime) s")
            }
        }
    }

    @Test func aHandledPhoneAtRestIsNotARide() throws {
        let handled = Self.handledPhone(seconds: 300, seed: 5)
        let analysis = try Self.analyze(handled)
        // Its windows are vehicle-like: without the shake rule it would be a ride.
        #expect(analysis.windows.filter { $0.kind == .vehicleLike }.count > 250)
        #expect(!(try Self.analyze(handled, enterShakeRatio: 0)).rides.isEmpty)
        #expect(analysis.rides.isEmpty)
        #expect(analysis.inVehicle.allSatisfy { !$0 })
    }

    @Test func aRideWithAStopIsStillOneRide() throws {
        let analysis = try Self.analyze(Self.ride(seconds: 400, stop: 150...230, seed: 6))
        #expect(analysis.rides.count == 1)
        let ride = try #require(analysis.rides.first)
        #expect(ride.start <= 1)
        #expect(ride.end >= 395)
        #expect(ride.stops.count == 1)
    }

    @Test func theRuleLooksAtTheEnteringWindowsOnly() throws {
        func window(_ t: Double, _ vertical: Double, _ horizontal: Double) -> VehicleEvidenceWindow {
            VehicleEvidenceWindow(
                endTime: t, duration: 9.9, dynamicRMS: 0.05, vibration: 0.02, periodicity: 0, kind: .vehicleLike,
                verticalShake: vertical, horizontalShake: horizontal)
        }
        var configuration = InVehicleStateMachine.Configuration()
        #expect(configuration.enterShakeRatio == 0)  // off by default
        configuration.enterShakeRatio = 2
        func entered(_ vertical: Double, _ horizontal: Double, windows: Int = 40) throws -> Bool {
            var machine = try InVehicleStateMachine(configuration: configuration)
            for t in 1...windows { _ = machine.update(window(Double(t), vertical, horizontal)) }
            return machine.inVehicle
        }
        #expect(try entered(0.03, 0.06))  // exactly twice: allowed
        #expect(!(try entered(0.03, 0.061)))
        #expect(try entered(0, 0))  // not measured (gravity removed): the rule does not apply
        // Handled for 40 s, then 30 s of a vehicle's shake: the ride enters once the handling is
        // out of the entering windows, and is dated back over the seated time before them.
        var machine = try InVehicleStateMachine(configuration: configuration)
        var decisions: [InVehicleDecision] = []
        for t in 1...70 {
            let handled = t <= 40
            decisions.append(machine.update(window(Double(t), 0.02, handled ? 0.08 : 0.02)))
        }
        let entry = try #require(decisions.firstIndex { $0.inVehicle })
        #expect(entry >= 50)  // at most a fifth of the entering windows may be handled ones
        #expect(decisions[entry].revisedWindowCount >= 29)
        // A short recording is judged by the same rule at its end.
        var short = try InVehicleStateMachine(configuration: configuration)
        for t in 1...15 { _ = short.update(window(Double(t), 0.02, 0.08)) }
        #expect(short.finishRecording() == nil)
        var shortRide = try InVehicleStateMachine(configuration: configuration)
        for t in 1...15 { _ = shortRide.update(window(Double(t), 0.02, 0.02)) }
        #expect(shortRide.finishRecording()?.inVehicle == true)
    }

    @Test func badRatiosAreRefused() {
        for bad in [-1.0, .nan, .infinity] {
            var configuration = InVehicleStateMachine.Configuration()
            configuration.enterShakeRatio = bad
            #expect(throws: LocomotionError.self) { try InVehicleStateMachine(configuration: configuration) }
        }
    }
}
