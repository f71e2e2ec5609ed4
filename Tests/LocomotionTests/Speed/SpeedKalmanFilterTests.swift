import Foundation
@_spi(Testing) import Locomotion
import Testing

private func fix(_ time: Double, _ speed: Double, _ accuracy: Double? = 0.5) throws -> LocationFix {
    try LocationFix(time: time, speed: speed, speedAccuracy: accuracy)
}

@Suite("SpeedKalmanFilter")
struct SpeedKalmanFilterTests {
    @Test func startsAtTheFirstValidFix() throws {
        var filter = SpeedKalmanFilter()
        let first = filter.update(with: try fix(0, -1, -1))
        #expect(first.status == .invalid && first.speed == nil && first.standardDeviation == nil)
        #expect(filter.speed == nil && filter.age(at: 5) == nil && filter.prediction(at: 5) == nil)
        let second = filter.update(with: try fix(1, 1.4, 0.5))
        #expect(second.status == .initialized && second.speed == 1.4 && second.standardDeviation == 0.5)
        #expect(filter.lastAcceptedTime == 1 && filter.acceleration == nil)
    }

    @Test("an absurd speed accuracy gives a finite standard deviation")
    func absurdAccuraciesKeepVariancesFinite() throws {
        var filter = SpeedKalmanFilter()
        let estimates = [
            filter.update(with: try fix(0, 1, 1e300)), filter.update(with: try fix(1, 1.2, 1e300)),
            filter.update(with: try fix(2, 1.1)),
        ]
        for estimate in estimates {
            #expect(estimate.standardDeviation.map(\.isFinite) == true, "\(estimate)")
        }
        #expect(estimates[0].standardDeviation == SpeedKalmanFilter.Configuration.largestSpeedAccuracy)
    }

    /// Worked by hand: from 1.4 m/s with variance 0.25, one second predicts variance
    /// 0.25 + (0.3 + 0.15 · 1.4) · 1 = 0.76; a 12 m/s fix of accuracy 0.5 has S = 1.01 and is
    /// 10.6 / √1.01 sigmas away.
    @Test func rejectsASpikeAndReportsItsInnovation() throws {
        var filter = SpeedKalmanFilter()
        filter.update(with: try fix(0, 1.4))
        let spike = filter.update(with: try fix(1, 12))
        #expect(spike.status == .rejectedSpike(innovationSigmas: 10.6 / 1.01.squareRoot()))
        #expect(spike.speed == 1.4 && spike.rawSpeed == 12)
        #expect(abs(spike.standardDeviation! - 0.76.squareRoot()) < 1e-15)
        #expect(filter.consecutiveRejections == 1 && filter.counts.rejectedSpikes == 1)
        #expect(filter.lastAcceptedTime == 0 && filter.age(at: 1) == 1)
        let next = filter.update(with: try fix(2, 1.5))
        guard case .accepted(let sigmas) = next.status else {
            Issue.record("expected accepted, got \(next.status)")
            return
        }
        #expect(abs(sigmas) < 1 && filter.consecutiveRejections == 0)
    }

    @Test func aRunOfRejectionsReinitialisesAtTheNewSpeed() throws {
        var filter = SpeedKalmanFilter()
        for second in 0..<10 { filter.update(with: try fix(Double(second), 1.3, 0.3)) }
        let statuses = try (10..<14).map { filter.update(with: try fix(Double($0), 9 + Double($0 - 10), 0.3)).status }
        #expect(statuses.map(\.name) == ["rejectedSpike", "rejectedSpike", "reinitialized", "accepted"])
        #expect(filter.counts.reinitializations == 1 && filter.counts.rejectedSpikes == 2)
        #expect(abs(filter.speed! - 12) < 1, "following the car: \(filter.speed!)")
    }

    @Test func rejectionsSeparatedByGoodFixesNeverReinitialise() throws {
        var filter = SpeedKalmanFilter(configuration: try .init(reinitializeAfterRejections: 2))
        filter.update(with: try fix(0, 1.4))
        for second in stride(from: 1, to: 21, by: 2) {
            filter.update(with: try fix(Double(second), 11))
            filter.update(with: try fix(Double(second + 1), 1.4))
        }
        #expect(filter.counts.rejectedSpikes == 10 && filter.counts.reinitializations == 0)
        #expect(filter.speed == 1.4)
    }

    @Test func invalidFixesPredictAndTheEstimateGoesStale() throws {
        var filter = SpeedKalmanFilter()
        filter.update(with: try fix(0, 2.0, 0.4))
        var deviations = [filter.standardDeviation!]
        for second in 1...5 {
            let result = filter.update(with: try fix(Double(second), -1, -1))
            #expect(result.status == .invalid && result.rawSpeed == nil && result.speed == 2.0)
            deviations.append(result.standardDeviation!)
        }
        // Variance 0.16 + 5 s · (0.3 + 0.15 · 2) m²/s³.
        #expect(abs(filter.variance! - (0.16 + 5 * 0.6)) < 1e-12)
        #expect(zip(deviations.dropFirst(), deviations).allSatisfy { $0 > $1 })
        #expect(filter.age(at: 5) == 5 && filter.lastFixTime == 5 && filter.counts.invalid == 5)
    }

