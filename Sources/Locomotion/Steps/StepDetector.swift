import LocomotionDSP

/// Detects steps in a stream of acceleration magnitudes (in g), sample by sample, with a latency
/// of ``StepDetectorConfiguration/contextHalfWidth`` seconds (longer for the first steps of a
/// bout, which wait until the bout rule confirms them).
///
/// ```swift
/// var detector = try StepDetector(sampleRate: 50)
/// var steps: [Step] = []
/// for chunk in chunks { try detector.process(times: chunk.time, magnitudes: chunk.magnitude, into: &steps) }
/// detector.finish(into: &steps)       // the steps of the last 2 s
/// ```
///
/// **Algorithm** (docs/Algorithms.md, "Step detection"):
/// 1. Low-pass the magnitude (2nd-order Butterworth, 3 Hz), started at the steady state of the
///    first sample.
/// 2. A sample is a candidate when it is higher than every sample up to
///    ``StepDetectorConfiguration/minimumStepInterval`` before it and at least as high as every
///    sample up to that interval after it (ties go to the earliest sample).
/// 3. The candidate is judged in its context, the ±2 s around it. It passes when the context is
///    not still (standard deviation ≥ ``StepDetectorConfiguration/minimumSpread``), the peak's
///    prominence is at least ``StepDetectorConfiguration/relativeProminence`` standard
///    deviations (relative to the signal, so it adapts to where the phone is carried), the
///    context is periodic at a step period (normalised autocorrelation ≥
///    ``StepDetectorConfiguration/minimumRegularity``) and not dominated by vibration above the
///    cutoff (``StepDetectorConfiguration/maximumRoughness``).
/// 4. Passing candidates count as steps only inside a run of at least
///    ``StepDetectorConfiguration/minimumRunLength`` with regular intervals (the bout rule).
/// 5. The step's time is the peak's timestamp minus the low-pass filter's group delay at 0 Hz.
///
/// **Gaps.** An interval longer than the maximum gap ends the segment: its pending samples are
/// judged with the context they have, and the filter and context start afresh, so no step is
/// ever counted across a gap. Contexts are also truncated at a segment's start.
///
/// **Determinism.** The steps depend only on the samples, never on how they were chunked:
/// batch (``Recording/detectSteps(configuration:)``) and any chunking give bit-identical steps.
///
/// A value type; a copy carries its own state. Storage is allocated by the initialiser; a call
/// allocates only when `steps` must grow.
public struct StepDetector: Sendable {
    /// The parameters.
    public let configuration: StepDetectorConfiguration
    /// The nominal sample rate, in Hz.
    public let sampleRate: Double
    /// The low-pass filter's group delay at 0 Hz, in s, subtracted from peak times.
    public let filterDelay: Double
    /// The interval (s) beyond which a new segment starts.
    public let maximumGap: Double

    private var filter: SOSFilter
    /// Context half-width, minimum step distance, in samples.
    private let half: Int
    private let spacing: Int
    /// The ring's capacity: the longest context, `2·half + 1` samples.
    private let capacity: Int
    private let lags: ClosedRange<Int>
    /// Half the prominence window, in samples.
    private let prominenceReach: Int
    /// Filtered values, raw magnitudes and times, each sample stored at `i % capacity` and
    /// `i % capacity + capacity` so that any context is one contiguous run.
    private var values: [Double]
    private var raw: [Double]
    private var times: [Double]
    /// The current run of passing candidates: those not yet confirmed, the last one, its length.
    private var pending: [Step]
    private var runStrength = 0
    private var runConfirmed = false
    private var lastWasStrong = false
    private let pendingLimit: Int
    private var lastCandidate: Step?
    private var lastInterval: Double?
    private var correlations: [Double]
    /// The context (segment indices) whose periodicity was last computed, and that periodicity:
    /// candidates judged in the same context (at a segment's end, or in a short window, many
    /// contexts are cut to the same samples) reuse it instead of recomputing the autocorrelation.
    private var periodicityContext: (start: Int, end: Int)?
    private var periodicity = 0.0
    /// Samples in the current segment, the next sample to judge, the last sample's time.
    private var count = 0
    private var nextCenter = 0
    private var lastTime = -Double.infinity
    private var lastStepTime = -Double.infinity

