import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// The walker's echo (`StepDetectorConfiguration.GaitBout.echoSteps`): after a confirmed slow
/// run, a short bout of candidates the fixed rules reject is counted when it keeps the walker's
/// own step period and reaches a fraction of the walker's own step prominence.
@Suite("Step detection: a short bout at the walker's rhythm")
struct StepEchoTests {
    /// The defaults with the gait bout's energy rule and the predicted step out of reach, so that
    /// only the echo can admit a step the fixed rules reject; an echo step needs a fifth of the
    /// walker's prominence.
    static func configuration(echoSteps: Int) -> StepDetectorConfiguration {
        var configuration = StepDetectorConfiguration()
        configuration.gaitBout.energyFraction = 100
        configuration.gaitBout.fillSteps = 0
        configuration.gaitBout.echoSteps = echoSteps
        configuration.gaitBout.echoFraction = 0.2
        return configuration
    }

    /// A walk of `walkSteps` 0.08 g steps (Gaussian bumps of 0.12 s) every `period` s from 2 s,
    /// a pause of `pause` s (from the walk's last step to the next bout's first), then
    /// `shortSteps` steps of `shortSize` g (0.018 g: under the fixed rules' 0.02 g floor, over
    /// 0.2 × 0.08 g and the bout's 0.01 g) every `shortPeriod` s (the walk's period by
    /// default), then 6 s still; noise of 0.002 g.
    static func walkThenShortBout(
        walkSteps: Int = 10, period: Double = 0.75, pause: Double = 2.25, shortSteps: Int = 3,
        shortPeriod: Double? = nil, shortSize: Double = 0.018, seed: UInt64 = 5
    ) -> (times: [Double], magnitudes: [Double], walk: [Double], short: [Double]) {
        let rate = 100.0
        let walk = (0..<walkSteps).map { 2 + Double($0) * period }
        let first = walk[walkSteps - 1] + pause
        let short = (0..<shortSteps).map { first + Double($0) * (shortPeriod ?? period) }
        let bumps = walk.map { ($0, 0.08) } + short.map { ($0, shortSize) }
        var generator = SplitMix64(seed: seed)
        let times = (0..<Int(((short.last ?? first) + 6) * rate)).map { Double($0) / rate }
        let magnitudes = times.map { t in
            bumps.reduce(1.0) { sum, bump in
                let d = t - bump.0
                return sum + bump.1 * exp(-d * d / (2 * 0.12 * 0.12))
            } + Double.random(in: -0.002...0.002, using: &generator)
        }
        return (times, magnitudes, walk, short)
    }

    /// The step times of `walk` with ``configuration(echoSteps:)``, changed by `edit`.
    static func detect(
        _ walk: (times: [Double], magnitudes: [Double]), echoSteps: Int,
        edit: (inout StepDetectorConfiguration) -> Void = { _ in }
    ) throws -> [Double] {
        var configuration = Self.configuration(echoSteps: echoSteps)
        edit(&configuration)
        return try GaitSimulation.steps(
            times: walk.times, magnitudes: walk.magnitudes, rate: 100, configuration: configuration
        ).map(\.time)
    }

    /// Three small steps after a pause, at the walker's period: counted with the echo on, not
    /// with it off.
    @Test func aShortBoutAtTheWalkersRhythmIsCounted() throws {
        let walk = Self.walkThenShortBout()
        let on = try Self.detect((walk.times, walk.magnitudes), echoSteps: 3)
        let matching = StepMatching(detected: on, reference: walk.walk + walk.short, tolerance: 0.25)
        #expect(matching.truePositives == 13, "\(on)")
        #expect(on.count == 13, "\(on)")
        let off = try Self.detect((walk.times, walk.magnitudes), echoSteps: 0)
        #expect(off.count == 10, "\(off)")
        #expect(!off.contains { $0 > walk.short[0] - 0.25 }, "\(off)")
    }

    /// Two small steps do not make a bout of three.
    @Test func fewerCandidatesThanEchoStepsAreNotCounted() throws {
        let walk = Self.walkThenShortBout(shortSteps: 2)
        let steps = try Self.detect((walk.times, walk.magnitudes), echoSteps: 3)
        #expect(steps.count == 10, "\(steps)")
        let two = try Self.detect((walk.times, walk.magnitudes), echoSteps: 2)
        #expect(two.count == 12, "\(two)")
    }

