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

    @Test func undecidedWindowsNeitherConfirmNorCancelAPendingChange() throws {
        var filter = try ActivityHysteresis()
        // A short walk whose windows alternate with rough (undecided) ones, from nothing committed.
        let committed = try run(
            &filter,
            [(0, .walking), (1.25, .unknown), (2.5, .walking), (3.75, .unknown), (4.9, .unknown), (5, .walking)])
        #expect(committed == [.unknown, .unknown, .unknown, .unknown, .unknown, .walking])
        #expect(filter.committedAt == 5)
        // Another decided activity still cancels: running at 6 s restarts, an undecided 7 s does not.
        #expect(
            try run(&filter, [(6, .running), (7, .unknown), (10.9, .running), (11, .running)])
                == [.walking, .walking, .walking, .running])
    }

    @Test func anUndecidedWindowCancelsAPendingStationaryOrDriving() throws {
        // Too rough for a vehicle's ride or for stillness: both are read from the absence of gait.
        for activity in [ActivityType.stationary, .driving] {
            var filter = try ActivityHysteresis()
            _ = try run(&filter, [(0, .walking), (5, .walking)])
            let committed = try run(
                &filter, [(6, activity), (7, .unknown), (8, activity), (12, activity), (13, activity)])
            #expect(committed == [.walking, .walking, .walking, .walking, activity])
            #expect(!ActivityHysteresis.continuesThroughUndecided.contains(activity))
        }
    }

    @Test func anUndecidedRunAsLongAsTheHoldLeavesTheCommittedActivity() throws {
        var filter = try ActivityHysteresis()
        _ = try run(&filter, [(0, .walking), (5, .walking)])
        // Undecided from 6 s: still walking at 10.9 s, unknown at 11 s; the pending running is cancelled.
        let committed = try run(&filter, [(5.5, .running), (6, .unknown), (10.9, .unknown), (11, .unknown)])
        #expect(committed == [.walking, .walking, .walking, .unknown])
        #expect(filter.pending == nil)
        #expect(filter.undecidedSince == nil)
        // With nothing committed, a long undecided run cancels the pending change (so little is held).
        var fresh = try ActivityHysteresis()
        _ = try run(&fresh, [(0, .walking), (1, .unknown), (6, .unknown)])
        #expect(fresh.pending == nil)
        #expect(try run(&fresh, [(7, .walking), (11, .walking)]) == [.unknown, .unknown])
    }

    @Test func smoothingDatesAWalkThroughItsUndecidedWindowsBack() throws {
        let evidence = ActivityEvidence(speed: nil, cadence: nil, accelerationVariance: nil)
        let activities: [ActivityType] =
            [.walking, .unknown, .walking, .unknown, .walking, .walking] + Array(repeating: .unknown, count: 6)
        let results = activities.enumerated().map { index, activity in
            ActivityResult(
                activity: activity, confidence: .medium, evidence: evidence, start: Double(index) * 1.25,
                end: Double(index) * 1.25 + 2.5)
        }
        let smoothed = try ActivityHysteresis().smooth(results)
        // Walking from 2.5 s commits at 7.5 s (window 4) and is dated back over the undecided windows; the
        // undecided run from 10 s (window 6) leaves it at 15 s (window 10) and is dated back to its start.
        let expected: [ActivityType] = Array(repeating: .walking, count: 6) + Array(repeating: .unknown, count: 6)
        #expect(smoothed.map(\.activity) == expected)
        // The same one result at a time.
        var smoother = ActivityHysteresis.OfflineSmoother(try ActivityHysteresis())
        var streamed: [ActivityResult] = []
        for result in results { try smoother.append(result, into: &streamed) }
        smoother.finish(into: &streamed)
        #expect(streamed == smoothed)
    }

    /// Results 2.5 s long every 1.25 s, as the default windows.
    func windows(_ activities: [ActivityType], from start: Double = 0) -> [ActivityResult] {
        let evidence = ActivityEvidence(speed: nil, cadence: nil, accelerationVariance: nil)
        return activities.enumerated().map { index, activity in
            ActivityResult(
                activity: activity, confidence: .low, evidence: evidence, start: start + Double(index) * 1.25,
                end: start + Double(index) * 1.25 + 2.5)
        }
    }

    @Test func aShortRecordingKeepsItsWindowsAtItsEnd() throws {
        // A walk test of 11 s that starts and ends seated: the seated windows (driving or stationary
        // without gait) stay, the walk's undecided windows and its one-window flicker take walking.
        let test: [ActivityType] = [
            .stationary, .walking, .unknown, .walking, .cycling, .walking, .unknown, .stationary,
        ]
        let expected: [ActivityType] = [
            .stationary, .walking, .walking, .walking, .walking, .walking, .unknown, .stationary,
        ]
        let smoothed = try ActivityHysteresis().smooth(windows(test))
        #expect(smoothed.map(\.activity) == expected)
        // Live, nothing was ever committed.
        var live = try ActivityHysteresis()
        #expect(try windows(test).map { try live.update($0.activity, at: $0.end) }.allSatisfy { $0 == .unknown })
        // The same one result at a time.
        var smoother = ActivityHysteresis.OfflineSmoother(try ActivityHysteresis())
        var streamed: [ActivityResult] = []
        for result in windows(test) { try smoother.append(result, into: &streamed) }
        smoother.finish(into: &streamed)
        #expect(streamed == smoothed)
        // A single window decides nothing.
        #expect(try ActivityHysteresis().smooth(windows([.walking])).map(\.activity) == [.unknown])
    }

    @Test func shortRecordingActivitiesFillOnlyMovements() {
        // Undecided windows between two stationary (or driving) windows stay undecided: only a movement
        // continues through them; a single undecided window between two decided ones takes theirs.
        #expect(
            ActivityHysteresis.shortRecordingActivities([.stationary, .unknown, .unknown, .stationary])
                == [.stationary, .unknown, .unknown, .stationary])
        #expect(
            ActivityHysteresis.shortRecordingActivities([.driving, .unknown, .driving])
                == [.driving, .driving, .driving])
        #expect(
            ActivityHysteresis.shortRecordingActivities([.running, .unknown, .unknown, .running, .walking])
                == [.running, .running, .running, .running, .walking])
        // Different movements on either side: the undecided run stays.
        #expect(
            ActivityHysteresis.shortRecordingActivities([.walking, .unknown, .unknown, .cycling])
                == [.walking, .unknown, .unknown, .cycling])
        #expect(ActivityHysteresis.shortRecordingActivities([]) == [])
    }

    @Test func aLongerRecordingIsNotDecidedWhole() throws {
        // The same flicker for longer than 30 s: nothing held back past the span, nothing decided.
        let flicker = Array(repeating: [ActivityType.walking, .walking, .driving, .walking], count: 8).flatMap { $0 }
        let results = windows(flicker)
        #expect(results.last!.end - results.first!.start > ActivityHysteresis.shortRecordingSpan)
        var smoother = ActivityHysteresis.OfflineSmoother(try ActivityHysteresis())
        var streamed: [ActivityResult] = []
        for result in results { try smoother.append(result, into: &streamed) }
        #expect(streamed.count >= results.count - 4)
        smoother.finish(into: &streamed)
        #expect(streamed.allSatisfy { $0.activity == .unknown })
        #expect(streamed.map(\.start) == results.map(\.start))
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
