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
}
