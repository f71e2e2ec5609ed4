import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

@Suite struct FloorCounterTests {
    /// Feeds pressure at 1 Hz: `height(t)` in metres above the start, plus noise and a drift in Pa/s.
    func run(seconds: Int, noise: Double = 0.3, drift: Double = 0, height: (Double) -> Double) throws -> FloorCounter {
        var counter = try FloorCounter()
        var random = SplitMix64(seed: 11)
        for second in 0...seconds {
            let t = Double(second)
            let pressure = 101_325 - 12 * height(t) + drift * t + noise * random.nextGaussian()
            try counter.update(pressure: pressure, at: t)
        }
        return counter
    }

    @Test func threeFloorsUpThenTwoDown() throws {
        // 15 s per floor, with a landing of 20 s between floors.
        func height(_ t: Double) -> Double {
            let up = min(max(t - 10, 0), 3 * 35) / 35  // floors climbed by t
            let climbed = 3 * (floor(up) + min((up - floor(up)) * 35 / 15, 1))
            let down = min(max(t - 200, 0), 2 * 35) / 35
            let descended = 3 * (floor(down) + min((down - floor(down)) * 35 / 15, 1))
            return climbed - descended
        }
        let counter = try run(seconds: 320, height: height)
        #expect(counter.floorsAscended == 3)
        #expect(counter.floorsDescended == 2)
    }

    @Test func noiseAndWeatherCountNothing() throws {
        // Standing still for 3 hours while the weather lowers the pressure by 1 hPa (looks like 8 m).
        let counter = try run(seconds: 3 * 3600, noise: 1, drift: -100.0 / (3 * 3600)) { _ in 0 }
        #expect(counter.floorsAscended == 0 && counter.floorsDescended == 0)
        // Wobbling by half a floor around a level never counts.
        let wobble = try run(seconds: 600) { t in 1.5 * sin(t / 10) }
        #expect(wobble.floorsAscended == 0 && wobble.floorsDescended == 0)
    }

    @Test func badInputIsAnError() throws {
        var counter = try FloorCounter()
        try counter.update(pressure: 101_325, at: 10)
        #expect { try counter.update(pressure: 101_300, at: 9) } throws: {
            ($0 as? LocomotionError)?.code == .timeGoesBackwards
        }
        #expect { try counter.update(pressure: .nan, at: 11) } throws: {
            ($0 as? LocomotionError)?.code == .invalidData
        }
        #expect { try counter.update(pressure: -5, at: 11) } throws: { ($0 as? LocomotionError)?.code == .invalidData }
        var configuration = FloorCounter.Configuration()
        configuration.floorHeight = 0
        #expect(throws: LocomotionError.self) { try FloorCounter(configuration: configuration) }
        configuration = FloorCounter.Configuration()
        configuration.countingFraction = 0.5
        #expect(throws: LocomotionError.self) { try FloorCounter(configuration: configuration) }
    }

    @Test func aHeightChangeOfManyFloorsCountsThemAtOnce() throws {
        var counter = try FloorCounter()
        try counter.update(pressure: 101_325, at: 0)
        // 30 m up (360 Pa) seen after a 100 s gap: smoothing has caught up (1 - e^-50), the
        // reference has followed 1 - e^(-100/600) = 15.4 % of it (4.6 m), so the height is 25.4 m
        // above it: 8 floors (the eighth at 21 + 2.1 m).
        try counter.update(pressure: 101_325 - 12 * 30, at: 100)
        #expect(counter.floorsAscended == 8 && counter.floorsDescended == 0)
        // And back down after another gap: the reference (4.6 + 24 = 28.6 m, followed down by 15.4 %
        // of the way to 0) is 24.2 m above the height: 8 floors down, the eighth at 21 + 2.1 m.
        try counter.update(pressure: 101_325, at: 200)
        #expect(counter.floorsAscended == 8 && counter.floorsDescended == 8)
    }

    @Test func anImplausiblePressureIsRefusedAtOnceAndChangesNothing() throws {
        var counter = try FloorCounter()
        try counter.update(pressure: 101_325, at: 0)
        let before = counter
        // 1e302 Pa made a loop of one floor at a time run for ever (FuzzDetector, 2026-12-03).
        for pressure in [1e302, 1013.25, 1e9, 0, .infinity] {
            #expect { try counter.update(pressure: pressure, at: 1) } throws: {
                ($0 as? LocomotionError)?.code == .invalidData
            }
        }
        #expect(counter == before)
        // With settings that turn a plausible change into a huge height, the sample is refused too.
        var configuration = FloorCounter.Configuration()
        configuration.pascalsPerMetre = 1e-300
        var extreme = try FloorCounter(configuration: configuration)
        try extreme.update(pressure: 101_325, at: 0)
        let extremeBefore = extreme
        #expect { try extreme.update(pressure: 101_000, at: 100) } throws: {
            ($0 as? LocomotionError)?.code == .invalidData
        }
        #expect(extreme == extremeBefore)
    }
}
