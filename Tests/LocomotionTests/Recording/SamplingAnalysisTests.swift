@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// The sampling analysis finds its medians by selection: the same values as from a sort.
@Suite("Sampling analysis: medians by selection")
struct SamplingMedianSelectionTests {
    static func sortedMedian(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    @Test("selection gives the sorted median, odd and even counts, ties, runs and tiny arrays")
    func selectionEqualsSort() {
        var random = SplitMix64(seed: 34)
        var cases: [[Double]] = [
            [], [0.02], [0.02, 0.01], [1, 1, 1, 1], [3, 1, 2], Array(repeating: 0.02, count: 999),
        ]
        for count in [5, 6, 64, 101, 1_000, 4_097] {
            cases.append((0..<count).map { _ in Double.random(in: 0.01...0.03, using: &random) })
            // Few distinct values (timestamps rounded to 10 ms), ascending and descending runs.
            cases.append((0..<count).map { _ in [0.01, 0.02, 0.02, 0.03][Int(random.next() % 4)] })
            cases.append((0..<count).map { Double($0) })
            cases.append((0..<count).map { Double(count - $0) })
        }
        for values in cases {
            var selected = values
            let median = Recording.median(selecting: &selected)
            #expect(median.bitPattern == Self.sortedMedian(values).bitPattern, "\(values.count) values")
            #expect(selected.sorted() == values.sorted())
        }
    }

    @Test("the analysis of jittered, duplicated and gapped timestamps is unchanged")
    func analysisOfIrregularTimes() throws {
        var random = SplitMix64(seed: 7)
        var time: [Double] = []
        var t = 0.0
        for index in 0..<5_000 {
            t +=
                index % 997 == 0 ? 3 : (index % 101 == 0 ? 0 : 0.02 + Double.random(in: -0.004...0.004, using: &random))
            time.append(t)
        }
        let recording = Recording(
            source: "jitter", time: time,
            acceleration: ThreeAxisSeries(x: time.map { _ in 0 }, y: time.map { _ in 0 }, z: time.map { _ in 1 }))
        let analysis = try #require(recording.samplingAnalysis())
        let intervals = zip(time.dropFirst(), time).map { $0 - $1 }.filter { $0 > 0 }
        #expect(analysis.intervalRange == intervals.min()!...intervals.max()!)
        let single = Self.sortedMedian(intervals)
        let deviations = intervals.filter { $0 <= analysis.maximumGap }.map { abs($0 - single) }
        #expect(analysis.jitter.bitPattern == (1.4826 * Self.sortedMedian(deviations)).bitPattern)
        #expect(analysis.duplicateTimestamps == 49)
        #expect(analysis.gaps.count == 5)
    }
}
