import Locomotion

/// The most kernel weights one input may make the resampler compute (in each of its passes).
/// About 200 grid rows at the kernel's 41 rows (the rates equal), a few hundred rows
/// downsampled, or a few rows upsampled 100 times fit; an input of a few irregular rows that would
/// make a grid of millions of rows is skipped before it costs seconds. It was 2¹⁵: the kernel
/// weights were most of each resampler input's time, and rows beyond these reach no code that
/// shorter ones do not. The resampler's work on longer recordings (its flush every 4,096 rows,
/// its buffer trimming) is left to the unit tests, which run it on 36,000 rows in chunks of 1
/// to 50,000 (docs/Reliability.md, "Fuzzing").
public let resamplingWorkBudget = 1 << 13

/// The kernel weights resampling rows at `time` to `rate` computes, estimated before any of it
/// is done: the grid rows (one grid per run of rows between intervals longer than `maximumGap`,
/// as ``RecordingResampler`` makes them) times the rows under the kernel (its width at
/// `inputRate`, at most the rows there are). `Double`, as it can exceed `Int`.
///
/// - Complexity: O(*n*) for *n* times.
public func resamplingWork(time: [Double], rate: Double, inputRate: Double, maximumGap: Double) -> Double {
    guard var start = time.first else { return 0 }
    var gridRows = 0.0
    for index in time.indices.dropFirst() where time[index] - time[index - 1] > maximumGap {
        gridRows += ((time[index - 1] - start) * rate).rounded(.down) + 1
        start = time[index]
    }
    gridRows += ((time[time.count - 1] - start) * rate).rounded(.down) + 1
    // The resampler's cutoff is 0.4 times the lower rate; the kernel reaches zeroCrossings / (2 cutoff) s.
    let halfWidth = Double(SincKernel.zeroCrossings) / (2 * 0.4 * min(rate, inputRate))
    let kernelRows = min(Double(time.count), 2 * halfWidth * inputRate + 1)
    return gridRows * kernelRows
}
