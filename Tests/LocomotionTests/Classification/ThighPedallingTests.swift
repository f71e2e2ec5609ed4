import Foundation
@_spi(Testing) import Locomotion
import Testing

/// Cycling with the phone on the thigh (``ThighPedalling``, ``GravityRotation``), on simulated
/// thighs: no cycling recording we hold has a licence that allows an excerpt.
@Suite struct ThighPedallingTests {
    /// A phone on a thigh, in an arbitrary fixed attitude, at `rate` Hz.
    ///
    /// The thigh's inclination from vertical is `tilt + swing · sin(2π · turnRate · t)` (degrees);
    /// gravity reads along the thigh and across it in the sagittal plane. `push(t)` (g) is added
    /// across the thigh (a pedal stroke or a heel strike), and seeded noise of 0.02 g to every axis.
    static func thigh(
        seconds: Double = 30, rate: Double = 50, tilt: Double, swing: Double, turnRate: Double, seed: UInt64,
        push: (Double) -> Double
    ) -> Recording {
        var random = SeededRandomGenerator(seed: seed)
        func noise() -> Double { 0.02 * Double.random(in: -1.7...1.7, using: &random) }
        let n = Int(seconds * rate)
        let time = (0..<n).map { Double($0) / rate }
        var (x, y, z) = ([Double](), [Double](), [Double]())
        // The phone's attitude in the pocket: turned 35° about the thigh and 20° about its side.
        let (a, b) = (35 * Double.pi / 180, 20 * Double.pi / 180)
        for t in time {
            let theta = (tilt + swing * sin(2 * .pi * turnRate * t)) * .pi / 180
            // Thigh frame: along the thigh, sideways, across it.
            let along = cos(theta)
            let across = sin(theta) + push(t)
            let side = 0.0
            let r1 = (along, side * cos(a) - across * sin(a), side * sin(a) + across * cos(a))
            let r2 = (r1.0 * cos(b) + r1.2 * sin(b), r1.1, -r1.0 * sin(b) + r1.2 * cos(b))
            x.append(r2.0 + noise())
            y.append(r2.1 + noise())
            z.append(r2.2 + noise())
        }
        return Recording(source: "thigh", time: time, acceleration: ThreeAxisSeries(x: x, y: y, z: z))
    }

    /// Pedalling at 1.3 revolutions per second (78 rpm): the thigh turns ±22° about 60° from vertical,
    /// and each down-stroke pushes once per revolution, smoothly: a broad push, so |a| is skewed to its
    /// troughs (skewness −0.3 to −0.5 per window).
    static func pedalling(seed: UInt64 = 1) -> Recording {
        thigh(tilt: 60, swing: 22, turnRate: 1.3, seed: seed) { t in
            0.25 * sin(2 * .pi * 1.3 * t + 0.7) - 0.08 * sin(4 * .pi * 1.3 * t)
        }
    }

    @Test func aPedallingThighIsCyclingInTheDefaultAnalysis() throws {
        let recording = Self.pedalling()
        let analysis = try recording.analyzeActivities()
        let cycling = analysis.timeline.segments.filter { $0.activity == .cycling }
            .reduce(0) { $0 + $1.duration }
        // The hysteresis holds the first 5 s; after it the ride is cycling throughout.
        #expect(cycling >= 20, "\(analysis.timeline.segments.map { ($0.activity, $0.duration) })")
        let decisions = try FeatureRuleClassifier().decisions(recording.features())
        #expect(decisions.filter { $0.result.activity == .cycling }.count >= decisions.count * 9 / 10)
    }

    @Test func theSameMagnitudeWithoutTheThighTurningIsNotCycling() throws {
        // The strokes' |a| (a period of 1.3 /s, above the old pedalling range) along a fixed direction:
        // gait by the magnitude, and no turning for the thigh rule to read.
        let rate = 50.0
        var random = SeededRandomGenerator(seed: 4)
        let time = (0..<1500).map { Double($0) / rate }
        let direction = (0.5, -0.3, (1 - 0.25 - 0.09).squareRoot())
        func axis(_ unit: Double) -> [Double] {
            time.map { t in
                unit * (1 + 0.25 * sin(2 * .pi * 1.3 * t + 0.7) - 0.08 * sin(4 * .pi * 1.3 * t))
                    + 0.02 * Double.random(in: -1.7...1.7, using: &random)
            }
        }
        let still = Recording(
            source: "strokes", time: time,
            acceleration: ThreeAxisSeries(x: axis(direction.0), y: axis(direction.1), z: axis(direction.2)))
        let table = try still.features()
        let sway = try #require(table.schema.index(of: "acc_gravity_sway"))
        #expect(table.windows.indices.allSatisfy { table[$0].values[sway] < ThighPedalling.gentleSway })
        let decisions = try FeatureRuleClassifier().decisions(table)
        #expect(decisions.filter { $0.result.activity == .cycling }.isEmpty)
    }

