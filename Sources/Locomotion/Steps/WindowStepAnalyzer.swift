import LocomotionDSP

/// Steps, cadence and regularity of one window of acceleration magnitudes, without allocating:
/// the call the feature extractor makes per window.
///
/// ```swift
/// var analyzer = try WindowStepAnalyzer(sampleRate: 50, maximumWindowLength: 128)
/// let result = try analyzer.analyze(window)   // magnitudes in g
/// result.stepCount; result.cadence; result.regularity?.stepRegularity
/// ```
///
/// The window is its own context: it is low-passed with the ``StepDetector``'s filter (started
/// at the steady state of its first sample), and the detector's rules are applied with the whole
/// window as every candidate's context. A candidate is a sample of the low-passed window higher
/// than every sample up to ``StepDetectorConfiguration/Candidates/minimumStepInterval`` before it
/// and at least as high as those after it (up to
/// ``StepDetectorConfiguration/Candidates/stepPeriodSpacing`` times the window's step lag when
/// that is longer and the window is periodic there); the periodicity and vibration rules are read
/// once for the window, the amplitude rule per candidate, and the bout rule counts a run once it
/// holds ``StepDetectorConfiguration/Bout/minimumRunLength`` candidates, enough of them strong. A
/// window's count can therefore differ slightly from the count of the same stretch in a
/// whole-recording run, whose contexts reach ±2 s beyond each peak.
///
/// The cadence and regularity come from the same low-passed window: its normalised
/// autocorrelation (`Autocorrelation`'s definition, from LocomotionDSP) is computed for every lag at once through
/// one forward and one inverse FFT of the zero-padded window, and read by
/// ``GaitRegularity/estimate(_:sampleRate:stepPeriods:)``'s rules. One autocorrelation
/// per window serves both the periodicity gate and the regularity features.
///
/// All buffers and the FFT plan are made by the initialiser; ``analyze(_:)-([Double])`` allocates nothing.
/// A value type: give each thread its own.
public struct WindowStepAnalyzer: Sendable {
    /// The result for one window.
    public struct Result: Sendable, Hashable {
        /// Steps detected in the window.
        public var stepCount: Int
        /// `(k − 1) / (t_last − t_first)` over the *k* ≥ 2 detected steps, in steps/s; else `nil`.
        public var cadence: Double?
        /// The autocorrelation cadence and regularity of the low-passed window, or `nil` when the
        /// autocorrelation has no peak at a step period (no periodic movement) or the window is
        /// too short.
        public var regularity: GaitRegularity?
    }

    /// The sample rate, in Hz.
    public let sampleRate: Double
    /// The longest window ``analyze(_:)-([Double])`` accepts, in samples.
    public let maximumWindowLength: Int
    /// The step detector's parameters this analyzer applies.
    public let configuration: StepDetectorConfiguration

    /// The low-pass filter.
    private let lowPass: SecondOrderSections
    /// The step detector's rules.
    private let gate: StepGate
    private let plan: RealFFTPlan
    /// Doubles: the low-passed window; the zero-padded, mean-removed copy the FFT reads and
    /// whose autocorrelation it returns; cumulative energies; the autocorrelation by lag.
    /// Complexes: the bins. Integers: the sample index of each candidate peak.
    private var buffers: WorkBuffers
    /// The minimum step distance and half the prominence window, in samples.
    private let spacing: Int
    private let prominenceReach: Int
    /// The step lags of the periodicity gate and of the regularity, in samples.
    private let stepLags: ClosedRange<Int>

