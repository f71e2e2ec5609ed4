import Foundation
import Locomotion
import LocomotionSimulation

/// A session run through ``ActivityDetector``: every decision, and shares over steady spans.
struct DetectorRun {
    let session: SimulatedSession
    let decisions: [ActivityDetector.Decision]
    /// What decided, for the printed summaries.
    let label: String

    /// Runs `session` (its operating-system reports merged in when `reports`) through a
    /// detector with `classifier`.
    init(_ session: SimulatedSession, classifier: ActivityDetector.Classifier, reports: Bool = true) throws {
        self.session = session
        switch classifier {
        case .rules: label = "rules"
        case .voteFusion(let fusion):
            let votes = fusion.configuration.operatingSystemVotes
            label =
                votes == nil || !reports
                ? "fusion"
                : votes == .trafficJam
                    ? "fusion+OS(trafficJam)" : votes == .withCycling ? "fusion+OS(withCycling)" : "fusion+OS"
        case .custom: label = "custom"
        }
        var detector = try ActivityDetector(
            sampleRate: session.sampleRate, classifier: classifier,
            hasGyroscope: session.recording.rotationRate != nil)
        decisions = try detector.process(session.events(includingActivityReports: reports))
    }

    /// The decisions whose window lies inside the steady span `name`.
    func steady(_ name: String) -> [ActivityDetector.Decision] {
        guard let span = session.steadySpan(name) else { return [] }
        return decisions.filter { span.contains(start: $0.result.start, end: $0.result.end) }
    }

    /// The share of the steady span's windows for which `condition` holds (0 without windows).
    func share(_ name: String, _ condition: (ActivityDetector.Decision) -> Bool) -> Double {
        let windows = steady(name)
        return windows.isEmpty ? 0 : Double(windows.filter(condition).count) / Double(windows.count)
    }

    /// The share of the span's windows committed to `activity`.
    func committedShare(_ name: String, _ activity: ActivityType) -> Double {
        share(name) { $0.committed == activity }
    }

    /// One line per activity: how the span's windows were decided and committed.
    func summary(_ name: String) -> String {
        let windows = steady(name)
        func counts(_ values: [String]) -> String {
            var tally: [String: Int] = [:]
            for value in values { tally[value, default: 0] += 1 }
            return tally.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
                .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        let results = counts(windows.map { "\($0.result.activity.identifier)/\($0.result.confidence.identifier)" })
        let committed = counts(windows.map(\.committed.identifier))
        return
            "[\(label)] \(session.name) (seed \(session.seed)) \(name): \(windows.count) windows; results \(results); committed \(committed)"
    }
}

extension VoteFusion {
    /// The vote fusion hearing the operating system by `votes`.
    static func hearing(_ votes: OperatingSystemVotes) throws -> VoteFusion {
        var configuration = Configuration()
        configuration.operatingSystemVotes = votes
        return try VoteFusion(configuration: configuration)
    }
}
