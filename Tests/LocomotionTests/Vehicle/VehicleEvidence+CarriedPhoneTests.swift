import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// Gravity removed, a carried phone is not a vehicle: a window that moves strongly both over whole
/// seconds and within them is on foot (`VehicleEvidence.Configuration.gravityRemovedCarriedSubHertz`,
/// `gravityRemovedCarriedShake`), while a vehicle moves strongly on one of the two scales at a
/// time. Simulated signals only.
@Suite struct VehicleEvidenceCarriedPhoneTests {
    typealias Samples = (t: [Double], x: [Double], y: [Double], z: [Double])

    /// Linear acceleration at 5 Hz, with sample times jittered by up to ±40 ms (a throttled
    /// logger): on each axis, `slow` g of motion that wanders over seconds (a first-order process
    /// with a 1.5 s time constant: a vehicle's speed changes and turns, or the sway and leaked
    /// gravity of a carried phone) plus `fast` g of independent shake every sample (a road's
    /// vibration, or steps too fast for the rate to show a rhythm).
    static func motion(seconds: Double, slow: Double, fast: Double, seed: UInt64) -> Samples {
        var rng = SplitMix64(seed: seed)
        var samples: Samples = ([], [], [], [])
        var wander = (0.0, 0.0, 0.0)
        let keep = exp(-0.2 / 1.5)
        let push = (1 - keep * keep).squareRoot()
        for i in 0..<Int(seconds * 5) {
            wander = (
                keep * wander.0 + push * rng.nextGaussian(), keep * wander.1 + push * rng.nextGaussian(),
                keep * wander.2 + push * rng.nextGaussian()
            )
            let perAxisSlow = slow / 3.0.squareRoot()
            let perAxisFast = fast / 3.0.squareRoot()
            samples.t.append(Double(i) * 0.2 + 0.04 * (2 * Double.random(in: 0..<1, using: &rng) - 1))
            samples.x.append(perAxisSlow * wander.0 + perAxisFast * rng.nextGaussian())
            samples.y.append(perAxisSlow * wander.1 + perAxisFast * rng.nextGaussian())
            samples.z.append(perAxisSlow * wander.2 + perAxisFast * rng.nextGaussian())
        }
        return samples
    }

    static func analyze(_ s: Samples, evidence: VehicleEvidence.Configuration = .init()) throws -> VehicleAnalysis {
        try VehicleEvidenceGravityRemovedTests.analyze(s, evidence: evidence)
    }

    static func share(_ analysis: VehicleAnalysis, _ kind: VehicleWindowKind) -> Double {
        VehicleEvidenceGravityRemovedTests.share(analysis, kind)
    }

    @Test func aCarriedPhoneWithoutARhythmIsOnFoot() throws {
        let carried = Self.motion(seconds: 180, slow: 0.3, fast: 0.35, seed: 1)
        let analysis = try Self.analyze(carried)
        #expect(Self.share(analysis, .onFoot) > 0.9)
        #expect(analysis.rides.isEmpty)
        // Without the rule its windows are vehicle-like (no rhythm, below the violent level) and it
        // is a ride from start to end.
        var without = VehicleEvidence.Configuration()
        without.gravityRemovedCarriedSubHertz = 0
        let before = try Self.analyze(carried, evidence: without)
        #expect(Self.share(before, .vehicleLike) > 0.8)
        #expect(!before.rides.isEmpty)
    }

    @Test func aVehicleMovesStronglyOnOneScaleAtATime() throws {
        // A rough road: strong shake within the second (0.3 g in every 5 Hz sample, which also
        // moves the one-second means by about 0.13 g), the car's own motion over seconds small.
        let rough = try Self.analyze(Self.motion(seconds: 180, slow: 0.06, fast: 0.3, seed: 2))
        // Harsh driving on a smooth road: strong speed changes and turns, little shake.
        let harsh = try Self.analyze(Self.motion(seconds: 180, slow: 0.25, fast: 0.05, seed: 3))
        for analysis in [rough, harsh] {
            #expect(Self.share(analysis, .onFoot) < 0.05)
            #expect(analysis.rides.count == 1)
        }
    }

    @Test func theWindowsMeasureBothScales() throws {
        let analysis = try Self.analyze(Self.motion(seconds: 60, slow: 0.3, fast: 0.35, seed: 4))
        let known = analysis.windows.filter { $0.kind != .unknown }
        #expect(known.count > 40)
        let moving = known.filter { $0.subHertzMotion >= 0.2 }
        #expect(Double(moving.count) > 0.8 * Double(known.count))
        // Gravity removed: the vertical and horizontal shakes are not measured.
        #expect(known.allSatisfy { $0.verticalShake == 0 && $0.horizontalShake == 0 })
    }

    @Test func badThresholdsAreRefused() {
        for bad in [-0.1, .nan, .infinity] {
            var subHertz = VehicleEvidence.Configuration()
            subHertz.gravityRemovedCarriedSubHertz = bad
            #expect(throws: LocomotionError.self) { try subHertz.validate() }
            var shake = VehicleEvidence.Configuration()
            shake.gravityRemovedCarriedShake = bad
            #expect(throws: LocomotionError.self) { try shake.validate() }
        }
    }
}