    /// Creates a detector.
    ///
    /// - Parameters:
    ///   - sampleRate: The nominal rate of the samples, in Hz, 10...1000.
    ///   - configuration: The parameters; the defaults by default.
    /// - Throws: `LocomotionError.invalidParameter` for a rate or parameter out of range.
    /// - Complexity: O(rate · context); allocates the ring.
    public init(sampleRate: Double, configuration: StepDetectorConfiguration = .init()) throws(LocomotionError) {
        guard sampleRate.isFinite, (10...1000).contains(sampleRate) else {
            throw .invalidParameter(
                name: "sampleRate", value: "\(sampleRate)", requirement: "step detection needs 10...1000 Hz")
        }
        let c = configuration
        guard c.lowPassCutoff.isFinite, c.lowPassCutoff > 0, c.minimumStepInterval > 0,
            c.contextHalfWidth >= c.minimumStepInterval, c.contextHalfWidth >= c.stepPeriods.upperBound,
            c.stepPeriods.lowerBound > 0, c.relativeProminence.isFinite, c.minimumSpread >= 0,
            c.minimumRegularity.isFinite, c.maximumGap.map({ $0 > 0 }) ?? true, c.prominenceWindow > 0,
            c.minimumRunLength >= 1, c.maximumStepInterval > 0, c.maximumIntervalRatio >= 1,
            !c.maximumRoughness.isNaN
        else {
            throw .invalidParameter(
                name: "configuration", value: "\(c)",
                requirement:
                    "cutoff, step interval and periods must be positive, the context at least as long as the longest step period"
            )
        }
        self.configuration = c
        self.sampleRate = sampleRate
        self.maximumGap = c.maximumGap ?? max(5 / sampleRate, 0.1)
        let sections: SecondOrderSections
        do {
            sections = try Butterworth.design(
                order: 2, band: .lowPass(cutoff: min(c.lowPassCutoff, 0.4 * sampleRate)), sampleRate: sampleRate)
        } catch {
            throw .signalProcessing(error)
        }
        filter = SOSFilter(sections)
        filterDelay = Self.groupDelayAtZero(sections) / sampleRate
        half = Int((c.contextHalfWidth * sampleRate).rounded())
        spacing = max(1, Int((c.minimumStepInterval * sampleRate).rounded(.up)))
        prominenceReach = max(1, Int((c.prominenceWindow * sampleRate).rounded()))
        capacity = 2 * half + 1
        lags =
            max(
                1, Int((c.stepPeriods.lowerBound * sampleRate).rounded()))...Int(
                (c.stepPeriods.upperBound * sampleRate).rounded())
        values = [Double](repeating: 0, count: 2 * capacity)
        times = values
        raw = values
        pendingLimit = 4 * c.minimumRunLength + 16
        pending = []
        pending.reserveCapacity(pendingLimit)
        correlations = [Double](repeating: 0, count: lags.count)
    }

    /// Feeds one sample.
    ///
    /// - Parameters:
    ///   - time: In s, not before the previous sample's.
    ///   - magnitude: The acceleration magnitude in g; finite.
    ///   - steps: Receives the steps this sample confirms (judged ±2 s later), in time order.
    /// - Throws: `LocomotionError.invalidParameter` for a non-finite value or a time that goes
    ///   backwards; the detector is then unchanged.
    /// - Complexity: O(1) per sample, plus O(context · lags) per candidate peak (a few per second).
    public mutating func process(time: Double, magnitude: Double, into steps: inout [Step]) throws(LocomotionError) {
        guard time.isFinite, magnitude.isFinite else {
            throw .invalidParameter(
                name: "sample", value: "(\(time) s, \(magnitude) g)", requirement: "time and magnitude must be finite")
        }
        guard time >= lastTime else {
            throw .invalidParameter(
                name: "time", value: "\(time)", requirement: "it must not be before the previous sample (\(lastTime) s)"
            )
        }
        if count > 0, time - lastTime > maximumGap { finish(into: &steps) }
        if count == 0 { filter.reset(toSteadyStateFor: magnitude) }
        let filtered: Double
        do { filtered = try filter.process(magnitude) } catch { throw .signalProcessing(error) }
        let slot = count % capacity
        (values[slot], values[slot + capacity]) = (filtered, filtered)
        (raw[slot], raw[slot + capacity]) = (magnitude, magnitude)
        (times[slot], times[slot + capacity]) = (time, time)
        count += 1
        lastTime = time
        while nextCenter + half <= count - 1 {
            judge(center: nextCenter, end: nextCenter + half, into: &steps)
            nextCenter += 1
        }
    }

