/// Estimates the power spectral density by Welch's method: the mean of the modified
/// periodograms of overlapping, windowed, detrended segments. Equal to
/// `scipy.signal.welch(x, fs, window, nperseg, noverlap, nfft, detrend, scaling=...)` with
/// `average="mean"` and a one-sided result (checked against scipy to 1e−6 relative by the tests).
///
/// Samples after the last whole segment are not used (as in scipy).
///
/// - Parameters:
///   - samples: At least one finite sample.
///   - sampleRate: Sample rate in Hz; finite and positive.
///   - options: Segment length, overlap, window, padding, detrend and scaling.
/// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`, `.invalidSampleRate`, or
///   `.invalidParameter` for a segment length below 1, an overlap outside `0..<segmentLength`
///   (the shortened length, when the signal is shorter than a segment, as scipy checks),
///   or a transform length below the segment length.
/// - Complexity: O(*n*/*h* · *m* log *m*) for hop *h* and transform length *m*.
public func welch(
    _ samples: [Double], sampleRate: Double, options: WelchOptions = .init()
) throws(DSPError) -> PowerSpectralDensity {
    guard !samples.isEmpty else { throw .emptyInput }
    try DSPError.require(options.segmentLength, atLeast: 1, name: "segmentLength")
    let segmentLength = min(options.segmentLength, samples.count)
    let overlap = options.overlap ?? segmentLength / 2
    guard overlap >= 0, overlap < segmentLength else {
        throw .invalidParameter(
            name: "overlap", value: "\(overlap)", requirement: "it must be in 0..<segmentLength (\(segmentLength))")
    }
    let fftLength = options.fftLength ?? segmentLength
    var analyzer = try SpectrumAnalyzer(
        sampleCount: segmentLength, sampleRate: sampleRate, window: options.window, fftLength: fftLength,
        detrend: options.detrend)
    var segmentSpectrum = analyzer.makeSpectrum()
    var sum = [Double](repeating: 0, count: segmentSpectrum.binCount)
    let hop = segmentLength - overlap
    let segmentCount = (samples.count - overlap) / hop
    try samples.withUnsafeBufferPointer { (all) throws(DSPError) in
        try DSPError.requireFinite(all)
        for segment in 0..<segmentCount {
            let start = segment * hop
            try analyzer.analyze(
                UnsafeBufferPointer(rebasing: all[start..<(start + segmentLength)]), into: &segmentSpectrum)
            for bin in sum.indices { sum[bin] += segmentSpectrum.power[bin] }
        }
    }
    // The analyzer scales by 1/(Σw)²; density scaling wants 1/(fs·Σw²).
    var rescale = 1 / Double(segmentCount)
    if options.scaling == .density {
        let window = options.window.coefficients(count: segmentLength)
        let sumOfWindow = window.reduce(0, +)
        rescale *= sumOfWindow * sumOfWindow / (sampleRate * window.reduce(0) { $0 + $1 * $1 })
    }
    return PowerSpectralDensity(
        frequencies: segmentSpectrum.frequencies, values: sum.map { $0 * rescale }, segmentCount: segmentCount,
        segmentLength: segmentLength, scaling: options.scaling)
}
