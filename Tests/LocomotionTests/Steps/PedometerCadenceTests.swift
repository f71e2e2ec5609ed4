import Locomotion
import Testing

@Suite("Pedometer cadence")
struct PedometerCadenceTests {
    @Test func paceNeedsAStepLength() throws {
        // 0.8 s/m is 1.25 m/s; with 0.75 m steps that is 1.667 steps/s, not the seed's 1 / 0.8 = 1.25.
        #expect(abs(try PedometerCadence.cadence(fromPace: 0.8) - 1 / 0.6) < 1e-12)
        #expect(abs(try PedometerCadence.cadence(fromPace: 0.8, stepLength: 0.5) - 2.5) < 1e-12)
    }

    @Test func currentCadenceIsPreferred() throws {
        #expect(try PedometerCadence.cadence(currentCadence: 1.9, currentPace: 0.8) == 1.9)
        #expect(abs(try #require(try PedometerCadence.cadence(currentCadence: nil, currentPace: 1)) - 1 / 0.75) < 1e-12)
        #expect(try PedometerCadence.cadence(currentCadence: nil, currentPace: nil) == nil)
    }

    @Test(arguments: [0.0, -1.0, Double.nan, Double.infinity])
    func invalidPaceIsATypedError(pace: Double) {
        #expect(throws: LocomotionError.self) { _ = try PedometerCadence.cadence(fromPace: pace) }
        #expect(throws: LocomotionError.self) { _ = try PedometerCadence.cadence(fromPace: 1, stepLength: pace) }
    }

    @Test func negativeCadenceIsATypedError() {
        #expect(throws: LocomotionError.self) { _ = try PedometerCadence.cadence(currentCadence: -1, currentPace: nil) }
    }
}
