import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// Gravity removed, a car on a rough road is not a walker: a rhythm faster than walking steps
/// (`VehicleEvidence.Configuration.gravityRemovedGaitPeriod`) counts as gait only when it is as
/// steady as running or pedalling (`gravityRemovedShortPeriodicity`). Simulated signals only.
struct VehicleEvidenceGravityRemovedTests {
    typealias Samples = (t: [Double], x: [Double], y: [Double], z: [Double])

    /// A phone in a car on a rough road, as linear acceleration at 50 Hz: white noise through a
    /// resonator at `ringing` Hz whose ringing decays with time constant `decay` s (a seat or phone
    /// mount struck by the road's bumps at random times), 0.2 g on three axes, plus the car's speed
    /// changes and turns (0.02–0.03 g at 0.04–0.09 Hz).
    static func roughRoad(seconds: Double, ringing: Double = 2.5, decay: Double = 0.45, seed: UInt64) -> Samples {
        let rate = 50.0
        let count = Int(seconds * rate)
        var rng = SplitMix64(seed: seed)
        let omega = 2 * Double.pi * ringing / rate
        let radius = exp(-1 / (decay * rate))
        var axes = [[Double]](repeating: [], count: 3)
        for axis in 0..<3 {
            var previous = 0.0, beforePrevious = 0.0
            for _ in 0..<count {
                let value = 2 * radius * cos(omega) * previous - radius * radius * beforePrevious + rng.nextGaussian()
                beforePrevious = previous
                previous = value
                axes[axis].append(value)
            }
            let rms = (axes[axis].reduce(0) { $0 + $1 * $1 } / Double(count)).squareRoot()
            axes[axis] = axes[axis].map { $0 / rms * 0.2 / 3.0.squareRoot() }
        }
        let t = (0..<count).map { Double($0) / rate }
        for i in 0..<count {
            axes[0][i] += 0.03 * sin(2 * .pi * t[i] / 25)
            axes[1][i] += 0.02 * sin(2 * .pi * t[i] / 11 + 1)
        }
        return (t, axes[0], axes[1], axes[2])
    }

    /// A walker's or runner's trunk as linear acceleration at 50 Hz: steps at `cadence` Hz
    /// (fundamental and second harmonic, mostly along one axis, a little sway at the stride) of
    /// `amplitude` g, with 0.01 g of noise.
    static func gait(seconds: Double, cadence: Double, amplitude: Double, seed: UInt64) -> Samples {
        var rng = SplitMix64(seed: seed)
        var samples: Samples = ([], [], [], [])
        for i in 0..<Int(seconds * 50) {
            let time = Double(i) / 50
            let phase = 2 * Double.pi * cadence * time
            samples.t.append(time)
            samples.x.append(0.3 * amplitude * sin(phase / 2) + 0.01 * rng.nextGaussian())
            samples.y.append(amplitude * (sin(phase) + 0.4 * sin(2 * phase + 0.5)) + 0.01 * rng.nextGaussian())
            samples.z.append(0.4 * amplitude * sin(phase + 1) + 0.01 * rng.nextGaussian())
        }
        return samples
    }

    static func analyze(_ s: Samples, evidence: VehicleEvidence.Configuration = .init()) throws -> VehicleAnalysis {
        try VehicleRideDetector.analyze(times: s.t, x: s.x, y: s.y, z: s.z, gravityIncluded: false, evidence: evidence)
    }

    static func share(_ analysis: VehicleAnalysis, _ kind: VehicleWindowKind) -> Double {
        let known = analysis.windows.filter { $0.kind != .unknown }
        return Double(known.filter { $0.kind == kind }.count) / Double(max(known.count, 1))
    }

