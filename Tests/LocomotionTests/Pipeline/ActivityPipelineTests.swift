import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// A classifier a user might write against the public protocol alone, with no binding of its own:
/// still when the acceleration barely varies, walking or running by the gait's cadence, otherwise
/// unknown; when the operating system reports automotive with high confidence, driving.
struct CadenceOrReportClassifier: ActivityClassifier {
    func classify(_ features: FeatureVector) throws(LocomotionError) -> ActivityResult {
        try classify(features, context: .init())
    }

    func classify(_ features: FeatureVector, context: ActivityClassificationContext) throws(LocomotionError)
        -> ActivityResult
    {
        guard let variance = features["acc_mag_variance"], let cadence = features["gait_step_cadence"] else {
            throw LocomotionError(.schemaMismatch, message: "needs acc_mag_variance and gait_step_cadence")
        }
        let activity: ActivityType
        if let report = context.activityReport, report.flags.contains(.automotive), report.confidence == .high {
            activity = .driving
        } else if variance < 0.001 {
            activity = .stationary
        } else if cadence.isNaN {
            activity = .unknown
        } else {
            activity = cadence >= 2.5 ? .running : cadence > 1.2 ? .walking : .unknown
        }
        return ActivityResult(
            activity: activity, confidence: .medium, evidence: ActivityEvidence(features: features),
            start: features.start, end: features.end)
    }
}

/// The three drivers of the one activity pipeline — a whole recording, chunks and live events —
/// give the same windows, timeline, steps on foot and scores on the bundled recordings, for every
/// kind of classifier and smoothing.
@Suite struct PipelineDriversTests {
    static let recordings = ["uci-hapt-exp01.csv", "uci-hapt-walk-exp01.csv"]

    /// Operating-system reports made from the labels: one at each change of label, automotive
    /// for the sitting and lying stretches (so a listener's decisions change), else the label's flag.
    static func reports(for recording: Recording) -> [MotionActivityReport] {
        guard let labels = recording.labels else { return [] }
        var reports: [MotionActivityReport] = []
        for row in labels.indices where row == 0 || labels[row] != labels[row - 1] {
            let activity = ActivityType(label: labels[row]) ?? .unknown
            let flags: MotionActivityFlags = activity == .stationary ? .automotive : MotionActivityFlags(activity)
            reports.append(MotionActivityReport(flags: flags, confidence: .high, start: recording.time[row]))
        }
        return reports
    }

    static func options(_ classifier: String, smoothing: String, reports: [MotionActivityReport]) throws
        -> RecordingAnalysis.Options
    {
        var options = RecordingAnalysis.Options(activityReports: reports)
        switch classifier {
        case "fusion":
            var configuration = VoteFusion.Configuration()
            configuration.operatingSystemVotes = .trafficJam
            options.classifier = .voteFusion(try VoteFusion(configuration: configuration))
        case "model":
            let model = try ActivityModel.bundled
            options.features = .init(windowDuration: model.windowDuration, hop: model.hop)
            options.classifier = .custom(model)
        case "custom": options.classifier = .custom(CadenceOrReportClassifier())
        default: options.classifier = nil
        }
        switch smoothing {
        case "none": options.smoothing = .none
        case "hmm": options.smoothing = try .hiddenMarkov(hop: options.features.hop)
        default: options.smoothing = .hysteresis(.init())
        }
        return options
    }

    static let cases: [(String, String, String)] = recordings.flatMap { name in
        ["rules", "fusion", "model", "custom"].flatMap { classifier in
            ["hysteresis", "none", "hmm"].map { (name, classifier, $0) }
        }
    }

