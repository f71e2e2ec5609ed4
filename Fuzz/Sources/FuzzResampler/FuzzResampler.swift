import Foundation
import FuzzSupport
import Locomotion

// The resampler alone, on recordings made from the input (no parsing): the first byte picks the
// grid's rate and where the recording is cut into two chunks; then each row takes three bytes
// (the interval to the previous row in 2.5 ms steps, 0 for a repeated time and 255 for a gap of
// 10 s, then two of acceleration). Beyond "no crash" it checks:
// - the whole recording through `Recording.resampling(to:maximumGap:)` and its two chunks through
//   one RecordingResampler give the same rows, bit for bit, and the same report, or the same
//   error (two passes: `resampling(to:)` is one resampler over the whole recording, so a third
//   pass through a resampler of our own would repeat it);
// - the grid's times are finite, strictly increasing and as many as the report says, never
//   more than the upsampling bound allows;
// - every error is a LocomotionError with a message.
// Inputs whose resampling would compute more than `resamplingWorkBudget` kernel weights are
// skipped before any work, so each input stays cheap.

let rates = [5.0, 12.5, 25, 50, 100, 200, 1000]

/// The rows' times and values as bit patterns, after checking the grid's times and count.
func gridBits(_ rows: [Recording], report: RecordingResamplingReport) -> [UInt64] {
    let times = rows.flatMap(\.time)
    let values = rows.flatMap { $0.acceleration.map { zip($0.x, $0.z).map { $0 + $1 } } ?? [] }
    require(times.count == report.rowsWritten, "\(times.count) rows, report \(report)")
    require(times.allSatisfy(\.isFinite), "a non-finite grid time")
    require(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "grid times not strictly increasing")
    return (times + values).map(\.bitPattern)
}

/// The pieces through one resampler, as `Recording.resampling(to:maximumGap:)` makes it.
func resample(_ pieces: [Recording], rate: Double, sampling: SamplingAnalysis) throws(LocomotionError) -> (
    [UInt64], RecordingResamplingReport
) {
    var resampler = try RecordingResampler(
        sampleRate: rate, inputRate: sampling.sampleRate, maximumGap: sampling.maximumGap)
    var rows: [Recording] = []
    for piece in pieces { rows.append(try resampler.append(piece)) }
    rows.append(resampler.finish())
    return (gridBits(rows, report: resampler.report), resampler.report)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let mode = input.byte()
    var time: [Double] = []
    var x: [Double] = []
    var z: [Double] = []
    var clock = 0.0
    while !input.isAtEnd, time.count < 4096 {
        let step = input.byte()
        clock += step == 255 ? 10 : Double(step) * 0.0025
        time.append(clock)
        x.append(Double(Int8(bitPattern: input.byte())) / 32)
        z.append(1 + Double(Int8(bitPattern: input.byte())) / 32)
    }
    let recording = Recording(
        source: "fuzz", time: time,
        acceleration: ThreeAxisSeries(x: x, y: [Double](repeating: 0, count: time.count), z: z))
    guard let sampling = recording.samplingAnalysis() else { return 0 }
    let rate = rates[Int(mode) % rates.count]
    // Bounded work per input: a few irregular rows at 1000 Hz would make a grid of millions of
    // rows and take seconds (the first campaign ran at 59 inputs/s).
    guard
        resamplingWork(time: time, rate: rate, inputRate: sampling.sampleRate, maximumGap: sampling.maximumGap)
            <= Double(resamplingWorkBudget)
    else { return 0 }
    let cut = time.isEmpty ? 0 : Int(mode >> 3) * time.count / 32
    let whole = Result { () throws(LocomotionError) in
        let (resampled, report) = try recording.resampling(to: rate, maximumGap: sampling.maximumGap)
        return (gridBits([resampled], report: report), report)
    }
    let chunks = Result { () throws(LocomotionError) in
        try resample([recording[rows: 0..<cut], recording[rows: cut..<time.count]], rate: rate, sampling: sampling)
    }
    switch (whole, chunks) {
    case (.success(let a), .success(let b)):
        require(a.0 == b.0 && a.1 == b.1, "whole and chunks differ: \(a.1) vs \(b.1)")
        // The grid covers each segment at `rate`: at most its span times the rate plus one row
        // per segment. Rows written are not bounded by `maximumUpsampling` times the rows read:
        // that limit is on the rate against the median interval, and irregular intervals make the
        // span longer than the median suggests (the campaign's first finding, 10,214 from 100).
        let span = (time.last ?? 0) - (time.first ?? 0)
        require(
            a.1.rowsWritten <= Int((span * rate).rounded(.up)) + a.1.segments,
            "\(a.1.rowsWritten) rows from \(time.count) over \(span) s at \(rate) Hz")
    case (.failure(let a), .failure(let b)):
        require(!a.message.isEmpty && a.description == b.description, "failed differently: \(a) vs \(b)")
    default: require(false, "the whole \(whole) but the chunks \(chunks)")
    }
    return 0
}
