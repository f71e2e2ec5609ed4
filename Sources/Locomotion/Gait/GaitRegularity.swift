import LocomotionDSP

/// The cadence and regularity of a window read from its autocorrelation (Moe-Nilssen &
/// Helbostad, J Biomech 37:121, 2004).
public struct GaitRegularity: Sendable, Hashable, Codable {
    /// The step frequency, in steps/s: the sample rate over the step lag (refined between
    /// samples by a parabola through the peak and its neighbours).
    public var cadence: Double
    /// The normalised autocorrelation at the step lag, −1…1: how alike consecutive steps are.
    public var stepRegularity: Double
    /// The normalised autocorrelation at the stride lag (two steps), −1…1, or `nil` when the
    /// window is too short to hold it. A waist or lower-back sensor sees left and right steps
    /// differently, so this is usually the higher of the two.
    public var strideRegularity: Double?

    /// Creates a value.
    public init(cadence: Double, stepRegularity: Double, strideRegularity: Double?) {
        self.cadence = cadence
        self.stepRegularity = stepRegularity
        self.strideRegularity = strideRegularity
    }
}

extension GaitRegularity {
    /// Estimates the autocorrelation cadence and regularity of a window.
    ///
    /// Lags from one below the shortest step period up to two thirds of the window are computed
    /// (an overlap of at least a third) by `Autocorrelation` (LocomotionDSP: summed directly, or by FFT
    /// where that is cheaper, within 1e-11). The step lag is the
    /// highest interior local maximum of the autocorrelation among the step periods; when a
    /// local maximum near half that lag (±15 %) reaches 0.3 of its height, the half lag is the
    /// step and the found one the stride (a waist sensor's stride peak often beats its step
    /// peak). The lag is refined by a parabola through the peak and its neighbours. The stride
    /// regularity is the highest value within ±15 % of twice the step lag.
    ///
    /// ```swift
    /// if let gait = GaitRegularity.estimate(magnitudes, sampleRate: 50) {   // a 2.56 s window, in g
    ///     print(gait.cadence, gait.stepRegularity)                         // steps/s, -1...1
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - samples: The window, for example acceleration magnitudes in g; finite.
    ///   - sampleRate: In Hz.
    ///   - stepPeriods: The step periods to search, in s; 0.25–1.25 by default.
    /// - Returns: `nil` when there is no interior peak at a step period, the window is too short
    ///   or holds a non-finite sample, the rate is not positive and finite, or the longest period
    ///   is 1e12 samples or more.
    /// - Complexity: O(*n*·*L*) for *L* ≤ 2/3·*n* lags; allocates working memory of *n* values.
    public static func estimate(
        _ samples: [Double], sampleRate: Double, stepPeriods: ClosedRange<Double> = 0.25...1.25
    ) -> GaitRegularity? {
        var scratch = [Double](repeating: 0, count: samples.count)
        return samples.withUnsafeBufferPointer { samples in
            scratch.withUnsafeMutableBufferPointer { scratch in
                estimate(samples, sampleRate: sampleRate, stepPeriods: stepPeriods, scratch: scratch)
            }
        }
    }

    /// ``estimate(_:sampleRate:stepPeriods:)`` with caller-held working memory `r` (the `scratch`
    /// argument), so nothing is allocated: the package's per-window analyses call it. Lags beyond
    /// `scratch.count − 1` are not searched, so give it at least `2·upper period·rate·1.15 + 2`
    /// elements (or the window's length).
    package static func estimate(
        _ samples: UnsafeBufferPointer<Double>, sampleRate: Double, stepPeriods: ClosedRange<Double> = 0.25...1.25,
        scratch r: UnsafeMutableBufferPointer<Double>
    ) -> GaitRegularity? {
        // upperLag multiplies the longest lag by 2.3 in Int: an infinite or absurd rate or period
        // would trap there (wholeSamples clamps the lags themselves).
        guard sampleRate > 0, stepPeriods.upperBound * sampleRate < 1e12 else { return nil }
        let stepLags = lags(of: stepPeriods, sampleRate: sampleRate)
        let upper = upperLag(stepLags: stepLags, windowLength: samples.count, available: r.count - 1)
        guard upper >= stepLags.lowerBound + 1, samples.count > 2 else { return nil }
        let computed = (stepLags.lowerBound - 1)...upper
        do {
            try Autocorrelation.normalized(
                samples, lags: computed, into: UnsafeMutableBufferPointer(rebasing: r[computed]))
        } catch {
            return nil
        }
        return read(UnsafeBufferPointer(r), upper: upper, stepLags: stepLags, sampleRate: sampleRate)
    }

    /// The step periods as lags in samples, at least 1.
    @_spi(Testing)
    public static func lags(of stepPeriods: ClosedRange<Double>, sampleRate: Double) -> ClosedRange<Int> {
        let lower = max(1, wholeSamples(stepPeriods.lowerBound, at: sampleRate))
        return lower...max(lower, wholeSamples(stepPeriods.upperBound, at: sampleRate))
    }