    /// Bumps under a fifth of the walker's prominence (0.012 g after 0.08 g steps), though over
    /// the bout's 0.01 g floor, are not its echo.
    @Test func bumpsSmallForTheWalkerAreNotAnEcho() throws {
        let walk = Self.walkThenShortBout(shortSteps: 5, shortSize: 0.012)
        let steps = try Self.detect((walk.times, walk.magnitudes), echoSteps: 3)
        #expect(steps.count == 10, "\(steps)")
        let relaxed = try Self.detect((walk.times, walk.magnitudes), echoSteps: 3) { $0.gaitBout.echoFraction = 0.1 }
        #expect(relaxed.count == 15, "\(relaxed)")
    }

    /// Small bumps at another rhythm than the walker's (0.45 s against 0.75 s) are not its echo.
    @Test func anotherRhythmIsNotAnEcho() throws {
        let walk = Self.walkThenShortBout(shortSteps: 5, shortPeriod: 0.45)
        let steps = try Self.detect((walk.times, walk.magnitudes), echoSteps: 3)
        #expect(steps.count == 10, "\(steps)")
    }

    /// A short bout long after the walk (12 s, over the 10 s `echoMemory`) is not its echo.
    @Test func theWalkerIsForgottenAfterTheEchoMemory() throws {
        let walk = Self.walkThenShortBout(pause: 12)
        let steps = try Self.detect((walk.times, walk.magnitudes), echoSteps: 3)
        #expect(steps.count == 10, "\(steps)")
        let longer = try Self.detect((walk.times, walk.magnitudes), echoSteps: 3) { $0.gaitBout.echoMemory = 20 }
        #expect(longer.count == 13, "\(longer)")
    }

    /// A brisk walker (0.5 s steps, under `gaitBout.shortestPeriod`) has no echo.
    @Test func briskWalkersHaveNoEcho() throws {
        let walk = Self.walkThenShortBout(walkSteps: 14, period: 0.5, pause: 1.5)
        let steps = try Self.detect((walk.times, walk.magnitudes), echoSteps: 3)
        #expect(steps.count == 14, "\(steps)")
    }

    /// Streaming in random chunks gives the echo steps of the batch, bit for bit.
    @Test(arguments: [41 as UInt64, 42])
    func echoStepsStreamAsBatch(seed: UInt64) throws {
        let walk = Self.walkThenShortBout(shortSteps: 4, seed: seed)
        let (batch, streamed) = try GaitSimulation.batchAndStreamed(
            (walk.times, walk.magnitudes), rate: 100, seed: seed, configuration: Self.configuration(echoSteps: 3))
        #expect(batch.count == 14, "\(batch.map(\.time))")
        #expect(streamed == batch)
    }

    @Test func echoParametersOutOfRangeAreTypedErrors() {
        #expect(GaitSimulation.bothReject { $0.gaitBout.echoSteps = 1 })
        #expect(GaitSimulation.bothReject { $0.gaitBout.echoSteps = 9 })
        #expect(GaitSimulation.bothReject { $0.gaitBout.echoFraction = -0.1 })
        #expect(GaitSimulation.bothReject { $0.gaitBout.echoFraction = .nan })
        #expect(GaitSimulation.bothReject { $0.gaitBout.echoMemory = 61 })
        #expect(!GaitSimulation.bothReject { $0.gaitBout.echoSteps = 0 })
        #expect(!GaitSimulation.bothReject { $0.gaitBout.echoSteps = 2 })
    }

    /// A configuration encoded before the echo existed decodes with its defaults.
    @Test func configurationWithoutEchoDecodes() throws {
        var encoded = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(StepDetectorConfiguration()))
                as? [String: Any])
        var bout = try #require(encoded["gaitBout"] as? [String: Any])
        bout["echoSteps"] = nil
        bout["echoFraction"] = nil
        bout["echoMemory"] = nil
        encoded["gaitBout"] = bout
        let old = try JSONDecoder().decode(
            StepDetectorConfiguration.self, from: JSONSerialization.data(withJSONObject: encoded))
        #expect(old == StepDetectorConfiguration())
    }
}
