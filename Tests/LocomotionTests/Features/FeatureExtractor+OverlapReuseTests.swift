import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// The extractor reuses what overlapping windows share (the magnitude of the shared samples and,
/// at a hop of half the window, their sorted order): these tests hold that path to the direct
/// per-window computation, bit for bit, on consecutive windows of several signals, sizes and hops.
@Suite("Feature extraction: overlap reuse")
struct FeatureOverlapReuseTests {
    /// The signals: seeded noise, a walk-like tone with noise, and stretches that stress the
    /// order statistics and the constant-window rules (constant runs, few distinct values, steps).
    static func signal(_ kind: String, count: Int, rate: Double, seed: UInt64) -> (
        x: [Double], y: [Double], z: [Double]
    ) {
        var random = SplitMix64(seed: seed)
        func noise(_ scale: Double) -> Double { scale * random.nextGaussian() }
        var (x, y, z) = ([Double](), [Double](), [Double]())
        for index in 0..<count {
            let t = Double(index) / rate
            switch kind {
            case "noise":
                x.append(noise(1))
                y.append(noise(1))
                z.append(noise(1))
            case "walk":
                let angle = 2 * Double.pi * 1.8 * t
                x.append(0.9 + 0.3 * sin(angle) + noise(0.03))
                y.append(0.1 + 0.1 * cos(angle) + noise(0.03))
                z.append(0.3 + 0.05 * sin(2 * angle) + noise(0.03))
            default:  // piecewise: constant runs, a few levels, zeros, then noise
                let block = (index / 37) % 4
                let level = [0.0, 1.0, 0.5, -0.25][Int(random.next() % 4)]
                x.append(block == 0 ? 1 : block == 1 ? level : block == 2 ? 0 : noise(0.2))
                y.append(block == 0 ? 0 : block == 3 ? noise(0.1) : -0.0)
                z.append(block == 1 ? level : 0)
            }
        }
        return (x, y, z)
    }

    /// Every whole window of the signal at `hop` samples, extracted in order by one extractor.
    static func rows(
        _ signal: (x: [Double], y: [Double], z: [Double]), extractor: inout FeatureExtractor
    ) throws -> [[Double]] {
        let (length, hop) = (extractor.windowLength, extractor.hopLength)
        var rows: [[Double]] = []
        var start = 0
        while start + length <= signal.x.count {
            var row = [Double](repeating: 0, count: extractor.schema.count)
            try row.withUnsafeMutableBufferPointer { row in
                try FeatureExtractor.withBuffers(signal.x, signal.y, signal.z) { (x, y, z) throws(LocomotionError) in
                    let window = start..<(start + length)
                    try extractor.extractBuffers(
                        start: 0, end: 1, x: UnsafeBufferPointer(rebasing: x[window]),
                        y: UnsafeBufferPointer(rebasing: y[window]), z: UnsafeBufferPointer(rebasing: z[window]),
                        into: row)
                }
            }
            rows.append(row)
            start += hop
        }
        return rows
    }

