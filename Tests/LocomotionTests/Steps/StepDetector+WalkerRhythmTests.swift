import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// A short bout keeping the walker's remembered slow period needs one strong candidate
/// (docs/Accuracy.md, "A short bout at the walker's rhythm", 2026-12-04).
@Suite("Step detection: the walker's rhythm")
struct StepWalkerRhythmTests {
    /// A slow walker (45 steps/min) walks 16 s, pauses 8 s, then takes three steps of which only
    /// the first is large (0.1 g; the next two 0.03 g, weak against the fixed levels): the run
    /// keeps the remembered period and has one strong candidate, so its three steps count; with
    /// two strong candidates required (the rule before 2026-12-04) none does. Magnitudes as in
    /// `StepSlowGaitTests.aShortBoutAfterAPauseKeepsTheWalkersRhythm`.
    @Test func aShortBoutWithOneStrongStepKeepsTheWalkersRhythm() throws {
        let (rate, period) = (100.0, 1.33)
        let first = (0..<12).map { 2 + Double($0) * period }
        let short = (0..<3).map { first[11] + 8 + Double($0) * period }
        let sizes = first.indices.map { $0 % 2 == 0 ? 0.1 : 0.08 } + [0.1, 0.03, 0.03]
        let steps = first + short
        var generator = SplitMix64(seed: 5)
        let times = (0..<Int((short[2] + 6) * rate)).map { Double($0) / rate }
        let magnitudes = times.map { t in
            zip(steps, sizes).reduce(1.0) { sum, step in
                let d = t - step.0
                return sum + step.1 * exp(-d * d / (2 * 0.12 * 0.12))
            } + Double.random(in: -0.003...0.003, using: &generator)
        }
        func shortBout(_ configuration: StepDetectorConfiguration) throws -> StepMatching {
            let found = try GaitSimulation.steps(
                times: times, magnitudes: magnitudes, rate: rate, configuration: configuration)
            return StepMatching(
                detected: found.map(\.time).filter { $0 > short[0] - 1 }, reference: short, tolerance: 0.25)
        }
        let one = try shortBout(.init())
        #expect(one.truePositives == 3 && one.falsePositives == 0, "\(one)")
        var two = StepDetectorConfiguration()
        two.rhythm.matchedStrongSteps = 2
        #expect(try shortBout(two).detectedCount == 0)
        // Without the remembered rhythm nothing relaxes: the short bout alone is not counted.
        var forgetful = StepDetectorConfiguration()
        forgetful.rhythm.memory = 0
        #expect(try shortBout(forgetful).detectedCount == 0)
        // Streaming in random chunks gives the same steps, bit for bit.
        let (batch, streamed) = try GaitSimulation.batchAndStreamed(
            (times, magnitudes), rate: rate, seed: 13, configuration: StepDetectorConfiguration())
        #expect(batch.count == 15 && streamed == batch)
    }
}
