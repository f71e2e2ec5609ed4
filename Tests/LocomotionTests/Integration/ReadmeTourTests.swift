import Foundation
import Locomotion
import Testing

/// The README's API tour, run on the bundled walk so the README cannot drift from the API.
@Suite("README tour")
struct ReadmeTourTests {
    @Test func theTourRunsAndFindsTheWalk() throws {
        let loaded = try RecordingReader.read(
            path: TestRecordings.bundledWalkPath, options: .init(labelTranslations: DatasetLabels.uciHAPT))
        let recording = loaded.recording
        let rate = try #require(recording.estimatedSampleRate)
        #expect(abs(rate - 50) < 1e-6)
        let magnitude = try #require(recording.accelerationMagnitude)

        let hz = try #require(try findDominantFrequency(in: Array(magnitude.prefix(256)), sampleRate: 50)?.frequency)
        #expect((1.4...2.5).contains(hz))
        let gait = try #require(
            try findDominantFrequency(
                in: Array(magnitude.prefix(128)), sampleRate: 50, options: .init(band: GaitBand.default)))
        #expect((1.4...2.5).contains(gait.frequency) && gait.prominence > 1)

        let window = Array(magnitude.prefix(128))
        var analyzer = try SpectrumAnalyzer(sampleCount: 128, sampleRate: 50, window: .hann)
        var spectrum = analyzer.makeSpectrum()
        try analyzer.analyze(window, into: &spectrum)
        #expect(spectrum.binCount == 65)
        let lowPass = try Butterworth.design(order: 4, band: .lowPass(cutoff: 5), sampleRate: 50)
        let peaks = try findPeaks(in: lowPass.applyZeroPhase(to: magnitude), options: .init(distance: 12.5))
        // 63 s, mostly walking at about 1.8 steps/s: one peak per step or so, not one per sample.
        #expect((60...150).contains(peaks.indices.count))

        #expect(try SpeedSmoother().smooth(recording.locationFixes()).isEmpty)  // the walk has no GPS

        let steps = try recording.detectSteps()
        #expect((60...130).contains(steps.count))  // 63 s, about 45 s of it walking at 1.8 steps/s
        let trunkSteps = try recording.detectSteps(configuration: .trunk)
        #expect(trunkSteps.count <= steps.count)
        var stepAnalyzer = try WindowStepAnalyzer(sampleRate: 50, maximumWindowLength: 128)
        let walkingWindow = Array(magnitude[1000..<1128])  // 169–171.5 s, mid-corridor
        let perWindow = try stepAnalyzer.analyze(walkingWindow)
        #expect((3...6).contains(perWindow.stepCount), "\(perWindow)")  // 2.56 s of walking at 1.8 steps/s

        let table = try recording.features()
        #expect(table.windows.count == 48)  // as the spectrum timeline: (3150 − 128) / 64 + 1
        let midWalk = try #require(table[20]["gait_step_cadence"])  // 174.6–177.1 s, mid-corridor
        #expect((1.4...2.2).contains(midWalk))

        let rules = try FeatureRuleClassifier()
        let activities = try rules.classify(table)  // one ActivityResult per window
        #expect(activities[20].activity == .walking)
        let smoothed = try ActivityHysteresis().smooth(activities)  // a new activity must hold 5 s
        #expect(smoothed[20].activity == .walking)
        let decision = try VoteFusion().decide(
            ActivityEvidence(speed: 0.8, cadence: 0, accelerationVariance: 0.015))
        #expect(decision.activity == .unknown && decision.confidence == .low)  // a tie: walking 2, driving 2
        let report = MotionActivityReport(flags: [.automotive, .stationary], confidence: .high, start: 0)
        #expect(report.activity(by: .detector) == .driving)

        let analysis = try recording.analyzeActivities()
        #expect(analysis.timeline.segments.contains { $0.activity == .walking && $0.duration > 50 })
        let model = try ActivityModel.bundled
        let probable = try model.classify(table)
        #expect(probable.count == table.count && probable[20].activity == .walking)
        var detector = try ActivityDetector(sampleRate: 50)
        var committed: [ActivityType] = []
        for event in try recording.events() {
            if let decision = try detector.process(event) { committed.append(decision.committed) }
        }
        #expect(committed.last == .walking)
    }
}
