import Foundation
import LocomotionTestSupport
import Testing

@testable import Locomotion

/// The weak vibration gate (`weakRoughness`): a candidate whose context is rougher than
/// `maximumRoughness` but not than `weakRoughness` (both × the context's spread) is weak, and only
/// when its context passes the full periodicity gate, so it joins a run that smoother full
/// candidates confirm but never confirms one itself.
@Suite("Step detection: weak vibration gate")
struct StepWeakRoughnessTests {
    static let rate = 50.0
    static let cadence = 1.7

    /// 1 g plus a sinusoid at the cadence (0.1 g, one peak per step; low-passed SD about 0.067 g),
    /// with vibration of `vibration` g RMS (two sinusoids at 12 and 17 Hz, above the 3 Hz
    /// cutoff) from `start` to `end` s: a context wholly inside that stretch is about
    /// `vibration / 0.067` times as rough as its spread (2.4 for 0.16 g).
    static func walk(vibration: Double, from start: Double = 0, to end: Double = .infinity, duration: Double = 36)
        -> (times: [Double], magnitudes: [Double])
    {
        let times = (0..<Int(duration * rate)).map { Double($0) / rate }
        let magnitudes = times.map { t in
            let shaking = t >= start && t < end ? vibration * (sin(2 * .pi * 12 * t) + sin(2 * .pi * 17 * t)) : 0
            return 1 + 0.1 * sin(2 * .pi * cadence * t) + shaking
        }
        return (times, magnitudes)
    }

    static func steps(_ walk: (times: [Double], magnitudes: [Double]), _ configuration: StepDetectorConfiguration)
        throws -> [Step]
    {
        try GaitSimulation.steps(
            times: walk.times, magnitudes: walk.magnitudes, rate: rate, configuration: configuration)
    }

    static var strict: StepDetectorConfiguration {
        var configuration = StepDetectorConfiguration.trunk
        configuration.weakRoughness = configuration.maximumRoughness
        return configuration
    }

    @Test func anUndefinedWeakRoughnessIsATypedError() {
        #expect(GaitSimulation.bothReject { $0.weakRoughness = .nan })
    }

    @Test func roughStepsJoinTheRunThatSmootherStepsConfirm() throws {
        // Smooth for 12 s, rough (2.4 × the spread) for 12 s, smooth again.
        let walk = Self.walk(vibration: 0.16, from: 12, to: 24)
        let trunk = try Self.steps(walk, .trunk)
        let without = try Self.steps(walk, Self.strict)
        let middle = { (steps: [Step]) in steps.filter { $0.time > 14.5 && $0.time < 21.5 }.count }
        // About 12 peaks lie between 14.5 and 21.5 s, whose contexts are rough throughout.
        #expect(middle(trunk) >= 11, "\(trunk.map(\.time))")
        #expect(middle(without) == 0, "\(without.map(\.time))")
        #expect(trunk.filter { $0.time < 10 }.count == without.filter { $0.time < 10 }.count)
    }

    @Test func aRoughWalkThroughoutNeverConfirmsARun() throws {
        let walk = Self.walk(vibration: 0.16)
        #expect(try Self.steps(walk, .trunk).isEmpty)
        // The same candidates with the full gate at the weak level are steps.
        var full = StepDetectorConfiguration.trunk
        full.maximumRoughness = full.weakRoughness
        #expect(try Self.steps(walk, full).count >= 50)
    }

    @Test func aContextRougherThanTheWeakLevelHasNoCandidates() throws {
        // 0.25 g RMS: about 3.7 × the spread, above the trunk preset's 3.
        let walk = Self.walk(vibration: 0.25, from: 12, to: 24)
        let trunk = try Self.steps(walk, .trunk)
        #expect(trunk.filter { $0.time > 14.5 && $0.time < 21.5 }.isEmpty)
    }

    @Test func roughCandidatesNeedTheFullPeriodicity() throws {
        // The vibration's small leak through the low-pass makes the rough contexts slightly less
        // periodic (normalised autocorrelation 0.9970 against 0.9992 for the smooth ones). With
        // the full periodicity gate between the two, the smooth steps still confirm the run, and a
        // rough candidate, which passes only the weak periodicity gate, is not even weak.
        let walk = Self.walk(vibration: 0.16, from: 12, to: 24)
        let trunk = try Self.steps(walk, .trunk)
        let rough = trunk.filter { $0.time > 14.5 && $0.time < 21.5 }
        #expect(rough.allSatisfy { $0.regularity < 0.998 } && rough.count >= 11)
        #expect(trunk.filter { $0.time < 10 }.allSatisfy { $0.regularity > 0.998 || $0.time < 2.5 })
        var demanding = StepDetectorConfiguration.trunk
        demanding.minimumRegularity = 0.998
        let steps = try Self.steps(walk, demanding)
        #expect(steps.filter { $0.time > 14.5 && $0.time < 21.5 }.isEmpty, "\(steps.map(\.time))")
        #expect(steps.filter { $0.time < 10 }.count >= 14)
    }

    @Test func aRoughWindowHasWeakCandidatesOnly() throws {
        // One window spans a single context: rougher than the full gate every candidate is weak,
        // and weak candidates alone make no steps.
        let walk = Self.walk(vibration: 0.16, duration: 10.24)
        let count = { (configuration: StepDetectorConfiguration) in
            try GaitSimulation.windowStepCount(walk.magnitudes, rate: Self.rate, configuration: configuration)
        }
        #expect(try count(.trunk) == 0)
        var full = StepDetectorConfiguration.trunk
        full.maximumRoughness = full.weakRoughness
        #expect(try count(full) >= 12)
    }

    @Test("with no weak ceiling (infinity) rough candidates stay weak, in the detector and in a window")
    func anInfiniteWeakCeilingKeepsRoughCandidatesWeak() throws {
        var unbounded = StepDetectorConfiguration.trunk
        unbounded.weakRoughness = .infinity
        // Rough throughout: weak candidates only, so no run is ever confirmed.
        #expect(try Self.steps(Self.walk(vibration: 0.16), unbounded).isEmpty)
        let window = Self.walk(vibration: 0.16, duration: 10.24)
        #expect(try GaitSimulation.windowStepCount(window.magnitudes, rate: Self.rate, configuration: unbounded) == 0)
        // Rough in the middle only: the smooth steps confirm the run, as with a finite ceiling.
        let mixed = Self.walk(vibration: 0.16, from: 12, to: 24)
        #expect(try Self.steps(mixed, unbounded) == (try Self.steps(mixed, .trunk)))
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func streamingInRandomChunksEqualsBatchBitForBit(seed: UInt64) throws {
        let walk = Self.walk(vibration: 0.16, from: 12, to: 24)
        let (batch, streamed) = try GaitSimulation.batchAndStreamed(
            (walk.times, walk.magnitudes), rate: Self.rate, seed: seed)
        #expect(batch.count > 50)
        #expect(streamed == batch)
    }
}
