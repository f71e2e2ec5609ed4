import Locomotion
import LocomotionTestSupport
import Testing

@Suite struct ActivityHysteresisTests {
    /// Feeds `(time, activity)` pairs and returns the committed activity after each.
    func run(_ filter: inout ActivityHysteresis, _ observations: [(Double, ActivityType)]) throws -> [ActivityType] {
        try observations.map { try filter.update($0.1, at: $0.0) }
    }

    @Test func aNewActivityMustPersistForTheHoldTime() throws {
        var filter = try ActivityHysteresis()
        let committed = try run(&filter, [(0, .walking), (2, .walking), (4.9, .walking), (5, .walking), (6, .walking)])
        #expect(committed == [.unknown, .unknown, .unknown, .walking, .walking])
        #expect(filter.committedAt == 5)
    }

    @Test func anInterruptionRestartsTheTimer() throws {
        var filter = try ActivityHysteresis()
        _ = try run(&filter, [(0, .walking), (5, .walking)])
        let committed = try run(
            &filter, [(6, .running), (9, .running), (10, .walking), (11, .running), (15, .running), (16, .running)])
        // Walking at 10 s cancels the pending run; running starts again at 11 s, commits at 16 s.
        #expect(committed == [.walking, .walking, .walking, .walking, .walking, .running])
        #expect(filter.pending == nil)
    }

    @Test func leavingDrivingTakesLonger() throws {
        var filter = try ActivityHysteresis()
        _ = try run(&filter, [(0, .driving), (5, .driving)])
        // A 9 s stop at a red light does not switch driving off; 10 s does.
        let stop = try run(&filter, [(6, .stationary), (15, .stationary)])
        #expect(stop == [.driving, .driving])
        #expect(try filter.update(.stationary, at: 16) == .stationary)
        #expect(filter.configuration.holdTime(leaving: .driving) == 10)
        #expect(filter.configuration.holdTime(leaving: .walking) == 5)
    }

    @Test func perActivitySettings() throws {
        var filter = try ActivityHysteresis(
            configuration: .init(holdTime: 2, leavingHoldTimes: [.driving: 15, .unknown: 0]))
        // Leaving unknown at once, then 15 s to leave driving.
        #expect(try filter.update(.driving, at: 0) == .driving)
        #expect(try run(&filter, [(1, .walking), (15.9, .walking), (16, .walking)]) == [.driving, .driving, .walking])
        #expect(try run(&filter, [(17, .running), (19, .running)]) == [.walking, .running])
    }

    @Test func replayingGivesIdenticalOutput() throws {
        var generator = SplitMix64(seed: 42)
        var observations: [(Double, ActivityType)] = []
        var time = 0.0
        for _ in 0..<2000 {
            time += Double(generator.next() % 3)  // repeated times included
            observations.append((time, ActivityType.allCases[Int(generator.next() % 6)]))
        }
        var filter = try ActivityHysteresis()
        let first = try run(&filter, observations)
        filter.reset()
        let second = try run(&filter, observations)
        var fresh = try ActivityHysteresis()
        #expect(first == second)
        #expect(try run(&fresh, observations) == first)
        #expect(Set(first).count > 1)
    }

    @Test func outOfOrderTimesAreAnErrorAndLeaveTheStateAlone() throws {
        var filter = try ActivityHysteresis()
        _ = try run(&filter, [(0, .walking), (5, .walking), (7, .running)])
        let before = filter
        #expect { try filter.update(.running, at: 6) } throws: { ($0 as? LocomotionError)?.code == .timeGoesBackwards }
        #expect { try filter.update(.running, at: .nan) } throws: {
            ($0 as? LocomotionError)?.code == .invalidData
        }
        #expect(filter == before)
        #expect(try filter.update(.running, at: 7) == .walking)  // an equal time is allowed
    }

    @Test func badHoldTimesAreRefused() {
        #expect(throws: LocomotionError.self) { try ActivityHysteresis(configuration: .init(holdTime: -1)) }
        #expect(throws: LocomotionError.self) {
            try ActivityHysteresis(configuration: .init(leavingHoldTimes: [.driving: .nan]))
        }
    }

    @Test func smoothingResultsUsesTheirEndTimes() throws {
        let evidence = ActivityEvidence(speed: nil, cadence: nil, accelerationVariance: nil)
        let results = (0..<10).map { index in
            ActivityResult(
                activity: index == 7 ? .driving : .walking, confidence: .medium, evidence: evidence,
                start: Double(index) * 1.28, end: Double(index) * 1.28 + 2.54)
        }
        let smoothed = try ActivityHysteresis().smooth(results)
        // Walking from 2.54 s commits at the first end at least 5 s later (7.66 s, window 4) and is
        // dated back to window 0; the lone driving window does not commit.
        #expect(smoothed.map(\.activity) == Array(repeating: .walking, count: 10))
        // A live filter commits only at window 4.
        var live = try ActivityHysteresis()
        let causal = try results.map { try live.update($0.activity, at: $0.end) }
        #expect(causal == [.unknown, .unknown, .unknown, .unknown] + Array(repeating: .walking, count: 6))
        #expect(smoothed.map(\.confidence) == results.map(\.confidence))
    }
}
