import Foundation
@_spi(Testing) import LocomotionDSP
import LocomotionTestSupport
import Testing

/// The sums of two adjacent runs, merged, give the joined run's moments, root mean square, jerk,
/// axis correlations and signal magnitude area to within 1e-12 of their scale (the tolerance
/// docs/Features.md states), for every split point, and exactly for constant runs.
@Suite("Partial moments")
struct PartialMomentsTests {
    static func samples(_ count: Int, seed: UInt64, offset: Double, spread: Double) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in offset + spread * random.nextGaussian() }
    }

    static func close(_ a: Double?, _ b: Double?, scale: Double) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return abs(a - b) <= 1e-12 * max(abs(b), scale)
    }

    @Test(
        "merged halves match the whole run at every split",
        arguments: [(2, 0.0, 1.0), (7, 1.0, 0.3), (128, 1.0, 0.2), (257, 1.0, 1e-3), (512, -40.0, 5.0)])
    func momentsAtEverySplit(count: Int, offset: Double, spread: Double) throws {
        let values = Self.samples(count, seed: UInt64(count), offset: offset, spread: spread)
        let whole = try Statistics.moments(of: values)
        let rms = try Statistics.rootMeanSquare(of: values)
        var jerk = 0.0
        for index in 1..<count { jerk += (values[index] - values[index - 1]) * (values[index] - values[index - 1]) }
        jerk = (jerk / Double(count - 1)).squareRoot()
        let firstMean = try Statistics.mean(of: values[..<1])
        values.withUnsafeBufferPointer { buffer in
            for split in 1..<count {
                let merged = PartialMoments.merged(
                    PartialMoments(of: UnsafeBufferPointer(rebasing: buffer[..<split])),
                    PartialMoments(of: UnsafeBufferPointer(rebasing: buffer[split...])))
                let moments = merged.moments
                #expect(moments.count == count)
                #expect(Self.close(moments.mean, whole.mean, scale: rms), "split \(split)")
                #expect(Self.close(moments.variance, whole.variance, scale: rms * rms), "split \(split)")
                #expect(Self.close(moments.skewness, whole.skewness, scale: 1), "split \(split)")
                #expect(Self.close(moments.kurtosis, whole.kurtosis, scale: 1), "split \(split)")
                #expect(Self.close(merged.rootMeanSquare, rms, scale: rms), "split \(split)")
                #expect(Self.close(merged.jerkRootMeanSquare(sampleRate: 1), jerk, scale: rms), "split \(split)")
            }
            let one = PartialMoments(of: UnsafeBufferPointer(rebasing: buffer[..<1]))
            #expect(one.moments.variance == 0 && one.moments.skewness == nil)
            #expect(one.moments.mean == firstMean)
        }
    }

    @Test("constant runs merge to a constant window: zero variance, no shape")
    func constantRuns() {
        for value in [0.0, 1.0, 0.981, -3.75e-3, 1e300] {
            let values = [Double](repeating: value, count: 128)
            values.withUnsafeBufferPointer { buffer in
                let merged = PartialMoments.merged(
                    PartialMoments(of: UnsafeBufferPointer(rebasing: buffer[..<64])),
                    PartialMoments(of: UnsafeBufferPointer(rebasing: buffer[64...])))
                #expect(merged.moments.mean == value)
                #expect(merged.moments.variance == 0)
                #expect(merged.moments.skewness == nil && merged.moments.kurtosis == nil)
                #expect(merged.differenceSquares == 0)
            }
        }
    }

    @Test("merged axis sums match the whole window's axis summary", arguments: [3, 64, 128, 255, 512])
    func axisSums(count: Int) throws {
        let x = Self.samples(count, seed: 1, offset: 0.2, spread: 0.3)
        let noise = Self.samples(count, seed: 2, offset: 0, spread: 0.1)
        let y = zip(x, noise).map { 0.5 * $0 + $1 }
        let z = Self.samples(count, seed: 3, offset: 0.95, spread: 0.02)
        let whole = try Statistics.axisSummary(x: x, y: y, z: z)
        x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                z.withUnsafeBufferPointer { z in
                    for split in [1, count / 3, count / 2, count - 1] where split > 0 {
                        func part(_ range: Range<Int>) -> PartialAxisSums {
                            PartialAxisSums(
                                x: UnsafeBufferPointer(rebasing: x[range]), y: UnsafeBufferPointer(rebasing: y[range]),
                                z: UnsafeBufferPointer(rebasing: z[range]))
                        }
                        let merged = PartialAxisSums.merged(part(0..<split), part(split..<count)).summary
                        #expect(Self.close(merged.correlationXY, whole.correlationXY, scale: 1), "split \(split)")
                        #expect(Self.close(merged.correlationXZ, whole.correlationXZ, scale: 1), "split \(split)")
                        #expect(Self.close(merged.correlationYZ, whole.correlationYZ, scale: 1), "split \(split)")
                        #expect(
                            Self.close(merged.signalMagnitudeArea, whole.signalMagnitudeArea, scale: 1),
                            "split \(split)")
                    }
                }
            }
        }
        // A constant axis has no correlation, merged or not.
        let constant = [Double](repeating: 0.5, count: count)
        let summary = try Statistics.axisSummary(x: x, y: constant, z: z)
        #expect(summary.correlationXY == nil)
        x.withUnsafeBufferPointer { x in
            constant.withUnsafeBufferPointer { y in
                z.withUnsafeBufferPointer { z in
                    let half = count / 2
                    let merged = PartialAxisSums.merged(
                        PartialAxisSums(
                            x: UnsafeBufferPointer(rebasing: x[..<half]), y: UnsafeBufferPointer(rebasing: y[..<half]),
                            z: UnsafeBufferPointer(rebasing: z[..<half])),
                        PartialAxisSums(
                            x: UnsafeBufferPointer(rebasing: x[half...]), y: UnsafeBufferPointer(rebasing: y[half...]),
                            z: UnsafeBufferPointer(rebasing: z[half...]))
                    ).summary
                    #expect(merged.correlationXY == nil && merged.correlationYZ == nil)
                    #expect(merged.correlationXZ != nil)
                }
            }
        }
    }
}
