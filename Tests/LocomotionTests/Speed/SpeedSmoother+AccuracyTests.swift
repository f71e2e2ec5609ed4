import Foundation
import Locomotion
import Testing

/// The recommended smoother against the truth of ``SimulatedSpeedTrace`` (walk with multipath
/// spikes, stop, drive, traffic jam, tunnel), and against the raw fixes and the seed's filter.
@Suite("Speed smoothing accuracy on a simulated trip")
struct SpeedAccuracyTests {
    static let seed: UInt64 = 0x5EED_0005

    struct Errors: CustomStringConvertible {
        var raw, seedDriving, forward, smoothed: Double
        var description: String {
            String(
                format: "RMS error m/s: raw %.3f, seed driving preset %.3f, forward filter %.3f, RTS %.3f", raw,
                seedDriving, forward, smoothed)
        }
    }

    static func errors(_ trace: SimulatedSpeedTrace, _ configuration: SpeedKalmanFilter.Configuration) -> Errors {
        let smoother = SpeedSmoother(configuration: configuration)
        return Errors(
            raw: trace.rootMeanSquareError(trace.fixes.map(\.validSpeed)),
            seedDriving: trace.rootMeanSquareError(trace.seedFilterEstimates(.driving())),
            forward: trace.rootMeanSquareError(smoother.filter(trace.fixes).map(\.speed)),
            smoothed: trace.rootMeanSquareError(smoother.smooth(trace.fixes).map(\.speed)))
    }

    @Test func traceHasWhatTheScenarioPromises() throws {
        let trace = try SimulatedSpeedTrace.generate(seed: Self.seed)
        let kinds = trace.samples.map(\.kind)
        #expect(kinds.count { $0 == .spike } >= 10)
        #expect(kinds.count { $0 == .noisy } >= 8)
        let times = trace.fixes.map(\.time)
        #expect(zip(times.dropFirst(), times).map { $0 - $1 }.max()! > 50, "the tunnel leaves a gap of 50 s")
        #expect(trace.samples.contains { $0.truth == 0 } && trace.samples.contains { $0.truth == 25 })
    }

    /// The issue's thresholds: the RMS error at most half the raw fixes' and three quarters of
    /// the seed filter's at its driving preset, forwards and backwards.
    static func expectIssueThresholds(_ errors: Errors, _ label: String) {
        for (pass, error) in [("forward", errors.forward), ("RTS", errors.smoothed)] {
            #expect(error <= 0.5 * errors.raw, "\(label), \(pass): \(errors)")
            #expect(error <= 0.75 * errors.seedDriving, "\(label), \(pass): \(errors)")
        }
    }

    /// The recommended random-walk tuning, and the constant-velocity variant beside it.
    @Test(arguments: [SpeedKalmanFilter.Configuration.randomWalk, .constantVelocity])
    func smoothersHalveTheRawErrorAndBeatTheSeedByAQuarter(configuration: SpeedKalmanFilter.Configuration) throws {
        let errors = Self.errors(try SimulatedSpeedTrace.generate(seed: Self.seed), configuration)
        Self.expectIssueThresholds(errors, "\(configuration.model)")
        #expect(errors.smoothed <= errors.forward, "\(errors)")
    }

    /// The same thresholds on nine more seeds: the tuning is not fitted to one noise draw.
    @Test(arguments: 1...9)
    func thresholdsHoldOnOtherSeeds(offset: UInt64) throws {
        let trace = try SimulatedSpeedTrace.generate(seed: Self.seed + offset)
        for configuration in [SpeedKalmanFilter.Configuration.randomWalk, .constantVelocity] {
            Self.expectIssueThresholds(Self.errors(trace, configuration), "\(configuration.model), seed +\(offset)")
        }
    }

