import Foundation
import Locomotion
import Testing

/// The fixtures written by `Fixtures/generate_speed.py` (numpy).
enum SpeedFixture {
    struct SeedKalman: Decodable {
        struct Case: Decodable {
            struct Step: Decodable {
                var estimate: Double
                var errorCovariance: Double
            }
            var name: String
            var initial: Double
            var processNoise: Double
            var measurementNoise: Double
            var measurements: [Double]
            var expected: [Step]
        }
        var cases: [Case]
    }

    struct Filter: Decodable {
        struct Configuration: Decodable {
            var model: String
            var processNoise: Double
            var processNoisePerSpeed: Double
            var initialAccelerationStandardDeviation: Double
            var gateSigmas: Double
            var reinitializeAfterRejections: Int
            var defaultSpeedAccuracy: Double
            var minimumSpeedAccuracy: Double
            var noisyAccuracyLimit: Double
            var maximumNoiseInterval: Double
        }
        struct Expected: Decodable {
            var status: [String]
            var sigmas: [Double?]
            var speed: [Double?]
            var standardDeviation: [Double?]
            var acceleration: [Double?]
            var smoothedSpeed: [Double?]
            var smoothedStandardDeviation: [Double?]
            var smoothedAcceleration: [Double?]
        }
        struct Case: Decodable {
            var name: String
            var configuration: Configuration
            /// `[time, speed, speedAccuracy or null]`.
            var fixes: [[Double?]]
            var expected: Expected
        }
        var cases: [Case]
    }

    static func load<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"),
            "Fixtures/\(name).json is missing; run Tests/LocomotionTests/Fixtures/generate_speed.py")
        return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
    }
}

@Suite("Speed filters against the numpy reference")
struct SpeedReferenceTests {
    static let tolerance = 1e-9

    @Test func seedFilterMatchesTheReferenceArithmetic() throws {
        let fixture = try SpeedFixture.load(SpeedFixture.SeedKalman.self, "speed_seed_kalman")
        #expect(fixture.cases.count == 4)
        for testCase in fixture.cases {
            var filter = KalmanFilter(
                initial: testCase.initial, processNoise: testCase.processNoise,
                measurementNoise: testCase.measurementNoise)
            for (measurement, expected) in zip(testCase.measurements, testCase.expected) {
                let estimate = filter.update(measurement: measurement)
                #expect(abs(estimate - expected.estimate) <= Self.tolerance, "\(testCase.name)")
                #expect(abs(filter.errorCovariance - expected.errorCovariance) <= Self.tolerance, "\(testCase.name)")
            }
        }
    }

    @Test(arguments: [
        "walkWithEverything-randomWalk", "walkerGetsIntoCar-randomWalk", "walkWithEverything-constantVelocity",
        "walkerGetsIntoCar-constantVelocity",
    ])
    func filterAndSmootherMatchTheReference(name: String) throws {
        let fixture = try SpeedFixture.load(SpeedFixture.Filter.self, "speed_filter")
        let testCase = try #require(fixture.cases.first { $0.name == name })
        let c = testCase.configuration
        let configuration = try SpeedKalmanFilter.Configuration(
            model: try #require(SpeedKalmanFilter.Configuration.Model(rawValue: c.model)),
            processNoise: c.processNoise, processNoisePerSpeed: c.processNoisePerSpeed,
            initialAccelerationStandardDeviation: c.initialAccelerationStandardDeviation, gateSigmas: c.gateSigmas,
            reinitializeAfterRejections: c.reinitializeAfterRejections, defaultSpeedAccuracy: c.defaultSpeedAccuracy,
            minimumSpeedAccuracy: c.minimumSpeedAccuracy, noisyAccuracyLimit: c.noisyAccuracyLimit,
            maximumNoiseInterval: c.maximumNoiseInterval)
        let defaults: SpeedKalmanFilter.Configuration = c.model == "randomWalk" ? .randomWalk : .constantVelocity
        #expect(configuration == defaults, "the fixtures exercise the shipped defaults")

        let fixes = try testCase.fixes.map { row in
            try LocationFix(time: try #require(row[0]), speed: try #require(row[1]), speedAccuracy: row[2])
        }
        let smoother = SpeedSmoother(configuration: configuration)
        let filtered = smoother.filter(fixes)
        let smoothed = smoother.smooth(fixes)
        let expected = testCase.expected
        try #require(filtered.count == expected.status.count && smoothed.count == expected.status.count)

        func close(_ actual: Double?, _ reference: Double?) -> Bool {
            switch (actual, reference) {
            case (nil, nil): true
            case (let a?, let r?): abs(a - r) <= Self.tolerance
            default: false
            }
        }
        for index in fixes.indices {
            let (forward, backward) = (filtered[index], smoothed[index])
            let context = Comment(rawValue: "\(name), fix \(index): \(forward)")
            #expect(forward.status.name == expected.status[index], context)
            #expect(backward.status == forward.status, context)
            #expect(close(forward.status.innovationSigmas, expected.sigmas[index]), context)
            #expect(close(forward.speed, expected.speed[index]), context)
            #expect(close(forward.standardDeviation, expected.standardDeviation[index]), context)
            #expect(close(forward.acceleration, expected.acceleration[index]), context)
            #expect(close(backward.speed, expected.smoothedSpeed[index]), context)
            #expect(close(backward.standardDeviation, expected.smoothedStandardDeviation[index]), context)
            #expect(close(backward.acceleration, expected.smoothedAcceleration[index]), context)
        }
    }
}
