import Foundation
import Locomotion
@_spi(Testing) import LocomotionReport
import LocomotionTestSupport
import Testing

/// The bounded series of a streamed report: decimation keeps each bucket's extremes.
@Suite struct DecimatedSeriesTests {
    @Test(arguments: [1, 7, 1000])
    func decimationKeepsEachBucketsExtremes(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var series = DecimatedSeries(capacity: 64, rawLimit: 100, maximumGap: 0.5)
        var points: [(time: Double, value: Double)] = []
        var time = 10.0
        for index in 0..<20_000 {
            // Mostly 0.1 s apart, now and then a gap of a few seconds, and a NaN value.
            time += random.nextSignedUnit() > 0.995 ? 3 + random.nextSignedUnit() : 0.1
            let value = index % 997 == 5 ? Double.nan : 50 * random.nextSignedUnit()
            points.append((time, value))
            series.append(time: time, value: value)
        }
        #expect(series.isDecimated)
        let width = try #require(series.bucketWidth)
        let origin = points[0].time
        // Brute force: each bucket's smallest and largest finite value (the first on a tie), and
        // whether a break (a NaN, or more than 0.5 s) comes before its first point.
        var expected: [Int: DecimatedSeries.Bucket] = [:]
        var broken = false
        var previous: Double?
        for (t, v) in points {
            guard v.isFinite else {
                broken = true
                previous = nil
                continue
            }
            if let previous, t - previous > 0.5 { broken = true }
            previous = t
            let k = Int(((t - origin) / width).rounded(.down))
            var bucket = expected[k] ?? DecimatedSeries.Bucket(opensRun: broken)
            let first = expected[k] == nil
            if first || v < bucket.minimum { (bucket.minimumTime, bucket.minimum) = (t, v) }
            if first || v > bucket.maximum { (bucket.maximumTime, bucket.maximum) = (t, v) }
            expected[k] = bucket
            broken = false
        }
        let filled = series.filledBuckets
        #expect(filled.count >= 32 && filled.count <= 64)
        #expect(filled == expected.keys.sorted().map { expected[$0]! })
        #expect(series.points.count <= 3 * 64)
    }
}
