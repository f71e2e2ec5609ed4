import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// A recording shorter than the 30 s of entering evidence is judged whole at its end.
@Suite struct InVehicleStateMachineShortRecordingTests {
    /// Feeds `kinds` one a second and ends the recording; the decisions after `finishRecording()`.
    private func decide(_ kinds: [VehicleWindowKind]) throws -> (inVehicle: [Bool], final: InVehicleDecision?) {
        var machine = try InVehicleStateMachine()
        var inVehicle: [Bool] = []
        var t = 0.0
        for kind in kinds {
            t += 1
            inVehicle.append(machine.update(.test(t, kind)).inVehicle)
        }
        let final = machine.finishRecording()
        if let final {
            for back in 0...final.revisedWindowCount { inVehicle[inVehicle.count - 1 - back] = final.inVehicle }
        }
        return (inVehicle, final)
    }

    @Test func aShortDriveIsARideFromItsFirstWindow() throws {
        // 11 windows: a 20 s log with 10 s windows every 1 s.
        let (short, shortFinal) = try decide(Array(repeating: .vehicleLike, count: 11))
        #expect(try #require(shortFinal).revisedWindowCount == 10)
        #expect(short.allSatisfy { $0 })
        // 20 windows (a 29 s log) with one quiet window, a stop: 95 % vehicle-like, as entering takes.
        let kinds =
            Array(repeating: VehicleWindowKind.vehicleLike, count: 6) + [.quiet]
            + Array(repeating: .vehicleLike, count: 13)
        let (inVehicle, final) = try decide(kinds)
        let decision = try #require(final)
        #expect(decision.isTransition)
        #expect(decision.revisedWindowCount == 19)
        #expect(decision.endTime == 20)
        #expect(inVehicle.allSatisfy { $0 })
    }

    @Test func oneStepOrTooFewWindowsOrTooMuchQuietLeaveItOutside() throws {
        var withStep = Array(repeating: VehicleWindowKind.vehicleLike, count: 20)
        withStep[7] = .onFoot
        #expect(try decide(withStep).final == nil)
        #expect(try decide(Array(repeating: .vehicleLike, count: 9)).final == nil)
        // Two quiet windows of 20 is 90 % vehicle-like, under the 95 % that entering takes.
        var quiet = Array(repeating: VehicleWindowKind.vehicleLike, count: 20)
        quiet[3] = .quiet
        quiet[15] = .quiet
        #expect(try decide(quiet).final == nil)
        #expect(try decide(Array(repeating: .quiet, count: 20)).final == nil)
    }

    @Test func aLongRecordingEntersAsBeforeAndTheRuleCanBeTurnedOff() throws {
        // 30 windows or more: the ordinary entering rule decides; the end changes nothing.
        let (inVehicle, final) = try decide(Array(repeating: .vehicleLike, count: 30))
        #expect(final == nil)
        #expect(inVehicle.last == true)
        var configuration = InVehicleStateMachine.Configuration()
        configuration.shortRecordingMinimumWindows = 0
        var machine = try InVehicleStateMachine(configuration: configuration)
        for t in 1...20 { _ = machine.update(.test(Double(t), .vehicleLike)) }
        #expect(machine.finishRecording() == nil)
        configuration.shortRecordingMinimumWindows = 31
        #expect(throws: LocomotionError.self) { try InVehicleStateMachine(configuration: configuration) }
    }

    @Test func aShortRoughRideAnalysedWholeIsOneRide() throws {
        // 20 s of a car: road vibration of about 0.06 g vertically, gentle braking and sway.
        var rng = SplitMix64(seed: 5)
        var t: [Double] = [], x: [Double] = [], y: [Double] = [], z: [Double] = []
        let rate = 50.0
        var smooth = 0.0
        for i in 0..<Int(20 * rate) {
            let time = Double(i) / rate
            smooth = 0.7 * smooth + 0.3 * rng.nextGaussian()
            t.append(time)
            x.append(0.08 * sin(2 * .pi * time / 30))
            y.append(0.05 * sin(2 * .pi * time / 17))
            z.append(1 + 0.06 * smooth / 0.42)
        }
        let analysis = try VehicleRideDetector.analyze(times: t, x: x, y: y, z: z, gravityIncluded: true)
        #expect(analysis.rides.count == 1)
        #expect(analysis.inVehicle.allSatisfy { $0 })
        var off = InVehicleStateMachine.Configuration()
        off.shortRecordingMinimumWindows = 0
        let without = try VehicleRideDetector.analyze(times: t, x: x, y: y, z: z, gravityIncluded: true, state: off)
        #expect(without.rides.isEmpty)
    }
}
