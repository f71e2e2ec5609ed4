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

/// Steps, cadence and regularity of one window of acceleration magnitudes, without allocating:
/// the call the feature extractor makes per window.
///
/// ```swift
/// var analyzer = try WindowStepAnalyzer(sampleRate: 50, maximumWindowLength: 128)
/// let result = try window.withUnsafeBufferPointer { try analyzer.analyze($0) }   // magnitudes in g
/// result.stepCount; result.cadence; result.regularity?.stepRegularity
/// ```
///
/// The steps are those of a ``StepDetector`` run over the window alone (its contexts truncated to
/// the window), so a window's count can differ slightly from the count of the same stretch in a
/// whole-recording run. All buffers are allocated by the initialiser; ``analyze(_:)`` allocates
/// nothing. A value type: give each thread its own.
public struct WindowStepAnalyzer: Sendable {
    /// The result for one window.
    public struct Result: Sendable, Hashable {
        /// Steps detected in the window.
        public var stepCount: Int
        /// `(k − 1) / (t_last − t_first)` over the *k* ≥ 2 detected steps, in steps/s; else `nil`.
        public var cadence: Double?
        /// The autocorrelation cadence and regularity, or `nil` when the autocorrelation has no
        /// peak at a step period (no periodic movement) or the window is too short.
        public var regularity: GaitRegularity?
    }

    /// The sample rate, in Hz.
    public let sampleRate: Double
    /// The longest window ``analyze(_:)`` accepts, in samples.
    public let maximumWindowLength: Int
    private var detector: StepDetector
    private var steps: [Step]
    private var correlations: [Double]
    private let stepPeriods: ClosedRange<Double>

    /// Creates an analyzer.
    ///
    /// - Parameters:
    ///   - sampleRate: In Hz, 10...1000.
    ///   - maximumWindowLength: The longest window, in samples, at least 2.
    ///   - configuration: The step detector's parameters (its step periods also bound the
    ///     autocorrelation's step lag).
    /// - Throws: `LocomotionError.invalidParameter`.
    /// - Complexity: O(`maximumWindowLength`).
    public init(sampleRate: Double, maximumWindowLength: Int, configuration: StepDetectorConfiguration = .init())
        throws(LocomotionError)
    {
        guard maximumWindowLength >= 2 else {
            throw .invalidParameter(
                name: "maximumWindowLength", value: "\(maximumWindowLength)", requirement: "it must be at least 2")
        }
        detector = try StepDetector(sampleRate: sampleRate, configuration: configuration)
        self.sampleRate = sampleRate
        self.maximumWindowLength = maximumWindowLength
        let shortest = Double(maximumWindowLength) / sampleRate / configuration.minimumStepInterval
        steps = []
        steps.reserveCapacity(Int(shortest) + 2)
        correlations = [Double](repeating: 0, count: maximumWindowLength)
        stepPeriods = configuration.stepPeriods
    }

    /// Analyses one window.
    ///
    /// - Parameter magnitudes: The acceleration magnitude in g, sampled at ``sampleRate``;
    ///   finite; at most ``maximumWindowLength`` samples.
    /// - Throws: `LocomotionError.invalidParameter` for a window that is too long or holds a
    ///   non-finite sample.
    /// - Complexity: O(*n*·*L*) for *L* lags up to two step periods; no allocation.
    public mutating func analyze(_ magnitudes: UnsafeBufferPointer<Double>) throws(LocomotionError) -> Result {
        guard magnitudes.count <= maximumWindowLength else {
            throw .invalidParameter(
                name: "magnitudes.count", value: "\(magnitudes.count)",
                requirement: "it must be at most maximumWindowLength (\(maximumWindowLength))")
        }
        steps.removeAll(keepingCapacity: true)
        detector.finish(into: &steps)
        steps.removeAll(keepingCapacity: true)
        for index in 0..<magnitudes.count {
            try detector.process(time: Double(index) / sampleRate, magnitude: magnitudes[index], into: &steps)
        }
        detector.finish(into: &steps)
        let cadence = StepDetection.cadence(of: steps)
        return Result(stepCount: steps.count, cadence: cadence, regularity: regularity(magnitudes))
    }

