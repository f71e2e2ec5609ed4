import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// The predicted step (`StepDetectorConfiguration.GaitBout.fillSteps`): inside a confirmed slow
/// run, a candidate the other rules reject is a step where the run's rhythm predicts one, once
/// the next admitted step confirms that rhythm; it never trails a bout.
@Suite("Step detection: steps the walker's rhythm predicts")
struct StepPredictedStepTests {
    /// The defaults with the gait bout's energy rule out of reach, so that only the predicted
    /// step can admit a step the fixed rules reject.
    static func configuration(fillSteps: Int) -> StepDetectorConfiguration {
        var configuration = StepDetectorConfiguration()
        configuration.gaitBout.energyFraction = 100
        configuration.gaitBout.fillSteps = fillSteps
        return configuration
    }

    /// A walk at 80 steps/min (`period` 0.75 s) of 0.06 g steps (Gaussian bumps of `width` s)
    /// whose steps at `weak` are a quarter as large (0.015 g: under the fixed rules' 0.02 g floor,
    /// over the bout's 0.01 g), then 6 s still; noise of 0.002 g.
    static func walk(
        steps count: Int, weak: Set<Int>, period: Double = 0.75, width: Double = 0.12, seed: UInt64 = 5
    ) -> (times: [Double], magnitudes: [Double], contacts: [Double]) {
        let rate = 100.0
        let contacts = (0..<count).map { 2 + Double($0) * period }
        var generator = SplitMix64(seed: seed)
        let times = (0..<Int((contacts[count - 1] + 6) * rate)).map { Double($0) / rate }
        let magnitudes = times.map { t in
            contacts.indices.reduce(1.0) { sum, index in
                let d = t - contacts[index]
                let size = weak.contains(index) ? 0.015 : 0.06
                return sum + size * exp(-d * d / (2 * width * width))
            } + Double.random(in: -0.002...0.002, using: &generator)
        }
        return (times, magnitudes, contacts)
    }

    /// A weak step in the middle of the walk is counted where the rhythm predicts it, and only
    /// with the predicted step on.
    @Test func aWeakStepInsideABoutIsFilled() throws {
        let walk = Self.walk(steps: 24, weak: [12])
        let filled = try GaitSimulation.steps(
            times: walk.times, magnitudes: walk.magnitudes, rate: 100, configuration: Self.configuration(fillSteps: 2))
        let matching = StepMatching(detected: filled.map(\.time), reference: walk.contacts, tolerance: 0.25)
        #expect(matching.truePositives == 24, "\(matching)")
        #expect(filled.count == 24, "\(filled.map(\.time))")
        let off = try GaitSimulation.steps(
            times: walk.times, magnitudes: walk.magnitudes, rate: 100, configuration: Self.configuration(fillSteps: 0))
        #expect(off.count == 23, "\(off.map(\.time))")
        #expect(!off.contains { abs($0.time - walk.contacts[12]) <= 0.25 })
    }

    /// Two weak steps in a row need two predicted steps: with one allowed, neither is counted.
    @Test func consecutiveWeakStepsNeedAsManyPredictedSteps() throws {
        let walk = Self.walk(steps: 24, weak: [12, 13])
        let two = try GaitSimulation.steps(
            times: walk.times, magnitudes: walk.magnitudes, rate: 100, configuration: Self.configuration(fillSteps: 2))
        #expect(two.count == 24, "\(two.map(\.time))")
        let one = try GaitSimulation.steps(
            times: walk.times, magnitudes: walk.magnitudes, rate: 100, configuration: Self.configuration(fillSteps: 1))
        #expect(one.count == 22, "\(one.map(\.time))")
    }

    /// A weak last step (a hump where the rhythm predicts one, then stillness) is not counted:
    /// no admitted step follows to confirm it.
    @Test func aPredictedStepNeverTrailsABout() throws {
        let walk = Self.walk(steps: 20, weak: [19])
        let steps = try GaitSimulation.steps(
            times: walk.times, magnitudes: walk.magnitudes, rate: 100, configuration: Self.configuration(fillSteps: 2))
        #expect(steps.count == 19, "\(steps.map(\.time))")
        #expect(steps.allSatisfy { $0.time < walk.contacts[19] - 0.25 })
    }

    /// A brisk walker (0.5 s steps, under `gaitBout.shortestPeriod`) is never filled.
    @Test func briskWalkersAreNotFilled() throws {
        let walk = Self.walk(steps: 30, weak: [15], period: 0.5, width: 0.1, seed: 6)
        let steps = try GaitSimulation.steps(
            times: walk.times, magnitudes: walk.magnitudes, rate: 100, configuration: Self.configuration(fillSteps: 2))
        #expect(!steps.contains { abs($0.time - walk.contacts[15]) <= 0.2 }, "\(steps.map(\.time))")
    }

    /// Streaming in random chunks gives the predicted steps of the batch, bit for bit.
    @Test(arguments: [31 as UInt64, 32])
    func predictedStepsStreamAsBatch(seed: UInt64) throws {
        let walk = Self.walk(steps: 30, weak: [8, 17, 18], seed: seed)
        let (batch, streamed) = try GaitSimulation.batchAndStreamed(
            (walk.times, walk.magnitudes), rate: 100, seed: seed, configuration: Self.configuration(fillSteps: 2))
        #expect(batch.count == 30)
        #expect(streamed == batch)
    }

    @Test func predictedStepParametersOutOfRangeAreTypedErrors() {
        #expect(GaitSimulation.bothReject { $0.gaitBout.fillSteps = -1 })
        #expect(GaitSimulation.bothReject { $0.gaitBout.fillSteps = 9 })
        #expect(GaitSimulation.bothReject { $0.gaitBout.fillFraction = -0.1 })
        #expect(GaitSimulation.bothReject { $0.gaitBout.fillFraction = .nan })
        #expect(!GaitSimulation.bothReject { $0.gaitBout.fillSteps = 0 })
    }

    /// A configuration encoded before the predicted step existed decodes with its defaults.
    @Test func configurationWithoutPredictedStepDecodes() throws {
        var encoded = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(StepDetectorConfiguration()))
                as? [String: Any])
        var bout = try #require(encoded["gaitBout"] as? [String: Any])
        bout["fillSteps"] = nil
        bout["fillFraction"] = nil
        encoded["gaitBout"] = bout
        let old = try JSONDecoder().decode(
            StepDetectorConfiguration.self, from: JSONSerialization.data(withJSONObject: encoded))
        #expect(old == StepDetectorConfiguration())
    }
}
