import CFFTWBaseline
import Foundation
import LocomotionDSP
import LocomotionTestSupport

/// Real forward FFT cost through LocomotionDSP, compared with FFTW called from C in the same
/// binary, plus the cost of `findDominantFrequency(in:sampleRate:options:)`.
///
/// For each length it times, in interleaved batches:
/// - (a) a held ``RealFFTPlan`` executed on caller-provided Swift arrays,
/// - (b) `FFT.forward(_:into:)`, which looks the plan up in the cache and writes into the
///   caller's array,
/// - (b′) `FFT.forward(_:)`, the same lookup plus a newly allocated result array (no target:
///   the allocation alone costs about a fifth of an n = 256 transform),
/// - (c) `fftw_execute` on an `FFTW_ESTIMATE` plan over `fftw_malloc` arrays, timed inside C,
/// - `findDominantFrequency(in:sampleRate:options:)` on a noisy 50 Hz recording of a 1.8 Hz tone.
///
/// Every loop adds the real part of bin 1 of each result to a checksum that is consumed
/// afterwards, so the three FFT paths do the same work per transform.
struct FFTBenchmarks: BenchmarkSuite {
    let name = "fft"
    let summary = "real forward FFT: held plan, FFT.forward and FFTW from C; dominantFrequency"

    /// The transform lengths measured.
    var lengths = [64, 128, 256, 512, 1024, 2048, 4096]
    /// Targets apply from this length up.
    var targetMinimumLength = 256
    /// The largest allowed held-plan / C ratio.
    var heldPlanLimit = 1.05
    /// The largest allowed `FFT.forward` / C ratio.
    var convenienceLimit = 1.25

    static let sampleRate = 50.0
    static let toneFrequency = 1.8
    /// The bin whose real part each loop accumulates.
    static let probeBin = 1

    /// The measurements for one length, in nanoseconds per call.
    struct Row {
        var n: Int
        var heldPlanNs: Double
        var convenienceNs: Double
        var allocatingNs: Double
        var fftwCNs: Double
        var dominantFrequencyNs: Double
        /// What `dominantFrequency` returned, for the sanity note.
        var estimatedFrequency: Double
        /// `fftw_alignment_of` for the Swift input and output arrays (0 = SIMD-aligned).
        var swiftAlignment: (input: Int32, output: Int32)
        /// a/c: the median over rounds of held-plan time / C time in the same round.
        var heldOverC: Double
        /// b/c: the median over rounds of `FFT.forward(_:into:)` time / C time in the same round.
        var convenienceOverC: Double
        /// b′/c for the array-returning `FFT.forward(_:)`.
        var allocatingOverC: Double

        var json: JSONValue {
            .object([
                ("n", .int(n)),
                ("heldPlanNs", .number(heldPlanNs)),
                ("convenienceNs", .number(convenienceNs)),
                ("allocatingNs", .number(allocatingNs)),
                ("fftwCNs", .number(fftwCNs)),
                ("heldOverC", .number(heldOverC, decimals: 4)),
                ("convenienceOverC", .number(convenienceOverC, decimals: 4)),
                ("allocatingOverC", .number(allocatingOverC, decimals: 4)),
                ("dominantFrequencyNs", .number(dominantFrequencyNs)),
            ])
        }
    }

