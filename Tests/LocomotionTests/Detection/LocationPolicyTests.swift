import Locomotion
import Testing

@Suite struct LocationPolicyTests {
    @Test func recommendedPolicies() throws {
        #expect(LocationPolicy.recommended(for: .driving) == (try LocationPolicy(accuracy: .best, distanceFilter: 5)))
        #expect(LocationPolicy.recommended(for: .walking).accuracy == .nearestTenMeters)
        #expect(LocationPolicy.recommended(for: .stationary).distanceFilter == 50)
        #expect(LocationPolicy.recommended(for: .unknown).distanceFilter == 2)
        // Less precision never comes with a shorter distance filter.
        for activity in ActivityType.allCases where activity != .unknown {
            #expect(LocationPolicy.recommended(for: activity).distanceFilter >= 5)
        }
        #expect(throws: LocomotionError.self) { try LocationPolicy(accuracy: .best, distanceFilter: -1) }
        #expect(throws: LocomotionError.self) { try LocationPolicy(accuracy: .best, distanceFilter: .nan) }
    }
}
