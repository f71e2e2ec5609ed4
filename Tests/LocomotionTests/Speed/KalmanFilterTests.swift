import Locomotion
import Testing

@Suite("KalmanFilter (the seed's)")
struct SpeedSeedKalmanTests {
    /// Worked by hand with the walking preset (q 0.05, r 0.3) from 0: P⁻ = 1.05, K = 1.05/1.35 =
    /// 7/9, x = 7/9, P = 2/9 · 1.05 = 7/30; then P⁻ = 17/60, K = 17/35, x = 7/9 + 17/35 · 2/9 =
    /// 279/315, P = 18/35 · 17/60 = 51/350.
    @Test func walkingPresetByHand() {
        var filter = KalmanFilter.walking()
        #expect(filter.errorCovariance == 1.0 && filter.estimate == 0)
        #expect(abs(filter.update(measurement: 1) - 7.0 / 9) < 1e-15)
        #expect(abs(filter.errorCovariance - 7.0 / 30) < 1e-15)
        #expect(abs(filter.update(measurement: 1) - 279.0 / 315) < 1e-15)
        #expect(abs(filter.errorCovariance - 51.0 / 350) < 1e-15)
    }

    /// The seed's driving preset follows three quarters of a spike at once: P⁻ = 1.5, K = 0.75.
    @Test func drivingPresetFollowsSpikes() {
        var filter = KalmanFilter.driving(initial: 0)
        #expect(filter.processNoise == 0.5 && filter.measurementNoise == 0.5)
        #expect(filter.update(measurement: 10) == 7.5)
    }

    @Test func defaultsAreTheSeeds() {
        let filter = KalmanFilter(initial: 3)
        #expect(filter.processNoise == 0.1 && filter.measurementNoise == 1.0 && filter.estimate == 3)
        let walking = KalmanFilter.walking(initial: 1.4)
        #expect(walking.processNoise == 0.05 && walking.measurementNoise == 0.3 && walking.estimate == 1.4)
    }

    @Test func nonFiniteMeasurementsLeaveTheEstimate() {
        var filter = KalmanFilter.walking()
        filter.update(measurement: 1.2)
        let before = filter
        #expect(filter.update(measurement: .nan) == before.estimate)
        #expect(filter.update(measurement: -.infinity) == before.estimate)
        #expect(filter == before)
    }

    @Test func validatingInitializerNamesTheBadParameter() throws {
        #expect(
            throws: LocomotionError.invalidParameter(name: "initial", value: "nan", requirement: "it must be finite")
        ) {
            try KalmanFilter(validatingInitial: .nan)
        }
        #expect(throws: LocomotionError.self) { try KalmanFilter(validatingInitial: 0, processNoise: -0.1) }
        #expect(throws: LocomotionError.self) { try KalmanFilter(validatingInitial: 0, measurementNoise: .infinity) }
        #expect(throws: LocomotionError.self) {
            try KalmanFilter(validatingInitial: 0, processNoise: 0, measurementNoise: 0)
        }
        let filter = try KalmanFilter(validatingInitial: 2, processNoise: 0.5, measurementNoise: 0.5)
        #expect(filter == .driving(initial: 2))
    }
}
