@_spi(Testing) import Locomotion
import Testing

@Suite("Step matching")
struct StepMatchingTests {
    @Test func matchingIsOneToOneNearestFirst() {
        // Two detections near one reference: only the nearer one matches.
        let m = StepMatching(detected: [0.95, 1.1, 3.0], reference: [1.0, 2.0], tolerance: 0.25)
        #expect(m.truePositives == 1 && m.falsePositives == 2 && m.falseNegatives == 1)
        #expect(m.meanAbsoluteOffset == 0.050000000000000044)
    }

    @Test func untimedReferencesCountForTheTotalOnly() throws {
        let m = StepMatching(detected: [1, 2, 3], reference: [1, 2, .nan], tolerance: 0.25)
        #expect(m.referenceCount == 3 && m.timedReferenceCount == 2)
        #expect(m.truePositives == 2 && m.falsePositives == 1)
        #expect(try #require(m.countError) == 0)
        #expect(try #require(m.recall) == 1)
        #expect(abs(try #require(m.f1) - 0.8) < 1e-12)
    }

    @Test func theToleranceIsInclusive() {
        #expect(StepMatching(detected: [1.25], reference: [1], tolerance: 0.25).truePositives == 1)
        #expect(StepMatching(detected: [1.2501], reference: [1], tolerance: 0.25).truePositives == 0)
    }

    @Test func emptyInputsHaveNoScores() {
        let m = StepMatching(detected: [], reference: [])
        #expect(m.precision == nil && m.recall == nil && m.f1 == nil && m.countError == nil)
    }
}

@Suite("Step matching inside bouts, cadence in range")
struct StepMatchingBoutTests {
    @Test func onlyStepsInsideABoutAreJudgedAndUntimedReferencesAllCount() throws {
        let bouts: [ClosedRange<Double>] = [0.75...2.25, 4.75...5.25]
        let m = StepMatching(
            detected: [0.5, 1.0, 2.0, 3.0, 5.1], reference: [1.0, 2.1, 3.0, 6.0, .nan], insideBouts: bouts,
            tolerance: 0.25)
        // Detected 1.0, 2.0, 5.1 and reference 1.0, 2.1 and the untimed step are judged.
        #expect(m.detectedCount == 3 && m.timedReferenceCount == 2 && m.referenceCount == 3)
        #expect(m.truePositives == 2 && m.falsePositives == 1 && m.falseNegatives == 0)
        let whole = StepMatching(detected: [0.5, 1.0, 2.0, 3.0, 5.1], reference: [1.0, 2.1, 3.0, 6.0, .nan])
        #expect(whole.truePositives == 3 && whole.detectedCount == 5)
        #expect(StepMatching(detected: [1], reference: [1], insideBouts: []).detectedCount == 0)
    }

    @Test func cadenceWindowsAreCountedInTheRangeWhenTheyHaveACadence() {
        let windows =
            [1.0, 1.2, 1.8, 2.5, 2.6].map {
                StepDetection.CadenceWindow(start: 0, end: 2.56, stepCount: 4, cadence: $0)
            } + [StepDetection.CadenceWindow(start: 0, end: 2.56, stepCount: 1, cadence: nil)]
        let count = CadenceRangeCount(windows)
        #expect(count.range == StepDetection.plausibleWalkingCadence)
        #expect(count.windows == 6 && count.inRange == 3)
        #expect(count.fractionInRange == 0.5)
        #expect(CadenceRangeCount(windows, range: 0.5...1.1).inRange == 1)
        #expect(CadenceRangeCount([]).fractionInRange == nil)
    }
}
