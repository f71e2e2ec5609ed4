import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// Gravity removed, a person at rest is not a vehicle: the sub-hertz motion of a window
/// (`VehicleEvidenceWindow.subHertzMotion`) tells a phone's noise and fidgeting from a vehicle's speed
/// changes, turns and sway. Simulated signals only.
struct VehicleEvidenceSubHertzTests {
    /// A phone on a person standing still, as linear acceleration (gravity removed): independent
    /// noise of `noise` g on each axis at 50 Hz (three-axis r.m.s. of the 10 Hz grid about 0.02 g
    /// for 0.025 g, above the vehicle vibration floor), no sustained acceleration.
    static func standingStill(seconds: Double, noise: Double, seed: UInt64) -> (
        t: [Double], x: [Double], y: [Double], z: [Double]
    ) {
        var rng = SplitMix64(seed: seed)
        var t: [Double] = [], x: [Double] = [], y: [Double] = [], z: [Double] = []
        for i in 0..<Int(seconds * 50) {
            t.append(Double(i) / 50)
            x.append(noise * rng.nextGaussian())
            y.append(noise * rng.nextGaussian())
            z.append(noise * rng.nextGaussian())
        }
        return (t, x, y, z)
    }

    /// A ride as linear acceleration: the same noise, road vibration of 0.02 g (low-passed noise),
    /// and speed changes and turns of 0.02–0.03 g at 0.03–0.1 Hz.
    static func ride(seconds: Double, seed: UInt64) -> (t: [Double], x: [Double], y: [Double], z: [Double]) {
        var still = standingStill(seconds: seconds, noise: 0.01, seed: seed)
        var rng = SplitMix64(seed: seed &+ 1)
        var road = 0.0
        for i in still.t.indices {
            let time = still.t[i]
            road = 0.7 * road + 0.3 * rng.nextGaussian()
            still.x[i] += 0.03 * sin(2 * .pi * time / 25)
            still.y[i] += 0.02 * sin(2 * .pi * time / 11 + 1)
            still.z[i] += 0.02 * road / 0.42
        }
        return still
    }

    @Test func aPersonStandingStillWithoutGravityIsNotARide() throws {
        let still = Self.standingStill(seconds: 120, noise: 0.012, seed: 7)
        let analysis = try VehicleRideDetector.analyze(
            times: still.t, x: still.x, y: still.y, z: still.z, gravityIncluded: false)
        let windows = analysis.windows.filter { $0.kind != .unknown }
        #expect(windows.count > 100)
        let floor = VehicleEvidence.Configuration().vehicleVibrationFloor
        // The noise alone passes the vibration floor on three axes...
        #expect(windows.allSatisfy { $0.vibration >= floor })
        // ...but the acceleration averaged over seconds does not move.
        #expect(windows.allSatisfy { $0.subHertzMotion < VehicleEvidence.Configuration().vehicleSubHertzFloor })
        #expect(windows.allSatisfy { $0.kind == .quiet })
        #expect(analysis.rides.isEmpty)
        // Without the rule, and without the noise check at entry that came after it
        // (`enterSubHertzToShake`), the same signal is a ride (what linear-acceleration input got
        // before); with the check alone it is not.
        var withoutRule = VehicleEvidence.Configuration()
        withoutRule.vehicleSubHertzFloor = 0
        var withoutCheck = InVehicleStateMachine.Configuration()
        withoutCheck.enterSubHertzToShake = 0
        let before = try VehicleRideDetector.analyze(
            times: still.t, x: still.x, y: still.y, z: still.z, gravityIncluded: false, evidence: withoutRule,
            state: withoutCheck)
        #expect(before.rides.count == 1)
        let checkAlone = try VehicleRideDetector.analyze(
            times: still.t, x: still.x, y: still.y, z: still.z, gravityIncluded: false, evidence: withoutRule)
        #expect(checkAlone.rides.isEmpty)
    }

    @Test func aRideWithoutGravityStaysARide() throws {
        let ride = Self.ride(seconds: 180, seed: 11)
        let analysis = try VehicleRideDetector.analyze(
            times: ride.t, x: ride.x, y: ride.y, z: ride.z, gravityIncluded: false)
        let windows = analysis.windows.filter { $0.kind != .unknown }
        #expect(!windows.isEmpty)
        #expect(windows.allSatisfy { $0.kind == .vehicleLike })
        #expect(analysis.rides.count == 1)
    }

    /// The measure itself: a 0.1 Hz oscillation of amplitude 0.05 g on one axis has an r.m.s. of
    /// 0.035 g, and one-second means keep it (they attenuate 0.1 Hz by under 2 %).
    @Test func subHertzMotionIsTheRMSOfOneSecondMeans() throws {
        var t: [Double] = [], x: [Double] = [], zero: [Double] = []
        for i in 0..<(60 * 20) {
            let time = Double(i) / 20
            t.append(time)
            x.append(0.05 * sin(2 * .pi * 0.1 * time))
            zero.append(0)
        }
        let analysis = try VehicleRideDetector.analyze(times: t, x: x, y: zero, z: zero, gravityIncluded: false)
        let windows = analysis.windows.filter { $0.kind != .unknown }
        #expect(!windows.isEmpty)
        for window in windows {
            #expect(abs(window.subHertzMotion - 0.05 / 2.0.squareRoot()) < 0.004)
        }
    }

    @Test func theFloorIsValidated() {
        var configuration = VehicleEvidence.Configuration()
        configuration.vehicleSubHertzFloor = -.infinity
        #expect(throws: LocomotionError.self) { try configuration.validate() }
        configuration.vehicleSubHertzFloor = .nan
        #expect(throws: LocomotionError.self) { try configuration.validate() }
    }
}
