import Foundation
import Locomotion
@_spi(Testing) import LocomotionReport
import LocomotionTestSupport
import Testing

/// The report built chunk by chunk (``ActivityReport/Builder``): the same page as the batch
/// report while nothing is decimated, and bounded series for a long recording (the decimation
/// itself: Plotting/DecimatedSeriesTests, Plotting/DecimatedSpansTests).
@Suite struct ActivityReportBuilderTests {
    @Test(arguments: [false, true])
    func streamedPageEqualsTheBatchPage(labelled: Bool) throws {
        let recording = ReportFixtures.walkThenStill(seconds: 300, speed: true, labels: labelled, source: "five.csv")
        let path = try WalkRecording.temporaryCSV(recording)
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
        let path = try WalkRecording.temporaryCSV(recording)
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
