import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

@Suite("Step bout rule")
struct BoutRuleTests {
    /// The rule's parameters these cases are written for: intervals within a factor 2, four strong
    /// candidates, intervals up to 1.6 s (the defaults before slow gait was admitted, kept as
    /// ``StepDetectorConfiguration/activityWindow``).
    static let rules = StepDetectorConfiguration.activityWindow

    /// Feeds candidates (time in s, strong) and returns the decisions.
    static func decisions(
        _ candidates: [(Double, Bool)], configuration: StepDetectorConfiguration = rules
    ) -> [BoutRule.Decision] {
        var rule = BoutRule(configuration)
        return candidates.map { rule.add(time: $0.0, strong: $0.1) }
    }

    /// Four regular strong candidates 0.5 s apart: the run is confirmed by the fourth.
    static let walk: [(Double, Bool)] = [(0, true), (0.5, true), (1.0, true), (1.5, true), (2.0, false)]

    @Test func aSlowerLastStepClosesAConfirmedRun() {
        // 1.2 s after a 0.5 s interval: 2.4 times longer, beyond the ratio of 2, within 1.25 s.
        let result = Self.decisions(Self.walk + [(3.2, false)])
        #expect(result == [.hold, .hold, .hold, .emit(held: 3), .emit(held: 0), .emit(held: 0)])
    }

    @Test func withoutClosingStepsTheSlowerStepStartsARun() {
        var configuration = Self.rules
        configuration.bout.closingStepInterval = 0
        let result = Self.decisions(Self.walk + [(3.2, false)], configuration: configuration)
        #expect(result.last == .hold)
    }

    @Test func theClosingIntervalIsBounded() {
        var configuration = Self.rules
        configuration.bout.closingStepInterval = 1.1
        #expect(Self.decisions(Self.walk + [(3.2, false)], configuration: configuration).last == .hold)
        // Never beyond the longest step interval, whatever the closing interval says.
        configuration.bout.maximumStepInterval = 1.25
        configuration.bout.closingStepInterval = 2
        #expect(Self.decisions(Self.walk + [(3.3, false)], configuration: configuration).last == .hold)
    }

    @Test func anUnconfirmedRunHasNoClosingStep() {
        // Three strong candidates do not confirm a run; the slower fourth starts a new one.
        let result = Self.decisions([(0, true), (0.5, true), (1.0, true), (2.2, true)])
        #expect(result == [.hold, .hold, .hold, .hold])
    }

    @Test func aShorterIntervalIsNoClosingStep() {
        // 0.2 s after a 0.5 s interval: a bump, not a slower step.
        #expect(Self.decisions(Self.walk + [(2.2, false)]).last == .hold)
    }

    @Test func theClosingStepEndsTheRunAndIsNeverEmittedTwice() {
        // After the closing step at 3.2 s, walking resumes: a new run, confirmed by its own four
        // strong candidates, emits the three held before the fourth, not the closing step again.
        let resumed: [(Double, Bool)] = [(3.7, true), (4.2, true), (4.7, true), (5.2, true)]
        let result = Self.decisions(Self.walk + [(3.2, false)] + resumed)
        #expect(Array(result.suffix(4)) == [.hold, .hold, .hold, .emit(held: 3)])
        let emitted = result.reduce(0) { total, decision in
            if case .emit(let held) = decision { return total + held + 1 }
            return total
        }
        #expect(emitted == 10)
    }

    /// A walk at 1.8 steps/s whose last step comes 1.2 s after the one before (2.2 times the
    /// interval), then standing still (the sway stops with the regular steps).
    static func walkWithSlowLastStep(rate: Double) -> (recording: Recording, steps: [Double]) {
        var steps = (1...14).map { Double($0) / 1.8 }
        steps.append(steps[steps.count - 1] + 1.2)
        var generator = SplitMix64(seed: 5)
        let recording = GaitSimulation.signal(
            rate: rate, duration: steps[steps.count - 1] + 4, steps: steps, cadence: 1.8, amplitude: 0.3,
            up: SIMD3(-1, 0, 0), noise: 0.01, start: 0, swayEnd: steps[steps.count - 2] + 0.5 / 1.8,
            generator: &generator)
        return (recording, steps)
    }

