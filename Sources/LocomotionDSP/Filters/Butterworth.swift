import Foundation

/// Butterworth filter design: maximally flat in the pass band, −3 dB at every cutoff, rolling
/// off at 6·*N* dB per octave beyond it (per edge for band filters).
///
/// ```swift
/// let smoother = try Butterworth.design(order: 4, band: .lowPass(cutoff: 5), sampleRate: 50)
/// let smooth = try smoother.applyZeroPhase(to: magnitudes)     // offline, no delay
/// var live = SOSFilter(smoother)                               // streaming, causal
/// ```
public enum Butterworth {
    /// Designs a digital Butterworth filter as second-order sections, equal to
    /// `scipy.signal.butter(order, cutoffs, btype, fs=sampleRate, output="sos")`: the same
    /// sections in the same order with the gain in the first (checked to 1e-9 by the tests).
    ///
    /// The analog prototype (poles `−e^{iπm/(2N)}`) is scaled to the cutoffs pre-warped by
    /// `ω = 2·fs·tan(π·f/fs)`, transformed to the requested band, mapped to the *z* plane by the
    /// bilinear transform and paired into sections by nearest pole–zero pairing. A band-pass or
    /// band-stop design of order *N* has 2*N* poles (*N* sections).
    ///
    /// Steady state: a low-pass passes a constant (1 g of gravity) with gain exactly 1 and a
    /// high-pass removes it (gain 0); a band-pass removes it; a band-stop passes it. After a
    /// sudden change, a causal run settles in a few periods of the lowest cutoff; start a stream
    /// with ``SOSFilter/reset(toSteadyStateFor:)`` to avoid the transient from a resting state.
    ///
    /// - Parameters:
    ///   - order: The prototype's order *N*, 1...8.
    ///   - band: The pass (or stop) band; every edge in Hz strictly between 0 and
    ///     `sampleRate/2`, with `low < high`.
    ///   - sampleRate: In Hz; finite and positive.
    /// - Returns: ⌈*N*/2⌉ sections for low- and high-pass, *N* for band-pass and band-stop.
    /// - Throws: `DSPError.invalidSampleRate`, or `.invalidParameter` naming `order`, `cutoff`,
    ///   `low` or `high`.
    /// - Complexity: O(*N*²).
    public static func design(order: Int, band: FilterBand, sampleRate: Double) throws(DSPError)
        -> SecondOrderSections
    {
        try DSPError.requireValidSampleRate(sampleRate)
        try DSPError.require(order, in: 1...8, name: "order")
        try band.validate(sampleRate: sampleRate)
        // As scipy: normalise to the Nyquist frequency, then design at a sample rate of 2.
        let designRate = 2.0
        let warped = band.edges.map { edge in
            2 * designRate * tan(Double.pi * (2 * edge / sampleRate) / designRate)
        }
        let prototype = ZeroPoleGain.butterworthPrototype(order: order)
        let analog: ZeroPoleGain
        switch band {
        case .lowPass: analog = prototype.lowPass(cutoff: warped[0])
        case .highPass: analog = prototype.highPass(cutoff: warped[0])
        case .bandPass:
            analog = prototype.bandPass(centre: (warped[0] * warped[1]).squareRoot(), width: warped[1] - warped[0])
        case .bandStop:
            analog = prototype.bandStop(centre: (warped[0] * warped[1]).squareRoot(), width: warped[1] - warped[0])
        }
        return analog.bilinear(sampleRate: designRate).secondOrderSections()
    }
}
