import Locomotion
import Testing

/// What a user of the package writes: public API only, arrays and values, errors matched by code.
@Suite struct ActivityClientTests {
    @Test func theVoteFusionAsAUserCallsIt() throws {
        let fusion = try VoteFusion()
        let highway = fusion.decide(ActivityEvidence(speed: 30, cadence: 0, accelerationVariance: 0.008))
        #expect(highway.activity == .driving && highway.confidence == .high)
        let jam = fusion.decide(ActivityEvidence(speed: 0.8, cadence: 0, accelerationVariance: 0.015))
        #expect(jam.activity == .unknown && jam.confidence == .low)

        var configuration = VoteFusion.Configuration()
        configuration.operatingSystemVotes = .trafficJam
        let withReports = try VoteFusion(configuration: configuration)
        let automotive = MotionActivityReport(flags: [.automotive, .stationary], confidence: .high, start: 12)
        let resolved = withReports.decide(
            ActivityEvidence(speed: 0.8, cadence: 0, accelerationVariance: 0.015), report: automotive)
        #expect(resolved.activity == .driving)
        #expect(resolved.votes.contains { $0.source == .operatingSystem && $0.weight == 2 })
    }

    @Test func precedencePoliciesAsAUserCallsThem() throws {
        let flags: MotionActivityFlags = [.walking, .cycling, .stationary]
        #expect(ActivityPrecedence.detector.activity(for: flags) == .walking)
        #expect(ActivityPrecedence.fitness.activity(for: flags) == .cycling)
        #expect(ActivityPrecedence.declarationOrder.activity(for: flags) == .stationary)
        let mine = try ActivityPrecedence(order: [.stationary, .cycling])
        #expect(mine.activity(for: flags) == .stationary)
        #expect(ActivityPrecedence.detector.activity(for: []) == .unknown)
        do {
            _ = try ActivityPrecedence(order: [.walking, .walking])
            Issue.record("a repeated activity was accepted")
        } catch {
            #expect(error.code == .invalidParameter)
        }
    }

    @Test func historyAndHysteresisAsAUserCallsThem() throws {
        var history = try MotionActivityHistory()
        try history.append(MotionActivityReport(flags: .walking, confidence: .medium, start: 0))
        try history.append(MotionActivityReport(flags: .automotive, confidence: .high, start: 120))
        let segments = try history.segments(in: 60..<300)
        #expect(segments.map(\.duration) == [60, 180])
        #expect(DurationFormat.compact(segments[1].duration) == "3m 0s")
        let uncovered = #expect(throws: LocomotionError.self) { try history.segments(in: -100 ..< -50) }
        #expect(uncovered?.code == .noData)

        var hysteresis = try ActivityHysteresis()
        let committed = try [0.0, 2, 4, 6].map { try hysteresis.update(.walking, at: $0) }
        #expect(committed == [.unknown, .unknown, .unknown, .walking])
    }
}
