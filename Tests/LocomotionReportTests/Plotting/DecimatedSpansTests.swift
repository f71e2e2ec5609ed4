@_spi(Testing) import LocomotionReport
import Testing

/// Spans kept in bounded memory: each bucket keeps its majority category and its range.
@Suite struct DecimatedSpansTests {
    @Test func spansKeepTheMajorityAndTheRange() {
        var spans = DecimatedSpans(categories: 3, capacity: 4, rawLimit: 6)
        // Twelve 1 s spans: categories 0 0 1 | 2 2 2 | 1 1 0 | 0 0 0, values rising.
        let categories = [0, 0, 1, 2, 2, 2, 1, 1, 0, 0, 0, 0]
        for (index, category) in categories.enumerated() {
            spans.append(
                start: Double(index), end: Double(index) + 1, value: Double(index) / 10, category: category)
        }
        #expect(spans.isDecimated)
        // Decimated at the seventh span: the six seconds so far fill half of four buckets, 3 s each.
        #expect(
            spans.spans == [
                .init(start: 0, end: 3, minimum: 0, maximum: 0.2, category: 0),
                .init(start: 3, end: 6, minimum: 0.3, maximum: 0.5, category: 2),
                .init(start: 6, end: 9, minimum: 0.6, maximum: 0.8, category: 1),
                .init(start: 9, end: 12, minimum: 0.9, maximum: 1.1, category: 0),
            ])
    }
}