    private mutating func regularity(_ samples: UnsafeBufferPointer<Double>) -> GaitRegularity? {
        let (rate, periods) = (sampleRate, stepPeriods)
        return correlations.withUnsafeMutableBufferPointer { scratch in
            GaitRegularity.estimate(samples, sampleRate: rate, stepPeriods: periods, scratch: scratch)
        }
    }
}

extension GaitRegularity {
    /// Estimates the autocorrelation cadence and regularity of a window.
    ///
    /// Lags from one below the shortest step period up to two thirds of the window are computed
    /// (an overlap of at least a third). The
    /// step lag is the highest interior local maximum of the autocorrelation among the step
    /// periods; when a local maximum near half that lag (±15 %) reaches 0.3 of its height, the
    /// half lag is the step and the found one the stride (a waist sensor's stride peak often beats
    /// its step peak). The lag is refined by a parabola through the peak and its neighbours. The
    /// stride regularity is the highest value within ±15 % of twice the step lag.
    ///
    /// - Parameters:
    ///   - samples: The window, for example acceleration magnitudes in g; finite.
    ///   - sampleRate: In Hz.
    ///   - stepPeriods: The step periods to search, in s; 0.25–1.25 by default.
    ///   - scratch: Working memory; lags beyond `scratch.count − 1` are not searched, so give it
    ///     at least `2·upper period·rate·1.15 + 2` elements (or the window's length).
    /// - Returns: `nil` when there is no interior peak at a step period, the window is too short
    ///   or holds a non-finite sample.
    /// - Complexity: O(*n*·*L*) for *L* ≤ 2/3·*n* lags; no allocation.
    public static func estimate(
        _ samples: UnsafeBufferPointer<Double>, sampleRate: Double, stepPeriods: ClosedRange<Double> = 0.25...1.25,
        scratch r: UnsafeMutableBufferPointer<Double>
    ) -> GaitRegularity? {
        let stepLags =
            max(
                1, Int((stepPeriods.lowerBound * sampleRate).rounded()))...max(
                1, Int((stepPeriods.upperBound * sampleRate).rounded()))
        let maximumLag = min(samples.count * 2 / 3, r.count - 1)
        let upper = min(maximumLag, Int(Double(2 * stepLags.upperBound) * 1.15) + 1)
        guard upper >= stepLags.lowerBound + 1, samples.count > 2 else { return nil }
        // Only the lags that are read are computed, r[k] at index k: first those of the step search
        // (a peak test looks one lag either side), then the stride's once the step is known.
        func compute(_ lags: ClosedRange<Int>) -> Bool {
            do {
                try Autocorrelation.normalized(samples, lags: lags, into: UnsafeMutableBufferPointer(rebasing: r[lags]))
                return true
            } catch { return false }
        }
        let searched = min(stepLags.upperBound, upper - 1) + 1
        guard compute((stepLags.lowerBound - 1)...searched) else { return nil }
        func isPeak(_ k: Int) -> Bool { k > 0 && k < upper && r[k] >= r[k - 1] && r[k] > r[k + 1] }
        func bestPeak(in range: ClosedRange<Int>) -> Int? {
            var best: Int?
            for k in range where isPeak(k) && (best.map { r[k] > r[$0] } ?? true) { best = k }
            return best
        }
        guard var step = bestPeak(in: stepLags.lowerBound...min(stepLags.upperBound, upper - 1)) else {
            return nil
        }
        let halfLow = Int((Double(step) / 2 * 0.85).rounded(.down))
        let halfHigh = Int((Double(step) / 2 * 1.15).rounded(.up))
        if halfLow >= stepLags.lowerBound, let half = bestPeak(in: halfLow...halfHigh), r[half] >= 0.3 * r[step] {
            step = half
        }
        var refined = Double(step)
        let (a, b, c) = (r[step - 1], r[step], r[step + 1])
        let curvature = a - 2 * b + c
        if curvature < 0 { refined += 0.5 * (a - c) / curvature }
        let strideLow = Int(Double(2 * step) * 0.85)
        let strideHigh = Int((Double(2 * step) * 1.15).rounded(.up))
        var stride: Double?
        if strideHigh <= upper, strideHigh <= searched || compute(max(searched + 1, strideLow)...strideHigh) {
            var best = -Double.infinity
            for k in strideLow...strideHigh { best = max(best, r[k]) }
            stride = best
        }
        return GaitRegularity(cadence: sampleRate / refined, stepRegularity: b, strideRegularity: stride)
    }
}