    @Test(arguments: cases)
    func wholeEqualsChunkedEqualsLive(recordingName: String, classifier: String, smoothing: String) throws {
        let recording = try TestRecordings.bundled(recordingName)
        let reports = Self.reports(for: recording)
        let options = try Self.options(classifier, smoothing: smoothing, reports: reports)
        let sampling = try #require(recording.samplingAnalysis())
        let whole = try recording.analyzeActivities(options)
        #expect(whole.windows.count > 20 && !whole.timeline.segments.isEmpty)
        #expect(whole.steps == whole.timeline.stepsOnFoot(whole.detectedSteps))
        #expect(whole.confusion != nil)

        // Chunks of one row, odd sizes, and one chunk.
        for rows in [1, 7, 997, recording.count] {
            var analyzer = try RecordingAnalyzer(
                source: recording.source, options: options, sampleRate: sampling.sampleRate,
                featureGap: sampling.maximumGap, stepGap: sampling.maximumGap,
                hasGyroscope: recording.rotationRate != nil)
            analyzer.keepsWindowResults = true
            var windows: [ActivityResult] = []
            for start in stride(from: 0, to: recording.count, by: rows) {
                try analyzer.append(recording[rows: start..<min(start + rows, recording.count)])
                windows += analyzer.takeWindowResults()
            }
            #expect(try analyzer.finish() == whole.summary, "\(rows) rows a chunk")
            #expect(windows == whole.windows, "\(rows) rows a chunk")
        }

        var detector = try ActivityDetector(
            sampleRate: sampling.sampleRate, options: options, hasGyroscope: recording.rotationRate != nil,
            maximumGap: sampling.maximumGap, keepsLocationFixes: true)
        let decisions = try detector.process(try recording.events(activityReports: reports))
        #expect(decisions.map(\.result) == whole.windows)
        let live = try detector.finish(source: recording.source)
        var expected = whole.summary
        expected.confusion = nil  // events carry no labels
        #expect(live == expected)
        #expect(detector.stepCount == whole.steps.count && detector.detectedStepCount == whole.detectedSteps.count)
        #expect(detector.timeline == whole.timeline)
    }

    /// The reports reach the vote fusion and the user's classifier in every driver: without them
    /// the decisions differ (so the equality above is not an equality of deaf classifiers).
    @Test(arguments: ["fusion", "custom"])
    func theReportsAreHeard(classifier: String) throws {
        let recording = try TestRecordings.bundled("uci-hapt-exp01.csv")
        let reports = Self.reports(for: recording)
        let heard = try recording.analyzeActivities(try Self.options(classifier, smoothing: "none", reports: reports))
        let deaf = try recording.analyzeActivities(try Self.options(classifier, smoothing: "none", reports: []))
        #expect(heard.windows.count == deaf.windows.count)
        let changed = zip(heard.windows, deaf.windows).filter { $0.activity != $1.activity }
        #expect(changed.count > 10)
        if classifier == "custom" { #expect(changed.allSatisfy { heard, _ in heard.activity == .driving }) }
    }

    /// Steps on foot are those inside walking and running segments, whatever the driver.
    @Test func stepsOnFootAreTheStepsInsideWalkingAndRunningSegments() throws {
        let analysis = try TestRecordings.bundled("uci-hapt-exp01.csv").analyzeActivities()
        let onFoot = analysis.timeline.segments.filter { $0.activity == .walking || $0.activity == .running }
        let expected = analysis.detectedSteps.filter { step in
            onFoot.contains { $0.start <= step.time && step.time <= $0.end }
        }
        #expect(analysis.steps == expected)
        #expect(analysis.steps.count > 100 && analysis.steps.count < analysis.detectedSteps.count)
    }

    /// Reports out of order are refused when the analysis is made, as the live detector refuses them.
    @Test func scheduledReportsOutOfOrderAreRefused() throws {
        let recording = try TestRecordings.bundled("uci-hapt-walk-exp01.csv")
        let reports = [
            MotionActivityReport(flags: .walking, confidence: .high, start: 5),
            MotionActivityReport(flags: .walking, confidence: .high, start: 1),
        ]
        #expect(throws: LocomotionError.self) { try recording.analyzeActivities(.init(activityReports: reports)) }
        #expect(throws: LocomotionError.self) {
            try ActivityDetector(sampleRate: 50, options: .init(activityReports: reports))
        }
    }
}
