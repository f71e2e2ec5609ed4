extension Statistics {
    /// The level whose crossings ``crossingRate(of:level:)``
    /// counts.
    public enum CrossingLevel: Sendable, Hashable {
        /// Zero: the zero-crossing rate.
        case zero
        /// The window's own mean: the mean-crossing rate, blind to a constant offset such as 1 g
        /// of gravity.
        case mean
        /// A fixed level in sample units (for example 1 g for acceleration magnitudes).
        case value(Double)
    }

    /// The fraction of consecutive sample pairs between which the signal crosses `level`: the
    /// zero-crossing rate (`.zero`) or the mean-crossing rate (`.mean`).
    ///
    /// A crossing is counted between consecutive samples on opposite sides of the level; samples
    /// exactly *at* the level take no side and are skipped, so about 0, `[1, 0, -1]` crosses once
    /// and `[1, 0, 1]` not at all. The count is divided by the number of consecutive pairs,
    /// *n* − 1, so the rate lies in `0...1` (1 for a signal that alternates every sample).
    ///
    /// - Parameters:
    ///   - samples: At least one finite sample.
    ///   - level: What is crossed; `.mean` uses the compensated mean of the window.
    /// - Returns: Crossings per sample pair; 0 for a single sample (there is no pair).
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`, `.invalidParameter` for a
    ///   non-finite `.value` level.
    /// - Complexity: O(*n*) (two passes for `.mean`).
    @inlinable
    public static func crossingRate(of samples: some Collection<Double>, level: CrossingLevel) throws(DSPError)
        -> Double
    {
        try withBuffer(samples) { (samples) throws(DSPError) in
            try requireValidWindow(samples)
            let threshold: Double
            switch level {
            case .zero: threshold = 0
            case .mean: threshold = compensatedMean(samples)
            case .value(let value):
                guard value.isFinite else {
                    throw .invalidParameter(name: "level", value: "\(value)", requirement: "it must be finite")
                }
                threshold = value
            }
            return crossingFraction(samples, about: threshold)
        }
    }

    /// Crossings per second: ``crossingRate(of:level:)`` times the
    /// sample rate, i.e. the crossings divided by the window's duration `(n − 1)/sampleRate`. A
    /// sinusoid of frequency *f* crosses its mean (and zero, when it has no offset) about 2*f*
    /// times per second.
    ///
    /// - Parameters:
    ///   - samples: At least one finite sample.
    ///   - level: What is crossed.
    ///   - sampleRate: Sample rate in Hz; finite and positive.
    /// - Returns: Crossings per second (Hz); 0 for a single sample.
    /// - Throws: As the per-pair rate, and `.invalidSampleRate`.
    /// - Complexity: O(*n*).
    public static func crossingRate(
        of samples: some Collection<Double>, level: CrossingLevel, sampleRate: Double
    ) throws(DSPError) -> Double {
        try DSPError.requireValidSampleRate(sampleRate)
        return try crossingRate(of: samples, level: level) * sampleRate
    }

    /// Side changes of `x` about `level` between consecutive samples not at the level, over the
    /// pair count.
    @usableFromInline
    static func crossingFraction(_ samples: UnsafeBufferPointer<Double>, about level: Double) -> Double {
        guard samples.count > 1 else { return 0 }
        var crossings = 0
        var side = 0  // the side of the last sample off the level; 0 before the first
        for sample in samples {
            let current = sample > level ? 1 : (sample < level ? -1 : 0)
            if current != 0 {
                if current == -side { crossings += 1 }
                side = current
            }
        }
        return Double(crossings) / Double(samples.count - 1)
    }
}
