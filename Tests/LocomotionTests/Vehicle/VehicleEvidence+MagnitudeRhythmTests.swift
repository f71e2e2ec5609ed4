import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// Gravity removed, steps that no single axis keeps are still gait: the magnitude of the
/// acceleration peaks at every step (`VehicleEvidence.Configuration.gravityRemovedMagnitudePeriodicity`).
/// Simulated signals only.
struct VehicleEvidenceMagnitudeRhythmTests {
    typealias Samples = (t: [Double], x: [Double], y: [Double], z: [Double])

    /// Jolts along a direction of their own each, as linear acceleration at 50 Hz: from each start
    /// time a 0.15 s half-sine pulse of `amplitude` g along a random unit direction, and 0.01 g of
    /// noise on each axis.
    static func jolts(at starts: [Double], seconds: Double, amplitude: Double, seed: UInt64) -> Samples {
        var rng = SplitMix64(seed: seed)
        let rate = 50.0
        let pulse = 0.15
        let count = Int(seconds * rate)
        var samples: Samples = (
            (0..<count).map { Double($0) / rate }, .init(repeating: 0, count: count), .init(repeating: 0, count: count),
            .init(repeating: 0, count: count)
        )
        for start in starts {
            let v = (rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian())
            let length = (v.0 * v.0 + v.1 * v.1 + v.2 * v.2).squareRoot()
            var i = Int((start * rate).rounded(.up))
            while i < count && samples.t[i] < start + pulse {
                let size = amplitude * sin(Double.pi * (samples.t[i] - start) / pulse)
                samples.x[i] += size * v.0 / length
                samples.y[i] += size * v.1 / length
                samples.z[i] += size * v.2 / length
                i += 1
            }
        }
        for i in 0..<count {
            samples.x[i] += 0.01 * rng.nextGaussian()
            samples.y[i] += 0.01 * rng.nextGaussian()
            samples.z[i] += 0.01 * rng.nextGaussian()
        }
        return samples
    }

    /// A walker whose every step jolts the sensor along a direction of its own (a sensor on the
    /// lower back of a walker who turns and shuffles): `cadence` steps per second.
    static func scatteredSteps(seconds: Double, cadence: Double, amplitude: Double, seed: UInt64) -> Samples {
        let starts = (0..<Int(seconds * cadence)).map { Double($0) / cadence }
        return jolts(at: starts, seconds: seconds, amplitude: amplitude, seed: seed)
    }

    /// A road's bumps: jolts at random times, `rate` per second on average (exponential intervals).
    static func roadBumps(seconds: Double, rate: Double, amplitude: Double, seed: UInt64) -> Samples {
        var rng = SplitMix64(seed: seed &+ 1)
        var starts: [Double] = []
        var time = 0.0
        while time < seconds {
            time += -log(1 - rng.nextUnit()) / rate
            starts.append(time)
        }
        return jolts(at: starts, seconds: seconds, amplitude: amplitude, seed: seed)
    }

    static func analyze(_ s: Samples, evidence: VehicleEvidence.Configuration = .init()) throws -> VehicleAnalysis {
        try VehicleEvidenceGravityRemovedTests.analyze(s, evidence: evidence)
    }

    static func share(_ analysis: VehicleAnalysis, _ kind: VehicleWindowKind) -> Double {
        VehicleEvidenceGravityRemovedTests.share(analysis, kind)
    }

    @Test func stepsSpreadOverTheAxesAreOnFoot() throws {
        let c = VehicleEvidence.Configuration()
        var withoutMagnitude = c
        withoutMagnitude.gravityRemovedMagnitudePeriodicity = 0
        // 1.2 steps/s: a stride-long lag; 1.5 and 1.8: a step's lag, where the stride check applies.
        for cadence in [1.2, 1.5, 1.8] {
            let walk = Self.scatteredSteps(seconds: 120, cadence: cadence, amplitude: 0.6, seed: 7)
            let before = try Self.analyze(walk, evidence: withoutMagnitude)
            let known = before.windows.filter { $0.kind != .unknown }
            #expect(known.count > 100)
            // Strong enough for the rhythm rule, under the violent and carried floors, and no axis
            // keeps the steps' rhythm: without the magnitude the walker is a passenger and rides.
            #expect(known.allSatisfy { $0.dynamicRMS >= c.onFootRMS && $0.dynamicRMS < c.violentRMS })
            #expect(known.allSatisfy { $0.subHertzMotion < c.gravityRemovedCarriedSubHertz })
            #expect(Self.share(before, .onFoot) < 0.2, "cadence \(cadence)")
            #expect(!before.rides.isEmpty, "cadence \(cadence)")
            // The magnitude peaks at every step: on foot, and no ride.
            let after = try Self.analyze(walk)
            #expect(Self.share(after, .onFoot) > 0.9, "cadence \(cadence)")
            #expect(after.rides.isEmpty, "cadence \(cadence)")
        }
    }

