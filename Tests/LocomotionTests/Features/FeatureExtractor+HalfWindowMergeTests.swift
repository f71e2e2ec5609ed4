import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// At a hop of half the window the extractor merges the sums of the window's two halves for the
/// magnitude's moments, root mean square and jerk and for the axes' correlations and signal
/// magnitude area (each half summed once for the two windows that hold it). These tests hold the
/// merged values to a straightforward per-window reference within the tolerance stated in
/// docs/Features.md, and every other column to the extractor's unmerged path bit for bit.
@Suite("Feature extraction: half-window merges")
struct FeatureHalfWindowMergeTests {
    /// The stated tolerance: `|merged − reference| ≤ relativeTolerance · scale`, where the scale
    /// is the reference's own magnitude or the feature's unit scale for the window (see `scale`),
    /// whichever is larger.
    static let relativeTolerance = 1e-11

    /// The merged columns and how each is scaled: g-valued columns by the window's RMS magnitude
    /// (g² by its square, g/s by it times the rate), dimensionless ones by 1.
    enum Scale { case g, gSquared, gPerSecond, one, perSecond }
    static let mergedColumns: [(String, Scale)] = [
        ("acc_mag_mean", .g), ("acc_mag_variance", .gSquared), ("acc_mag_std", .g), ("acc_mag_rms", .g),
        ("acc_mag_skewness", .one), ("acc_mag_kurtosis", .one), ("acc_mag_jerk_rms", .gPerSecond),
        ("acc_sma", .g), ("acc_corr_xy", .one), ("acc_corr_xz", .one), ("acc_corr_yz", .one),
        ("acc_mag_mean_crossing_rate", .perSecond),
    ]

    /// The merged columns computed per window the plain way: sums in sample order about the
    /// window's own mean (the corrected two-pass mean), every value from the definitions in
    /// docs/Features.md.
    static func reference(
        x: ArraySlice<Double>, y: ArraySlice<Double>, z: ArraySlice<Double>, rate: Double
    ) -> [String: Double] {
        let (x, y, z) = (Array(x), Array(y), Array(z))
        let n = Double(x.count)
        let magnitude = x.indices.map { (x[$0] * x[$0] + y[$0] * y[$0] + z[$0] * z[$0]).squareRoot() }
        // The corrected two-pass mean: the plain mean moved by the mean deviation from it.
        func mean(_ v: [Double]) -> Double {
            let plain = v.reduce(0, +) / n
            return plain + v.reduce(0) { $0 + ($1 - plain) } / n
        }
        let m = mean(magnitude)
        func central(_ power: Double) -> Double { magnitude.reduce(0) { $0 + pow($1 - m, power) } / n }
        let (m2, m3, m4) = (central(2), central(3), central(4))
        let constant = m2 <= (Double.ulpOfOne * m) * (Double.ulpOfOne * m)
        var jerk = 0.0
        for index in 1..<magnitude.count {
            let d = (magnitude[index] - magnitude[index - 1]) * rate
            jerk += d * d
        }
        var crossings = 0
        var side = 0
        for sample in magnitude {
            let current = sample > m ? 1 : (sample < m ? -1 : 0)
            if current != 0 && current == -side { crossings += 1 }
            if current != 0 { side = current }
        }
        func correlation(_ a: [Double], _ b: [Double]) -> Double {
            let (ma, mb) = (mean(a), mean(b))
            var (saa, sbb, sab) = (0.0, 0.0, 0.0)
            for index in a.indices {
                saa += (a[index] - ma) * (a[index] - ma)
                sbb += (b[index] - mb) * (b[index] - mb)
                sab += (a[index] - ma) * (b[index] - mb)
            }
            let limitA = Double.ulpOfOne * ma
            let limitB = Double.ulpOfOne * mb
            guard saa / n > limitA * limitA, sbb / n > limitB * limitB else { return .nan }
            return min(max(sab / (saa * sbb).squareRoot(), -1), 1)
        }
        // A crossing count may differ only where a sample lies within rounding of the mean.
        let nearMean = magnitude.contains { abs($0 - m) <= 8 * m.ulp }
        return [
            "near_mean": nearMean ? 1 : 0, "acc_mag_mean": m, "acc_mag_variance": m2, "acc_mag_std": m2.squareRoot(),
            "acc_mag_rms": (magnitude.reduce(0) { $0 + $1 * $1 } / n).squareRoot(),
            "acc_mag_skewness": constant ? .nan : m3 / pow(m2, 1.5),
            "acc_mag_kurtosis": constant ? .nan : m4 / (m2 * m2) - 3,
            "acc_mag_jerk_rms": (jerk / (n - 1)).squareRoot(),
            "acc_sma": x.indices.reduce(0) { $0 + abs(x[$1]) + abs(y[$1]) + abs(z[$1]) } / n,
            "acc_corr_xy": correlation(x, y), "acc_corr_xz": correlation(x, z), "acc_corr_yz": correlation(y, z),
            "acc_mag_mean_crossing_rate": Double(crossings) / (n - 1) * rate,
        ]
    }

