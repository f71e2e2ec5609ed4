import Locomotion
import Testing

@Suite struct ActivityTimelineTests {
    let evidence = ActivityEvidence(speed: nil, cadence: nil, accelerationVariance: nil)

    /// Windows of 2.56 s every 1.28 s, one per activity given.
    func results(_ activities: [ActivityType], confidence: Confidence = .high, offset: Double = 0) -> [ActivityResult] {
        activities.enumerated().map { index, activity in
            let start = offset + Double(index) * 1.28
            return ActivityResult(
                activity: activity, confidence: confidence, evidence: evidence, start: start, end: start + 2.56)
        }
    }

    @Test func overlappingWindowsMergeAndMeetAtTheMidpointOfTheirCentres() throws {
        let timeline = try ActivityTimeline(results: results([.walking, .walking, .walking, .driving, .driving]))
        #expect(timeline.segments.map(\.activity) == [.walking, .driving])
        // Centres 3.84 (walking) and 5.12 (driving): the boundary is 4.48 s.
        #expect(abs(timeline.segments[0].end - 4.48) < 1e-12 && timeline.segments[1].start == timeline.segments[0].end)
        #expect(timeline.segments[0].start == 0 && abs(timeline.segments[1].end - 7.68) < 1e-12)
        // The segments tile the covered time exactly.
        #expect(abs(timeline.totals.map(\.seconds).reduce(0, +) - 7.68) < 1e-12)
    }

    @Test func aGapInTheDataIsNotBridged() throws {
        let timeline = try ActivityTimeline(results: results([.walking, .walking]) + results([.walking], offset: 100))
        #expect(timeline.segments.count == 2)
        #expect(abs(timeline.segments[0].end - 3.84) < 1e-12 && timeline.segments[1].start == 100)
        #expect(abs(timeline.secondsOnFoot - (3.84 + 2.56)) < 1e-12)
    }

    @Test func confidenceIsTheMedianAndLowSegmentsCanBeFilteredOut() throws {
        let mixed =
            results([.walking]) + results([.walking], confidence: .low, offset: 1.28)
            + results([.walking], confidence: .medium, offset: 2.56) + results([.driving], offset: 3.84)
        let timeline = try ActivityTimeline(results: mixed)
        #expect(timeline.segments.map(\.confidence) == [.medium, .high])
        let two = try ActivityTimeline(
            results: results([.walking]) + results([.walking], confidence: .low, offset: 1.28))
        #expect(two.segments.map(\.confidence) == [.low])  // the lower of the two middle ones
        #expect(timeline.filtered(minimumConfidence: .high).segments.map(\.activity) == [.driving])
    }

    @Test func resultsOutOfOrderAreRefused() {
        #expect {
            try ActivityTimeline(results: self.results([.walking], offset: 10) + self.results([.walking]))
        } throws: {
            ($0 as? LocomotionError)?.code == .timeGoesBackwards
        }
    }

    @Test func rangeQueriesClipAndSayNoData() throws {
        let timeline = try ActivityTimeline(
            results: results(Array(repeating: .walking, count: 10)) + results([.driving], offset: 20))
        let clipped = try timeline.segments(in: 5..<21)
        #expect(clipped.map(\.start) == [5, 20] && abs(clipped[0].end - 14.08) < 1e-12 && clipped[1].end == 21)
        #expect { try timeline.segments(in: 15..<19) } throws: { ($0 as? LocomotionError)?.code == .noData }
        #expect { try timeline.segments(in: 3..<3) } throws: { ($0 as? LocomotionError)?.code == .invalidParameter }
    }

    @Test func retentionDropsOldSegments() throws {
        let day = 86_400.0
        var timeline = try ActivityTimeline(results: results([.walking]) + results([.driving], offset: 8 * day))
        timeline.expire()
        #expect(timeline.segments.map(\.activity) == [.driving])
    }

    @Test func operatingSystemHistoryBecomesSegments() throws {
        var history = try MotionActivityHistory()
        for (start, flags) in [
            (0.0, MotionActivityFlags.walking), (60, [.automotive]), (90, [.automotive, .stationary]), (200, .walking),
        ] {
            try history.append(.init(flags: flags, confidence: .high, start: start))
        }
        let timeline = try ActivityTimeline(history: history, in: 0..<300)
        #expect(timeline.segments.map(\.activity) == [.walking, .driving, .walking])
        #expect(timeline.segments.map(\.duration) == [60, 140, 100])
        #expect(timeline.segments.map(\.formattedDuration) == ["1m 0s", "2m 20s", "1m 40s"])
        #expect(timeline.trips().count == 1 && timeline.trips()[0].isClosed)
    }

    @Test func tripsOpenOnDrivingCloseOnFootAndIntegrateSpeed() throws {
        let activities: [ActivityType] = [
            .walking, .walking, .driving, .driving, .stationary, .driving, .driving, .walking, .walking, .driving,
        ]
        let timeline = try ActivityTimeline(results: results(activities))
        let speeds = stride(from: 0.0, through: 14, by: 1).map {
            SmoothedSpeed(
                time: $0, rawSpeed: 10, speed: 10, standardDeviation: 1, acceleration: 0, status: .initialized)
        }
        let trips = timeline.trips(speeds: speeds, minimumDriving: 0)
        #expect(trips.count == 2)
        #expect(trips[0].isClosed && !trips[1].isClosed)
        // The stop does not close the first trip; it runs from the first driving boundary to the last.
        let driving = timeline.segments.filter { $0.activity == .driving }
        #expect(trips[0].start == driving[0].start && trips[0].end == driving[1].end)
        #expect(abs(trips[0].distance! - 10 * trips[0].duration) < 1e-9)
        #expect(trips[0].speeds.allSatisfy { $0.time >= trips[0].start && $0.time <= trips[0].end })
        #expect(timeline.trips(minimumDriving: 0).allSatisfy { $0.distance == nil })
        // Less than a minute of driving is no trip by default.
        #expect(timeline.trips(speeds: speeds).isEmpty)
    }
}
