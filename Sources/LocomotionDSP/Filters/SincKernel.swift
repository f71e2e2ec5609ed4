import Foundation

/// A windowed-sinc low-pass kernel for band-limited interpolation: the value of a signal at any
/// time, from samples at any times, with everything above a cutoff removed. This is the method of
/// Smith and Gossett (1984), "A flexible sampling-rate conversion method" (ICASSP), which libraries
/// such as libsamplerate and resampy also use: a signal resampled through it keeps its content
/// below the cutoff and does not alias what lies above.
///
/// ```swift
/// let kernel = try SincKernel(cutoff: 400)                       // Hz
/// let at1000Hz = try kernel.resample(samples, sampleRate: 2000, to: 1000)
/// ```
///
/// The kernel is `h(τ) = sinc(2·fc·τ) · w(τ / T)`, with `sinc(x) = sin(πx)/(πx)`, a Blackman
/// window `w` and a half-width of ``zeroCrossings`` zero crossings, `T = zeroCrossings / (2·fc)`
/// seconds. It is tabulated at ``tableResolution`` points per zero crossing and read by linear
/// interpolation (error below 10⁻⁵). With 16 zero crossings the transition from pass to stop
/// band is about 0.17·fc wide each side of the cutoff, and the Blackman window's side lobes
/// put the stop band more than 70 dB down.
///
/// An interpolated value is `Σ h(t − tₙ)·xₙ / Σ h(t − tₙ)` over the samples within `T` of `t`:
/// normalising by the weights keeps a constant exactly constant, with irregular sample times and
/// near the ends of a run of samples, where the kernel is cut off.
///
/// Thread safety: an immutable value; share it freely.
public struct SincKernel: Sendable {
    /// Zero crossings of the sinc on each side of the centre.
    public static let zeroCrossings = 16
    /// Table points per zero crossing.
    public static let tableResolution = 256

    /// The cutoff frequency, in Hz.
    public let cutoff: Double
    /// How far the kernel reaches on each side of its centre, in seconds: `zeroCrossings / (2·cutoff)`.
    public let halfWidth: Double
    /// `h` at `k / (2·cutoff·tableResolution)` seconds for `k` in `0...zeroCrossings·tableResolution`,
    /// and one 0 past the end so the interpolation needs no branch.
    @usableFromInline let table: [Double]
    /// Table points per second of offset.
    @usableFromInline let pointsPerSecond: Double

    /// Creates the kernel of a low-pass at `cutoff` Hz.
    ///
    /// - Parameter cutoff: In Hz; finite and positive. To resample from rate `a` to rate `b`
    ///   without aliasing, use at most `0.4 × min(a, b)`: the transition band then ends below
    ///   both Nyquist frequencies.
    /// - Throws: `DSPError.invalidParameter` naming `cutoff`.
    /// - Complexity: O(1); the first kernel of a process computes the shared table, O(``zeroCrossings`` ×
    ///   ``tableResolution``).
    public init(cutoff: Double) throws(DSPError) {
        try DSPError.requirePositive(cutoff, name: "cutoff", unit: "Hz")
        self.cutoff = cutoff
        halfWidth = Double(Self.zeroCrossings) / (2 * cutoff)
        pointsPerSecond = 2 * cutoff * Double(Self.tableResolution)
        table = Self.sharedTable
    }

    /// The table in zero crossings, the same for every cutoff: computed once per process, since
    /// every resampler makes a kernel and the table costs thousands of sines and cosines.
    private static let sharedTable: [Double] = {
        let count = zeroCrossings * tableResolution
        return (0...count + 1).map { point in
            guard point > 0 else { return 1 }
            guard point <= count else { return 0 }
            let x = Double(point) / Double(tableResolution)  // in zero crossings
            let u = x / Double(zeroCrossings)  // 0...1 across the half-width
            let window = 0.42 + 0.5 * cos(Double.pi * u) + 0.08 * cos(2 * Double.pi * u)
            return sin(Double.pi * x) / (Double.pi * x) * window
        }
    }()

    /// The kernel's value at `offset` seconds from its centre: 1 at 0, 0 at and beyond ``halfWidth``.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func weight(atOffset offset: Double) -> Double {
        let position = abs(offset) * pointsPerSecond
        guard position < Double(Self.zeroCrossings * Self.tableResolution) else { return 0 }
        let index = Int(position)
        let fraction = position - Double(index)
        return table.withUnsafeBufferPointer { table in
            table[index] + fraction * (table[index + 1] - table[index])
        }
    }

    /// The weights of `count` samples at `times` for a value at `centre` (all in seconds), written
    /// to `weights`; returns their sum. The resampler's hot loop: one table read per sample.
    ///
    /// - Complexity: O(`count`).
    @inlinable
    package func weights(
        at times: UnsafePointer<Double>, count: Int, around centre: Double, into weights: UnsafeMutablePointer<Double>
    ) -> Double {
        var sum = 0.0
        for index in 0..<count {
            weights[index] = weight(atOffset: times[index] - centre)
            sum += weights[index]
        }
        return sum
    }

    /// Resamples a uniformly sampled signal onto another uniform rate, through this kernel.
    ///
    /// The output starts at the first sample's time and holds ⌊(`samples.count` − 1) ×
    /// `outputRate` / `sampleRate`⌋ + 1 values, the last at or before the last sample's time.
    ///
    /// - Parameters:
    ///   - samples: The signal; finite values.
    ///   - sampleRate: Its rate in Hz; finite and positive.
    ///   - outputRate: The rate to resample to, in Hz; finite and positive.
    /// - Returns: The resampled signal; empty for empty input.
    /// - Throws: `DSPError.invalidSampleRate` for a rate that is not finite and positive,
    ///   `.nonFiniteSample` for a NaN or infinite sample.
    /// - Complexity: O(*m* × *k*) for *m* outputs and *k* = 2 × ``halfWidth`` × `sampleRate`
    ///   samples under the kernel.
    public func resample(_ samples: [Double], sampleRate: Double, to outputRate: Double) throws(DSPError)
        -> [Double]
    {
        try DSPError.requireValidSampleRate(sampleRate)
        try DSPError.requireValidSampleRate(outputRate)
        if let bad = samples.firstIndex(where: { !$0.isFinite }) { throw DSPError.nonFiniteSample(index: bad) }
        guard !samples.isEmpty else { return [] }
        let count = Int((Double(samples.count - 1) * outputRate / sampleRate).rounded(.down)) + 1
        let reach = Int((halfWidth * sampleRate).rounded(.up))
        return (0..<count).map { index in
            let centre = Double(index) * sampleRate / outputRate  // in input samples
            let first = max(0, Int(centre.rounded(.up)) - reach)
            let last = min(samples.count - 1, Int(centre.rounded(.down)) + reach)
            var (sum, weights) = (0.0, 0.0)
            for input in first...last {
                let weight = weight(atOffset: (Double(input) - centre) / sampleRate)
                sum += weight * samples[input]
                weights += weight
            }
            return sum / weights
        }
    }
}
