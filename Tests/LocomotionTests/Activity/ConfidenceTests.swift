import Foundation
import Locomotion
import Testing

@Suite struct ConfidenceTests {
    @Test func confidenceIsOrderedWithTheDocumentedWeights() throws {
        #expect(Confidence.low < .medium && Confidence.medium < .high)
        #expect(Confidence.allCases.map(\.weight) == [0.3, 0.6, 1.0])
        #expect(Confidence.allCases.max() == .high)
        let data = try JSONEncoder().encode([Confidence.medium])
        #expect(String(data: data, encoding: .utf8) == "[\"medium\"]")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Confidence].self, from: Data("[\"sure\"]".utf8))
        }
    }
}
