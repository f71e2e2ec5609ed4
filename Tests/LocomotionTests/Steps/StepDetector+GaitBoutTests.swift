import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// The gait bout (`StepDetectorConfiguration.GaitBout`): steps picked inside a bout the walker's
/// own recent signal shows to be periodic, relative to that bout's energy and rhythm.
@Suite("Step detection: gait bouts found by periodicity")
struct StepGaitBoutTests {
    static var withoutBout: StepDetectorConfiguration {
        var configuration = StepDetectorConfiguration()
        configuration.gaitBout.window = 0
        return configuration
    }

    /// The defaults: a 6 s bout window.
    static var withBout: StepDetectorConfiguration {
        let configuration = StepDetectorConfiguration()
        #expect(configuration.gaitBout.window == 6)
        return configuration
    }

    /// A walker at 40 steps/min whose loading bumps are 0.025 g (below the fixed 0.03 g floor
    /// and spread of 0.02 g, as the slowest walkers of issue 31): inside its periodic bout the
    /// defaults find at least 90 % of the steps, with few extra ones; with the gait bout off the
    /// fixed rules find fewer than half.
    @Test(arguments: [(0.67, 0.025 as Double), (0.75, 0.02)])
    func aWeakWalkerAtFortyStepsPerMinuteIsCounted(cadence: Double, amplitude: Double) throws {
        let (recording, truth) = GaitSimulation.slowWalking(
            duration: 90, cadence: cadence, amplitude: amplitude, noise: 0.002)
        let detection = try recording.detectSteps(configuration: Self.withBout)
        let matching = StepMatching(detected: detection.steps.map(\.time), reference: truth, tolerance: 0.25)
        #expect(try #require(matching.recall) >= 0.9, "\(matching)")
        #expect(try #require(matching.precision) >= 0.9, "\(matching)")
        let fixed = try recording.detectSteps(configuration: Self.withoutBout)
        let before = StepMatching(detected: fixed.steps.map(\.time), reference: truth, tolerance: 0.25)
        #expect(try #require(before.recall) < 0.5, "\(before)")
    }

    /// The same weak walker at 40 steps/min whose trunk only moves up and down (a vehicle's
    /// suspension bounce, not gait: no forward or sideways motion) is no gait bout: the fixed
    /// rules' recall, under half; with its sideways sway (`slowWalking`'s lateral axis) it is.
    @Test func aBounceWithoutHorizontalMotionIsNoBout() throws {
        let (recording, truth) = GaitSimulation.slowWalking(
            duration: 90, cadence: 0.67, amplitude: 0.025, noise: 0.002)
        let a = try #require(recording.acceleration)
        let zeros = [Double](repeating: 0, count: a.count)
        let vertical = Recording(
            source: "bounce", time: recording.time, acceleration: ThreeAxisSeries(x: zeros, y: a.y, z: zeros))
        let bounce = try vertical.detectSteps(configuration: Self.withBout)
        let matching = StepMatching(detected: bounce.steps.map(\.time), reference: truth, tolerance: 0.25)
        #expect(try #require(matching.recall) < 0.5, "\(matching)")
        var anyMotion = Self.withBout
        anyMotion.gaitBout.horizontalMotion = 0
        let admitted = try vertical.detectSteps(configuration: anyMotion)
        let all = StepMatching(detected: admitted.steps.map(\.time), reference: truth, tolerance: 0.25)
        #expect(try #require(all.recall) >= 0.9, "\(all)")
    }

    /// A phone at rest (white noise of 0.003 g) is not a gait bout: no steps.
    @Test func noiseMakesNoBout() throws {
        var generator = SplitMix64(seed: 3)
        let times = (0..<12_000).map { Double($0) / 100 }
        let magnitudes = times.map { _ in 1 + Double.random(in: -0.003...0.003, using: &generator) }
        let steps = try GaitSimulation.steps(
            times: times, magnitudes: magnitudes, rate: 100, configuration: Self.withBout)
        #expect(steps.isEmpty, "\(steps.map(\.time))")
    }

