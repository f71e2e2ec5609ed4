/// How ``welch(_:sampleRate:options:)`` scales its estimate.
public enum PowerSpectrumScaling: String, Sendable, Hashable {
    /// Power spectral density, input units² per Hz: `1 / (sampleRate·Σw²)`. Integrating over
    /// frequency gives the signal's variance.
    case density
    /// Power spectrum, input units²: `1 / (Σw)²`. A sinusoid of amplitude `A` centred on a bin
    /// shows `A²/2` there.
    case spectrum
}
