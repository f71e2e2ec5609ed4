#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Consumes a value so the optimizer cannot prove it unused and delete the work that made it.
///
/// `@inline(never)` keeps the call; `@_optimize(none)` stops the function-signature optimizer
/// from dropping the (otherwise unused) argument, which would make its computation dead again.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// Nanoseconds from `CLOCK_MONOTONIC`, the clock the C baseline reads, so both languages are
/// timed by the same clock.
enum MonotonicClock {
    /// The current time in nanoseconds since an arbitrary fixed point.
    @inline(__always)
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// The nanoseconds `body` takes to run once.
    @inline(__always)
    static func elapsed(_ body: () throws -> Void) rethrows -> UInt64 {
        let start = now()
        try body()
        return now() &- start
    }
}

/// One thing to time: runs its work a given number of times and returns the elapsed
/// nanoseconds, timed around the whole loop (never per iteration).
///
/// The closure does its own timing so that work timed in C can take part too.
struct BenchmarkCase {
    /// A short name for error messages, for example `held plan, n = 256`.
    let name: String
    /// Runs `iterations` iterations and returns the nanoseconds they took.
    let runBatch: (_ iterations: Int) throws -> UInt64
}

/// How long and how often each case is measured.
struct MeasurementSettings: Sendable {
    /// The wall time one batch aims for; the iteration count per batch is calibrated to it.
    var batchNanoseconds: UInt64 = 3_000_000
    /// The number of batches per case; the reported time is the median over them. Odd, so the
    /// median is one measured batch.
    var batchCount = 31

    static let standard = MeasurementSettings()
}

/// The statistics of one case over its batches, in nanoseconds per iteration.
struct TimingSummary: Sendable {
    /// Each batch's time per iteration, in the order the batches ran.
    var perBatch: [Double]
    /// The iterations in each batch.
    var iterationsPerBatch: Int

    /// The median batch.
    var median: Double { BatchTimer.median(perBatch) }

    /// The median over rounds of this case's time divided by `other`'s in the same round.
    ///
    /// Both cases must come from one ``BatchTimer/interleaved(_:settings:)`` call, whose
    /// round *i* runs batch *i* of every case back to back; pairing them cancels drift between
    /// rounds, so this is steadier than `median / other.median`.
    func pairedRatio(to other: TimingSummary) -> Double {
        BatchTimer.median(zip(perBatch, other.perBatch).map { $0 / $1 })
    }
}

/// Batch timing: calibrate each case to a batch length, then run the cases' batches in
/// rotating interleaved order and take medians.
enum BatchTimer {
    /// The iteration count that makes one batch of `runBatch` last about
    /// `settings.batchNanoseconds`. Doubles the count until a batch is long enough to time, so
    /// it also warms up caches, branch predictors, plan caches and allocator pools.
    static func calibrate(settings: MeasurementSettings, runBatch: (Int) throws -> UInt64) throws -> Int {
        let target = Double(settings.batchNanoseconds)
        var iterations = 1
        while true {
            let elapsed = Double(try runBatch(iterations))
            if elapsed >= target / 4 || iterations >= 1 << 30 {
                let scaled = Double(iterations) * target / max(elapsed, 1)
                return max(1, Int(scaled.rounded()))
            }
            iterations *= 2
        }
    }

    /// Times every case in `cases` over `settings.batchCount` batches.
    ///
    /// Batches are interleaved: round *i* runs one batch of every case, starting from case
    /// *i* mod count, so frequency scaling, a noisy neighbour or other slow drift hits every
    /// case alike instead of whichever happened to run during it.
    ///
    /// - Returns: One summary per case, in the order of `cases`.
    static func interleaved(_ cases: [BenchmarkCase], settings: MeasurementSettings) throws -> [TimingSummary] {
        guard !cases.isEmpty else { return [] }
        func run(_ index: Int, _ iterations: Int) throws -> UInt64 {
            do { return try cases[index].runBatch(iterations) } catch {
                throw BenchmarkError.caseFailed(name: cases[index].name, underlying: error)
            }
        }
        let iterations = try cases.indices.map { index in
            try calibrate(settings: settings) { try run(index, $0) }
        }
        var samples = [[Double]](repeating: [], count: cases.count)
        for batch in 0..<settings.batchCount {
            for offset in 0..<cases.count {
                let index = (batch + offset) % cases.count
                let elapsed = try run(index, iterations[index])
                samples[index].append(Double(elapsed) / Double(iterations[index]))
            }
        }
        return samples.indices.map { TimingSummary(perBatch: samples[$0], iterationsPerBatch: iterations[$0]) }
    }

    /// The median of `values`; the mean of the middle two for an even count, NaN when empty.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
