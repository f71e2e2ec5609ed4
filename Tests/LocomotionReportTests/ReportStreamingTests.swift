import Foundation
import Locomotion
@_spi(Testing) import LocomotionReport
import Testing

/// The report built chunk by chunk (``ActivityReport/Builder``): the same page as the batch
/// report while nothing is decimated, bounded series for a long recording, and decimation that
/// keeps each bucket's extremes.
@Suite struct ReportStreamingTests {
    static func temporaryCSV(_ recording: Recording) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "report-stream-\(UUID().uuidString).csv"
        ).path
        try RecordingWriter.write(recording, to: path)
        return path
    }

    @Test(arguments: [false, true])
    func streamedPageEqualsTheBatchPage(labelled: Bool) throws {
        let recording = ReportFixtures.walkThenStill(seconds: 300, speed: true, labels: labelled, source: "five.csv")
        let path = try Self.temporaryCSV(recording)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let streamed = try ActivityReport.analyze(path: path, source: "five.csv")
        let read = try RecordingImporter.read(path: path).recording
        var named = read
        named.source = "five.csv"
        let batch = try ActivityReport.html(for: try named.analyzeActivities(), recording: named)
        #expect(streamed.html == batch)
        #expect(streamed.rows == recording.count)
        #expect(streamed.summary == (try RecordingImporter.analyzeActivities(path: path, source: "five.csv").summary))
        #expect(streamed.html.contains("ground truth") == labelled)
    }

    /// Four hours at 10 Hz: more rows than the rate is estimated from, more samples and windows
    /// than any series keeps as they are.
    @Test func longRecordingKeepsBoundedSeriesAndTheAnalyzeSummary() throws {
        var recording = ReportFixtures.walkThenStill(seconds: 4 * 3600, rate: 10, speed: true, labels: true)
        #expect(recording.count > RecordingImporter.rateEstimationRows)
        // One spike in the still half, which decimation must keep.
        let spikeRow = recording.count * 3 / 4 + 17
        recording.acceleration!.x[spikeRow] = 0
        recording.acceleration!.y[spikeRow] = 0
        recording.acceleration!.z[spikeRow] = 6.5
        let path = try Self.temporaryCSV(recording)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var builder = ActivityReport.Builder()
        let (summary, rows) = try RecordingImporter.analyzeActivities(path: path, observer: &builder)
        #expect(rows == recording.count)
        // The summary is the one analyze prints without a report.
        #expect(summary == (try RecordingImporter.analyzeActivities(path: path).summary))
        #expect(builder.windowCount == summary.windowCount && builder.windowCount > 8192)
        let page = builder.html()
        #expect(builder.acceleration.isDecimated && builder.cadence.isDecimated)
        #expect(builder.confidence.isDecimated && builder.truth.isDecimated)
        let bound = 3 * 4096
        #expect(builder.acceleration.points.count <= bound)
        #expect(builder.cadence.points.count <= bound)
        #expect(builder.gaitLevels.allSatisfy { $0.points.count <= bound })
        #expect(builder.gaitLevels.map(\.count).reduce(0, +) == builder.gaitPointCount)
        #expect(builder.confidence.spans.count <= 4096 && builder.truth.spans.count <= 4096)
        #expect(builder.labelTimes.count < 3 * 8192)
        #expect(builder.acceleration.points.map(\.value).max() == 6.5)
        let spikeTime = recording.time[spikeRow]
        #expect(builder.acceleration.points.contains { abs($0.time - spikeTime) < 1e-9 && $0.value == 6.5 })
        #expect(page.utf8.count < 1_500_000)
        #expect(page.occurrences(of: "<svg ") == 5)
        #expect(!page.spellsNonFiniteNumber)
        // The summary cards show the analysis's numbers.
        #expect(page.contains(ReportNumberFormat.count(summary.windowCount) + " windows"))
        #expect(page.contains(ReportNumberFormat.count(summary.stepCount)))
    }

    @Test(arguments: [1, 7, 1000])
    func decimationKeepsEachBucketsExtremes(seed: UInt64) throws {
        var random = ReportFixtures.Generator(state: seed)
        var series = DecimatedSeries(capacity: 64, rawLimit: 100, maximumGap: 0.5)
        var points: [(time: Double, value: Double)] = []
        var time = 10.0
        for index in 0..<20_000 {
            // Mostly 0.1 s apart, now and then a gap of a few seconds, and a NaN value.
            time += random.next() > 0.995 ? 3 + random.next() : 0.1
            let value = index % 997 == 5 ? Double.nan : 50 * random.next()
            points.append((time, value))
            series.append(time: time, value: value)
        }
        #expect(series.isDecimated)
        let width = try #require(series.bucketWidth)
        let origin = points[0].time
        // Brute force: each bucket's smallest and largest finite value (the first on a tie), and
        // whether a break (a NaN, or more than 0.5 s) comes before its first point.
        var expected: [Int: DecimatedSeries.Bucket] = [:]
        var broken = false
        var previous: Double?
        for (t, v) in points {
            guard v.isFinite else {
                broken = true
                previous = nil
                continue
            }
            if let previous, t - previous > 0.5 { broken = true }
            previous = t
            let k = Int(((t - origin) / width).rounded(.down))
            var bucket = expected[k] ?? DecimatedSeries.Bucket(opensRun: broken)
            let first = expected[k] == nil
            if first || v < bucket.minimum { (bucket.minimumTime, bucket.minimum) = (t, v) }
            if first || v > bucket.maximum { (bucket.maximumTime, bucket.maximum) = (t, v) }
            expected[k] = bucket
            broken = false
        }
        let filled = series.filledBuckets
        #expect(filled.count >= 32 && filled.count <= 64)
        #expect(filled == expected.keys.sorted().map { expected[$0]! })
        #expect(series.points.count <= 3 * 64)
    }

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

    @Test func gaitPointsEqualTheBatchTimeline() throws {
        // Two stretches with a gap, fed in uneven chunks.
        let first = ReportFixtures.walkThenStill(seconds: 40, rate: 50)
        var second = ReportFixtures.walkThenStill(seconds: 30, rate: 50)
        second.time = second.time.map { $0 + 100 }
        var recording = first
        recording.append(contentsOf: second)
        let batch = try ReportSeries.gaitFrequency(of: recording)
        var builder = ActivityReport.Builder()
        try builder.begin(source: "gap.csv", sampling: recording.samplingAnalysis(), options: .init())
        var start = 0
        for size in [1, 127, 3000, 10, 500] + [Int](repeating: 999, count: 3) {
            let end = min(recording.count, start + size)
            try builder.observe(recording[rows: start..<end], windows: [])
            start = end
        }
        try builder.observe(recording[rows: start..<recording.count], windows: [])
        #expect(batch.note == nil)
        var levels = ReportPanels.amplitudeOpacity.map { _ in [(time: Double, value: Double)]() }
        for point in batch.points {
            for (index, level) in ReportPanels.amplitudeOpacity.enumerated() {
                let ceiling = ReportPanels.amplitudeOpacity.first { $0.floor > level.floor }?.floor ?? .infinity
                if point.amplitude >= level.floor && point.amplitude < ceiling {
                    levels[index].append((point.time, point.value))
                }
            }
        }
        #expect(builder.gaitPointCount == batch.points.count)
        for (built, expected) in zip(builder.gaitLevels, levels) {
            #expect(built.points.map(\.time) == expected.map(\.time))
            #expect(
                built.points.map { $0.value.isNaN ? -1 : $0.value } == expected.map { $0.value.isNaN ? -1 : $0.value })
        }
    }
}
