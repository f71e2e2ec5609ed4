import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// `RecordingReadOptions.resampling`: the importer and the streamed analysis resample as the
/// policy says, and say so.
@Suite("Resampling on import")
struct ResamplingImportTests {
    /// A 2000 Hz walk written as the package's CSV, with a GPS fix every second.
    static func fastWalkFile() throws -> String {
        var walk = WalkRecording.make(rate: 2000)
        walk.speed = walk.time.indices.map { $0 % 2000 == 0 ? 1.4 : .nan }
        return try WalkRecording.temporaryCSV(walk)
    }

    @Test func theAutomaticPolicyBringsAFastRecordingToTheUpperEnd() throws {
        let path = try Self.fastWalkFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let asWritten = try RecordingImporter.read(path: path)
        #expect(asWritten.resampling == nil && abs(asWritten.recording.estimatedSampleRate! - 2000) < 1e-6)
        var options = RecordingReadOptions()
        options.resampling = .automatic
        let imported = try RecordingImporter.read(path: path, options: options)
        let report = try #require(imported.resampling)
        #expect(report.outputRate == 1000 && report.cutoff == 400 && report.rowsRead == 60_000)
        #expect(abs(imported.recording.estimatedSampleRate! - 1000) < 1e-6)
        #expect(imported.recording.speed!.filter { !$0.isNaN }.count == 30)
        #expect(imported.notes.last == report.summary)
        options.resampling = .rate(50)
        #expect(
            abs(try RecordingImporter.read(path: path, options: options).recording.estimatedSampleRate! - 50) < 1e-6)
    }

    @Test(arguments: [10.0, 100, 1000])
    func theAutomaticPolicyLeavesSupportedRatesAlone(rate: Double) {
        #expect(SampleRatePolicy.automatic.targetRate(forRate: rate) == nil)
        #expect(SampleRatePolicy.automatic.targetRate(forRate: rate * (1 + 1e-12)) == nil)
        #expect(SampleRatePolicy.asRecorded.targetRate(forRate: 5000) == nil)
        #expect(SampleRatePolicy.rate(25).targetRate(forRate: rate) == 25)
    }

    @Test func belowTheGaitRatesTheAutomaticPolicyPutsTheRecordingOnAGridOfAtLeastFiveHertz() {
        // Throttled loggers below 10 Hz are irregular: a grid at their own rate, never above it
        // unless below 5 Hz, so the gait band stays out of reach and is skipped.
        #expect(SampleRatePolicy.automatic.targetRate(forRate: 7.5) == 7.5)
        #expect(SampleRatePolicy.automatic.targetRate(forRate: 5) == 5)
        #expect(SampleRatePolicy.automatic.targetRate(forRate: 2.5) == 5)
        #expect(SampleRatePolicy.automatic.targetRate(forRate: 1) == 5)
        #expect(SampleRatePolicy.automatic.targetRate(forRate: 0.9) == nil)
        #expect(SampleRatePolicy.automatic.targetRate(forRate: 10 * (1 - 1e-12)) == nil)
        let gpsOnly = Recording(source: "gps", time: [0, 1, 2], speed: [1, 1, 1])
        #expect(SampleRatePolicy.rate(100).targetRate(for: gpsOnly) == nil)
    }

    @Test func theStreamedAnalysisEqualsTheBatchAnalysisOfTheResampledRecording() throws {
        let path = try Self.fastWalkFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var reading = RecordingReadOptions()
        reading.resampling = .automatic
        let imported = try RecordingImporter.read(path: path, options: reading)
        var batch = try imported.recording.analyzeActivities().summary
        batch.resampling = imported.resampling
        let (streamed, rows) = try RecordingImporter.analyzeActivities(path: path, reading: reading)
        #expect(rows == 60_000)
        #expect(streamed.resampling == imported.resampling)
        #expect(streamed == batch)
        #expect(streamed.windowCount > 10)
        // Without resampling the analysis refuses the rate.
        #expect(throws: LocomotionError.self) { try RecordingImporter.analyzeActivities(path: path) }
    }
}