    func run(settings: MeasurementSettings) throws -> SuiteReport {
        let rows = try lengths.map { try measure(count: $0, settings: settings) }

        var table = TextTable(header: [
            "n", "held plan (a)", "FFT.forward into (b)", "FFT.forward array (b′)", "FFTW C (c)", "a/c", "b/c", "b′/c",
            "dominantFrequency",
        ])
        for row in rows {
            table.rows.append([
                String(row.n), Self.format(row.heldPlanNs, decimals: 1), Self.format(row.convenienceNs, decimals: 1),
                Self.format(row.allocatingNs, decimals: 1), Self.format(row.fftwCNs, decimals: 1),
                Self.format(row.heldOverC, decimals: 3), Self.format(row.convenienceOverC, decimals: 3),
                Self.format(row.allocatingOverC, decimals: 3), Self.format(row.dominantFrequencyNs, decimals: 0),
            ])
        }

        let alignments = Set(rows.map { "\($0.swiftAlignment.input)/\($0.swiftAlignment.output)" })
        let estimates = rows.map { "\($0.n): \(Self.format($0.estimatedFrequency, decimals: 3))" }
        let notes = [
            "ns per call: median of \(settings.batchCount) rounds; each round runs one ~\(settings.batchNanoseconds / 1_000_000) ms "
                + "batch of every column back to back",
            "a/c, b/c: median over rounds of the ratio within a round (steadier than a ratio of the medians)",
            "FFTW_ESTIMATE plans; dominantFrequency input: \(Self.sampleRate) Hz, \(Self.toneFrequency) Hz tone + noise",
            "fftw_alignment_of(Swift input/output arrays) = \(alignments.sorted().joined(separator: ", "))"
                + " (0 = SIMD-aligned, so RealFFTPlan runs its aligned plan)",
            "dominantFrequency estimates (Hz) by n: \(estimates.joined(separator: ", "))",
        ]

        let applicable = rows.filter { $0.n >= targetMinimumLength }
        func target(_ key: String, _ symbol: String, limit: Double, _ ratio: (Row) -> Double) -> TargetResult {
            let worst = applicable.max { ratio($0) < ratio($1) }
            return TargetResult(
                key: key, requirement: "\(symbol) <= \(limit) for n >= \(targetMinimumLength)", limit: limit,
                worst: worst.map(ratio), worstAt: worst.map { "n = \($0.n)" })
        }

        return SuiteReport(
            title: "FFT: real forward transform, ns per call (median)",
            notes: notes,
            table: table,
            json: [(name, .array(rows.map(\.json)))],
            targets: [
                target("heldOverC", "a/c (held RealFFTPlan / FFTW C)", limit: heldPlanLimit, \.heldOverC),
                target(
                    "convenienceOverC", "b/c (FFT.forward(_:into:) / FFTW C)", limit: convenienceLimit,
                    \.convenienceOverC),
            ])
    }

    /// Measures all four cases for one length.
    private func measure(count: Int, settings: MeasurementSettings) throws -> Row {
        let samples = Self.noisySinusoid(count: count)
        let plan = try RealFFTPlan(count: count)
        var output = [ComplexDouble](repeating: .zero, count: plan.binCount)
        let probe = min(Self.probeBin, plan.binCount - 1)

        guard
            let baseline = samples.withUnsafeBufferPointer({
                $0.baseAddress.flatMap { cfftw_baseline_create(Int32(count), $0) }
            })
        else { throw BenchmarkError.baselineUnavailable(count: count) }
        defer { cfftw_baseline_destroy(baseline) }

        // (a) A held plan on caller-provided buffers: the fastest path the library offers.
        let heldPlan = BenchmarkCase(name: "held plan, n = \(count)") { iterations in
            samples.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { bins in
                    MonotonicClock.elapsed {
                        var checksum = 0.0
                        for _ in 0..<iterations {
                            plan.forward(input, into: bins)
                            checksum += bins[probe].real
                        }
                        blackHole(checksum)
                    }
                }
            }
        }
        // (b) The convenience call into the caller's array: plan-cache lookup under a lock.
        var convenienceOutput: [ComplexDouble] = []
        let convenience = BenchmarkCase(name: "FFT.forward into, n = \(count)") { iterations in
            try MonotonicClock.elapsed {
                var checksum = 0.0
                for _ in 0..<iterations {
                    try FFT.forward(samples, into: &convenienceOutput)
                    checksum += convenienceOutput[probe].real
                }
                blackHole(checksum)
            }
        }
        // (b′) The array-returning convenience call: the same lookup plus a new result array.
        let allocating = BenchmarkCase(name: "FFT.forward array, n = \(count)") { iterations in
            try MonotonicClock.elapsed {
                var checksum = 0.0
                for _ in 0..<iterations {
                    checksum += try FFT.forward(samples)[probe].real
                }
                blackHole(checksum)
            }
        }
        // (c) FFTW from C, timed in C.
        let fftwC = BenchmarkCase(name: "FFTW C, n = \(count)") { iterations in
            cfftw_baseline_run(baseline, Int64(iterations))
        }
        let dominant = BenchmarkCase(name: "dominantFrequency, n = \(count)") { iterations in
            MonotonicClock.elapsed {
                var checksum = 0.0
                for _ in 0..<iterations {
                    checksum += strongestFrequency(samples, sampleRate: Self.sampleRate)
                }
                blackHole(checksum)
            }
        }