    @Test func aWalkingThighTurnsOncePerTwoStepsAndIsNotCycling() throws {
        // A stride of 0.9 /s swings the thigh ±25° about 10° from vertical; each of the 1.8 steps/s
        // strikes the heel (a 40 ms pulse across the thigh).
        let walk = Self.thigh(tilt: 10, swing: 25, turnRate: 0.9, seed: 2) { t in
            let phase = (t * 1.8).truncatingRemainder(dividingBy: 1) / 1.8
            return 0.6 * exp(-pow((phase - 0.05) / 0.04, 2))
        }
        let table = try walk.features()
        let correlation = try #require(table.schema.index(of: "acc_gravity_step_correlation"))
        let values = table.windows.indices.map { table[$0].values[correlation] }.filter(\.isFinite)
        #expect(!values.isEmpty)
        #expect(values.allSatisfy { $0 < ThighPedalling.stepCorrelation }, "\(values)")
        let decisions = try FeatureRuleClassifier().decisions(table)
        #expect(decisions.filter { $0.result.activity == .cycling }.isEmpty)
    }

    @Test func gravityRotationReadsTheSwayAndThePeriodOfTheTurning() throws {
        // The thigh turning alone, ±22° at 1.3 /s: the 0.26 s average (13 samples) keeps
        // sin(π·1.3·0.26)/(π·1.3·0.26) = 0.82 of it, and the 95th percentile of |sin| is 0.997: 18°.
        let turning = Self.thigh(tilt: 60, swing: 22, turnRate: 1.3, seed: 3) { _ in 0 }
        let sway = try #require(try turning.features().schema.index(of: "acc_gravity_sway"))
        let turningTable = try turning.features()
        for index in turningTable.windows.indices {
            #expect((16...20).contains(turningTable[index].values[sway]), "\(turningTable[index].values[sway])")
        }
        // With the strokes, |a| has a period of one revolution, and the turning repeats at it.
        let table = try Self.pedalling(seed: 3).features()
        let correlation = try #require(table.schema.index(of: "acc_gravity_step_correlation"))
        for index in table.windows.indices {
            #expect(table[index].values[correlation] > 0.9, "\(table[index].values[correlation])")
        }
    }

    @Test func theRuleNeedsSwayCorrelationNoImpactAndAPedallingCadence() {
        func pedalling(_ sway: Double, _ correlation: Double, _ skewness: Double, _ cadence: Double) -> Bool {
            ThighPedalling.isPedalling(
                sway: sway, stepCorrelation: correlation, skewness: skewness, autocorrelationCadence: cadence)
        }
        #expect(pedalling(15, 0.9, -0.7, 1.4))
        #expect(pedalling(9, 0.65, -0.7, 1.4))
        // A phone held still in a pocket sways a few degrees.
        #expect(!pedalling(7, 0.9, -0.7, 1.4))
        #expect(!pedalling(15, 0.55, -0.7, 1.4))
        #expect(!pedalling(10, 0.65, -0.7, 1.5))
        #expect(!pedalling(15, -0.5, -0.7, 1.4))
        // Impacts (a waist phone on stairs: skewness 0.5–1.4).
        #expect(!pedalling(15, 0.9, 0.5, 1.4))
        // A waist phone walking at 1.5–1.6 steps/s can turn once per step by up to 12°.
        #expect(!pedalling(10, 0.9, -0.7, 1.5))
        #expect(pedalling(15, 0.9, -0.7, 1.5))
        #expect(!pedalling(15, 0.9, -0.7, 1.7))
        #expect(!pedalling(.nan, 0.9, -0.7, 1.4))
        #expect(!pedalling(15, .nan, -0.7, 1.4))
        #expect(!pedalling(15, 0.9, .nan, 1.4))
    }

    @Test func withoutGravityTheColumnsAreMissingAndTheRuleDoesNotFire() throws {
        var recording = Self.pedalling()
        let a = try #require(recording.acceleration)
        recording.acceleration = nil
        recording.linearAcceleration = a
        let table = try recording.features()
        let sway = try #require(table.schema.index(of: "acc_gravity_sway"))
        #expect(table.windows.indices.allSatisfy { table[$0].values[sway].isNaN })
    }
}
