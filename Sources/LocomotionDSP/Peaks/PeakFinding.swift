import Foundation

/// The buffer form of the public array overload below, for the package's own hot loops (no copy).
package func findPeaks(in samples: UnsafeBufferPointer<Double>, options: PeakFindingOptions = .init())
    throws(DSPError) -> Peaks
{
    try options.validate()
    try DSPError.requireFinite(samples)
    var peaks = Peaks(indices: localMaxima(in: samples))

    if let bounds = options.height {
        peaks.heights = peaks.indices.map { samples[$0] }
        peaks.filter(keeping: peaks.heights!.map(bounds.contains))
    }
    if let bounds = options.threshold {
        peaks.leftThresholds = peaks.indices.map { samples[$0] - samples[$0 - 1] }
        peaks.rightThresholds = peaks.indices.map { samples[$0] - samples[$0 + 1] }
        peaks.filter(
            keeping: zip(peaks.leftThresholds!, peaks.rightThresholds!).map { left, right in
                (bounds.minimum.map { $0 <= min(left, right) } ?? true)
                    && (bounds.maximum.map { max(left, right) <= $0 } ?? true)
            })
    }
    if let distance = options.distance {
        peaks.filter(keeping: separated(peaks.indices, in: samples, by: Int(distance.rounded(.up))))
    }
    if let bounds = options.prominence {
        peaks.prominences = unvalidatedProminences(in: samples, peaks: peaks.indices)
        peaks.filter(keeping: peaks.prominences!.prominences.map(bounds.contains))
    }
    return peaks
}

/// Finds local maxima with `scipy.signal.find_peaks` semantics for `height`, `threshold`,
/// `distance` and `prominence` (checked against scipy by the tests).
///
/// ```swift
/// let steps = try findPeaks(in: smoothedMagnitude, options: .init(height: 1.2, distance: 0.25 * 50))
/// ```
///
/// 1. **Local maxima.** Sample *i* is a peak when its left neighbour is lower and, after any run
///    of samples equal to it (a plateau), the next sample is lower too. A plateau is reported at
///    its middle sample, rounding down. The first and last samples are never peaks, nor is a
///    plateau that touches either end.
/// 2. **Height**, then **threshold** (the smaller rise above the two direct neighbours must reach
///    the minimum, the larger stay within the maximum): peaks outside the bounds are dropped.
/// 3. **Distance**: peaks are visited from the highest down, and each kept peak removes every
///    other peak closer than `⌈distance⌉` samples. Among equal heights the later (rightmost)
///    peak is visited first. scipy visits equal heights in the order of numpy's default
///    (unstable) `argsort`, which depends on the CPU; Locomotion's rule is that order made
///    stable, so the result is the same everywhere and equals scipy's whenever no two
///    conflicting peaks have the same height.
/// 4. **Prominence** (see ``PeakProminences``) of the remaining peaks, filtered by its bounds.
///
/// - Parameters:
///   - samples: Finite values, for example an acceleration magnitude in g.
///   - options: The criteria; none by default (every local maximum).
/// - Returns: The peaks in ascending order, with the properties of the criteria that were set.
///   Fewer than three samples have no peaks.
/// - Throws: `DSPError.nonFiniteSample(index:)`, `.invalidParameter` for a NaN bound or a
///   distance below 1.
/// - Complexity: O(*n*) for the maxima, height and threshold; O(*k* log *k* + *k*·*d*) for the
///   distance rule with *k* candidates and distance *d*; O(*n*) per peak at worst for prominence
///   (each walks to the nearest higher sample), so O(*n*·*k*) at worst and close to O(*n*) for
///   typical signals.
public func findPeaks(in samples: [Double], options: PeakFindingOptions = .init()) throws(DSPError) -> Peaks {
    try samples.withUnsafeBufferPointer { (buffer) throws(DSPError) in try findPeaks(in: buffer, options: options) }
}

/// Every local maximum, plateaus at their middle sample (rounding down), edges excluded.
///
/// - Complexity: O(*n*).
func localMaxima(in samples: UnsafeBufferPointer<Double>) -> [Int] {
    var peaks: [Int] = []
    let last = samples.count - 1
    var index = 1
    while index < last {
        if samples[index - 1] < samples[index] {
            var ahead = index + 1
            while ahead < last, samples[ahead] == samples[index] { ahead += 1 }
            if samples[ahead] < samples[index] {
                peaks.append((index + ahead - 1) / 2)
                index = ahead
            }
        }
        index += 1
    }
    return peaks
}

/// Which of `peaks` (ascending indices) survive the distance rule: visiting peaks from the
/// highest down (equal heights: the later first), each kept peak removes the others closer than
/// `distance` samples.
///
/// - Complexity: O(*k* log *k* + *k*·*d*).
private func separated(_ peaks: [Int], in samples: UnsafeBufferPointer<Double>, by distance: Int) -> [Bool] {
    var keep = [Bool](repeating: true, count: peaks.count)
    let priority = peaks.indices.sorted { (samples[peaks[$0]], $0) < (samples[peaks[$1]], $1) }
    for position in priority.reversed() where keep[position] {
        var other = position - 1
        while other >= 0, peaks[position] - peaks[other] < distance {
            keep[other] = false
            other -= 1
        }
        other = position + 1
        while other < peaks.count, peaks[other] - peaks[position] < distance {
            keep[other] = false
            other += 1
        }
    }
    return keep
}
