import Foundation

/// A tapering window applied to a block of samples before a Fourier transform, to reduce
/// spectral leakage.
///
/// Coefficients follow the textbook (and `scipy.signal.get_window`) definitions and peak at 1;
/// they are not rescaled. Spectra computed in this package divide by the window's sum (amplitude
/// spectra) or its sum of squares (power spectral densities), so a window's gain never shows
/// up in results. ``coherentGain(count:symmetry:)`` and ``equivalentNoiseBandwidth(count:symmetry:)``
/// give the two normalisations for callers who need them.
public enum WindowFunction: String, Sendable, Hashable, CaseIterable {
    /// All ones: no tapering. Best frequency resolution, worst leakage (first side lobe −13 dB).
    case rectangular
    /// `0.5 − 0.5·cos(2πj/N)`. The usual choice; first side lobe −31 dB.
    case hann
    /// `0.54 − 0.46·cos(2πj/N)`. First side lobe −43 dB, side lobes decay slowly.
    case hamming
    /// `0.42 − 0.5·cos(2πj/N) + 0.08·cos(4πj/N)`. First side lobe −58 dB, widest main lobe.
    case blackman

    /// Whether the window is shaped for spectral analysis or for filter design.
    public enum Symmetry: Sendable, Hashable {
        /// `N = count`: one period of a window of length `count + 1` with the last point
        /// dropped. The right choice before a DFT, and scipy's default (`fftbins=True`).
        case periodic
        /// `N = count − 1`: symmetric about the centre, first and last points equal.
        case symmetric
    }

    /// The window's `count` coefficients.
    ///
    /// A window of one coefficient is `[1]`.
    ///
    /// - Complexity: O(*n*); allocates the result.
    public func coefficients(count: Int, symmetry: Symmetry = .periodic) -> [Double] {
        [Double](unsafeUninitializedCapacity: max(count, 0)) { buffer, initialized in
            fill(buffer, symmetry: symmetry)
            initialized = buffer.count
        }
    }

    /// Writes the window's coefficients into `buffer`, one per element: the no-allocation form of
    /// ``coefficients(count:symmetry:)`` for the package's analyzers, which fill their window once.
    ///
    /// - Complexity: O(*n*); no allocation.
    package func fill(_ buffer: UnsafeMutableBufferPointer<Double>, symmetry: Symmetry = .periodic) {
        let count = buffer.count
        guard count > 1, self != .rectangular else {
            buffer.update(repeating: 1)
            return
        }
        let period = Double(symmetry == .periodic ? count : count - 1)
        let (a0, a1, a2): (Double, Double, Double) =
            switch self {
            case .rectangular: (1, 0, 0)
            case .hann: (0.5, 0.5, 0)
            case .hamming: (0.54, 0.46, 0)
            case .blackman: (0.42, 0.5, 0.08)
            }
        for index in 0..<count {
            let phase = 2 * Double.pi * Double(index) / period
            buffer[index] = a0 - a1 * cos(phase) + a2 * cos(2 * phase)
        }
    }

    /// The mean coefficient, `Σw / count`: the factor by which the window scales the amplitude
    /// of a sinusoid centred on a bin (1 for rectangular, 0.5 for periodic Hann).
    ///
    /// - Complexity: O(*n*).
    public func coherentGain(count: Int, symmetry: Symmetry = .periodic) -> Double {
        let window = coefficients(count: count, symmetry: symmetry)
        return window.isEmpty ? 0 : window.reduce(0, +) / Double(count)
    }

    /// The equivalent noise bandwidth in bins, `count·Σw² / (Σw)²` (1 for rectangular, 1.5 for
    /// periodic Hann): how much wider than one bin the window's noise bandwidth is.
    ///
    /// - Complexity: O(*n*).
    public func equivalentNoiseBandwidth(count: Int, symmetry: Symmetry = .periodic) -> Double {
        let window = coefficients(count: count, symmetry: symmetry)
        let sum = window.reduce(0, +)
        return sum == 0 ? 0 : Double(count) * window.reduce(0) { $0 + $1 * $1 } / (sum * sum)
    }
}
