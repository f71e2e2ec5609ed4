import Locomotion
import Testing

@Suite struct ActivityConfusionTests {
    @Test func countsAndScores() {
        var confusion = ActivityConfusion([
            (truth: .walking, predicted: .walking), (truth: .walking, predicted: .walking),
            (truth: .walking, predicted: .unknown), (truth: .driving, predicted: .stationary),
            (truth: .driving, predicted: .driving), (truth: .stationary, predicted: .stationary),
        ])
        #expect(confusion.total == 6)
        #expect(confusion[.walking, .walking] == 2 && confusion[.driving, .stationary] == 1)
        #expect(confusion.accuracy == 4.0 / 6)
        #expect(confusion.recall(of: .walking) == 2.0 / 3)
        #expect(confusion.precision(of: .stationary) == 0.5)
        #expect(confusion.recall(of: .cycling) == nil && confusion.precision(of: .cycling) == nil)
        // Mean of the recalls of walking (2/3), driving (1/2) and stationary (1).
        #expect(abs(confusion.balancedAccuracy! - (2.0 / 3 + 0.5 + 1) / 3) < 1e-12)
        let copy = confusion
        confusion.merge(copy)
        #expect(confusion.total == 12 && confusion.accuracy == 4.0 / 6)
        #expect(ActivityConfusion().accuracy == nil && ActivityConfusion().balancedAccuracy == nil)
    }

    @Test func datasetLabelsNameActivities() {
        let expected: [(String, ActivityType?)] = [
            ("walking", .walking), ("Walking Upstairs", .walking), ("walking_downstairs", .walking),
            ("jogging", .running), ("sitting", .stationary), ("laying", .stationary), ("Still", .stationary),
            ("bicycling", nil), ("cycling", .cycling), ("Car", .driving), ("bus", .driving), ("tram", .driving),
            ("metro", .driving), ("stand to sit", nil), ("unlabelled", nil), ("badminton", nil), ("stopped", nil),
        ]
        for (label, activity) in expected { #expect(ActivityType(label: label) == activity, "\(label)") }
        for activity in ActivityType.decidable { #expect(ActivityType(label: activity.identifier) == activity) }
    }
}
