import Foundation
import LocomotionTestSupport
import Testing

@testable import Locomotion

/// The weak stillness gate (`weakSpread`): a candidate whose context's standard deviation lies
/// between it and `minimumSpread` is weak, so it joins a run that full candidates confirm but
/// never confirms one itself.
@Suite("Step detection: weak stillness gate")
struct StepWeakSpreadTests {
    static let rate = 50.0
    static let cadence = 1.7

    /// 1 g plus a sinusoid at the cadence (one peak per step), of amplitude `weak` g until `change`
    /// s and `strong` g after it. The low-passed sinusoid's standard deviation is about
    /// 0.67 × its amplitude (0.95 gain at 1.7 Hz, divided by √2): 0.030 g for 0.045 g, between
    /// the trunk preset's 0.025 g and the full gate's 0.04 g, and 0.067 g for 0.1 g.
    static func walk(weak: Double, strong: Double = 0.1, change: Double = .infinity, duration: Double = 30) -> (
        times: [Double], magnitudes: [Double]
    ) {
        let times = (0..<Int(duration * rate)).map { Double($0) / rate }
        let magnitudes = times.map { t in 1 + (t < change ? weak : strong) * sin(2 * .pi * cadence * t) }
        return (times, magnitudes)
    }

    /// The steps of `walk` with `configuration`, fed in one call.
    static func steps(_ walk: (times: [Double], magnitudes: [Double]), _ configuration: StepDetectorConfiguration)
        throws -> [Step]
    {
        try GaitSimulation.steps(
            times: walk.times, magnitudes: walk.magnitudes, rate: rate, configuration: configuration)
    }

    @Test func aNegativeOrUndefinedWeakSpreadIsATypedError() {
        for value in [-0.01, .nan] {
            #expect(GaitSimulation.bothReject { $0.weakSpread = value }, "\(value)")
        }
    }

    @Test func aWeakContextThroughoutNeverConfirmsARun() throws {
        let walk = Self.walk(weak: 0.045)
        #expect(try Self.steps(walk, .trunk).isEmpty)
        // The same candidates at the full level are steps: only the weak gate stops them.
        var full = StepDetectorConfiguration.trunk
        full.minimumSpread = 0.025
        #expect(try Self.steps(walk, full).count >= 45)
    }

    @Test func weakFirstStepsJoinTheRunTheSteadyStepsConfirm() throws {
        // Weak for the first 12 s, then steady: the trunk preset keeps the weak steps (about 20
        // peaks before 12 s), which the full stillness gate alone drops.
        let walk = Self.walk(weak: 0.045, change: 12)
        let trunk = try Self.steps(walk, .trunk)
        var strict = StepDetectorConfiguration.trunk
        strict.weakSpread = strict.minimumSpread
        let without = try Self.steps(walk, strict)
        #expect(trunk.filter { $0.time < 9 }.count >= 14, "\(trunk.map(\.time))")
        #expect(without.filter { $0.time < 9 }.isEmpty)
        #expect(trunk.filter { $0.time > 15 }.count == without.filter { $0.time > 15 }.count)
        #expect(trunk.count > without.count + 10)
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func streamingInRandomChunksEqualsBatchBitForBit(seed: UInt64) throws {
        let walk = Self.walk(weak: 0.045, change: 12)
        let (batch, streamed) = try GaitSimulation.batchAndStreamed(
            (walk.times, walk.magnitudes), rate: Self.rate, seed: seed)
        #expect(batch.count > 40)
        #expect(streamed == batch)
    }

    @Test func aWindowBelowTheFullGateHasWeakCandidatesOnly() throws {
        // One window spans a single context: below the full stillness gate every candidate is
        // weak, and weak candidates alone make no steps, with the weak gate or without it.
        let walk = Self.walk(weak: 0.045, duration: 5.12)
        func count(_ configuration: StepDetectorConfiguration) throws -> Int {
            try GaitSimulation.windowStepCount(walk.magnitudes, rate: Self.rate, configuration: configuration)
        }
        #expect(try count(.trunk) == 0)
        var full = StepDetectorConfiguration.trunk
        full.minimumSpread = 0.025
        #expect(try count(full) >= 6)
    }
}
