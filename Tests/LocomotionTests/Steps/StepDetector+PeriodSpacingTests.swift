import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// The candidate spacing adapted to the context's step period (`stepPeriodSpacing`): inside a
/// periodic context, a second hump within one slow step is not a candidate.
@Suite("Step detection: step-period spacing")
struct StepPeriodSpacingTests {
    static let rate = 50.0

    /// A slow walk (`period` s per step) whose every step makes two humps of the magnitude: the
    /// main one at the step time and a smaller one `lag` s later, `second` times as high, both
    /// Gaussian (σ 0.05 s, the first 0.3 g high) on 1 g. Returns the samples and the step times.
    /// With `second` 0.4 the low-passed second hump is a candidate of its own (prominence about
    /// 1.3 context SDs) while the autocorrelation's peak near half the step period stays below
    /// 0.3 of the step peak (about 0.18), so the step lag is the step.
    static func doubleHumpWalk(
        period: Double = 0.9, lag: Double = 0.38, second: Double = 0.4, duration: Double = 40
    ) -> (times: [Double], magnitudes: [Double], steps: [Double]) {
        let steps = Array(stride(from: 1.0, to: duration - 1, by: period))
        let times = (0..<Int(duration * rate)).map { Double($0) / rate }
        let magnitudes = times.map { t in
            var value = 1.0
            for step in steps where abs(t - step) < 1.5 {
                let (d, e) = (t - step, t - step - lag)
                value += 0.3 * exp(-d * d / (2 * 0.05 * 0.05)) + second * 0.3 * exp(-e * e / (2 * 0.05 * 0.05))
            }
            return value
        }
        return (times, magnitudes, steps)
    }

    static func steps(_ times: [Double], _ magnitudes: [Double], _ configuration: StepDetectorConfiguration)
        throws -> [Step]
    {
        try GaitSimulation.steps(times: times, magnitudes: magnitudes, rate: rate, configuration: configuration)
    }

    static var withoutSpacing: StepDetectorConfiguration {
        var configuration = StepDetectorConfiguration.trunk
        configuration.candidates.stepPeriodSpacing = 0
        return configuration
    }

    @Test func aSpacingOutsideZeroToOneIsATypedError() {
        for value in [-0.1, 1, .nan, .infinity] {
            #expect(GaitSimulation.bothReject { $0.candidates.stepPeriodSpacing = value }, "\(value)")
        }
    }

    /// The trunk preset on the bout rules this scenario was written for (intervals within a factor
    /// 2, ``StepDetectorConfiguration/activityWindow``): the default factor of 2.5 lets the second
    /// hump (0.38 s after a 0.9 s interval) join a run at a segment's ends, where the context is
    /// too short to show the period.
    static var trunkAsWritten: StepDetectorConfiguration {
        var configuration = StepDetectorConfiguration.activityWindow
        configuration.context.maximumVerticalDeficit = 0.25
        configuration.candidates.stepPeriodSpacing = 0.5
        return configuration
    }

    @Test func theSecondHumpOfASlowStepIsNotACandidate() throws {
        let walk = Self.doubleHumpWalk()
        let trunk = try Self.steps(walk.times, walk.magnitudes, Self.trunkAsWritten)
        var withoutSpacing = Self.trunkAsWritten
        withoutSpacing.candidates.stepPeriodSpacing = 0
        let without = try Self.steps(walk.times, walk.magnitudes, withoutSpacing)
        // With the fixed 0.25 s spacing both humps are candidates: about two steps per step.
        #expect(without.count > walk.steps.count * 3 / 2, "\(without.count) of \(walk.steps.count)")
        // Half the 0.9 s step period (0.45 s) keeps one candidate per step, at the main hump.
        #expect(abs(trunk.count - walk.steps.count) <= 2, "\(trunk.count) of \(walk.steps.count)")
        let matched = trunk.filter { step in walk.steps.contains { abs($0 - step.time) < 0.15 } }
        #expect(matched.count == trunk.count)
    }

    @Test func stepsOfANormalWalkAreUnchanged() throws {
        // Alternating stronger and weaker steps at 1.8 steps/s: the spacing (0.28 s) leaves
        // every step a candidate.
        let (recording, truth) = GaitSimulation.walking(rate: 100, duration: 30, cadence: 1.8, amplitude: 0.3)
        let trunk = try recording.detectSteps(configuration: .trunk).steps
        let without = try recording.detectSteps(configuration: Self.withoutSpacing).steps
        #expect(trunk == without)
        #expect(trunk.count >= truth.count - 4)
    }

    @Test func aSecondHumpAsStrongAsAStepMakesTheHalfLagTheStepAndTheSpacingStaysFixed() throws {
        // At 0.8 of the first hump the autocorrelation peaks near half the step period at about
        // 0.5 of the step peak: GaitRegularity's rule reads that as the step (0.45 s), whose
        // half is below 0.25 s, so both humps stay candidates, as without the rule.
        let walk = Self.doubleHumpWalk(second: 0.8)
        let trunk = try Self.steps(walk.times, walk.magnitudes, .trunk)
        let without = try Self.steps(walk.times, walk.magnitudes, Self.withoutSpacing)
        #expect(trunk == without)
        #expect(trunk.count > walk.steps.count * 3 / 2)
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func streamingInRandomChunksEqualsBatchBitForBit(seed: UInt64) throws {
        let walk = Self.doubleHumpWalk()
        let (batch, streamed) = try GaitSimulation.batchAndStreamed(
            (walk.times, walk.magnitudes), rate: Self.rate, seed: seed)
        #expect(batch.count > 30)
        #expect(streamed == batch)
    }

    @Test func theWindowAnalyzerAppliesTheSameSpacing() throws {
        let walk = Self.doubleHumpWalk(duration: 10.24)
        func count(_ configuration: StepDetectorConfiguration) throws -> Int {
            try GaitSimulation.windowStepCount(walk.magnitudes, rate: Self.rate, configuration: configuration)
        }
        let inside = walk.steps.count
        let (trunk, without) = (try count(.trunk), try count(Self.withoutSpacing))
        #expect(abs(trunk - inside) <= 1, "\(trunk) of \(inside)")
        #expect(without > inside * 3 / 2, "\(without) of \(inside)")
    }
}
