import Locomotion
import Testing

@Suite struct MotionActivityHistoryTests {
    func history(_ entries: [(Double, MotionActivityFlags)], retention: Double = MotionActivityHistory.defaultRetention)
        throws -> MotionActivityHistory
    {
        var history = try MotionActivityHistory(retention: retention)
        for (start, flags) in entries {
            try history.append(MotionActivityReport(flags: flags, confidence: .medium, start: start))
        }
        return history
    }

    @Test func eachReportLastsUntilTheNext() throws {
        let history = try history([(0, .stationary), (60, .walking), (300, .automotive)])
        let segments = try history.segments(in: 30..<400)
        #expect(segments.map(\.start) == [30, 60, 300])
        #expect(segments.map(\.end) == [60, 300, 400])
        #expect(segments.map(\.duration) == [30, 240, 100])
        #expect(segments.map { $0.report.activity() } == [.stationary, .walking, .driving])
        #expect(history.report(at: 59.9)?.flags == .stationary)
        #expect(history.report(at: 60)?.flags == .walking)
        #expect(history.report(at: 1e9)?.flags == .automotive)
    }

    @Test func aRangeWithNoReportIsNoDataNotAnEmptySuccess() throws {
        let history = try history([(100, .walking)])
        #expect {
            try history.segments(in: 0..<50)
        } throws: { ($0 as? LocomotionError)?.code == .noData }
        #expect(history.report(at: 99) == nil)
        let empty = try MotionActivityHistory()
        #expect { try empty.segments(in: 0..<1) } throws: { ($0 as? LocomotionError)?.code == .noData }
        // A range that starts before the first report covers only from that report on.
        #expect(try history.segments(in: 0..<150).map(\.start) == [100])
    }

    @Test func reportsOutOfOrderAreRefused() throws {
        var history = try history([(10, .walking)])
        #expect { try history.append(.init(flags: .running, confidence: .low, start: 5)) } throws: {
            ($0 as? LocomotionError)?.code == .timeGoesBackwards
        }
        // A time that is not finite is bad data, not time going backwards.
        #expect { try history.append(.init(flags: .running, confidence: .low, start: .nan)) } throws: {
            ($0 as? LocomotionError)?.code == .invalidData
        }
        #expect(history.reports.count == 1)
        // A report at the same time replaces the previous one.
        try history.append(.init(flags: .running, confidence: .low, start: 10))
        #expect(history.reports.map(\.flags) == [.running])
    }

    @Test func onlyTheRetentionPeriodIsKept() throws {
        let day = 86_400.0
        var history = try history([(0, .stationary), (1 * day, .walking), (2 * day, .automotive)])
        try history.append(.init(flags: .cycling, confidence: .high, start: 8.5 * day))
        // Cut-off 1.5 days: the stationary report (0–1 day) ended before it; walking (1–2 days) holds there.
        #expect(history.reports.map(\.flags) == [.walking, .automotive, .cycling])
        #expect(history.expiredCount == 1)
        try history.append(.init(flags: .stationary, confidence: .high, start: 9.5 * day))
        #expect(history.reports.map(\.flags) == [.automotive, .cycling, .stationary])
        #expect(history.expiredCount == 2)
        #expect { try history.segments(in: 0..<day) } throws: { ($0 as? LocomotionError)?.code == .noData }
        #expect(try history.segments(in: 1.6 * day..<9 * day).map(\.start) == [2 * day, 8.5 * day])
        #expect(throws: LocomotionError.self) { try MotionActivityHistory(retention: 0) }
        #expect { try history.segments(in: 5..<5) } throws: { ($0 as? LocomotionError)?.code == .invalidParameter }
    }
}