    /// Feeds samples in order (see ``process(time:magnitude:into:)``).
    ///
    /// - Throws: As the one-sample call, for the first bad sample; the samples before it are
    ///   processed.
    /// - Complexity: O(*n*) plus the candidates' cost.
    public mutating func process(
        times: UnsafeBufferPointer<Double>, magnitudes: UnsafeBufferPointer<Double>, into steps: inout [Step]
    ) throws(LocomotionError) {
        guard times.count == magnitudes.count else {
            throw .invalidParameter(
                name: "times.count", value: "\(times.count)",
                requirement: "it must equal magnitudes.count (\(magnitudes.count))")
        }
        for index in 0..<times.count {
            try process(time: times[index], magnitude: magnitudes[index], into: &steps)
        }
    }

    /// Feeds samples in order (see the buffer overload).
    public mutating func process(times: [Double], magnitudes: [Double], into steps: inout [Step])
        throws(LocomotionError)
    {
        try times.withUnsafeBufferPointer { (t) throws(LocomotionError) in
            try magnitudes.withUnsafeBufferPointer { (m) throws(LocomotionError) in
                try process(times: t, magnitudes: m, into: &steps)
            }
        }
    }

    /// Ends the current segment: judges the samples still waiting for their context (with the
    /// context they have) and starts afresh; the next sample may have any time. Call at the end
    /// of a stream.
    ///
    /// - Complexity: O(context) plus the candidates' cost.
    public mutating func finish(into steps: inout [Step]) {
        while nextCenter < count {
            judge(center: nextCenter, end: count - 1, into: &steps)
            nextCenter += 1
        }
        (count, nextCenter, lastStepTime, lastTime) = (0, 0, -.infinity, -.infinity)
        periodicityContext = nil
        pending.removeAll(keepingCapacity: true)
        (runStrength, runConfirmed, lastWasStrong, lastCandidate, lastInterval) = (0, false, false, nil, nil)
    }

    /// Judges the sample at segment index `center`, its context ending at `end`.
    private mutating func judge(center: Int, end: Int, into steps: inout [Step]) {
        let start = max(0, center - half)
        guard center > start, end > center else { return }
        let base = start % capacity
        let length = end - start + 1
        let offset = center - start
        let reach = prominenceReach
        let (isPeak, mean, spread, prominence) = values.withUnsafeBufferPointer {
            all -> (Bool, Double, Double, Double) in
            let window = UnsafeBufferPointer(rebasing: all[base..<(base + length)])
            let peak = window[offset]
            for j in 1...min(spacing, offset) where window[offset - j] >= peak { return (false, 0, 0, 0) }
            for j in 1...min(spacing, length - 1 - offset) where window[offset + j] > peak { return (false, 0, 0, 0) }
            var sum = 0.0
            for value in window { sum += value }
            let mean = sum / Double(length)
            var squares = 0.0
            for value in window { squares += (value - mean) * (value - mean) }
            var (leftLow, rightLow) = (peak, peak)
            for j in max(0, offset - reach)..<offset { leftLow = min(leftLow, window[j]) }
            for j in (offset + 1)...min(length - 1, offset + reach) { rightLow = min(rightLow, window[j]) }
            return (true, mean, (squares / Double(length)).squareRoot(), peak - max(leftLow, rightLow))
        }
        guard isPeak, spread >= configuration.minimumSpread, spread > 0,
            prominence >= min(configuration.relativeProminence, configuration.weakProminence) * spread
        else { return }
        if configuration.maximumRoughness.isFinite {
            let roughness: Double = raw.withUnsafeBufferPointer { magnitudes in
                values.withUnsafeBufferPointer { filtered in
                    var (sum, squares) = (0.0, 0.0)
                    for index in base..<(base + length) {
                        let residual = magnitudes[index] - filtered[index]
                        sum += residual
                        squares += residual * residual
                    }
                    let residualMean = sum / Double(length)
                    return (max(squares / Double(length) - residualMean * residualMean, 0)).squareRoot()
                }
            }
            guard roughness <= configuration.maximumRoughness * spread else { return }
        }
        let upper = min(lags.upperBound, length / 2)
        guard upper >= lags.lowerBound else { return }
        let lagRange = lags.lowerBound...upper
        let regularity: Double
        if let context = periodicityContext, context == (start, end) {
            regularity = periodicity
        } else {
            regularity = highestCorrelation(base: base, length: length, lags: lagRange)
            (periodicityContext, periodicity) = ((start, end), regularity)
        }
        guard regularity >= min(configuration.minimumRegularity, configuration.weakRegularity) else { return }
        let strong =
            regularity >= configuration.minimumRegularity
            && prominence >= configuration.relativeProminence * spread
        let time = times[base + offset] - filterDelay
        guard time - lastStepTime >= configuration.minimumStepInterval else { return }
        lastStepTime = time
        accept(
            Step(time: time, amplitude: values[base + offset] - mean, regularity: regularity), strong: strong,
            into: &steps)
    }

