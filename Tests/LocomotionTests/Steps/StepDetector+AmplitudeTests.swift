import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// The amplitude rule's absolute floors: a candidate whose prominence lies between
/// `weakMinimumProminence` and `minimumProminence` is weak, so it joins a run that strong
/// candidates confirm but never confirms one itself.
@Suite("Step detection: amplitude floors")
struct StepAmplitudeTests {
    static let rate = 50.0
    static let cadence = 1.7

    /// 1 g plus a sinusoid at the cadence (one peak per step), of amplitude `weak` g until `change`
    /// s and `strong` g after it. A peak's prominence is about twice the low-passed amplitude (0.95
    /// gain at 1.7 Hz): 0.038 g for 0.02 g, between the weak floor (0.03 g) and the strong one
    /// (0.05 g), and 0.19 g for 0.1 g.
    static func walk(weak: Double, strong: Double = 0.1, change: Double = .infinity, duration: Double = 30) -> (
        times: [Double], magnitudes: [Double]
    ) {
        let times = (0..<Int(duration * rate)).map { Double($0) / rate }
        let magnitudes = times.map { t in 1 + (t < change ? weak : strong) * sin(2 * .pi * cadence * t) }
        return (times, magnitudes)
    }

    static func steps(_ walk: (times: [Double], magnitudes: [Double]), _ configuration: StepDetectorConfiguration)
        throws -> [Step]
    {
        try GaitSimulation.steps(
            times: walk.times, magnitudes: walk.magnitudes, rate: rate, configuration: configuration)
    }

    /// The rules these cases are written for: floors of 0.03 g (weak) and 0.05 g (strong), a
    /// context SD of 0.04 g (``StepDetectorConfiguration/activityWindow``, the defaults before
    /// slow gait was admitted).
    static let floors = StepDetectorConfiguration.activityWindow

    static var lowFloor: StepDetectorConfiguration {
        var configuration = floors
        configuration.amplitude.minimumProminence = configuration.amplitude.weakMinimumProminence
        configuration.amplitude.minimumSpread = 0  // the weak walk's spread is about 0.013 g
        return configuration
    }

    @Test func floorsOutOfRangeAreTypedErrors() {
        #expect(GaitSimulation.bothReject { $0.amplitude.weakMinimumProminence = -0.01 })
        #expect(GaitSimulation.bothReject { $0.amplitude.weakMinimumProminence = .nan })
        #expect(GaitSimulation.bothReject { $0.amplitude.minimumProminence = .infinity })
        // The strong floor below the weak one.
        #expect(GaitSimulation.bothReject { $0.amplitude.minimumProminence = 0.015 })
    }

    @Test func aWeakWalkThroughoutNeverConfirmsARun() throws {
        let walk = Self.walk(weak: 0.02)
        #expect(try Self.steps(walk, Self.floors).isEmpty)
        // The same candidates with the strong floor at the weak one are steps.
        #expect(try Self.steps(walk, Self.lowFloor).count >= 45)
    }

    @Test func candidatesBelowTheWeakFloorAreNotSteps() throws {
        // 0.012 g: a prominence of about 0.023 g, below both floors.
        #expect(try Self.steps(Self.walk(weak: 0.012), Self.lowFloor).isEmpty)
    }

    @Test func weakFirstStepsJoinTheRunTheSteadyStepsConfirm() throws {
        // Weak for the first 12 s, then steady: the weak steps before 12 s are held and join the
        // run once the steady ones confirm it.
        let walk = Self.walk(weak: 0.02, change: 12)
        let steps = try Self.steps(walk, Self.floors)
        #expect(steps.filter { $0.time < 9 }.count >= 12, "\(steps.map(\.time))")
        var strict = Self.floors
        strict.amplitude.weakMinimumProminence = strict.amplitude.minimumProminence
        let without = try Self.steps(walk, strict)
        #expect(without.filter { $0.time < 9 }.isEmpty)
        #expect(steps.filter { $0.time > 15 }.count == without.filter { $0.time > 15 }.count)
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func streamingInRandomChunksEqualsBatchBitForBit(seed: UInt64) throws {
        let walk = Self.walk(weak: 0.02, change: 12)
        let (batch, streamed) = try GaitSimulation.batchAndStreamed(
            (walk.times, walk.magnitudes), rate: Self.rate, seed: seed, configuration: .init())
        #expect(batch.count > 40)
        #expect(streamed == batch)
    }

    @Test func aWeakWindowHasWeakCandidatesOnly() throws {
        let walk = Self.walk(weak: 0.02, duration: 5.12)
        func count(_ configuration: StepDetectorConfiguration) throws -> Int {
            try GaitSimulation.windowStepCount(walk.magnitudes, rate: Self.rate, configuration: configuration)
        }
        #expect(try count(.init()) == 0)
        #expect(try count(Self.lowFloor) >= 6)
    }
}
