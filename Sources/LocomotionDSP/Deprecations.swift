// Earlier names and forms of the public API, kept so that existing clients still compile and get a
// fix-it. Each forwards to its replacement; none is used inside the package.

/// The frequency (Hz) of the strongest component of `samples`, or `0` when none can be
/// determined (fewer than 2 samples, a constant signal, a non-finite sample or sample rate).
///
/// - Complexity: O(*n* log *n*).
@available(
    *, deprecated,
    message:
        "use findDominantFrequency(in:sampleRate:options:), which throws for bad input and returns nil when there is no peak instead of 0"
)
public func dominantFrequency(samples: [Double], sampleRate: Double) -> Double {
    (try? findDominantFrequency(in: samples, sampleRate: sampleRate))??.frequency ?? 0
}

/// The population variance of `values`: 0 for fewer than two values, NaN when one is NaN.
///
/// - Complexity: O(*n*), two passes.
@available(
    *, deprecated,
    message:
        "use Statistics.populationVariance(of:), which throws for empty or non-finite input instead of returning 0 or NaN"
)
public func variance(of values: [Double]) -> Double {
    guard values.count > 1 else { return 0 }
    return values.withUnsafeBufferPointer { buffer in
        Statistics.secondCentralMoment(buffer, about: Statistics.compensatedMean(buffer))
    }
}
