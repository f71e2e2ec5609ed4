/// An error thrown by LocomotionDSP when its input or parameters cannot be used.
///
/// A struct with an extensible ``Code`` rather than an enum, so that a new kind of error is not a
/// breaking change: match on ``code`` and keep a `default` branch.
///
/// ```swift
/// do {
///     let dominant = try findDominantFrequency(in: samples, sampleRate: rate)
/// } catch {
///     switch error.code {
///     case .nonFiniteSample: print("sample \(error.sampleIndex!) is NaN or infinite")
///     case .invalidSampleRate, .invalidBand, .invalidParameter: print("bad setting: \(error)")
///     default: print(error)
///     }
/// }
/// ```
///
/// The context fields say what was wrong and where: a parameter's name, its value and the
/// requirement it breaks, or the index of a bad sample. The ``description`` is the same text as a
/// sentence for a person.
public struct DSPError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error this is. New codes may be added in any release.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// A stable identifier, such as `"invalid-parameter"`.
        public var rawValue: String
        /// Creates a code from its identifier.
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The input buffer was empty where at least one sample is required (data).
        public static let emptyInput = Code(rawValue: "empty-input")
        /// A sample is NaN or infinite (data); ``DSPError/sampleIndex`` says which.
        public static let nonFiniteSample = Code(rawValue: "non-finite-sample")
        /// The sample rate (Hz) is not finite and positive (parameter `sampleRate`).
        public static let invalidSampleRate = Code(rawValue: "invalid-sample-rate")
        /// A frequency band is empty, not finite, or outside `0...nyquist` Hz (parameter `band`).
        public static let invalidBand = Code(rawValue: "invalid-band")
        /// Another parameter is outside its documented range.
        public static let invalidParameter = Code(rawValue: "invalid-parameter")
        /// FFTW could not create a plan (out of memory).
        public static let planCreationFailed = Code(rawValue: "plan-creation-failed")
    }

    /// What kind of error this is.
    public let code: Code
    /// What was wrong, as a sentence for a person (the same text as ``description``).
    public let message: String
    /// The name of the parameter at fault (`"sampleRate"`, `"band"`, `"samples.count"`), or `nil`
    /// when the input data is at fault.
    public let parameter: String?
    /// The rejected value as text, or `nil`.
    public let value: String?
    /// What the value must satisfy (`"it must be in 1...8"`), or `nil`.
    public let expected: String?
    /// The 0-based index of the offending sample in the input buffer, or `nil`.
    public let sampleIndex: Int?

    /// Creates an error; the factories below build the package's own errors.
    ///
    /// - Parameters:
    ///   - code: What kind of error this is.
    ///   - message: The text of ``description``.
    ///   - parameter: The parameter's name, if a parameter is at fault.
    ///   - value: The rejected value as text.
    ///   - expected: What the value must satisfy.
    ///   - sampleIndex: The 0-based index of the offending sample.
    public init(
        _ code: Code, message: String, parameter: String? = nil, value: String? = nil, expected: String? = nil,
        sampleIndex: Int? = nil
    ) {
        self.code = code
        self.message = message
        self.parameter = parameter
        self.value = value
        self.expected = expected
        self.sampleIndex = sampleIndex
    }

    public var description: String { message }
}

extension DSPError {
    /// The input is empty where at least one sample is required.
    public static var emptyInput: DSPError {
        DSPError(.emptyInput, message: "the input is empty; at least one sample is required")
    }

    /// The sample at `index` (0-based) is NaN or infinite.
    public static func nonFiniteSample(index: Int) -> DSPError {
        DSPError(
            .nonFiniteSample, message: "sample \(index) is not a finite number (NaN or infinity)", sampleIndex: index)
    }

    /// The sample rate `rate` (Hz) is not finite and positive.
    public static func invalidSampleRate(_ rate: Double) -> DSPError {
        let requirement = "it must be finite and positive (Hz)"
        return DSPError(
            .invalidSampleRate, message: "sample rate \(rate.compactDescription) Hz is invalid; \(requirement)",
            parameter: "sampleRate", value: rate.compactDescription, expected: requirement)
    }

    /// The band `lower...upper` Hz is empty, not finite, or outside `0...nyquist` Hz.
    public static func invalidBand(lower: Double, upper: Double, nyquist: Double) -> DSPError {
        let band = "\(lower.compactDescription)...\(upper.compactDescription) Hz"
        let requirement =
            "it must be finite, non-empty and within 0...\(nyquist.compactDescription) (Hz; the Nyquist frequency)"
        return DSPError(
            .invalidBand, message: "frequency band \(band) is invalid; \(requirement)", parameter: "band",
            value: band, expected: requirement)
    }

    /// The parameter `name` has a value (`value`, as text) that breaks `requirement`.
    public static func invalidParameter(name: String, value: String, requirement: String) -> DSPError {
        DSPError(
            .invalidParameter, message: "\(name) = \(value.compactNumberDescription) is invalid; \(requirement)",
            parameter: name, value: value, expected: requirement)
    }

    /// FFTW could not create a plan of `count` points.
    public static func planCreationFailed(count: Int) -> DSPError {
        DSPError(
            .planCreationFailed, message: "FFTW could not create a plan for \(count) points", parameter: "count",
            value: "\(count)")
    }
}

extension DSPError: ParameterValidating {}

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