    /// Creates an analyzer.
    ///
    /// - Parameters:
    ///   - sampleRate: In Hz, within ``Recording/gaitSampleRates`` (10–1000 Hz).
    ///   - maximumWindowLength: The longest window, in samples, at least 2.
    ///   - configuration: The step detector's parameters (its step periods also bound the
    ///     autocorrelation's step lag); ``StepDetectorConfiguration/activityWindow`` by default,
    ///     the stricter rules the activity evidence has always read (a window decides whether
    ///     its time is walking, so a vehicle's bumps must not make steps there).
    ///   - fftPlanning: The autocorrelation's FFT planning rigor (`FFT.plan(count:rigor:)`);
    ///     `.measure` pays tens of milliseconds once per length and process for faster windows.
    /// - Throws: `LocomotionError.invalidParameter` for a rate, length or parameter out of range.
    /// - Complexity: O(`maximumWindowLength`) plus FFT planning.
    public init(
        sampleRate: Double, maximumWindowLength: Int, configuration: StepDetectorConfiguration = .activityWindow,
        fftPlanning: FFTPlanningRigor = .estimate
    ) throws(LocomotionError) {
        guard maximumWindowLength >= 2 else {
            throw .invalidParameter(
                name: "maximumWindowLength", value: "\(maximumWindowLength)", requirement: "it must be at least 2")
        }
        lowPass = try configuration.lowPassFilter(sampleRate: sampleRate)
        self.sampleRate = sampleRate
        self.maximumWindowLength = maximumWindowLength
        self.configuration = configuration
        gate = StepGate(configuration)
        spacing = max(1, wholeSamples(configuration.candidates.minimumStepInterval, at: sampleRate, rounding: .up))
        prominenceReach = max(1, wholeSamples(configuration.amplitude.prominenceWindow, at: sampleRate))
        stepLags = GaitRegularity.lags(of: configuration.context.stepPeriods, sampleRate: sampleRate)
        // Lags up to two thirds of the window are read; the padding keeps them free of the
        // circular wrap-around (a lag k needs k zeros after the window).
        var length = 1
        while length < maximumWindowLength + maximumWindowLength * 2 / 3 + 1 { length *= 2 }
        do {
            plan = try FFT.plan(count: length, rigor: fftPlanning)
        } catch {
            throw .signalProcessing(error)
        }
        // Local maxima lie at least two samples apart.
        buffers = WorkBuffers(
            doubles: [maximumWindowLength, length, maximumWindowLength + 1, maximumWindowLength],
            complexes: [plan.binCount], integers: [maximumWindowLength / 2 + 1])
    }

    /// Analyzes one window, reading the array in place.
    ///
    /// - Parameter magnitudes: The acceleration magnitude in g, sampled at ``sampleRate``;
    ///   finite; at most ``maximumWindowLength`` samples.
    /// - Returns: The window's step count, cadence (steps/s) and gait regularity.
    /// - Throws: `LocomotionError.invalidParameter` for a window that is too long,
    ///   `.signalProcessing(.nonFiniteSample(index:))` for a NaN or infinite sample.
    /// - Complexity: O(*n* log *n*) for the autocorrelation, O(*n*) for the rest; no allocation.
    public mutating func analyze(_ magnitudes: [Double]) throws(LocomotionError) -> Result {
        try magnitudes.withUnsafeBufferPointer { (buffer) throws(LocomotionError) in try analyze(buffer) }
    }

    /// The buffer form of ``analyze(_:)``, for the package's own callers that hold buffers.
    package mutating func analyze(_ magnitudes: UnsafeBufferPointer<Double>) throws(LocomotionError) -> Result {
        if let index = magnitudes.firstIndex(where: { !$0.isFinite }) {
            throw .signalProcessing(.nonFiniteSample(index: index))
        }
        return try analyze(finite: magnitudes)
    }

    /// ``analyze(_:)`` for magnitudes already known to be finite.
    mutating func analyze(finite magnitudes: UnsafeBufferPointer<Double>) throws(LocomotionError) -> Result {
        guard magnitudes.count <= maximumWindowLength else {
            throw .invalidParameter(
                name: "magnitudes.count", value: "\(magnitudes.count)",
                requirement: "it must be at most maximumWindowLength (\(maximumWindowLength))")
        }
        let count = magnitudes.count
        guard count > 2 else { return Result(stepCount: 0, cadence: nil, regularity: nil) }
        WorkBuffers.uniqueCopy(of: &buffers)
        let filtered = buffers.doubles(0)
        lowPass.filter(magnitudes, into: filtered, startingAtSteadyStateOf: magnitudes[0])
        let (spread, roughness) = autocorrelate(magnitudes, filtered: UnsafeBufferPointer(rebasing: filtered[..<count]))
        let correlations = UnsafeBufferPointer(buffers.doubles(3))
        let regularity = GaitRegularity.read(
            correlations,
            upper: GaitRegularity.upperLag(stepLags: stepLags, windowLength: count, available: correlations.count - 1),
            stepLags: stepLags, sampleRate: sampleRate)
        let c = configuration
        // The window is every candidate's context: its periodicity and vibration are read once,
        // the prominence per candidate (StepGate).
        let gateUpper = min(stepLags.upperBound, count / 2)
        var periodicity = -1.0
        if gateUpper >= stepLags.lowerBound {
            for lag in stepLags.lowerBound...gateUpper { periodicity = max(periodicity, correlations[lag]) }
        }
        let windowVerdict = gate.judge(periodicity: periodicity)
        guard spread > 0, windowVerdict > .reject,
            gate.passesVibration(roughness: roughness, spread: spread)
        else {
            return Result(stepCount: 0, cadence: nil, regularity: regularity)
        }
        // The candidate spacing: wider in a window with a clear step period (stepPeriodSpacing).
        let stepUpper = min(gateUpper + 1, count * 2 / 3, correlations.count - 1)
        let wide =
            stepUpper > gateUpper
            ? GaitRegularity.candidateSpacing(
                correlations, upper: stepUpper, stepLags: stepLags, fraction: c.candidates.stepPeriodSpacing,
                minimumRegularity: c.context.minimumRegularity, atLeast: spacing) : spacing
        let rules = StepRules(
            gate: gate, bout: BoutRule(c, unitsPerSecond: sampleRate), spacing: wide, reach: prominenceReach,
            spread: spread, windowVerdict: windowVerdict)
        let (steps, cadence) = rules.count(
            UnsafeBufferPointer(rebasing: filtered[..<count]), positions: buffers.integers(0))
        return Result(stepCount: steps, cadence: cadence, regularity: regularity)
    }

