import Locomotion
import Testing

@Suite struct DetectedActivityTests {
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
}
