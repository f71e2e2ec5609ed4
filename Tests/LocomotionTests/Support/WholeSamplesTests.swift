@_spi(Testing) import Locomotion
import Testing

@Suite("Durations as whole samples")
struct WholeSamplesTests {
    /// Rates measured from the timestamps of real files at nominal 50 and 100 Hz.
    static let measuredRates: [(nominal: Double, measured: Double)] = [
        (50, 50.00000000000284), (50, 49.99999999999973), (100, 100.00000000000001), (100, 99.99999999999986),
    ]

    @Test("a measured rate gives the sample counts of its nominal rate, for every rounding rule")
    func measuredRatesRoundLikeNominalOnes() {
        for (nominal, measured) in Self.measuredRates {
            for seconds in [0.25, 1.25, 0.6, 2.0, 0.16, 2.56] {
                for rule in [FloatingPointRoundingRule.toNearestOrAwayFromZero, .up, .down] {
                    #expect(
                        wholeSamples(seconds, at: measured, rounding: rule)
                            == wholeSamples(seconds, at: nominal, rounding: rule),
                        "\(seconds) s at \(measured) Hz, \(rule)")
                }
            }
        }
        // The values themselves: 12.5 samples round away from zero, 25 samples round up to 25.
        #expect(wholeSamples(0.25, at: 49.99999999999973) == 13)
        #expect(wholeSamples(0.25, at: 100.00000000000001, rounding: .up) == 25)
    }

    @Test("the step lags of the window analyzer do not depend on the rounding of the rate")
    func stepLagsAtMeasuredRates() {
        for (nominal, measured) in Self.measuredRates {
            #expect(
                GaitRegularity.lags(of: 0.25...1.25, sampleRate: measured)
                    == GaitRegularity.lags(of: 0.25...1.25, sampleRate: nominal))
        }
        #expect(GaitRegularity.lags(of: 0.25...1.25, sampleRate: 49.99999999999973) == 13...63)
    }

    @Test("absurd durations are clamped, not trapped")
    func absurdDurations() {
        #expect(wholeSamples(1e308, at: 1000) == Int.max / 2)
        #expect(wholeSamples(-1, at: 50) == 0)
        #expect(wholeSamples(.nan, at: 50) == 0 && wholeSamples(1, at: .nan) == 0)
        #expect(wholeSamples(0.0104, at: 50) == 1)
    }
}