    /// Fills the autocorrelation buffer with the normalised autocorrelation of the low-passed
    /// window at every lag up to two thirds of it, through the FFT; returns the low-passed
    /// window's standard deviation and that of the raw window minus the low-passed one (the
    /// roughness).
    private func autocorrelate(_ magnitudes: UnsafeBufferPointer<Double>, filtered: UnsafeBufferPointer<Double>)
        -> (spread: Double, roughness: Double)
    {
        let count = magnitudes.count
        let padded = buffers.doubles(1)
        let energies = buffers.doubles(2)
        let correlations = buffers.doubles(3)
        let bins = buffers.complexes(0)
        var (sum, residualSum, residualSquares) = (0.0, 0.0, 0.0)
        for index in 0..<count {
            let value = filtered[index]
            let residual = magnitudes[index] - value
            sum += value
            residualSum += residual
            residualSquares += residual * residual
        }
        let mean = sum / Double(count)
        let residualMean = residualSum / Double(count)
        let roughness = max(residualSquares / Double(count) - residualMean * residualMean, 0).squareRoot()
        // Cumulative energies in two independent running sums (the halves), the second then
        // offset by the first's total: half the dependent additions.
        let middle = count / 2
        var (lowerEnergy, upperEnergy) = (0.0, 0.0)
        energies[0] = 0
        for index in 0..<middle {  // the indices stay below count: no overflow checks
            let upper = middle &+ index
            let (low, high) = (filtered[index] - mean, filtered[upper] - mean)
            padded[index] = low
            padded[upper] = high
            lowerEnergy += low * low
            upperEnergy += high * high
            energies[index &+ 1] = lowerEnergy
            energies[upper &+ 1] = upperEnergy
        }
        if count % 2 == 1 {
            let last = filtered[count - 1] - mean
            padded[count - 1] = last
            upperEnergy += last * last
            energies[count] = upperEnergy
        }
        for index in (middle + 1)...count { energies[index] += lowerEnergy }
        let energy = energies[count]
        padded.baseAddress!.advanced(by: count).update(repeating: 0, count: padded.count - count)
        plan.forward(UnsafeBufferPointer(padded), into: bins)
        for index in bins.indices {
            let bin = bins[index]
            bins[index] = ComplexDouble(real: bin.real * bin.real + bin.imaginary * bin.imaginary, imaginary: 0)
        }
        // Unscaled: the division by the transform's length (a power of two, so exact) is folded
        // into each lag's normalisation below, which gives the bits of dividing first.
        plan.inverseUnscaled(destroying: bins, into: padded)
        // padded[k] now holds N·Σᵢ dᵢ·dᵢ₊ₖ; each lag is normalised by the energies of its overlap.
        let length = Double(plan.count)
        let lastLag = min(count * 2 / 3, correlations.count - 1)
        var lag = 0
        while lag + 1 <= lastLag {  // two lags per step, in SIMD lanes
            let head = SIMD2(energies[count - lag], energies[count - lag - 1])
            let tail = SIMD2(energy - energies[lag], energy - energies[lag + 1])
            let overlap = (head * tail).squareRoot()
            let ratio = SIMD2(padded[lag], padded[lag + 1]) / (overlap * length)
            let r = ratio.replacing(with: 0, where: .!(overlap .> 0))
            (correlations[lag], correlations[lag + 1]) = (r[0], r[1])
            lag += 2
        }
        if lag == lastLag {
            let overlap = (energies[count - lag] * (energy - energies[lag])).squareRoot()
            correlations[lag] = overlap > 0 ? padded[lag] / (overlap * length) : 0
        }
        return ((energy / Double(count)).squareRoot(), roughness)
    }
}

