@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// The vehicle evidence sums the lagged products of four lags in one pass (`VehicleEvidence.lagSums`);
/// each sum must be bit for bit the one a loop over its lag alone gives, so the periodicity and
/// every window's class stay exactly what they were.
struct VehicleEvidenceLagSumsTests {
    /// The sum of `p[i] · p[i + lag]` over `i` in increasing order, one lag at a time.
    static func oneLag(_ p: [Double], _ lag: Int) -> Double {
        var sum = 0.0
        for i in 0..<max(p.count - lag, 0) { sum += p[i] * p[i + lag] }
        return sum
    }

    @Test(arguments: [0, 1, 3, 4, 5, 6, 17, 99, 100, 101])
    func everySumIsTheOneLagLoop(count: Int) {
        var rng = SplitMix64(seed: UInt64(count) + 7)
        let p = (0..<count).map { _ in rng.nextGaussian() * 0.3 }
        for lags in [2...15, 0...3, 3...4, 5...14, 1...1, 4...20, 0...12, 90...104] {
            var sums = [Double](repeating: .nan, count: lags.count)
            p.withUnsafeBufferPointer { buffer in
                sums.withUnsafeMutableBufferPointer { VehicleEvidence.lagSums(buffer, lags: lags, into: $0) }
            }
            for lag in lags {
                #expect(
                    sums[lag - lags.lowerBound].bitPattern == Self.oneLag(p, lag).bitPattern,
                    "n = \(count), lags \(lags), lag \(lag)")
            }
        }
    }
}