    @Test func predictionLooksAheadWithoutChangingTheFilter() throws {
        var filter = SpeedKalmanFilter()
        filter.update(with: try fix(10, 3, 0.3))
        let before = filter
        let ahead = try #require(filter.prediction(at: 14))
        #expect(filter.prediction(at: 9) == nil && filter.prediction(at: .nan) == nil)
        #expect(filter.counts == before.counts && filter.lastFixTime == 10)
        let stale = filter.update(with: try fix(14, -1, -1))
        #expect(ahead.speed == stale.speed && ahead.standardDeviation == stale.standardDeviation)
    }

    @Test func outOfOrderAndDuplicateTimesAreReportedAndIgnored() throws {
        var filter = SpeedKalmanFilter()
        filter.update(with: try fix(0, 1.0))
        filter.update(with: try fix(1, 1.2))
        let snapshot = (filter.speed, filter.variance, filter.lastFixTime)
        let repeated = filter.update(with: try fix(1, 5.0))
        #expect(repeated.status == .duplicateTime && repeated.speed == snapshot.0 && repeated.rawSpeed == 5)
        let late = filter.update(with: try fix(0.5, 1.1))
        #expect(late.status == .outOfOrder(previousTime: 1) && late.speed == nil && late.standardDeviation == nil)
        #expect(filter.speed == snapshot.0 && filter.variance == snapshot.1 && filter.lastFixTime == snapshot.2)
        #expect(filter.counts.duplicateTimes == 1 && filter.counts.outOfOrder == 1 && filter.counts.total == 4)
        #expect(filter.update(with: try fix(2, 1.3)).status.usedMeasurement)
    }

    @Test func measurementNoiseComesFromTheFixOrTheDefaults() throws {
        var unknown = SpeedKalmanFilter()
        #expect(unknown.update(with: try fix(0, 1, nil)).standardDeviation == 1.0, "defaultSpeedAccuracy")
        var exact = SpeedKalmanFilter()
        #expect(exact.update(with: try fix(0, 1, 0)).standardDeviation == 0.1, "minimumSpeedAccuracy")

        // A noisy fix moves the estimate far less than a precise one with the same speed.
        var precise = SpeedKalmanFilter()
        var noisy = SpeedKalmanFilter()
        precise.update(with: try fix(0, 1.4, 0.3))
        noisy.update(with: try fix(0, 1.4, 0.3))
        let moved = precise.update(with: try fix(1, 2.4, 0.3))
        let barely = noisy.update(with: try fix(1, 2.4, 3.0))
        #expect(barely.status.name == "acceptedNoisy" && moved.status.name == "accepted")
        #expect(barely.speed! - 1.4 < 0.2 * (moved.speed! - 1.4))
    }

    @Test func constantVelocityFollowsARampAndNeverReportsNegativeSpeeds() throws {
        var filter = SpeedKalmanFilter(configuration: .constantVelocity)
        for second in 0...20 { filter.update(with: try fix(Double(second), 20 - Double(second), 0.2)) }
        #expect(abs(filter.acceleration! + 1) < 0.1, "braking at 1 m/s²: \(filter.acceleration!)")
        for second in 21...30 {
            let result = filter.update(with: try fix(Double(second), -1, -1))
            #expect(result.speed! >= 0 && result.speed!.sign == .plus)
        }
        #expect(filter.speed == 0, "extrapolated below zero, reported as 0")
        #expect(filter.state!.speed < 0, "the Gaussian state itself is not clamped")
    }

    @Test func anOverflowingGapRestartsTheFilter() throws {
        var filter = SpeedKalmanFilter()
        filter.update(with: try fix(-1e308, 3))
        let after = filter.update(with: try fix(1e308, 5))
        #expect(after.status == .initialized && after.speed == 5 && after.standardDeviation!.isFinite)
        #expect(filter.counts.initialized == 2)
    }

    @Test func configurationRejectsBadValues() {
        typealias Configuration = SpeedKalmanFilter.Configuration
        #expect(throws: LocomotionError.self) { try Configuration(processNoise: -1) }
        #expect(throws: LocomotionError.self) { try Configuration(processNoise: 0, processNoisePerSpeed: 0) }
        #expect(throws: LocomotionError.self) { try Configuration(processNoisePerSpeed: .nan) }
        #expect(throws: LocomotionError.self) { try Configuration(initialAccelerationStandardDeviation: 0) }
        #expect(throws: LocomotionError.self) { try Configuration(gateSigmas: 0) }
        #expect(throws: LocomotionError.self) { try Configuration(gateSigmas: .nan) }
        #expect(throws: LocomotionError.self) { try Configuration(reinitializeAfterRejections: 0) }
        #expect(throws: LocomotionError.self) { try Configuration(defaultSpeedAccuracy: .infinity) }
        #expect(throws: LocomotionError.self) { try Configuration(minimumSpeedAccuracy: 0) }
        #expect(throws: LocomotionError.self) { try Configuration(noisyAccuracyLimit: -2) }
        #expect(throws: Never.self) { try Configuration(gateSigmas: .infinity, noisyAccuracyLimit: .infinity) }
        #expect((try? Configuration()) == .default)
        #expect((try? Configuration(model: .constantVelocity)) == .constantVelocity)
        #expect(Configuration.default == .randomWalk && Configuration.default.model == .randomWalk)
    }

    @Test func withoutAGateEveryValidFixIsUsed() throws {
        var filter = SpeedKalmanFilter(configuration: try .init(gateSigmas: .infinity))
        filter.update(with: try fix(0, 1.4))
        #expect(filter.update(with: try fix(1, 40)).status.usedMeasurement)
    }
}