/// The step detector's peak and bout rules applied to one low-passed window.
private struct StepRules {
    let gate: StepGate
    /// The bout rule, over sample indices.
    let bout: BoutRule
    let spacing: Int
    let reach: Int
    let spread: Double
    /// The window's periodicity verdict: a candidate is at most this strong.
    let windowVerdict: StepGate.Verdict

    /// Whether the local maximum `f[index]` is higher than every sample up to `spacing` before
    /// it and at least as high as every sample up to `spacing` after it (within the window).
    @inline(__always)
    func isCandidate(_ f: UnsafeBufferPointer<Double>, _ index: Int) -> Bool {
        let peak = f[index]
        // The immediate neighbours were checked with the local maxima.
        for j in stride(from: 2, through: min(spacing, index), by: 1) where f[index - j] >= peak { return false }
        for j in stride(from: 2, through: min(spacing, f.count - 1 - index), by: 1) where f[index + j] > peak {
            return false
        }
        return true
    }

    /// The smallest of `start` and `f[range]`, in four independent running minima.
    @inline(__always)
    static func lowest(_ f: UnsafeBufferPointer<Double>, _ range: Range<Int>, startingAt start: Double) -> Double {
        var (a, b, c, d) = (start, start, start, start)
        var j = range.lowerBound
        while j &+ 4 <= range.upperBound {
            (a, b, c, d) = (min(a, f[j]), min(b, f[j &+ 1]), min(c, f[j &+ 2]), min(d, f[j &+ 3]))
            j &+= 4
        }
        while j < range.upperBound {
            a = min(a, f[j])
            j &+= 1
        }
        return min(min(a, b), min(c, d))
    }

    /// The steps in `f` and their cadence; `positions` (at least `f.count / 2 + 1` elements)
    /// receives the local maxima's indices, then the candidates'.
    func count(_ f: UnsafeBufferPointer<Double>, positions: UnsafeMutableBufferPointer<Int>) -> (Int, Double?) {
        let count = f.count
        // The local maxima (above the previous sample, at least the next), in one branch-free
        // pass; the candidate rules below only visit them.
        var maxima = 0
        for index in 1..<(count &- 1) {
            let peak = f[index]
            positions[maxima] = index
            let rises = unsafeBitCast(f[index &- 1] < peak, to: UInt8.self)
            let falls = unsafeBitCast(f[index &+ 1] <= peak, to: UInt8.self)
            maxima &+= Int(rises & falls)
        }
        var steps = 0
        var (firstStep, lastStep) = (0, 0)
        var boutRule = bout
        var candidate = 0
        let weakest = gate.weakestProminence(spread: spread)
        // Candidate number `candidate` is written over maximum number `candidate`, already read.
        for maximum in 0..<maxima where isCandidate(f, positions[maximum]) {
            let index = positions[maximum]
            let peak = f[index]
            let leftLow = Self.lowest(f, max(0, index - reach)..<index, startingAt: peak)
            let rightLow = Self.lowest(f, (index + 1)..<min(count, index + reach + 1), startingAt: peak)
            let prominence = peak - max(leftLow, rightLow)
            guard prominence >= weakest else { continue }
            let verdict = min(windowVerdict, gate.judge(prominence: prominence, spread: spread))
            guard verdict > .reject else { continue }
            let strong = verdict == .strong
            positions[candidate] = index
            if case .emit(let held) = boutRule.add(time: Double(index), strong: strong) {
                if steps == 0 { firstStep = positions[candidate - held] }
                steps += held + 1
                lastStep = index
            }
            candidate += 1
        }
        let cadence =
            steps >= 2 && lastStep > firstStep
            ? Double(steps - 1) * bout.unitsPerSecond / Double(lastStep - firstStep) : nil
        return (steps, cadence)
    }
}