    @Test(arguments: [50.0, 100.0])
    func theDetectorKeepsTheSlowerLastStepOfAWalk(rate: Double) throws {
        let (recording, truth) = Self.walkWithSlowLastStep(rate: rate)
        let last = try #require(truth.last)
        let detected = try recording.detectSteps().steps.map(\.time)
        #expect(detected.contains { abs($0 - last) <= 0.1 }, "\(detected) \(truth)")
        // The closing step itself, with the rules these cases are written for.
        let closed = try recording.detectSteps(configuration: Self.rules).steps.map(\.time)
        #expect(closed.contains { abs($0 - last) <= 0.1 }, "\(closed) \(truth)")
        let matching = StepMatching(detected: detected, reference: truth, tolerance: 0.1)
        #expect(try #require(matching.f1) >= 0.95, "\(matching) \(detected) \(truth)")

        var configuration = Self.rules
        configuration.bout.closingStepInterval = 0
        let without = try recording.detectSteps(configuration: configuration).steps.map(\.time)
        #expect(!without.contains { abs($0 - last) <= 0.1 }, "\(without)")
        #expect(without.count == closed.count - 1)
    }
}

/// The bout rule's relaxation for runs that keep the walker's remembered step period
/// (``StepDetectorConfiguration/Rhythm``).
@Suite("Step bout rule: the walker's rhythm")
struct BoutRuleRhythmTests {
    /// Three candidates 1.3 s apart, the first and last strong: a short bout of a slow walker.
    static let shortBout: [(Double, Bool)] = [(10, true), (11.3, false), (12.6, true)]

    static func decisions(
        _ candidates: [(Double, Bool)], period: Double?,
        configuration: StepDetectorConfiguration = StepDetectorConfiguration()
    ) -> [BoutRule.Decision] {
        var rule = BoutRule(configuration)
        return candidates.map { rule.add(time: $0.0, strong: $0.1, period: period) }
    }

    @Test func aShortRunAtTheRememberedPeriodIsConfirmed() {
        #expect(Self.decisions(Self.shortBout, period: 1.35) == [.hold, .hold, .emit(held: 2)])
    }

    @Test func withoutARememberedPeriodTheShortRunIsHeld() {
        #expect(Self.decisions(Self.shortBout, period: nil) == [.hold, .hold, .hold])
    }

    @Test func aRunAtAnotherPeriodIsHeld() {
        // 1.3 s intervals against a remembered 0.9 s: 44 % longer, beyond the 30 % tolerance.
        #expect(Self.decisions(Self.shortBout, period: 0.9) == [.hold, .hold, .hold])
        // One interval off the period spoils the run, though both are within the ratio rule.
        let uneven: [(Double, Bool)] = [(10, true), (11.3, false), (13.3, true)]
        #expect(Self.decisions(uneven, period: 1.3) == [.hold, .hold, .hold])
    }

    /// With two strong candidates required (the default before 2026-12-04), one is not enough.
    @Test func oneStrongCandidateIsNotEnough() {
        let weak: [(Double, Bool)] = [(10, true), (11.3, false), (12.6, false)]
        var two = StepDetectorConfiguration()
        two.rhythm.matchedStrongSteps = 2
        #expect(Self.decisions(weak, period: 1.3, configuration: two) == [.hold, .hold, .hold])
    }

    /// The default needs one strong candidate in a run at the remembered period, never none.
    @Test func oneStrongCandidateIsEnoughByDefault() {
        let oneStrong: [(Double, Bool)] = [(10, true), (11.3, false), (12.6, false)]
        #expect(Self.decisions(oneStrong, period: 1.3) == [.hold, .hold, .emit(held: 2)])
        let noneStrong: [(Double, Bool)] = [(10, false), (11.3, false), (12.6, false), (13.9, false)]
        #expect(Self.decisions(noneStrong, period: 1.3) == [.hold, .hold, .hold, .hold])
    }
}
