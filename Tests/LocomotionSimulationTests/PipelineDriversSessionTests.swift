import Foundation
import Locomotion
import LocomotionSimulation
import Testing

/// The three drivers of the activity pipeline on simulated sessions with GPS, labels and the
/// operating system's reports: the whole recording, chunks and live events give the same
/// timeline, steps on foot, trips (with their speeds) and scores.
@Suite struct PipelineDriversSessionTests {
    static let sessions: [String] = ["commute", "trafficJam"]

    static func session(_ name: String) -> SimulatedSession {
        name == "commute" ? Scenario.commute(duration: 360, seed: 11) : Scenario.session(.trafficJam, seed: 7)
    }

    @Test(arguments: sessions, ["rules", "fusion"])
    func wholeEqualsChunkedEqualsLive(sessionName: String, classifier: String) throws {
        let session = Self.session(sessionName)
        let recording = session.recording
        var options = RecordingAnalysis.Options(activityReports: session.activityReports)
        if classifier == "fusion" {
            var configuration = VoteFusion.Configuration()
            configuration.operatingSystemVotes = .trafficJam
            options.classifier = .voteFusion(try VoteFusion(configuration: configuration))
        }
        let sampling = try #require(recording.samplingAnalysis())
        let whole = try recording.analyzeActivities(options)
        #expect(whole.speedReport != nil && whole.confusion != nil)
        if sessionName == "commute" { #expect(whole.trips.count == 1) }

        for rows in [1, 13, 4099] {
            var analyzer = try RecordingAnalyzer(
                source: recording.source, options: options, sampleRate: sampling.sampleRate,
                featureGap: sampling.maximumGap, stepGap: sampling.maximumGap,
                hasGyroscope: recording.rotationRate != nil)
            for start in stride(from: 0, to: recording.count, by: rows) {
                try analyzer.append(recording[rows: start..<min(start + rows, recording.count)])
            }
            #expect(try analyzer.finish() == whole.summary, "\(rows) rows a chunk")
        }

        var detector = try ActivityDetector(
            sampleRate: sampling.sampleRate, options: .init(classifier: options.classifier),
            hasGyroscope: recording.rotationRate != nil, maximumGap: sampling.maximumGap, keepsLocationFixes: true)
        // The reports as events, placed as the simulation places them.
        let decisions = try detector.process(try session.events())
        #expect(decisions.map(\.result) == whole.windows)
        var expected = whole.summary
        expected.confusion = nil
        #expect(try detector.finish(source: recording.source) == expected)
    }
}
