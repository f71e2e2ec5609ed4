import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// The initial-contact stage of the step detector: the step time moves from the magnitude peak to
/// the steepest rise of the vertical acceleration (docs/Algorithms.md, "Step detection").
@Suite("Step times at the initial contact")
struct InitialContactTests {
    /// A trunk sensor's walk in which each heel strike at `contacts[k]` makes the vertical
    /// acceleration rise sharply (a tanh edge 15 ms wide, steepest exactly at the contact) and
    /// then decay over 0.15 s: the low-passed magnitude peaks about 0.1 s after the contact.
    /// Gravity lies along `-up`; a small lateral sway keeps the axes busy.
    static func trunkWalk(
        rate: Double, up: SIMD3<Double>, duration: Double = 30, cadence: Double = 1.8,
        turn: ((Double) -> Double)? = nil
    ) -> (recording: Recording, contacts: [Double]) {
        var generator = SplitMix64(seed: 5)
        let contacts = stride(from: 1.0, to: duration - 1, by: 1 / cadence).map {
            $0 + Double.random(in: -0.02...0.02, using: &generator)
        }
        let unit = up / (up * up).sum().squareRoot()
        let side = SIMD3(unit.y, -unit.x, 0) / max(1e-9, (unit.x * unit.x + unit.y * unit.y).squareRoot())
        let hump = { (d: Double) in 0.3 * 0.5 * (1 + tanh(d / 0.015)) * exp(-max(d, 0) / 0.15) }
        // The body neither falls nor rises over a step: each step's mean vertical acceleration is 0.
        let area = stride(from: -1.0, to: 1.0, by: 1e-4).reduce(0) { $0 + hump($1) * 1e-4 }
        let count = Int(duration * rate)
        let time = (0..<count).map { Double($0) / rate }
        var (x, y, z) = ([Double](), [Double](), [Double]())
        for now in time {
            var vertical = 0.0
            for contact in contacts where abs(now - contact) < 1 { vertical += hump(now - contact) - area / 2 }
            let sway = 0.05 * sin(.pi * cadence * now)
            var total = -unit * (1 + vertical) + side * sway
            if let turn {
                // The device turns by `turn(now)` rad about its z axis (the body's motion is the same).
                let (c, s) = (cos(turn(now)), sin(turn(now)))
                total = SIMD3(c * total.x - s * total.y, s * total.x + c * total.y, total.z)
            }
            x.append(total.x)
            y.append(total.y)
            z.append(total.z)
        }
        return (Recording(source: "trunk", time: time, acceleration: ThreeAxisSeries(x: x, y: y, z: z)), contacts)
    }

    @Test(arguments: [25.0, 100.0, 204.8])
    func theDerivativeOfGaussianIsExactOnAStraightLine(rate: Double) {
        let (weights, reach) = StepDetector.derivativeOfGaussian(sigma: 0.04, sampleRate: rate)
        #expect(reach == Int((0.16 * rate).rounded(.up)))
        #expect(weights.count == 2 * reach + 1)
        var slope = 0.0
        for (index, weight) in weights.enumerated() {
            slope += weight * (0.7 - 2.5 * Double(index) / rate)
            #expect(abs(weight + weights[weights.count - 1 - index]) <= 1e-12 * abs(weight))
        }
        #expect(abs(slope + 2.5) < 1e-12)
    }

    @Test(arguments: [SIMD3<Double>(-1, 0, 0), SIMD3(0, -1, 0), SIMD3(0.3, -0.8, 0.5), SIMD3(0, 0.6, -0.8)])
    func stepTimesLandOnTheContactWhateverTheOrientation(up: SIMD3<Double>) throws {
        let (recording, contacts) = Self.trunkWalk(rate: 100, up: up)
        let refined = try recording.detectSteps()
        let matching = StepMatching(detected: refined.steps.map(\.time), reference: contacts, tolerance: 0.1)
        #expect(try #require(matching.f1) >= 0.97, "\(matching)")
        // Within one sample plus the decay's pull of the smoothed edge (a few ms).
        #expect(try #require(matching.meanAbsoluteOffset) <= 0.015, "\(matching)")
        var settings = StepDetectorConfiguration()
        settings.timing.initialContactSearch = nil
        let peaks = try recording.detectSteps(configuration: settings)
        #expect(peaks.count == refined.count)
        let late = StepMatching(detected: peaks.steps.map(\.time), reference: contacts, tolerance: 0.25)
        #expect(try #require(late.meanOffset) >= 0.05, "the magnitude peak follows the contact: \(late)")
    }