    @Test func aRoughRoadsRingingIsNotGait() throws {
        let road = Self.roughRoad(seconds: 120, seed: 3)
        let analysis = try Self.analyze(road)
        let known = analysis.windows.filter { $0.kind != .unknown }
        #expect(known.count > 100)
        // Strong enough for the periodic on-foot rule, and as periodic as a walker at 0.3–1.4 s...
        #expect(known.allSatisfy { $0.dynamicRMS >= VehicleEvidence.Configuration().onFootRMS })
        let periodic = known.filter { $0.periodicity >= VehicleEvidence.Configuration().onFootPeriodicity }
        #expect(Double(periodic.count) > 0.5 * Double(known.count))
        // With the 0.3–0.4 s lags credited as gait at 0.4 (the rule with gravity), most windows are
        // on foot and the ride is lost...
        var asWithGravity = VehicleEvidence.Configuration()
        asWithGravity.gravityRemovedShortPeriodicity = asWithGravity.onFootPeriodicity
        let before = try Self.analyze(road, evidence: asWithGravity)
        #expect(Self.share(before, .onFoot) > 0.5)
        #expect(before.rides.isEmpty)
        // ...but the rhythm is faster than walking steps and not as steady as running: a few
        // windows whose ringing happens to repeat into the walking band stay on foot, not enough
        // to keep the ride out.
        #expect(Self.share(analysis, .onFoot) < 0.25 * Self.share(before, .onFoot))
        #expect(analysis.rides.count == 1)
    }

    @Test func walkingAndRunningWithoutGravityStayOnFoot() throws {
        // 1.3 Hz: a slow walker's steps at 0.77 s, where the stride check applies too.
        for (cadence, amplitude) in [(1.3, 0.25), (1.5, 0.25), (1.8, 0.25), (2.1, 0.3)] {
            let walk = try Self.analyze(Self.gait(seconds: 90, cadence: cadence, amplitude: amplitude, seed: 5))
            #expect(Self.share(walk, .onFoot) == 1, "walking at \(cadence) Hz")
            #expect(walk.rides.isEmpty)
        }
        // Running steps at 2.8 Hz (0.36 s, below the walking band), under the violent floor: on foot.
        let run = try Self.analyze(Self.gait(seconds: 90, cadence: 2.8, amplitude: 0.4, seed: 6))
        let known = run.windows.filter { $0.kind != .unknown }
        #expect(known.allSatisfy { $0.dynamicRMS < VehicleEvidence.Configuration().violentRMS })
        #expect(Self.share(run, .onFoot) == 1)
        #expect(run.rides.isEmpty)
    }

    /// With gravity the vertical decides, as before: the same ringing along the vertical, below the
    /// vertical on-foot floor, is on foot whenever its 0.3–1.4 s rhythm reaches the periodicity.
    @Test func withGravityTheRhythmRuleIsUnchanged() throws {
        let road = Self.roughRoad(seconds: 90, seed: 3)
        let scale = 0.145 / 0.2 * 3.0.squareRoot()
        let vertical = road.z.map { 1 + $0 * scale }
        let zero = [Double](repeating: 0, count: road.t.count)
        let analysis = try VehicleRideDetector.analyze(
            times: road.t, x: zero, y: zero, z: vertical, gravityIncluded: true)
        let c = VehicleEvidence.Configuration()
        let decidedByRhythm = analysis.windows.filter {
            $0.kind != .unknown && $0.dynamicRMS >= c.onFootRMS && $0.vibration < c.onFootVerticalVibration
        }
        #expect(decidedByRhythm.count > 20)
        for window in decidedByRhythm {
            #expect((window.kind == .onFoot) == (window.periodicity >= c.onFootPeriodicity), "\(window)")
        }
        #expect(decidedByRhythm.contains { $0.kind == .onFoot })
    }

