import Foundation
import Locomotion
import Testing

@Suite struct ActivityTypeTests {
    @Test func identifiersAreStableAndRoundTrip() {
        #expect(
            ActivityType.allCases.map(\.identifier) == [
                "walking", "running", "cycling", "driving", "stationary", "unknown",
            ])
        for activity in ActivityType.allCases {
            #expect(ActivityType(identifier: activity.identifier) == activity)
            #expect(!activity.displayName.isEmpty && !activity.symbolName.isEmpty && !activity.colorName.isEmpty)
        }
        #expect(ActivityType(identifier: "Walking") == nil)
        #expect(Set(ActivityType.allCases.map(\.colorName)).count == ActivityType.allCases.count)
    }

    @Test func pedestrianAndVehicular() {
        #expect(ActivityType.allCases.filter(\.isPedestrian) == [.walking, .running])
        #expect(ActivityType.allCases.filter(\.isVehicular) == [.driving])
        #expect(!ActivityType.cycling.isPedestrian && !ActivityType.cycling.isVehicular)
        #expect(ActivityType.decidable == [.walking, .running, .cycling, .driving, .stationary])
    }

    @Test func confidenceIsOrderedWithTheDocumentedWeights() throws {
        #expect(Confidence.low < .medium && Confidence.medium < .high)
        #expect(Confidence.allCases.map(\.weight) == [0.3, 0.6, 1.0])
        #expect(Confidence.allCases.max() == .high)
        let data = try JSONEncoder().encode([Confidence.medium])
        #expect(String(data: data, encoding: .utf8) == "[\"medium\"]")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Confidence].self, from: Data("[\"sure\"]".utf8))
        }
    }

    @Test func probabilitiesNormaliseAndBreakTiesByOrder() throws {
        let probabilities = try #require(ActivityProbabilities(weights: [1, 1, 0, 2, 0]))
        #expect(probabilities[.driving] == 0.5 && probabilities[.walking] == 0.25 && probabilities[.unknown] == 0)
        #expect(probabilities.mostProbable == .driving)
        #expect(ActivityProbabilities(weights: [1, 1, 0, 0, 0])?.mostProbable == .walking)
        #expect(ActivityProbabilities(weights: [0, 0, 0, 0, 0]) == nil)
        #expect(ActivityProbabilities(weights: [1, .nan, 0, 0, 0]) == nil)
        #expect(ActivityProbabilities(weights: [1, 2]) == nil)
    }

    @Test func durationsFormatAsHoursMinutesSeconds() {
        #expect(DurationFormat.compact(3723) == "1h 2m 3s")
        #expect(DurationFormat.compact(123.9) == "2m 3s")
        #expect(DurationFormat.compact(0) == "0m 0s")
        #expect(DurationFormat.compact(-61) == "-1m 1s")
        #expect(DurationFormat.compact(.nan) == "n/a")
        #expect(DurationFormat.compact(1e300).hasSuffix("s"))
    }
}

@Suite struct MotionActivityReportTests {
    func report(_ flags: MotionActivityFlags) -> MotionActivityReport {
        MotionActivityReport(flags: flags, confidence: .high, start: 0)
    }

    @Test func severalFlagsAtOnceAreRepresentable() {
        let redLight = report([.automotive, .stationary])
        #expect(redLight.flags.contains(.automotive) && redLight.flags.contains(.stationary))
        #expect(redLight.activity() == .driving)
        #expect(redLight.activity(by: .fitness) == .driving)
        #expect(redLight.activity(by: .declarationOrder) == .stationary)
    }

    @Test func allFalseAndUnknownGiveUnknown() {
        for policy in [ActivityPrecedence.detector, .fitness, .declarationOrder] {
            #expect(report([]).activity(by: policy) == .unknown)
            #expect(report(.unknown).activity(by: policy) == .unknown)
        }
    }

    @Test func theDetectorOrder() {
        #expect(report([.walking, .running]).activity() == .running)
        #expect(report([.walking, .cycling]).activity() == .walking)
        #expect(report([.cycling, .stationary]).activity() == .cycling)
        #expect(report([.stationary, .unknown]).activity() == .stationary)
        #expect(ActivityPrecedence.detector.order == [.driving, .running, .walking, .cycling, .stationary])
    }

    @Test func theFitnessOrder() {
        #expect(report([.walking, .cycling]).activity(by: .fitness) == .cycling)
        #expect(report([.running, .cycling]).activity(by: .fitness) == .running)
        #expect(report([.walking, .stationary]).activity(by: .fitness) == .walking)
        #expect(report([.running, .automotive]).activity(by: .fitness) == .driving)
    }

    @Test func theDeclarationOrder() {
        #expect(report([.walking, .running]).activity(by: .declarationOrder) == .walking)
        #expect(report([.automotive, .cycling]).activity(by: .declarationOrder) == .driving)
    }