    /// Every injected spike is rejected and reported, and none moves the estimate by more than
    /// 0.5 m/s: forwards, the estimate after the spike against the one before; forwards and
    /// backwards, every estimate against those computed with the spike replaced by an invalid fix.
    @Test(arguments: 0...9)
    func spikesAreRejectedWithoutMovingTheEstimate(offset: UInt64) throws {
        let trace = try SimulatedSpeedTrace.generate(seed: Self.seed + offset)
        let smoother = SpeedSmoother()
        let forward = smoother.filter(trace.fixes)
        let spikes = trace.samples.indices.filter { trace.samples[$0].kind == .spike }
        for index in spikes {
            let sigmas = try #require(forward[index].status.innovationSigmas)
            #expect(forward[index].status == .rejectedSpike(innovationSigmas: sigmas))
            #expect(sigmas > SpeedKalmanFilter.Configuration.default.gateSigmas)
            let before = try #require(forward[..<index].last { $0.speed != nil }?.speed)
            let move = abs(try #require(forward[index].speed) - before)
            #expect(move <= 0.5, "spike at \(trace.samples[index].fix.time) s moved the estimate \(move) m/s")
        }
        var withoutSpikes = trace.fixes
        for index in spikes {
            withoutSpikes[index] = try LocationFix(time: withoutSpikes[index].time, speed: -1, speedAccuracy: -1)
        }
        for (with, without) in [
            (forward, smoother.filter(withoutSpikes)), (smoother.smooth(trace.fixes), smoother.smooth(withoutSpikes)),
        ] {
            let influence = zip(with, without).map { abs(($0.speed ?? 0) - ($1.speed ?? 0)) }.max() ?? 0
            #expect(influence <= 0.5, "the spikes move some estimate by \(influence) m/s")
        }
    }

    /// Through the tunnel the estimate goes stale visibly: its standard deviation grows and the
    /// first fix after it is accepted (the gate has opened), not rejected.
    @Test func tunnelGapWidensTheEstimateAndTheFirstFixAfterItIsAccepted() throws {
        let trace = try SimulatedSpeedTrace.generate(seed: Self.seed)
        let results = SpeedSmoother().filter(trace.fixes)
        let entry = try #require(results.lastIndex { $0.time < 790 && $0.status.usedMeasurement })
        let exit = try #require(results.firstIndex { $0.time > 840 && $0.rawSpeed != nil })
        let deviations = results[entry..<exit].compactMap(\.standardDeviation)
        #expect(deviations.count == exit - entry)
        #expect(zip(deviations.dropFirst(), deviations.dropLast()).allSatisfy { $0 > $1 })
        #expect(results[exit].standardDeviation! < deviations.last!)
        #expect(results[exit].status.usedMeasurement, "\(results[exit])")
        #expect(abs(results[exit].speed! - trace.samples[exit].truth) < 1.5)
    }

    /// Each random-walk estimate is a weighted mean of accepted speeds, forwards and backwards.
    @Test func randomWalkEstimatesStayWithinTheAcceptedSpeeds() throws {
        let trace = try SimulatedSpeedTrace.generate(seed: 0x5EED_0005)
        let smoother = SpeedSmoother()
        let forward = smoother.filter(trace.fixes)
        let used = forward.filter(\.status.usedMeasurement).compactMap(\.rawSpeed)
        let range = try #require(used.min())...(try #require(used.max()))
        for results in [forward, smoother.smooth(trace.fixes)] {
            #expect(results.compactMap(\.speed).allSatisfy { range.contains($0) })
        }
    }

    @Test func estimatesAreNeverNegative() throws {
        let trace = try SimulatedSpeedTrace.generate(seed: Self.seed)
        for configuration in [SpeedKalmanFilter.Configuration.randomWalk, .constantVelocity] {
            let smoother = SpeedSmoother(configuration: configuration)
            for results in [smoother.filter(trace.fixes), smoother.smooth(trace.fixes)] {
                #expect(results.allSatisfy { ($0.speed ?? 0) >= 0 })
            }
        }
    }
}
