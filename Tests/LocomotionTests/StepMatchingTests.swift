import Testing

@testable import Locomotion

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
