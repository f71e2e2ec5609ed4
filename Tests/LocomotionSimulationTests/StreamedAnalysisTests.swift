import Foundation
import Locomotion
import LocomotionSimulation
import Testing

/// The chunked analysis (`RecordingAnalyzer`, and `RecordingImporter.analyzeActivities` reading
/// a file chunk by chunk) against the whole-recording analysis, on a simulated commute with GPS
/// and labels, cut by gaps.
@Suite struct StreamedAnalysisTests {
    /// A 6-minute commute (walk, drive, walk: GPS fixes and a label per row) written to a CSV
    /// without two stretches of rows: a 30 s gap inside the drive and a 3 s one while walking.
    static let file: String = {
        let session = Scenario.commute(duration: 360, seed: 11)
        let text = RecordingWriter.csv(session.recording)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let rows = lines.count - 2  // the header, and the empty line after the last newline
        let rate = session.sampleRate
        let driving = session.truth.filter { $0.activity == .driving }
        let middleOfDrive = (driving.first!.start + driving.last!.end) / 2
        let walk = session.truth.last { $0.activity == .walking }!
        for (start, seconds) in [(walk.start + 20, 3.0), (middleOfDrive - 15, 30.0)] {
            let first = 1 + Int(start * rate)
            lines.removeSubrange(first..<min(first + Int(seconds * rate), rows))
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "streamed-commute-\(UUID().uuidString).csv"
        ).path
        try! lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }()

    static func batch(_ options: RecordingAnalysis.Options) throws -> (
        recording: Recording, summary: RecordingAnalysisSummary
    ) {
        let recording = try RecordingReader.read(path: file).recording
        return (recording, try recording.analyzeActivities(options).summary)
    }

    static func smoothing(_ name: String) throws -> ActivitySmoothing {
        switch name {
        case "none": return .none
        case "hmm": return try .hiddenMarkov(hop: 1.28)
        default: return .hysteresis(.init())
        }
    }

    @Test func theRecordingHasWhatTheComparisonNeeds() throws {
        let (recording, summary) = try Self.batch(.init())
        let sampling = try #require(recording.samplingAnalysis())
        #expect(sampling.gaps.count == 2)
        #expect(summary.trips.count == 1 && summary.trips[0].distance != nil)
        #expect((summary.speedReport?.fixCount ?? 0) > 100)
        #expect(summary.stepCount > 100 && summary.stepCount < summary.detectedStepCount)
        #expect((summary.confusion?.total ?? 0) > 100)
        #expect(Set(summary.timeline.segments.map(\.activity)).isSuperset(of: [.walking, .driving]))
    }

    static let settings: [(smoothing: String, classifier: String)] = ["hysteresis", "none", "hmm"].flatMap {
        smoothing in
        ["rules", "fusion"].map { (smoothing, $0) }
    }

    @Test(arguments: settings)
    func chunksGiveTheWholeRecordingsSummary(smoothing: String, classifier: String) throws {
        let options = RecordingAnalysis.Options(
            classifier: classifier == "fusion" ? .voteFusion(try VoteFusion()) : nil,
            smoothing: try Self.smoothing(smoothing))
        let (recording, expected) = try Self.batch(options)
        let sampling = try #require(recording.samplingAnalysis())
        // Chunks that end inside windows, pending hysteresis runs and step contexts.
        for chunkRows in [997, 4096] {
            var analyzer = try RecordingAnalyzer(
                source: recording.source, options: options, sampleRate: sampling.sampleRate,
                featureGap: sampling.maximumGap, stepGap: sampling.maximumGap,
                hasGyroscope: recording.rotationRate != nil)
            let stream = try RecordingStream(path: Self.file)
            while let chunk = try stream.nextChunk(maximumRowCount: chunkRows) { try analyzer.append(chunk) }
            #expect(try analyzer.finish() == expected, "\(chunkRows) rows a chunk")
        }
    }

    @Test func theBundledModelStreamsAsItClassifiesATable() throws {
        let model = try ActivityModel.bundled
        let options = RecordingAnalysis.Options(
            features: .init(windowDuration: model.windowDuration, hop: model.hop), classifier: .custom(model))
        let (_, expected) = try Self.batch(options)
        #expect(try RecordingImporter.analyzeActivities(path: Self.file, options: options).summary == expected)
    }

    @Test func aFileStreamsToTheWholeRecordingsSummary() throws {
        for name in ["hysteresis", "hmm"] {
            let options = RecordingAnalysis.Options(smoothing: try Self.smoothing(name))
            let (recording, expected) = try Self.batch(options)
            let (summary, rows) = try RecordingImporter.analyzeActivities(path: Self.file, options: options)
            #expect(summary == expected, "\(name)")
            #expect(rows == recording.count)
        }
    }

    @Test func streamedErrorsAreTheWholeRecordingsErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "streamed-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases = [
            "no-acceleration.csv": "t_s,speed_mps\n0,1\n0.02,1\n",
            "one-time.csv": "t_s,acc_x_g,acc_y_g,acc_z_g\n0,0,0,1\n0,0,0,1\n",
            "header-only.csv": "t_s,acc_x_g,acc_y_g,acc_z_g\n",
        ]
        for (name, text) in cases {
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let batch =
                "\(try #require(throws: (any Error).self) { try RecordingReader.read(path: path).recording.analyzeActivities() })"
            let streamed =
                "\(try #require(throws: (any Error).self) { try RecordingImporter.analyzeActivities(path: path) })"
            #expect(streamed == batch, "\(name)")
        }
    }
}