    /// A road's bumps struck at random times, as strong and as spread over the axes as the steps,
    /// have no rhythm in the magnitude either: vehicle-like.
    @Test func randomBumpsAreNotSteps() throws {
        let c = VehicleEvidence.Configuration()
        for rate in [3.0, 4.0] {
            let road = Self.roadBumps(seconds: 120, rate: rate, amplitude: 0.35, seed: 8)
            let analysis = try Self.analyze(road)
            let known = analysis.windows.filter { $0.kind != .unknown }
            #expect(Double(known.filter { $0.dynamicRMS >= c.onFootRMS }.count) > 0.5 * Double(known.count))
            #expect(Self.share(analysis, .onFoot) < 0.1, "rate \(rate)")
            #expect(analysis.rides.count == 1, "rate \(rate)")
        }
    }

    /// A vehicle's slow swing as linear acceleration at 50 Hz: a lateral acceleration of
    /// `amplitude` g at `frequency` Hz (a slalom, a bus swaying through curves), 0.01 g of noise.
    static func swing(seconds: Double, frequency: Double, amplitude: Double, seed: UInt64) -> Samples {
        var rng = SplitMix64(seed: seed)
        var s: Samples = ([], [], [], [])
        for i in 0..<Int(seconds * 50) {
            let time = Double(i) / 50
            s.t.append(time)
            s.x.append(amplitude * sin(2 * .pi * frequency * time) + 0.01 * rng.nextGaussian())
            s.y.append(0.01 * rng.nextGaussian())
            s.z.append(0.01 * rng.nextGaussian())
        }
        return s
    }

    /// A swing at 0.4 Hz makes the magnitude rise and fall every 1.25 s, as regularly as a
    /// stride, but its motion is in the one-second means, not within the second as steps are
    /// (`gravityRemovedMagnitudeMaximumSubHertz`).
    @Test func aSlowSwingIsNotSteps() throws {
        let swing = Self.swing(seconds: 120, frequency: 0.4, amplitude: 0.25, seed: 9)
        var unlimited = VehicleEvidence.Configuration()
        unlimited.gravityRemovedMagnitudeMaximumSubHertz = 1
        let before = try Self.analyze(swing, evidence: unlimited)
        #expect(Self.share(before, .onFoot) > 0.9)
        #expect(before.rides.isEmpty)
        let after = try Self.analyze(swing)
        let known = after.windows.filter { $0.kind != .unknown }
        #expect(known.count > 100)
        #expect(known.allSatisfy { $0.subHertzMotion > 0.7 * $0.dynamicRMS && $0.dynamicRMS >= 0.12 })
        #expect(Self.share(after, .onFoot) == 0)
        #expect(after.rides.count == 1)
    }

    @Test func theThresholdIsValidated() {
        var c = VehicleEvidence.Configuration()
        c.gravityRemovedMagnitudePeriodicity = -0.1
        #expect(throws: LocomotionError.self) { try c.validate() }
        c.gravityRemovedMagnitudePeriodicity = .nan
        #expect(throws: LocomotionError.self) { try c.validate() }
        var limit = VehicleEvidence.Configuration()
        #expect(limit.gravityRemovedMagnitudeMaximumSubHertz == 0.6)
        limit.gravityRemovedMagnitudeMaximumSubHertz = -1
        #expect(throws: LocomotionError.self) { try limit.validate() }
        limit.gravityRemovedMagnitudeMaximumSubHertz = .infinity
        #expect(throws: LocomotionError.self) { try limit.validate() }
    }
}
