import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// The vibration rule: a context rougher than `maximumRoughness` × its spread has no candidates,
/// unless it moves vigorously (spread at least `vigorousSpread`), which may be up to
/// `vigorousRoughness` × its spread.
@Suite("Step detection: vibration rule")
struct StepVibrationTests {
    static let rate = 50.0
    static let cadence = 1.7

    /// 1 g plus a sinusoid at the cadence of `amplitude` g (low-passed SD about 0.67 × it: 0.067 g
    /// for 0.1 g, below the vigorous 0.08 g; 0.134 g for 0.2 g, above it), with vibration of
    /// `vibration` × that SD (two sinusoids at 12 and 17 Hz, above the 3 Hz cutoff) from `start`
    /// to `end` s.
    static func walk(
        amplitude: Double, vibration: Double, from start: Double = 12, to end: Double = 24, duration: Double = 36
    ) -> (times: [Double], magnitudes: [Double]) {
        let times = (0..<Int(duration * rate)).map { Double($0) / rate }
        let level = vibration * 0.67 * amplitude  // RMS of the two sinusoids: level
        let magnitudes = times.map { t in
            let shaking = t >= start && t < end ? level * (sin(2 * .pi * 12 * t) + sin(2 * .pi * 17 * t)) : 0
            return 1 + amplitude * sin(2 * .pi * cadence * t) + shaking
        }
        return (times, magnitudes)
    }

    static func steps(
        _ walk: (times: [Double], magnitudes: [Double]), _ configuration: StepDetectorConfiguration = .init()
    )
        throws -> [Step]
    {
        try GaitSimulation.steps(
            times: walk.times, magnitudes: walk.magnitudes, rate: rate, configuration: configuration)
    }

    /// The steps whose contexts lie wholly in the rough stretch.
    static func middle(_ steps: [Step]) -> Int { steps.filter { $0.time > 14.5 && $0.time < 21.5 }.count }

    @Test func undefinedLimitsAreTypedErrors() {
        #expect(GaitSimulation.bothReject { $0.context.maximumRoughness = .nan })
        #expect(GaitSimulation.bothReject { $0.context.vigorousRoughness = .nan })
        #expect(GaitSimulation.bothReject { $0.context.vigorousSpread = .nan })
    }

    @Test func aRoughGentleContextHasNoSteps() throws {
        // 2.4 × the spread, which is below the vigorous level: a vehicle's shaking.
        let steps = try Self.steps(Self.walk(amplitude: 0.1, vibration: 2.4))
        #expect(Self.middle(steps) == 0, "\(steps.map(\.time))")
        #expect(steps.filter { $0.time < 10 }.count >= 14)
    }

    @Test func aVigorousContextMayBeRougher() throws {
        // The same roughness against a vigorous sway: heel strikes, not a vehicle.
        let walk = Self.walk(amplitude: 0.2, vibration: 2.4)
        #expect(Self.middle(try Self.steps(walk)) >= 11)
        var strict = StepDetectorConfiguration()
        strict.context.vigorousRoughness = strict.context.maximumRoughness
        #expect(Self.middle(try Self.steps(walk, strict)) == 0)
        // Rougher than the vigorous limit (3.7 × the spread): no steps either.
        #expect(Self.middle(try Self.steps(Self.walk(amplitude: 0.2, vibration: 3.7))) == 0)
    }

    @Test func theWindowAnalyzerAppliesTheSameRule() throws {
        func count(amplitude: Double, vibration: Double, _ configuration: StepDetectorConfiguration = .init()) throws
            -> Int
        {
            let walk = Self.walk(amplitude: amplitude, vibration: vibration, from: 0, to: 100, duration: 10.24)
            return try GaitSimulation.windowStepCount(walk.magnitudes, rate: Self.rate, configuration: configuration)
        }
        #expect(try count(amplitude: 0.1, vibration: 2.4) == 0)
        #expect(try count(amplitude: 0.2, vibration: 2.4) >= 12)
        var strict = StepDetectorConfiguration()
        strict.context.vigorousRoughness = strict.context.maximumRoughness
        #expect(try count(amplitude: 0.2, vibration: 2.4, strict) == 0)
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func streamingInRandomChunksEqualsBatchBitForBit(seed: UInt64) throws {
        let walk = Self.walk(amplitude: 0.2, vibration: 2.4)
        let (batch, streamed) = try GaitSimulation.batchAndStreamed(
            (walk.times, walk.magnitudes), rate: Self.rate, seed: seed, configuration: .init())
        #expect(batch.count > 50)
        #expect(streamed == batch)
    }
}