    /// The largest difference seen, in units of the scale, over every merged column and window;
    /// records each failure.
    static func largestScaledDifference(
        _ rows: [[Double]], signal: (x: [Double], y: [Double], z: [Double]), extractor: FeatureExtractor,
        label: String
    ) -> Double {
        let names = extractor.schema.descriptors.map(\.name)
        let (length, hop, rate) = (extractor.windowLength, extractor.hopLength, extractor.sampleRate)
        var largest = 0.0
        var exempt = 0
        defer { #expect(exempt <= rows.count / 20, "\(label): \(exempt) crossing counts at a sample on the mean") }
        for (index, row) in rows.enumerated() {
            let window = (index * hop)..<(index * hop + length)
            let expected = reference(x: signal.x[window], y: signal.y[window], z: signal.z[window], rate: rate)
            let rms = expected["acc_mag_rms"]!
            for (name, scaleKind) in mergedColumns {
                let value = row[names.firstIndex(of: name)!]
                let reference = expected[name]!
                if value == reference { continue }
                if name == "acc_mag_mean_crossing_rate" && expected["near_mean"] == 1 {
                    exempt += 1
                    continue
                }
                if value.isNaN || reference.isNaN {
                    #expect(
                        value.isNaN == reference.isNaN, "\(label) window \(index) \(name): \(value) vs \(reference)")
                    continue
                }
                let unit: Double
                switch scaleKind {
                case .g: unit = rms
                case .gSquared: unit = rms * rms
                case .gPerSecond: unit = rms * rate
                case .one: unit = 1
                case .perSecond: unit = rate
                }
                let scaled = abs(value - reference) / max(abs(reference), unit)
                largest = max(largest, scaled)
                #expect(
                    scaled <= relativeTolerance, "\(label) window \(index) \(name): \(value) vs \(reference)")
            }
        }
        return largest
    }

    @Test(
        "merged halves stay within the stated tolerance of a per-window reference",
        arguments: [(50.0, 2.56), (50.0, 5.12), (50.0, 10.24), (100.0, 2.56), (10.0, 0.4)])
    func mergedWithinTolerance(rate: Double, window: Double) throws {
        let configuration = FeatureConfiguration(windowDuration: window, hop: window / 2)
        for (kind, seed) in [("noise", UInt64(11)), ("walk", 12), ("piecewise", 13)] {
            var signal = FeatureOverlapReuseTests.signal(kind, count: 3_000, rate: rate, seed: seed)
            // A phone lying still: gravity on z with quantised noise, where cancellation is worst.
            if kind == "walk" {
                for index in 2_000..<3_000 {
                    signal.x[index] = (signal.x[index] * 0.01 * 1_024).rounded() / 1_024
                    signal.y[index] = 0.002
                    signal.z[index] = 0.98 + (signal.z[index] * 0.003 * 4_096).rounded() / 4_096
                }
            }
            var extractor = try FeatureExtractor(configuration: configuration, sampleRate: rate)
            let rows = try FeatureOverlapReuseTests.rows(signal, extractor: &extractor)
            #expect(rows.count >= 10)
            let largest = Self.largestScaledDifference(
                rows, signal: signal, extractor: extractor, label: "\(kind) \(rate) Hz \(window) s")
            #expect(largest <= Self.relativeTolerance)
        }
    }

    @Test("columns not merged are bit-identical to the per-window path; merged ones differ only by rounding")
    func otherColumnsUnchanged() throws {
        let signal = FeatureOverlapReuseTests.signal("walk", count: 3_000, rate: 50, seed: 21)
        var merging = try FeatureExtractor(sampleRate: 50)  // 128 samples, hop 64
        let rows = try FeatureOverlapReuseTests.rows(signal, extractor: &merging)
        // Hop = window: no halves are merged, every window is computed whole.
        var whole = try FeatureExtractor(configuration: .init(windowDuration: 2.56, hop: 2.56), sampleRate: 50)
        let merged = Set(Self.mergedColumns.map(\.0))
        let names = merging.schema.descriptors.map(\.name)
        var differing = 0
        for (index, row) in rows.enumerated() {
            let window = (index * 64)..<(index * 64 + 128)
            let direct = try whole.extract(
                start: 0, end: 1, x: Array(signal.x[window]), y: Array(signal.y[window]),
                z: Array(signal.z[window])
            ).values
            for (column, name) in names.enumerated() where !merged.contains(name) {
                #expect(
                    row[column].bitPattern == direct[column].bitPattern || (row[column].isNaN && direct[column].isNaN),
                    "window \(index) \(name)")
            }
            for (column, name) in names.enumerated() where merged.contains(name) {
                if row[column].bitPattern != direct[column].bitPattern { differing += 1 }
                #expect(abs(row[column] - direct[column]) <= 1e-12 * max(1, abs(direct[column])), "\(name)")
            }
        }
        // The merge is really taken: some merged values round differently from the whole-window sums.
        #expect(differing > 0)
    }
}