        try verify(count: count, baseline: baseline, heldPlan: heldPlan, heldOutput: { output }, samples: samples)
        let alignment = samples.withUnsafeBufferPointer { input in
            output.withUnsafeBufferPointer { bins in
                (input: Self.alignment(of: input), output: Self.alignment(of: bins))
            }
        }

        let timings = try BatchTimer.interleaved(
            [heldPlan, convenience, allocating, fftwC, dominant], settings: settings)
        return Row(
            n: count, heldPlanNs: timings[0].median, convenienceNs: timings[1].median, allocatingNs: timings[2].median,
            fftwCNs: timings[3].median, dominantFrequencyNs: timings[4].median,
            estimatedFrequency: strongestFrequency(samples, sampleRate: Self.sampleRate),
            swiftAlignment: alignment,
            heldOverC: timings[0].pairedRatio(to: timings[3]),
            convenienceOverC: timings[1].pairedRatio(to: timings[3]),
            allocatingOverC: timings[2].pairedRatio(to: timings[3]))
    }

    /// Checks that the Swift paths and the C baseline compute the same spectrum, so the
    /// comparison is between equal amounts of work.
    private func verify(
        count: Int, baseline: OpaquePointer, heldPlan: BenchmarkCase, heldOutput: () -> [ComplexDouble],
        samples: [Double]
    ) throws {
        _ = cfftw_baseline_run(baseline, 1)
        _ = try heldPlan.runBatch(1)
        let held = heldOutput()
        let convenient = try FFT.forward(samples)
        let reference = cfftw_baseline_output(baseline)
        var largest = 0.0
        var difference = 0.0
        for bin in held.indices {
            let expected = ComplexDouble(real: reference[2 * bin], imaginary: reference[2 * bin + 1])
            largest = max(largest, expected.magnitude)
            for actual in [held[bin], convenient[bin]] {
                let delta = ComplexDouble(
                    real: actual.real - expected.real, imaginary: actual.imaginary - expected.imaginary)
                difference = max(difference, delta.magnitude)
            }
        }
        guard difference <= 1e-9 * max(largest, 1) else {
            throw BenchmarkError.mismatch(count: count, difference: difference)
        }
    }

    private static func alignment<Element>(of buffer: UnsafeBufferPointer<Element>) -> Int32 {
        buffer.baseAddress.map { cfftw_baseline_alignment_of($0) } ?? -1
    }

    /// `count` samples at ``sampleRate``: a ``toneFrequency`` tone of amplitude 1 on an offset
    /// of 9.81 plus Gaussian noise of standard deviation 0.3, from a fixed seed.
    static func noisySinusoid(count: Int) -> [Double] {
        var random = SplitMix64(seed: 0x5EED_0000 &+ UInt64(count))
        return (0..<count).map { index in
            let time = Double(index) / sampleRate
            return 9.81 + sin(2 * Double.pi * toneFrequency * time) + 0.3 * random.nextGaussian()
        }
    }

    static func format(_ value: Double, decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