    @Test func thePostureGateDropsPeaksWhileTheSensorTurns() throws {
        // The sensor turns by 90° in 1 s at 15 s (as when sitting down): the magnitude does not
        // change, but the acceleration along the lagging gravity estimate falls well below 1 g.
        let (recording, _) = Self.trunkWalk(rate: 100, up: SIMD3(0, -1, 0)) { now in
            let phase = min(max(now - 15, 0), 1)
            return .pi / 2 * phase * phase * (3 - 2 * phase)
        }
        var gated = StepDetectorConfiguration()
        gated.context.maximumVerticalDeficit = 0.25
        let all = try recording.detectSteps().steps.map(\.time)
        let kept = try recording.detectSteps(configuration: gated).steps.map(\.time)
        let dropped = all.filter { time in !kept.contains { abs($0 - time) < 0.3 } }
        #expect(!dropped.isEmpty)
        #expect(dropped.allSatisfy { (15...19).contains($0) }, "\(dropped)")
        #expect(kept.filter { $0 < 14 || $0 > 20 }.count == all.filter { $0 < 14 || $0 > 20 }.count)
    }

    @Test func reportedTimesKeepTheirOrderAndTheMinimumStepInterval() throws {
        let (recording, _) = Self.trunkWalk(rate: 100, up: SIMD3(0, -1, 0), cadence: 2.5)
        let steps = try recording.detectSteps().steps
        #expect(steps.count > 60)
        for index in steps.indices.dropFirst() {
            #expect(steps[index].time - steps[index - 1].time >= 0.25 - 1e-9)
        }
    }

    @Test func belowTwentyFiveHertzThePeakTimeIsKept() throws {
        let (recording, _) = Self.trunkWalk(rate: 20, up: SIMD3(0, -1, 0))
        var settings = StepDetectorConfiguration()
        settings.timing.initialContactSearch = nil
        #expect(try recording.detectSteps() == recording.detectSteps(configuration: settings))
    }

    @Test func withoutGravityThePeakTimeIsKept() throws {
        // The magnitude of a walk, on one axis whose sign flips every sample: once the gravity
        // estimate (started at the first sample, +1 g) has decayed to about 0 g, no vertical is
        // known and the steps are the magnitude's.
        let (walk, _) = Self.trunkWalk(rate: 100, up: SIMD3(0, -1, 0))
        let magnitude = try #require(walk.accelerationMagnitude)
        var threeAxes = try StepDetector(sampleRate: 100)
        var magnitudeOnly = try StepDetector(sampleRate: 100)
        var (fromAxes, fromMagnitudes): ([Step], [Step]) = ([], [])
        for (index, value) in magnitude.enumerated() {
            let sign = index % 2 == 0 ? 1.0 : -1.0
            try threeAxes.process(time: walk.time[index], x: sign * value, y: 0, z: 0, into: &fromAxes)
            try magnitudeOnly.process(time: walk.time[index], magnitude: value, into: &fromMagnitudes)
        }
        threeAxes.finish(into: &fromAxes)
        magnitudeOnly.finish(into: &fromMagnitudes)
        #expect(fromAxes.count > 40)
        #expect(fromAxes.filter { $0.time > 5 } == fromMagnitudes.filter { $0.time > 5 })
    }

    @Test func badInputAndParametersAreTypedErrors() throws {
        var detector = try StepDetector(sampleRate: 100)
        var steps: [Step] = []
        #expect(throws: LocomotionError.self) { try detector.process(time: 0, x: .nan, y: 0, z: 1, into: &steps) }
        #expect(throws: LocomotionError.self) { try detector.process(time: 0, x: 0, y: .infinity, z: 1, into: &steps) }
        try detector.process(time: 1, x: 0, y: 0, z: 1, into: &steps)
        #expect(throws: LocomotionError.self) { try detector.process(time: 0.5, x: 0, y: 0, z: 1, into: &steps) }
        let series = ThreeAxisSeries(x: [0, 0], y: [0, 0], z: [1, 1])
        #expect(throws: LocomotionError.self) { try detector.process(times: [2], acceleration: series, into: &steps) }
        for edit: (inout StepDetectorConfiguration) -> Void in [
            { $0.timing.initialContactSmoothing = 0 }, { $0.timing.initialContactSmoothing = .nan },
            { $0.timing.initialContactSearch = -2...0.1 }, { $0.timing.initialContactSearch = -0.25...(.infinity) },
            { $0.context.maximumVerticalDeficit = .nan },
        ] {
            var settings = StepDetectorConfiguration()
            edit(&settings)
            #expect(throws: LocomotionError.self) { _ = try StepDetector(sampleRate: 100, configuration: settings) }
        }
    }
}

@Suite("Step detector presets")
struct StepDetectorPresetTests {
    @Test func theTrunkPresetIsTheDefaultsWithThePostureRuleAndTheStepPeriodSpacing() {
        var expected = StepDetectorConfiguration()
        #expect(expected.context.maximumVerticalDeficit == nil)
        #expect(expected.candidates.stepPeriodSpacing == 0)
        expected.context.maximumVerticalDeficit = 0.25
        expected.candidates.stepPeriodSpacing = 0.5
        #expect(StepDetectorConfiguration.trunk == expected)
    }
}
