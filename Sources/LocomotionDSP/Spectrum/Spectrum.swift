/// A one-sided power spectrum of a block of real samples, with its frequency axis.
///
/// Scaling: `power[k]` is the mean-square value (input units²) that bin `k` holds, so a
/// sinusoid of amplitude `A` centred on bin `k` shows `A²/2` there, and a constant `c` shows
/// `c²` in bin 0 (with ``Detrend/none``). Formally `power[k] = c_k·|X[k]|² / (Σw)²` with `c_k = 2`
/// except for bin 0 and, for an even FFT length, the Nyquist bin. This equals
/// `scipy.signal.periodogram(..., scaling="spectrum")`.
public struct Spectrum: Sendable, Equatable {
    /// The sample rate of the analyzed samples, in Hz.
    public let sampleRate: Double
    /// The transform length: the number of samples plus any zero padding.
    public let fftLength: Int
    /// Power per bin, `fftLength / 2 + 1` values, in input units².
    public internal(set) var power: [Double]

    /// Creates a spectrum from precomputed power values.
    ///
    /// - Precondition: `power.count == fftLength / 2 + 1`.
    public init(sampleRate: Double, fftLength: Int, power: [Double]) {
        precondition(
            power.count == fftLength / 2 + 1, "a spectrum of \(fftLength) points has \(fftLength / 2 + 1) bins")
        self.sampleRate = sampleRate
        self.fftLength = fftLength
        self.power = power
    }

    /// The number of bins, `fftLength / 2 + 1`.
    public var binCount: Int { power.count }

    /// The spacing between bins, `sampleRate / fftLength`, in Hz.
    public var binWidth: Double { sampleRate / Double(fftLength) }

    /// The centre frequency of bin `index`, in Hz.
    @inlinable
    public func frequency(ofBin index: Int) -> Double { Double(index) * sampleRate / Double(fftLength) }

    /// The centre frequency of every bin, in Hz.
    ///
    /// - Complexity: O(*n*); allocates.
    public var frequencies: [Double] { (0..<binCount).map(frequency(ofBin:)) }

    /// The amplitude (input units) that bin `index` holds: `A` for a sinusoid of amplitude `A`
    /// centred on the bin, `|c|` for a constant in bin 0.
    public func magnitude(ofBin index: Int) -> Double {
        let isUnpaired = index == 0 || (fftLength % 2 == 0 && index == binCount - 1)
        return (isUnpaired ? power[index] : 2 * power[index]).squareRoot()
    }

    /// The amplitude of every bin, in input units.
    ///
    /// - Complexity: O(*n*); allocates.
    public var magnitudes: [Double] { (0..<binCount).map(magnitude(ofBin:)) }

    /// The indices of the bins whose centre frequency, as ``frequency(ofBin:)`` computes it, lies
    /// in `band` (Hz). A band edge exactly on a bin centre includes that bin.
    ///
    /// - Complexity: O(1).
    public func bins(in band: ClosedRange<Double>) -> Range<Int> {
        let last = binCount - 1
        // Estimate by division (clamped before converting, as Int() traps out of range), then
        // settle against frequency(ofBin:) itself, which may round the other way.
        func estimate(_ frequency: Double, _ rule: FloatingPointRoundingRule) -> Int {
            let bin = (frequency / binWidth).rounded(rule)
            return bin.isNaN ? 0 : Int(min(max(bin, -1), Double(binCount)))
        }
        var first = max(estimate(band.lowerBound, .up), 0)
        while first > 0, frequency(ofBin: first - 1) >= band.lowerBound { first -= 1 }
        while first <= last, frequency(ofBin: first) < band.lowerBound { first += 1 }
        var upper = min(estimate(band.upperBound, .down), last)
        while upper < last, frequency(ofBin: upper + 1) <= band.upperBound { upper += 1 }
        while upper >= 0, frequency(ofBin: upper) > band.upperBound { upper -= 1 }
        return first <= upper ? first..<(upper + 1) : first..<first
    }

    /// Total power in the bins of `band` (Hz), in input units².
    public func power(in band: ClosedRange<Double>) -> Double {
        bins(in: band).reduce(0) { $0 + power[$1] }
    }
}
