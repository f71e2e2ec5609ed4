import Locomotion
import Testing

@Suite struct ActivityTransitionTests {
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
