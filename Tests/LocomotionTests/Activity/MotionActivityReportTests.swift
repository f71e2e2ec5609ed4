import Locomotion
import Testing

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
        let repeated = #expect(throws: LocomotionError.self) { try ActivityPrecedence(order: [.walking, .walking]) }
        #expect(repeated?.parameter == "order")
        #expect(
            repeated?.message.hasSuffix("is invalid; it must name each activity once; 'walking' appears twice") == true)
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
