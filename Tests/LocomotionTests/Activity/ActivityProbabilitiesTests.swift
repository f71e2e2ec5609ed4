import Locomotion
import Testing

@Suite struct ActivityProbabilitiesTests {
    @Test func probabilitiesNormaliseAndBreakTiesByOrder() throws {
        let probabilities = try #require(ActivityProbabilities(weights: [1, 1, 0, 2, 0]))
        #expect(probabilities[.driving] == 0.5 && probabilities[.walking] == 0.25 && probabilities[.unknown] == 0)
        #expect(probabilities.mostProbable == .driving)
        #expect(ActivityProbabilities(weights: [1, 1, 0, 0, 0])?.mostProbable == .walking)
        #expect(ActivityProbabilities(weights: [0, 0, 0, 0, 0]) == nil)
        #expect(ActivityProbabilities(weights: [1, .nan, 0, 0, 0]) == nil)
        #expect(ActivityProbabilities(weights: [1, 2]) == nil)
    }
}
