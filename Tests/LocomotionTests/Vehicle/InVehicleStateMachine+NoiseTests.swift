import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// Gravity removed, weak motion that is only noise does not enter a ride: its one-second means move
/// no more than averaging leaves of the noise (`InVehicleStateMachine.Configuration.enterNoiseRMS`,
/// `enterSubHertzToShake`). Simulated signals and windows only.
@Suite struct InVehicleStateMachineNoiseTests {
    typealias Samples = (t: [Double], x: [Double], y: [Double], z: [Double])

    /// Linear acceleration at 50 Hz: independent noise of `noise` g on each axis (a fused gravity
    /// estimate's error, a person at rest), plus, when `speedChanges`, a vehicle's speed changes and
    /// turns of 0.03 and 0.02 g at 0.04 and 0.09 Hz.
    static func signal(seconds: Double, noise: Double, speedChanges: Bool, seed: UInt64) -> Samples {
        var rng = SplitMix64(seed: seed)
        var s: Samples = ([], [], [], [])
        for i in 0..<Int(seconds * 50) {
            let time = Double(i) / 50
            let turns = speedChanges ? (0.03 * sin(2 * .pi * time / 25), 0.02 * sin(2 * .pi * time / 11 + 1)) : (0, 0)
            s.t.append(time)
            s.x.append(noise * rng.nextGaussian() + turns.0)
            s.y.append(noise * rng.nextGaussian() + turns.1)
            s.z.append(noise * rng.nextGaussian())
        }
        return s
    }

    static func analyze(_ s: Samples, ratio: Double = 0.4, noiseRMS: Double = 0.08) throws -> VehicleAnalysis {
        var state = InVehicleStateMachine.Configuration()
        state.enterSubHertzToShake = ratio
        state.enterNoiseRMS = noiseRMS
        return try VehicleRideDetector.analyze(times: s.t, x: s.x, y: s.y, z: s.z, gravityIncluded: false, state: state)
    }

    @Test func theDefaultsAreTheMeasuredOnes() {
        let c = InVehicleStateMachine.Configuration()
        #expect(c.enterNoiseRMS == 0.08 && c.enterSubHertzToShake == 0.4)
    }

    @Test func weakNoiseIsNotARide() throws {
        let noise = Self.signal(seconds: 240, noise: 0.04, speedChanges: false, seed: 21)
        let analysis = try Self.analyze(noise)
        let known = analysis.windows.filter { $0.kind != .unknown }
        // Every window passes the vibration and sub-hertz floors: without the check it is a ride.
        #expect(known.count > 200 && known.allSatisfy { $0.kind == .vehicleLike })
        #expect(try Self.analyze(noise, ratio: 0).rides.count == 1)
        // Its one-second means move about a third as much as it shakes within the second.
        let ratios = known.map {
            $0.subHertzMotion / ($0.dynamicRMS * $0.dynamicRMS - $0.subHertzMotion * $0.subHertzMotion).squareRoot()
        }.sorted()
        let median = ratios[ratios.count / 2]
        #expect(median > 0.28 && median < 0.38)
        #expect(analysis.rides.isEmpty)
        #expect(analysis.inVehicle.allSatisfy { !$0 })
    }

    @Test func aWeakRideWithSpeedChangesIsARide() throws {
        let ride = try Self.analyze(Self.signal(seconds: 240, noise: 0.04, speedChanges: true, seed: 22))
        #expect(ride.windows.allSatisfy { $0.kind == .unknown || $0.dynamicRMS < 0.08 })
        #expect(ride.rides.count == 1)
        #expect((ride.rides.first?.start ?? .infinity) <= 1)
    }

    @Test func strongMotionIsNotJudgedAsNoise() throws {
        // 0.12 g per axis at 50 Hz: about 0.09 g on the 10 Hz grid, above the 0.08 g limit (a rough road).
        let strong = Self.signal(seconds: 240, noise: 0.12, speedChanges: false, seed: 23)
        #expect(try Self.analyze(strong).rides.count == 1)
        #expect(try Self.analyze(strong, noiseRMS: 0.2).rides.isEmpty)
    }

    @Test func thePooledRatioOfTheEnteringWindowsDecides() throws {
        func entered(subHertz: Double, vertical: Double = 0, windows: Int = 40) throws -> Bool {
            var machine = try InVehicleStateMachine()
            for t in 1...windows {
                _ = machine.update(
                    VehicleEvidenceWindow(
                        endTime: Double(t), duration: 9.9, dynamicRMS: 0.05, vibration: 0.05, periodicity: 0,
                        kind: .vehicleLike, subHertzMotion: subHertz, verticalShake: vertical,
                        horizontalShake: vertical, shakeVariation: 0.3))
            }
            if windows < 30 { return machine.finishRecording()?.inVehicle == true }
            return machine.inVehicle
        }
        // sqrt(0.05² − s²) is the shake: s = 0.0185 gives a ratio of 0.398, 0.0187 of 0.403.
        #expect(!(try entered(subHertz: 0.0185)))
        #expect(try entered(subHertz: 0.0187))
        #expect(try entered(subHertz: .nan))  // not measured: the check does not apply
        #expect(try entered(subHertz: 0.01, vertical: 0.02))  // the vertical known: it does not apply
        // A short recording is judged by the same check at its end.
        #expect(!(try entered(subHertz: 0.0185, windows: 15)))
        #expect(try entered(subHertz: 0.0187, windows: 15))
    }

    @Test func badLimitsAreRefused() {
        for bad in [-1.0, .nan, .infinity] {
            var rms = InVehicleStateMachine.Configuration()
            rms.enterNoiseRMS = bad
            #expect(throws: LocomotionError.self) { try InVehicleStateMachine(configuration: rms) }
            var ratio = InVehicleStateMachine.Configuration()
            ratio.enterSubHertzToShake = bad
            #expect(throws: LocomotionError.self) { try InVehicleStateMachine(configuration: ratio) }
        }
    }
}
