import Locomotion
import Testing

/// A car at about 20 m/s, a 60 s gap (a tunnel), then fixes again.
@Suite("Speed smoothing across long gaps")
struct SpeedGapTests {
    static func drive(afterGap: [Double]) throws -> [LocationFix] {
        var fixes: [LocationFix] = []
        for second in 0..<60 {
            fixes.append(
                try LocationFix(time: Double(second), speed: 20 + 0.3 * Double(second % 5 - 2), speedAccuracy: 1))
        }
        for (index, speed) in afterGap.enumerated() {
            fixes.append(try LocationFix(time: 120 + Double(index), speed: speed, speedAccuracy: 1))
        }
        return fixes
    }

    @Test func anImplausibleSpikeRightAfterAGapIsRejected() throws {
        let fixes = try Self.drive(afterGap: [58] + Array(repeating: 20.5, count: 20))
        for results in [SpeedSmoother().filter(fixes), SpeedSmoother().smooth(fixes)] {
            let spike = results[60]
            #expect(spike.status == .rejectedSpike(innovationSigmas: try #require(spike.status.innovationSigmas)))
            let before = try #require(results[59].speed)
            #expect(abs(try #require(spike.speed) - before) <= 0.5)
            // The true fixes after the spike are all used.
            #expect(results[61...].allSatisfy { $0.status.usedMeasurement })
        }
    }

    @Test func aRealChangeOfSpeedDuringTheGapIsFollowed() throws {
        // 20 → 32 m/s is within the gate after a minute (about 2σ): accepted at once.
        let moderate = SpeedSmoother().filter(try Self.drive(afterGap: Array(repeating: 32, count: 20)))
        #expect(moderate[60...].allSatisfy { $0.status.usedMeasurement })
        // 20 → 45 m/s is not (about 4.3σ): the first fix is rejected, and the new speed is taken
        // up within `reinitializeAfterRejections` (3) fixes, by the growing variance or by
        // re-initialisation.
        let large = SpeedSmoother().filter(try Self.drive(afterGap: Array(repeating: 45, count: 20)))
        #expect(!large[60].status.usedMeasurement)
        #expect(large[60...62].contains { $0.status.usedMeasurement })
        for results in [moderate, large] {
            #expect(abs(try #require(results.last?.speed) - (results.last?.rawSpeed ?? 0)) < 0.5)
        }
    }
}