    /// Each step of a weak walker at 45 steps/min (0.025 g) has a push-off hump at 60 % of the
    /// step, 0.35 of the step's (the long double support of slow gait): comes sooner than the
    /// bout's rhythm allows, so every step is counted once. (A hump of 0.6 at exactly half the
    /// period is a limp's alternating steps to any rule, and is counted as steps.)
    @Test func aPushOffHumpIsNotASecondStep() throws {
        let (rate, period) = (100.0, 1.33)
        let contacts = (0..<40).map { 2 + Double($0) * period }
        var generator = SplitMix64(seed: 4)
        let times = (0..<Int((contacts[contacts.count - 1] + 4) * rate)).map { Double($0) / rate }
        let magnitudes = times.map { t in
            contacts.reduce(1.0) { sum, contact in
                let (d, h) = (t - contact, t - contact - 0.6 * period)
                return sum + 0.025 * exp(-d * d / (2 * 0.12 * 0.12)) + 0.00875 * exp(-h * h / (2 * 0.12 * 0.12))
            } + Double.random(in: -0.002...0.002, using: &generator)
        }
        let steps = try GaitSimulation.steps(
            times: times, magnitudes: magnitudes, rate: rate, configuration: Self.withBout)
        let matching = StepMatching(detected: steps.map(\.time), reference: contacts, tolerance: 0.25)
        #expect(try #require(matching.recall) >= 0.9, "\(matching)")
        #expect(abs(try #require(matching.countError)) <= 0.1, "\(matching)")
    }

    /// Streaming in random chunks finds the same bouts: the same steps, bit for bit.
    @Test(arguments: [21 as UInt64, 22])
    func weakSlowWalkStreamsAsBatch(seed: UInt64) throws {
        let (recording, _) = GaitSimulation.slowWalking(
            duration: 60, cadence: 0.7, amplitude: 0.025, noise: 0.002, seed: seed)
        let a = try #require(recording.acceleration)
        let magnitudes = a.x.indices.map { (a.x[$0] * a.x[$0] + a.y[$0] * a.y[$0] + a.z[$0] * a.z[$0]).squareRoot() }
        let (batch, streamed) = try GaitSimulation.batchAndStreamed(
            (recording.time, magnitudes), rate: 100, seed: seed, configuration: Self.withBout)
        #expect(batch.count > 20)
        #expect(streamed == batch)
    }

    @Test func gaitBoutParametersOutOfRangeAreTypedErrors() {
        #expect(GaitSimulation.bothReject { $0.gaitBout.window = 2 })
        #expect(GaitSimulation.bothReject { $0.gaitBout.window = 61 })
        #expect(GaitSimulation.bothReject { $0.gaitBout.window = .nan })
        #expect(GaitSimulation.bothReject { $0.gaitBout.periods = 0...1 })
        #expect(GaitSimulation.bothReject { $0.gaitBout.regularity = .nan })
        #expect(GaitSimulation.bothReject { $0.gaitBout.energyFraction = -1 })
        #expect(GaitSimulation.bothReject { $0.gaitBout.prominenceFloor = 0 })
        #expect(GaitSimulation.bothReject { $0.gaitBout.horizontalMotion = -1 })
        #expect(GaitSimulation.bothReject { $0.gaitBout.horizontalMotion = .infinity })
        #expect(!GaitSimulation.bothReject { $0.gaitBout.window = 6 })
    }

    /// A configuration encoded before the gait bout existed decodes with the default one.
    @Test func configurationWithoutGaitBoutDecodes() throws {
        var encoded = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(StepDetectorConfiguration()))
                as? [String: Any])
        #expect(encoded["gaitBout"] != nil)
        encoded["gaitBout"] = nil
        let old = try JSONDecoder().decode(
            StepDetectorConfiguration.self, from: JSONSerialization.data(withJSONObject: encoded))
        #expect(old == StepDetectorConfiguration())
    }
}