    @Test func aCallerSuppliedOrder() throws {
        let cyclingFirst = try ActivityPrecedence(order: [.cycling, .driving])
        #expect(report([.automotive, .cycling]).activity(by: cyclingFirst) == .cycling)
        // Activities the order leaves out never win.
        #expect(report([.walking]).activity(by: cyclingFirst) == .unknown)
        #expect(throws: LocomotionError.self) { try ActivityPrecedence(order: [.walking, .walking]) }
        #expect(throws: LocomotionError.self) { try ActivityPrecedence(order: [.unknown]) }
    }

    @Test func flagsParseFromIdentifiers() throws {
        #expect(try MotionActivityFlags(identifiers: "automotive, stationary") == [.automotive, .stationary])
        #expect(try MotionActivityFlags(identifiers: "") == [])
        #expect(MotionActivityFlags([.stationary, .automotive]).identifiers == "stationary,automotive")
        #expect(throws: LocomotionError.self) { try MotionActivityFlags(identifiers: "driving") }
        #expect(throws: LocomotionError.self) { try MotionActivityFlags(identifiers: "walking,,running") }
        for activity in ActivityType.allCases {
            #expect(ActivityPrecedence.detector.activity(for: MotionActivityFlags(activity)) == activity)
        }
    }
}

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

@Suite struct AndroidActivityTests {
    @Test func ourActivitiesRoundTripThroughAndroid() {
        for activity in ActivityType.allCases {
            for confidence in Confidence.allCases {
                let detected = DetectedActivity(activity, confidence: confidence)
                #expect(detected.kind.activity == activity)
                #expect(detected.level == confidence)
            }
        }
        #expect(DetectedActivity(.driving, confidence: .high).kind.constantName == "IN_VEHICLE")
        #expect(DetectedActivity(.walking, confidence: .medium).confidence == 60)
    }

    @Test func androidKindsMapToOursAndBack() {
        #expect(DetectedActivity.Kind.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5, 7, 8])
        for kind in DetectedActivity.Kind.allCases {
            let back = DetectedActivity.Kind(kind.activity)
            switch kind {
            case .onFoot: #expect(back == .walking)
            case .tilting: #expect(back == .unknown)
            default: #expect(back == kind)
            }
        }
        #expect(DetectedActivity.Kind.tilting.activity == .unknown)
        #expect(DetectedActivity.Kind.still.activity == .stationary)
    }

    @Test func confidenceOutsideZeroToHundredIsRefused() throws {
        #expect(throws: LocomotionError.self) { try DetectedActivity(kind: .still, confidence: 101) }
        #expect(throws: LocomotionError.self) { try DetectedActivity(kind: .still, confidence: -1) }
        #expect(try DetectedActivity(kind: .still, confidence: 74).level == .medium)
        #expect(try DetectedActivity(kind: .still, confidence: 75).level == .high)
        #expect(try DetectedActivity(kind: .still, confidence: 49).level == .low)
    }

    @Test func theMostProbableDetection() throws {
        let list = [
            try DetectedActivity(kind: .onFoot, confidence: 80), try DetectedActivity(kind: .walking, confidence: 80),
            try DetectedActivity(kind: .still, confidence: 20),
        ]
        let best = try #require(DetectedActivity.mostProbable(in: list))
        #expect(best.activity == .walking && best.confidence == .high)
        let running = [
            try DetectedActivity(kind: .onFoot, confidence: 60), try DetectedActivity(kind: .running, confidence: 70),
        ]
        #expect(DetectedActivity.mostProbable(in: running)?.activity == .running)
        #expect(DetectedActivity.mostProbable(in: []) == nil)
    }

    @Test func transitionsFromCommittedActivities() throws {
        let sequence: [(time: Double, activity: ActivityType)] = [
            (0, .walking), (5, .walking), (10, .driving), (20, .unknown), (30, .stationary), (40, .stationary),
        ]
        let transitions = try ActivityTransition.transitions(of: sequence)
        let expected: [ActivityTransition] = [
            .init(activity: .walking, kind: .enter, time: 0), .init(activity: .walking, kind: .exit, time: 10),
            .init(activity: .driving, kind: .enter, time: 10), .init(activity: .driving, kind: .exit, time: 20),
            .init(activity: .stationary, kind: .enter, time: 30),
        ]
        #expect(transitions == expected)
        #expect(try ActivityTransition.transitions(of: [(time: Double, activity: ActivityType)]()).isEmpty)
        #expect {
            try ActivityTransition.transitions(of: [(time: 5, activity: .walking), (time: 4, activity: .driving)])
        } throws: { ($0 as? LocomotionError)?.code == .timeGoesBackwards }
    }
}