    /// The highest lag read: two thirds of the window, the stride search's end, or the highest
    /// lag `available`, whichever is lowest.
    static func upperLag(stepLags: ClosedRange<Int>, windowLength: Int, available: Int) -> Int {
        min(windowLength * 2 / 3, available, Int(Double(2 * stepLags.upperBound) * 1.15) + 1)
    }

    /// The step lag of an autocorrelation `r` indexed by lag and valid from
    /// `stepLags.lowerBound − 1` through `upper`: the highest interior local maximum among the
    /// step lags below `upper`, or a local maximum near half of it (±15 %) that reaches 0.3 of
    /// its height; `nil` when there is none.
    static func stepLag(_ r: UnsafeBufferPointer<Double>, upper: Int, stepLags: ClosedRange<Int>) -> Int? {
        guard upper >= stepLags.lowerBound + 1 else { return nil }
        func isPeak(_ k: Int) -> Bool { k > 0 && k < upper && r[k] >= r[k - 1] && r[k] > r[k + 1] }
        func bestPeak(in range: ClosedRange<Int>) -> Int? {
            var best: Int?
            for k in range where isPeak(k) && (best.map { r[k] > r[$0] } ?? true) { best = k }
            return best
        }
        guard let step = bestPeak(in: stepLags.lowerBound...min(stepLags.upperBound, upper - 1)) else {
            return nil
        }
        let halfLow = Int((Double(step) / 2 * 0.85).rounded(.down))
        let halfHigh = Int((Double(step) / 2 * 1.15).rounded(.up))
        if halfLow >= stepLags.lowerBound, let half = bestPeak(in: halfLow...halfHigh), r[half] >= 0.3 * r[step] {
            return half
        }
        return step
    }

    /// The candidate spacing of a context, in samples: `fraction` of its step lag (``stepLag(_:upper:stepLags:)``
    /// of `r`, rounded up) when the autocorrelation there reaches `minimumRegularity` and that is
    /// wider than `spacing`, else `spacing` (``StepDetectorConfiguration/stepPeriodSpacing``).
    static func candidateSpacing(
        _ r: UnsafeBufferPointer<Double>, upper: Int, stepLags: ClosedRange<Int>, fraction: Double,
        minimumRegularity: Double, atLeast spacing: Int
    ) -> Int {
        guard fraction > 0 else { return spacing }
        return candidateSpacing(
            stepLag: clearStepLag(r, upper: upper, stepLags: stepLags, minimumRegularity: minimumRegularity),
            fraction: fraction, atLeast: spacing)
    }

    /// The step lag of `r` (``stepLag(_:upper:stepLags:)``) when the autocorrelation there reaches
    /// `minimumRegularity`, else `nil`: a context with a clear step period.
    static func clearStepLag(
        _ r: UnsafeBufferPointer<Double>, upper: Int, stepLags: ClosedRange<Int>, minimumRegularity: Double
    ) -> Int? {
        guard let step = stepLag(r, upper: upper, stepLags: stepLags), r[step] >= minimumRegularity else { return nil }
        return step
    }

    /// `fraction` of a clear step lag (samples, rounded up) when that is wider than `spacing`,
    /// else `spacing`.
    static func candidateSpacing(stepLag: Int?, fraction: Double, atLeast spacing: Int) -> Int {
        guard fraction > 0, let step = stepLag else { return spacing }
        return max(spacing, wholeSamples(fraction, at: Double(step), rounding: .up))
    }

    /// The cadence and regularity from an autocorrelation `r` indexed by lag and valid from
    /// `stepLags.lowerBound − 1` through `upper` (the rules of ``estimate(_:sampleRate:stepPeriods:)``).
    static func read(
        _ r: UnsafeBufferPointer<Double>, upper: Int, stepLags: ClosedRange<Int>, sampleRate: Double
    ) -> GaitRegularity? {
        guard upper >= stepLags.lowerBound + 1 else { return nil }
        guard let step = stepLag(r, upper: upper, stepLags: stepLags) else { return nil }
        var refined = Double(step)
        let (a, b, c) = (r[step - 1], r[step], r[step + 1])
        let curvature = a - 2 * b + c
        if curvature < 0 { refined += 0.5 * (a - c) / curvature }
        let strideLow = Int(Double(2 * step) * 0.85)
        let strideHigh = Int((Double(2 * step) * 1.15).rounded(.up))
        var stride: Double?
        if strideHigh <= upper {
            var best = -Double.infinity
            for k in strideLow...strideHigh { best = max(best, r[k]) }
            stride = best
        }
        return GaitRegularity(cadence: sampleRate / refined, stepRegularity: b, strideRegularity: stride)
    }
}
