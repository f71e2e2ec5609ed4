/// An error thrown by LocomotionDSP when its input or parameters cannot be used.
///
/// Every case names what was wrong and, where it helps, where (a sample index) and what
/// was expected, so a caller can report it without guessing.
public enum DSPError: Error, Equatable, Sendable {
    /// The input buffer was empty where at least one sample is required.
    case emptyInput
    /// The sample at `index` is NaN or infinite.
    case nonFiniteSample(index: Int)
    /// The sample rate (Hz) is not finite and positive.
    case invalidSampleRate(Double)
    /// A frequency band is empty, not finite, or outside `0...nyquist` (all in Hz).
    case invalidBand(lower: Double, upper: Double, nyquist: Double)
    /// A parameter is out of its documented range.
    case invalidParameter(name: String, value: String, requirement: String)
    /// FFTW could not create a plan of this length (out of memory, or a length beyond `Int32`).
    case planCreationFailed(count: Int)
}

extension DSPError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .emptyInput:
            return "the input is empty; at least one sample is required"
        case .nonFiniteSample(let index):
            return "sample \(index) is not a finite number (NaN or infinity)"
        case .invalidSampleRate(let rate):
            return "sample rate \(rate.compactDescription) Hz is invalid; it must be finite and greater than 0"
        case .invalidBand(let lower, let upper, let nyquist):
            return
                "frequency band \(lower.compactDescription)...\(upper.compactDescription) Hz is invalid; it must be finite, "
                + "non-empty and inside 0...\(nyquist.compactDescription) Hz (Nyquist)"
        case .invalidParameter(let name, let value, let requirement):
            return "\(name) = \(value.compactNumberDescription) is invalid; \(requirement)"
        case .planCreationFailed(let count):
            return "FFTW could not create a plan for \(count) points"
        }
    }
}

extension DSPError {
    /// Throws `.nonFiniteSample` naming the first NaN or infinite sample.
    ///
    /// - Complexity: O(*n*).
    static func requireFinite(_ samples: UnsafeBufferPointer<Double>) throws(DSPError) {
        // An OR of per-sample flags, which the compiler can vectorise; the index is searched
        // for only when something is wrong.
        // The biased exponent plus one reaches 0x800 only for an all-ones exponent (NaN, ±∞).
        var flags: UInt64 = 0
        for sample in samples { flags |= ((sample.bitPattern >> 52) & 0x7FF) &+ 1 }
        guard flags & 0x800 != 0 else { return }
        for index in samples.indices where !samples[index].isFinite {
            throw .nonFiniteSample(index: index)
        }
    }

    static func requireValidSampleRate(_ sampleRate: Double) throws(DSPError) {
        guard sampleRate.isFinite, sampleRate > 0 else { throw .invalidSampleRate(sampleRate) }
    }
}
