import Locomotion
import Testing

@Suite("SpeedSmoothingReport")
struct SpeedSmoothingReportTests {
    @Test func reportCountsSpikesBeforeAndAfter() throws {
        let speeds: [Double] = [1, 1.1, 9, 1.2, 1, -1, 1.1, 1.3, 1.2]
        let fixes = try speeds.enumerated().map { index, speed in
            try LocationFix(time: Double(index), speed: speed, speedAccuracy: speed < 0 ? -1 : 0.3)
        }
        let results = SpeedSmoother().smooth(fixes)
        let report = try SpeedSmoothingReport(results: results)
        #expect(report.fixCount == 9 && report.validFixCount == 8)
        #expect(report.counts.rejectedSpikes == 1 && report.counts.invalid == 1 && report.counts.total == 9)
        #expect(report.largestRawSpeed == 9 && report.largestSmoothedSpeed! < 1.4)
        #expect(report.rawSpikeCount == 1 && report.smoothedSpikeCount == 0)
        #expect(report.smallestSmoothedSpeed! >= 0)
        let raw = speeds.filter { $0 >= 0 }
        #expect(abs(report.meanRawSpeed! - raw.reduce(0, +) / 8) < 1e-12)
        #expect(report.rootMeanSquareAdjustment! > 7 / 8.0.squareRoot(), "the spike's 7.8 m/s dominates")
    }

    @Test func isolatedSpikesPointUpOrDown() throws {
        #expect(SpeedSmoothingReport.isolatedSpikeCount(in: [5, 5, 0, 5, 5, 12, 5], threshold: 2) == 2)
        #expect(SpeedSmoothingReport.isolatedSpikeCount(in: [1, 3, 5, 7, 9], threshold: 1) == 0, "a ramp")
        #expect(SpeedSmoothingReport.isolatedSpikeCount(in: [1, 9], threshold: 1) == 0)
        #expect(SpeedSmoothingReport.isolatedSpikeCount(in: [1, 3, 1], threshold: 2) == 0, "not more than 2")
        #expect(throws: LocomotionError.self) { try SpeedSmoothingReport(results: [], spikeThreshold: 0) }
        let empty = try SpeedSmoothingReport(results: [])
        #expect(empty.fixCount == 0 && empty.meanRawSpeed == nil && empty.rawSpikeCount == 0)
    }
}