    /// A seat or mount ringing at 1.8 Hz, a walker's cadence, repeats at a step's lag (0.5–0.6 s)
    /// as regularly as steps, but fades: at twice the lag little is left
    /// (`gravityRemovedStrideRegularity`), where a walker's next step comes back.
    @Test func aRingingAtAStepsPeriodThatFadesIsNotGait() throws {
        let road = Self.roughRoad(seconds: 120, ringing: 1.8, decay: 0.55, seed: 3)
        let c = VehicleEvidence.Configuration()
        var withoutStride = c
        withoutStride.gravityRemovedStrideRegularity = 0
        let before = try Self.analyze(road, evidence: withoutStride)
        let after = try Self.analyze(road)
        #expect(before.windows.filter { $0.kind != .unknown }.allSatisfy { $0.dynamicRMS >= c.onFootRMS })
        // Without the check, about 40 % of the windows are "gait"; with it, little more than half of those.
        #expect(Self.share(before, .onFoot) > 0.3)
        #expect(Self.share(after, .onFoot) < 0.65 * Self.share(before, .onFoot))
        // The check only takes windows away from on foot, never adds any.
        for (old, new) in zip(before.windows, after.windows) where new.kind == .onFoot {
            #expect(old.kind == .onFoot)
        }
    }

    @Test func theStrideCheckFindsTheRepeatOfAStep() {
        // A steady rhythm at 0.6 s: autocorrelation peaks at lag 6 and comes back at 12.
        let steady = (0..<100).map { sin(2 * Double.pi * Double($0) / 6) }
        let energy = steady.reduce(0) { $0 + $1 * $1 }
        let (peak, lag) = VehicleEvidence.periodicityPeak(steady, energy: energy, lags: 5...14)
        #expect(lag == 6 && peak > 0.9)
        #expect(VehicleEvidence.autocorrelation(steady, energy: energy, lag: 12) > 0.85)
        #expect(VehicleEvidence.gravityRemovedGaitRhythm(steady, energy: energy, configuration: .init()))
        // No peak at all: (0, first lag).
        let flat = [Double](repeating: 1, count: 100)
        #expect(VehicleEvidence.periodicityPeak(flat, energy: 100, lags: 5...14) == (0, 5))
        #expect(VehicleEvidence.autocorrelation(flat, energy: 100, lag: 200) == 0)
        // A rhythm at 1 s (a stride's lag, above `gravityRemovedLongestStepPeriod`) whose phase
        // flips every 4 s: 0.5 at lag 10, nothing at 20. Gait by default (a stride needs no
        // repeat), not when every lag is read as a step's.
        let flipping = (0..<100).map { sin(2 * Double.pi * Double($0) / 10) * ($0 / 40 % 2 == 0 ? 1 : -1) }
        let flippingEnergy = flipping.reduce(0) { $0 + $1 * $1 }
        #expect(VehicleEvidence.periodicityPeak(flipping, energy: flippingEnergy, lags: 5...14).1 == 10)
        #expect(abs(VehicleEvidence.autocorrelation(flipping, energy: flippingEnergy, lag: 20)) < 0.05)
        #expect(VehicleEvidence.gravityRemovedGaitRhythm(flipping, energy: flippingEnergy, configuration: .init()))
        var everyLag = VehicleEvidence.Configuration()
        everyLag.gravityRemovedLongestStepPeriod = everyLag.longestPeriod
        #expect(!VehicleEvidence.gravityRemovedGaitRhythm(flipping, energy: flippingEnergy, configuration: everyLag))
    }

    @Test func theGaitBandIsValidated() {
        for (period, periodicity) in [(-1.0, 0.6), (Double.nan, 0.6), (0.5, -0.1), (0.5, .infinity)] {
            var configuration = VehicleEvidence.Configuration()
            configuration.gravityRemovedGaitPeriod = period
            configuration.gravityRemovedShortPeriodicity = periodicity
            #expect(throws: LocomotionError.self) { try configuration.validate() }
        }
        for value in [-0.1, Double.nan, .infinity] {
            var regularity = VehicleEvidence.Configuration()
            regularity.gravityRemovedStrideRegularity = value
            #expect(throws: LocomotionError.self) { try regularity.validate() }
            var step = VehicleEvidence.Configuration()
            step.gravityRemovedLongestStepPeriod = value
            #expect(throws: LocomotionError.self) { try step.validate() }
        }
    }
}