    static func identical(_ a: [[Double]], _ b: [[Double]]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy {
                zip($0, $1).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) }
            }
    }

    @Test(
        "reused and direct windows are bit-identical",
        arguments: [
            (50.0, 2.56, 1.28),  // 128 samples, hop 64: halves sorted and merged
            (50.0, 5.12, 2.56),  // 256 / 128
            (50.0, 10.24, 5.12),  // 512 / 256
            (50.0, 2.56, 0.74),  // hop 37 does not divide 128: the magnitude alone is reused
            (50.0, 2.54, 1.28),  // 127 samples, hop 64
            (5.0, 1.0, 0.6),  // tiny windows: 5 samples, hop 3
            (10.0, 0.4, 0.2),  // 4 samples, hop 2
            (100.0, 2.56, 2.56),  // no overlap: nothing to reuse
        ])
    func reusedEqualsDirect(rate: Double, window: Double, hop: Double) throws {
        let configuration = FeatureConfiguration(windowDuration: window, hop: hop)
        for (kind, seed) in [("noise", UInt64(1)), ("walk", 2), ("piecewise", 3)] {
            let signal = Self.signal(kind, count: 3_000, rate: rate, seed: seed)
            var reused = try FeatureExtractor(configuration: configuration, sampleRate: rate)
            var direct = try FeatureExtractor(configuration: configuration, sampleRate: rate)
            direct.reusesOverlap = false
            let reusedRows = try Self.rows(signal, extractor: &reused)
            let directRows = try Self.rows(signal, extractor: &direct)
            #expect(Self.identical(reusedRows, directRows), "\(kind) at \(rate) Hz, \(window) s, hop \(hop) s")
            #expect(direct.reusedWindowCount == 0)
            // Every window after the first continues the previous one when they overlap.
            let overlaps = reused.hopLength < reused.windowLength
            #expect(reused.reusedWindowCount == (overlaps ? reusedRows.count - 1 : 0))
        }
    }

    @Test("a fresh extractor per window gives the same rows as one extractor reusing the overlap")
    func freshExtractorPerWindow() throws {
        let signal = Self.signal("walk", count: 800, rate: 50, seed: 9)
        var reused = try FeatureExtractor(sampleRate: 50)
        let reusedRows = try Self.rows(signal, extractor: &reused)
        #expect(reused.reusedWindowCount == reusedRows.count - 1)
        var freshRows: [[Double]] = []
        for (index, start) in stride(from: 0, through: 800 - 128, by: 64).enumerated() {
            var fresh = try FeatureExtractor(sampleRate: 50)
            let window = start..<(start + 128)
            let one = (Array(signal.x[window]), Array(signal.y[window]), Array(signal.z[window]))
            let wholeSignal = (x: one.0 + [], y: one.1 + [], z: one.2 + [])
            freshRows += try Self.rows(wholeSignal, extractor: &fresh)
            #expect(freshRows.count == index + 1)
        }
        #expect(Self.identical(reusedRows, freshRows))
    }

    @Test("windows that do not continue the previous one are computed afresh")
    func unrelatedWindows() throws {
        // The same window twice, then a window shifted by one sample: neither begins with the
        // previous window's last half, so nothing is reused and the values stay the direct ones.
        let signal = Self.signal("walk", count: 400, rate: 50, seed: 4)
        var extractor = try FeatureExtractor(sampleRate: 50)
        var direct = try FeatureExtractor(sampleRate: 50)
        direct.reusesOverlap = false
        for start in [0, 0, 1, 65, 200, 264] {
            let window = start..<(start + 128)
            let x = Array(signal.x[window])
            let y = Array(signal.y[window])
            let z = Array(signal.z[window])
            let a = try extractor.extract(start: 0, end: 1, x: x, y: y, z: z)
            let b = try direct.extract(start: 0, end: 1, x: x, y: y, z: z)
            #expect(Self.identical([a.values], [b.values]), "window at \(start)")
        }
        // 65 continues 1, and 264 continues 200.
        #expect(extractor.reusedWindowCount == 2)
    }

    @Test("a non-finite sample is reported as before, and the next windows start afresh")
    func nonFiniteSample() throws {
        var signal = Self.signal("walk", count: 640, rate: 50, seed: 5)
        signal.y[300] = .nan
        var reused = try FeatureExtractor(sampleRate: 50)
        var direct = try FeatureExtractor(sampleRate: 50)
        direct.reusesOverlap = false
        var outcomes: [[String]] = [[], []]
        for (side, extractor) in [(0, reused), (1, direct)] {
            var extractor = extractor
            for start in stride(from: 0, through: 640 - 128, by: 64) {
                let window = start..<(start + 128)
                do {
                    let vector = try extractor.extract(
                        start: 0, end: 1, x: Array(signal.x[window]), y: Array(signal.y[window]),
                        z: Array(signal.z[window]))
                    outcomes[side].append(vector.values.map { String($0.bitPattern) }.joined(separator: ","))
                } catch {
                    outcomes[side].append("\(error)")
                }
            }
            if side == 0 { reused = extractor }
        }
        #expect(outcomes[0] == outcomes[1])
        #expect(outcomes[0].filter { !($0.first?.isNumber ?? false) }.count == 2)
        #expect(reused.reusedWindowCount > 0)
    }

    @Test("batch and streamed extraction give the direct values")
    func batchAndStreaming() throws {
        let signal = Self.signal("walk", count: 2_000, rate: 50, seed: 6)
        let time = (0..<2_000).map { Double($0) / 50 }
        let recording = Recording(
            source: "walk", time: time, acceleration: ThreeAxisSeries(x: signal.x, y: signal.y, z: signal.z))
        let table = try recording.features(sampleRate: 50)
        var direct = try FeatureExtractor(sampleRate: 50)
        direct.reusesOverlap = false
        let directRows = try Self.rows(signal, extractor: &direct)
        #expect(Self.identical((0..<table.count).map { table[$0].values }, directRows))
        var stream = try StreamingFeatureExtractor(sampleRate: 50)
        var streamed: [[Double]] = []
        for index in 0..<2_000
        where try stream.append(time: time[index], x: signal.x[index], y: signal.y[index], z: signal.z[index]) {
            streamed.append(stream.values)
        }
        #expect(Self.identical(streamed, directRows))
        #expect(stream.extractor.reusedWindowCount == streamed.count - 1)
    }
}
