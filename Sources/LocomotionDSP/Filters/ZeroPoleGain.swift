import Foundation

/// A filter as zeros, poles and a gain, in the analog (*s*) or digital (*z*) plane: the
/// intermediate form of IIR design, as in scipy's `*_zpk` functions.
struct ZeroPoleGain {
    var zeros: [ComplexDouble]
    var poles: [ComplexDouble]
    var gain: Double

    /// The normalised analog Butterworth low-pass prototype of `order`: no zeros, poles on the
    /// left half of the unit circle, `pₘ = −e^{iπm/(2N)}` for `m = −N+1, −N+3, …, N−1`, gain 1.
    static func butterworthPrototype(order: Int) -> ZeroPoleGain {
        let poles = stride(from: 1 - order, through: order - 1, by: 2).map { m in
            let angle = Double.pi * Double(m) / Double(2 * order)
            return -ComplexDouble(real: cos(angle), imaginary: sin(angle))
        }
        return ZeroPoleGain(zeros: [], poles: poles, gain: 1)
    }

    /// The excess of poles over zeros.
    private var degree: Int { poles.count - zeros.count }

    /// `Π(−rootᵢ)`.
    private static func productOfNegated(_ roots: [ComplexDouble]) -> ComplexDouble {
        roots.reduce(ComplexDouble(1)) { $0 * -$1 }
    }

    /// `root + √(root² − ω₀²)` and `root − √(root² − ω₀²)` for every root, all the first ones
    /// first: the two images of each root under `s → (s² + ω₀²)/s`-type band transforms.
    private static func splitRoots(_ roots: [ComplexDouble], centre: Double) -> [ComplexDouble] {
        let square = ComplexDouble(centre * centre)
        let roots = roots.map { ($0, ($0 * $0 - square).squareRoot()) }
        return roots.map { $0.0 + $0.1 } + roots.map { $0.0 - $0.1 }
    }

    /// Low-pass to low-pass with cutoff `cutoff` (rad/s): `s → s/ω`.
    func lowPass(cutoff: Double) -> ZeroPoleGain {
        ZeroPoleGain(
            zeros: zeros.map { cutoff * $0 }, poles: poles.map { cutoff * $0 },
            gain: gain * pow(cutoff, Double(degree)))
    }

    /// Low-pass to high-pass with cutoff `cutoff` (rad/s): `s → ω/s`.
    func highPass(cutoff: Double) -> ZeroPoleGain {
        let scale = ComplexDouble(cutoff)
        let ratio = Self.productOfNegated(zeros) / Self.productOfNegated(poles)
        return ZeroPoleGain(
            zeros: zeros.map { scale / $0 } + Array(repeating: .zero, count: degree),
            poles: poles.map { scale / $0 }, gain: gain * ratio.real)
    }

    /// Low-pass to band-pass centred on `centre` with width `width` (rad/s):
    /// `s → (s² + ω₀²)/(s·Δω)`.
    func bandPass(centre: Double, width: Double) -> ZeroPoleGain {
        ZeroPoleGain(
            zeros: Self.splitRoots(zeros.map { (width / 2) * $0 }, centre: centre)
                + Array(repeating: .zero, count: degree),
            poles: Self.splitRoots(poles.map { (width / 2) * $0 }, centre: centre),
            gain: gain * pow(width, Double(degree)))
    }

    /// Low-pass to band-stop centred on `centre` with width `width` (rad/s):
    /// `s → s·Δω/(s² + ω₀²)`.
    func bandStop(centre: Double, width: Double) -> ZeroPoleGain {
        let half = ComplexDouble(width / 2)
        let ratio = Self.productOfNegated(zeros) / Self.productOfNegated(poles)
        return ZeroPoleGain(
            zeros: Self.splitRoots(zeros.map { half / $0 }, centre: centre)
                + Array(repeating: ComplexDouble(real: 0, imaginary: centre), count: degree)
                + Array(repeating: ComplexDouble(real: 0, imaginary: -centre), count: degree),
            poles: Self.splitRoots(poles.map { half / $0 }, centre: centre), gain: gain * ratio.real)
    }

    /// The bilinear transform `s = 2·fs·(z − 1)/(z + 1)` at sample rate `fs`, adding a zero at
    /// `z = −1` (Nyquist) for each excess pole.
    func bilinear(sampleRate: Double) -> ZeroPoleGain {
        let twice = ComplexDouble(2 * sampleRate)
        let ratio =
            zeros.reduce(ComplexDouble(1)) { $0 * (twice - $1) } / poles.reduce(ComplexDouble(1)) { $0 * (twice - $1) }
        return ZeroPoleGain(
            zeros: zeros.map { (twice + $0) / (twice - $0) } + Array(repeating: ComplexDouble(-1), count: degree),
            poles: poles.map { (twice + $0) / (twice - $0) }, gain: gain * ratio.real)
    }
}