    /// The highest normalised autocorrelation over `lagRange` of the `length` filtered samples
    /// from ring index `base`.
    private mutating func highestCorrelation(base: Int, length: Int, lags lagRange: ClosedRange<Int>) -> Double {
        values.withUnsafeBufferPointer { all in
            correlations.withUnsafeMutableBufferPointer { output in
                let window = UnsafeBufferPointer(rebasing: all[base..<(base + length)])
                // The window is finite (checked on entry) and the lags in range: this cannot throw.
                try? Autocorrelation.normalized(window, lags: lagRange, into: output)
                var best = -1.0
                for index in 0..<lagRange.count { best = max(best, output[index]) }
                return best
            }
        }
    }

    /// The bout rule: extends or restarts the current run with `step`, and emits the run's steps
    /// once it holds ``StepDetectorConfiguration/minimumRunLength`` full (`strong`) candidates.
    private mutating func accept(_ step: Step, strong: Bool, into steps: inout [Step]) {
        let c = configuration
        if let last = lastCandidate, step.time - last.time <= c.maximumStepInterval {
            let interval = step.time - last.time
            if let previous = lastInterval,
                interval > c.maximumIntervalRatio * previous || previous > c.maximumIntervalRatio * interval
            {
                // An irregular interval: a new run starts with the previous candidate.
                pending.removeAll(keepingCapacity: true)
                runStrength = 0
                if !runConfirmed {
                    pending.append(last)
                    runStrength = lastWasStrong ? 1 : 0
                }
                runConfirmed = false
            }
            lastInterval = interval
        } else {
            pending.removeAll(keepingCapacity: true)
            (runStrength, runConfirmed, lastInterval) = (0, false, nil)
        }
        lastCandidate = step
        lastWasStrong = strong
        if strong { runStrength += 1 }
        if runConfirmed {
            steps.append(step)
        } else if runStrength >= c.minimumRunLength {
            steps.append(contentsOf: pending)
            steps.append(step)
            pending.removeAll(keepingCapacity: true)
            runConfirmed = true
        } else if pending.count < pendingLimit {
            pending.append(step)
        } else {
            // A long run of weak candidates that never firms up: keep only the latest ones (the
            // buffer is small and bounded, so this shift costs O(pendingLimit) at most).
            pending.removeFirst()
            pending.append(step)
        }
    }

    /// The group delay of `sections` at 0 Hz, in samples: for each biquad
    /// `Σ k·bₖ / Σ bₖ − Σ k·aₖ / Σ aₖ` (the derivative of the phase at DC), summed over sections.
    static func groupDelayAtZero(_ sections: SecondOrderSections) -> Double {
        sections.sections.reduce(0) { total, s in
            let numerator = (s.b1 + 2 * s.b2) / (s.b0 + s.b1 + s.b2)
            let denominator = (s.a1 + 2 * s.a2) / (1 + s.a1 + s.a2)
            return total + numerator - denominator
        }
    }
}
