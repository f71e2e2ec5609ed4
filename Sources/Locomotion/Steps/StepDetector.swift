import Foundation
@_spi(LocomotionInternals) import LocomotionDSP

/// Detects steps in a stream of acceleration magnitudes (in g), sample by sample, with a latency
/// of ``StepDetectorConfiguration/Context/halfWidth`` seconds (longer for the first steps of a
/// bout, which wait until the bout rule confirms them).
///
/// ```swift
/// var detector = try StepDetector(sampleRate: 50)
/// var steps: [Step] = []
/// for chunk in chunks { try detector.process(times: chunk.time, acceleration: chunk.acceleration, into: &steps) }
/// detector.finish(into: &steps)       // the steps of the last 2 s
/// ```
///
/// **Algorithm** (docs/Algorithms.md, "Step detection"):
/// 1. Low-pass the magnitude (2nd-order Butterworth, 3 Hz), started at the steady state of the
///    first sample.
/// 2. A sample is a candidate when it is higher than every sample up to
///    ``StepDetectorConfiguration/Candidates/minimumStepInterval`` before it and at least as high as every
///    sample up to that interval after it (ties go to the earliest sample). Where the context
///    (step 3) has a clear step period *P*, the interval widens to
///    ``StepDetectorConfiguration/Candidates/stepPeriodSpacing`` × *P* when that is longer.
/// 3. The candidate is judged in its context, the ±2 s around it: its prominence
///    reaches an absolute floor (``StepDetectorConfiguration/Amplitude/minimumProminence``) and a
///    multiple of the context's standard deviation (strong at
///    ``StepDetectorConfiguration/Amplitude/relativeProminence``, weak at
///    ``StepDetectorConfiguration/Amplitude/weakProminence``); the context is periodic at a step
///    period (strong or weak by its normalised autocorrelation) and not dominated by vibration
///    above the cutoff (``StepDetectorConfiguration/Context/maximumRoughness``, more in a
///    vigorous context); with the posture rule on, the sensor has not just turned.
/// 4. Passing candidates count as steps only inside a run with regular intervals that holds at
///    least ``StepDetectorConfiguration/Bout/minimumRunLength`` of them, enough of them strong
///    (the bout rule), which a slower last step may close
///    (``StepDetectorConfiguration/Bout/closingStepInterval``). After a confirmed bout of a slow
///    walker, its step period is remembered (``StepDetectorConfiguration/Rhythm``): a context
///    periodic at that period and a short run keeping it then suffice.
/// 5. The step's time is the peak's timestamp minus the low-pass filter's group delay at 0 Hz,
///    then, when the detector is fed three axes, the initial contact of the vertical
///    acceleration near it (``StepDetectorConfiguration/Timing/initialContactSearch``): the sample
///    where the acceleration along gravity (``GravitySeparator``) rises fastest, its derivative
///    taken with a derivative-of-Gaussian filter. This only moves the time; which peaks are
///    steps (steps 2–4) does not depend on it.
///
/// **Gaps.** An interval longer than the maximum gap ends the segment: its pending samples are
/// judged with the context they have, and the filter, context and remembered rhythm start afresh,
/// so no step is ever counted across a gap. Contexts are also truncated at a segment's start.
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
    private let gate: StepGate
    /// Context half-width, minimum step distance, in samples.
    private let half: Int
    private let spacing: Int
    /// The ring's capacity: the longest context, `2·half + 1` samples, or the gait bout's window
    /// when longer.
    private let capacity: Int
    private let lags: ClosedRange<Int>
    /// The gait bout's window (``StepDetectorConfiguration/GaitBout/window``) in samples (0: off),
    /// its step lags, and its autocorrelation, indexed by lag.
    private let boutWindow: Int
    private let boutLags: ClosedRange<Int>
    private var boutCorrelations: [Double]
    /// Half the prominence window, in samples.
    private let prominenceReach: Int
    /// The context's samples, any context one contiguous run: the filtered values
    /// (``Channel/filtered``), raw magnitudes, times and the vertical acceleration (the
    /// acceleration along the causal gravity estimate, in g; NaN where unknown: magnitude-only
    /// input, no gravity axis). Segment sample `i` sits in slot `i % capacity`.
    private var ring: MirroredRingBuffer
    /// The ring's channels.
    private enum Channel {
        static let filtered = 0
        static let raw = 1
        static let time = 2
        static let vertical = 3
        /// The acceleration without gravity, low-passed as the magnitude: its component along
        /// gravity (g) and the square of the rest, the horizontal (g²); NaN where unknown (no
        /// axes, the gait bout off). The gait bout's horizontal-motion rule reads them.
        static let verticalMotion = 4
        static let horizontalPower = 5
    }
    /// The low-pass filters of the acceleration without gravity, x, y, z (the magnitude's
    /// design), run only with the gait bout on (`filtersMotion`).
    private var motionFilter: AxisLowPass
    private let filtersMotion: Bool
    private var gravity: GravitySeparator
    /// The derivative-of-Gaussian weights (1/s) at offsets `-kernelReach...kernelReach`.
    private let kernel: [Double]
    private let kernelReach: Int
    /// Half the posture gate's window (0.5 s), in samples.
    private let postureReach: Int
    /// The initial-contact search relative to the corrected peak time, in s, or `nil`.
    private let search: ClosedRange<Double>?
    /// The reported time of the last candidate, so that reported times keep their order.
    private var lastReportedTime = -Double.infinity
    /// The bout rule's run, over peak times, and the candidates it holds (oldest first).
    private var boutRule: BoutRule
    private var pending: [Step]
    /// For each held candidate, whether it may teach the walker's rhythm (not admitted by the
    /// gait bout alone: see ``accept(_:peakTime:period:strong:teaches:into:)``).
    private var pendingTeaches: [Bool] = []
    private var correlations: [Double]
    /// The context (segment indices) whose periodicity was last computed, and that periodicity:
    /// candidates judged in the same context (at a segment's end, or in a short window, many
    /// contexts are cut to the same samples) reuse it instead of recomputing the autocorrelation.
    private var periodicityContext: (start: Int, end: Int)?
    private var periodicity = 0.0
    /// The last computed context's candidate spacing in samples: ``spacing``, or wider when the
    /// context has a clear step period (``StepDetectorConfiguration/Candidates/stepPeriodSpacing``).
    private var contextSpacing = 0
    /// The last computed context's clear step period, in samples (the step lag where the
    /// autocorrelation reaches ``StepDetectorConfiguration/Context/minimumRegularity``), or `nil`;
    /// computed only when the spacing or the period-scaled initial-contact search needs it.
    private var contextStepLag: Int?
    /// Samples in the current segment, the next sample to judge, the last sample's time.
    private var count = 0
    private var nextCenter = 0
    private var lastTime = -Double.infinity
    private var lastStepTime = -Double.infinity
    /// The walker's remembered step period (s) and the time of the last step that taught it
    /// (``StepDetectorConfiguration/Rhythm``); `nil` before the first confirmed bout of a segment.
    private var rhythmPeriod: Double?
    private var rhythmLastStep = -Double.infinity
    /// The time of the last step emitted (whether or not it taught the rhythm): intervals are
    /// learnt between consecutive steps only.
    private var lastEmittedStep = -Double.infinity
    /// The walker's remembered step period (s) and the time (s) of the last confirmed step that
    /// taught it, whatever the period (``StepDetectorConfiguration/Rhythm/minimumPeriod`` gates only
    /// the detector's own use); `nil` before the first confirmed bout of a segment, or with the
    /// rhythm off. The activity pipeline reads it as walking evidence (`WalkerRhythmEvidence`).
    var walkerRhythm: (period: Double, lastStep: Double)? {
        rhythmPeriod.map { (period: $0, lastStep: rhythmLastStep) }
    }
    /// The walker's recent step prominence (g): an exponential average (weight 0.25) over the
    /// candidates given to the bout rule, predicted steps excepted; `nil` at a segment's start.
    private var recentProminence: Double?
    /// The predicted steps (``StepDetectorConfiguration/GaitBout/fillSteps``) since the run's
    /// last step, with their peak times: held until the next step the rules admit comes where
    /// their rhythm predicts it (then they are steps), dropped otherwise.
    private var pendingFills: [(step: Step, peakTime: Double)] = []
    /// The walker's last confirmed run (``BoutRule``): its step period and its last candidate's
    /// peak time, in s; `nil` at a segment's start. Read by the echo (`GaitBout/echoSteps`).
    private var walkerBout: (period: Double, last: Double)?
    /// The echo run (``StepDetectorConfiguration/GaitBout/echoSteps``): rejected candidates in a
    /// row at the walker's rhythm, with their peak times, and how many of them are already steps.
    private var echoRun: [(step: Step, peakTime: Double)] = []
    private var echoEmitted = 0
    /// Samples accepted since creation, across segments: the number an input error names.
    private var received = 0
    /// The stream's name in input errors.
    private static let input = "StepDetector input"

    /// Creates a detector.
    ///
    /// - Parameters:
    ///   - sampleRate: The nominal rate of the samples, in Hz, within ``Recording/gaitSampleRates`` (10–1000 Hz).
    ///   - configuration: The parameters; the defaults by default.
    /// - Throws: `LocomotionError.invalidParameter` for a rate or parameter out of range.
    /// - Complexity: O(rate · context); allocates the ring.
    public init(sampleRate: Double, configuration: StepDetectorConfiguration = .init()) throws(LocomotionError) {
        let c = configuration
        let sections = try c.lowPassFilter(sampleRate: sampleRate)
        self.configuration = c
        self.sampleRate = sampleRate
        self.maximumGap = c.maximumGap ?? max(5 / sampleRate, 0.1)
        filter = SOSFilter(sections)
        gate = StepGate(c)
        filterDelay = Self.groupDelayAtZero(sections) / sampleRate
        half = wholeSamples(c.context.halfWidth, at: sampleRate)
        spacing = max(1, wholeSamples(c.candidates.minimumStepInterval, at: sampleRate, rounding: .up))
        prominenceReach = max(1, wholeSamples(c.amplitude.prominenceWindow, at: sampleRate))
        lags = GaitRegularity.lags(of: c.context.stepPeriods, sampleRate: sampleRate)
        boutWindow = c.gaitBout.window > 0 ? wholeSamples(c.gaitBout.window, at: sampleRate) : 0
        boutLags = GaitRegularity.lags(of: c.gaitBout.periods, sampleRate: sampleRate)
        boutCorrelations = [Double](repeating: 0, count: boutWindow > 0 ? boutLags.upperBound + 2 : 0)
        capacity = max(2 * half + 1, boutWindow)
        ring = MirroredRingBuffer(capacity: capacity, channels: 6)
        motionFilter = AxisLowPass(sections)
        filtersMotion = boutWindow > 0
        boutRule = BoutRule(c)
        pending = []
        pending.reserveCapacity(boutRule.heldLimit + 1)
        pendingFills.reserveCapacity(c.gaitBout.fillSteps)
        pendingTeaches.reserveCapacity(boutRule.heldLimit + 1)
        // Indexed by lag, from `lags.lowerBound - 1` through `lags.upperBound + 1`.
        correlations = [Double](repeating: 0, count: lags.upperBound + 2)
        gravity = try GravitySeparator(sampleRate: sampleRate)
        // A sample interval longer than the smoothing cannot place the contact better than the
        // (delay-corrected, hence sub-sample) peak time: below 1/σ (25 Hz) the peak time is kept.
        search = c.timing.initialContactSearch.flatMap {
            $0.upperBound > $0.lowerBound && sampleRate * c.timing.initialContactSmoothing >= 1 ? $0 : nil
        }
        postureReach = max(1, wholeSamples(0.5, at: sampleRate))
        (kernel, kernelReach) = Self.derivativeOfGaussian(
            sigma: c.timing.initialContactSmoothing, sampleRate: sampleRate)
    }

    /// The derivative-of-Gaussian weights `wₘ = m·gₘ / Σₖ (k²/f)·gₖ` for `m = −R…R`,
    /// `R = max(1, ⌈4σf⌉)`, with `gₘ = exp(−(m/f)²/2σ²)`: `Σ wₘ·v[j+m]` is the slope (per s) of
    /// the Gaussian-smoothed `v` at sample `j`, exact for a straight line (`Σ wₘ·m/f = 1`).
    ///
    /// - Parameters:
    ///   - sigma: The Gaussian's standard deviation, in s; positive.
    ///   - sampleRate: In Hz; positive.
    /// - Returns: The `2R + 1` weights (1/s), antisymmetric, and `R`.
    @_spi(Testing)
    public static func derivativeOfGaussian(sigma: Double, sampleRate: Double) -> (weights: [Double], reach: Int) {
        let reach = max(1, wholeSamples(4 * sigma, at: sampleRate, rounding: .up))
        var gaussian: [Double] = []
        var moment = 0.0
        for m in -reach...reach {
            let offset = Double(m) / sampleRate
            let value = Foundation.exp(-offset * offset / (2 * sigma * sigma))
            gaussian.append(value)
            moment += Double(m) * offset * value
        }
        var weights: [Double] = []
        for (index, value) in gaussian.enumerated() { weights.append(Double(index - reach) * value / moment) }
        return (weights, reach)
    }

    /// Feeds one sample of acceleration magnitude. Without the axes there is no vertical
    /// acceleration: the steps keep their (delay-corrected) peak times. Prefer
    /// ``process(time:x:y:z:into:)`` when the axes are known.
    ///
    /// - Parameters:
    ///   - time: In s, not before the previous sample's.
    ///   - magnitude: The acceleration magnitude in g; finite.
    ///   - steps: Receives the steps this sample confirms (judged ±2 s later), in time order.
    /// - Throws: `LocomotionError.invalidData` for a non-finite value, `.timeGoesBackwards` for a
    ///   time before the previous sample's, each naming the sample's number; the detector is then
    ///   unchanged.
    /// - Complexity: O(1) per sample, plus O(context · lags) per candidate peak (a few per second).
    public mutating func process(time: Double, magnitude: Double, into steps: inout [Step]) throws(LocomotionError) {
        guard time.isFinite, magnitude.isFinite else {
            throw .invalidData(
                at: .stream(Self.input, sample: received + 1), value: "(\(time) s, \(magnitude) g)",
                expected: "time and magnitude must be finite")
        }
        try append(time: time, magnitude: magnitude, acceleration: nil, into: &steps)
    }

    /// Feeds one sample of three-axis acceleration: the magnitude `√(x² + y² + z²)` is
    /// detected as by ``process(time:magnitude:into:)``, and the step times are refined to the
    /// initial contact of the vertical acceleration
    /// (``StepDetectorConfiguration/Timing/initialContactSearch``). Gravity is estimated causally
    /// (``GravitySeparator``, restarted at each gap), so the result does not depend on the
    /// device's orientation; where gravity is below 0.1 g (free fall, or input without gravity)
    /// the step keeps its peak time.
    ///
    /// Do not mix this call with the magnitude-only calls in one segment: a step whose search
    /// window holds a magnitude-only sample keeps its peak time.
    ///
    /// - Parameters:
    ///   - time: In s, not before the previous sample's.
    ///   - x: Total acceleration (gravity included) along the device's x axis, in g; finite.
    ///   - y: Along y, in g; finite.
    ///   - z: Along z, in g; finite.
    ///   - steps: Receives the steps this sample confirms, in time order.
    /// - Throws: `LocomotionError.invalidData` for a non-finite value (or axes whose magnitude
    ///   overflows), `.timeGoesBackwards` for a time before the previous sample's; the detector is
    ///   then unchanged.
    /// - Complexity: As ``process(time:magnitude:into:)``, plus O(search · kernel) per candidate
    ///   (about 36 × 33 multiply-adds at 100 Hz).
    public mutating func process(time: Double, x: Double, y: Double, z: Double, into steps: inout [Step])
        throws(LocomotionError)
    {
        // A finite magnitude implies finite axes; it also catches axes whose squares overflow.
        let magnitude = (x * x + y * y + z * z).squareRoot()
        guard time.isFinite, magnitude.isFinite else {
            throw .invalidData(
                at: .stream(Self.input, sample: received + 1), value: "(\(time) s, \(x), \(y), \(z) g)",
                expected: "time and acceleration must be finite, the magnitude too (below about 1e154 g)")
        }
        try append(time: time, magnitude: magnitude, acceleration: SIMD3(x, y, z), into: &steps)
    }

    /// Feeds samples of three-axis acceleration in order (see ``process(time:x:y:z:into:)``).
    ///
    /// - Parameters:
    ///   - times: In s, non-decreasing.
    ///   - acceleration: Total acceleration in g, as many samples as `times`.
    ///   - steps: Receives the confirmed steps.
    /// - Throws: As the one-sample call, for the first bad sample (the samples before it are
    ///   processed); `.invalidParameter` when the counts differ.
    /// - Complexity: O(*n*) plus the candidates' cost.
    public mutating func process(times: [Double], acceleration: ThreeAxisSeries, into steps: inout [Step])
        throws(LocomotionError)
    {
        guard times.count == acceleration.count else {
            throw .invalidParameter(
                name: "times.count", value: "\(times.count)",
                requirement: "it must equal acceleration.count (\(acceleration.count))")
        }
        for index in times.indices {
            try process(
                time: times[index], x: acceleration.x[index], y: acceleration.y[index], z: acceleration.z[index],
                into: &steps)
        }
    }

    /// Stores one validated sample and judges the samples whose context is now complete.
    private mutating func append(
        time: Double, magnitude: Double, acceleration: SIMD3<Double>?, into steps: inout [Step]
    )
        throws(LocomotionError)
    {
        guard time >= lastTime else {
            throw .timeGoesBackwards(stream: Self.input, sample: received + 1, previous: lastTime, current: time)
        }
        if count > 0, time - lastTime > maximumGap { finish(into: &steps) }
        if count == 0 { filter.reset(toSteadyStateFor: magnitude) }
        var up = Double.nan
        var (verticalMotion, horizontalPower) = (Double.nan, Double.nan)
        if let acceleration {
            // Finite input: the separator cannot fail.
            if let parts = try? gravity.process(x: acceleration.x, y: acceleration.y, z: acceleration.z) {
                let norm = (parts.gravity * parts.gravity).sum().squareRoot()
                if norm >= 0.1 { up = (acceleration * parts.gravity).sum() / norm }
                if filtersMotion {
                    let motion = try lowPassedMotion(parts.user)
                    if norm >= 0.1 {
                        let along = (motion * parts.gravity).sum() / norm
                        verticalMotion = along
                        horizontalPower = max((motion * motion).sum() - along * along, 0)
                    }
                }
            }
        }
        let filtered: Double
        do { filtered = try filter.process(magnitude) } catch { throw .signalProcessing(error) }
        ring.appendSample { sample in
            sample.set(filtered, channel: Channel.filtered)
            sample.set(magnitude, channel: Channel.raw)
            sample.set(time, channel: Channel.time)
            sample.set(up, channel: Channel.vertical)
            sample.set(verticalMotion, channel: Channel.verticalMotion)
            sample.set(horizontalPower, channel: Channel.horizontalPower)
        }
        count += 1
        received += 1
        lastTime = time
        while nextCenter + half <= count - 1 {
            judge(center: nextCenter, end: nextCenter + half, into: &steps)
            nextCenter += 1
        }
    }

    /// The acceleration without gravity `user` (g), each axis low-passed by `motionFilter`
    /// (started at the steady state of a segment's first sample); one call for the three axes,
    /// each bit-identical to an `SOSFilter` of its own.
    private mutating func lowPassedMotion(_ user: SIMD3<Double>) throws(LocomotionError) -> SIMD3<Double> {
        if count == 0 { motionFilter.reset(toSteadyStateFor: user) }
        do { return try motionFilter.process(user) } catch { throw .signalProcessing(error) }
    }

    /// Feeds samples in order (see ``process(time:magnitude:into:)``).
    ///
    /// - Parameters:
    ///   - times: Time of each sample, in s, increasing.
    ///   - magnitudes: Acceleration magnitude of each sample, in g; as many as `times`.
    ///   - steps: The steps found are appended.
    /// - Throws: As the one-sample call, for the first bad sample (the samples before it are
    ///   processed); `.invalidParameter` when the counts differ.
    /// - Complexity: O(*n*) plus the candidates' cost.
    public mutating func process(times: [Double], magnitudes: [Double], into steps: inout [Step])
        throws(LocomotionError)
    {
        guard times.count == magnitudes.count else {
            throw .invalidParameter(
                name: "times.count", value: "\(times.count)",
                requirement: "it must equal magnitudes.count (\(magnitudes.count))")
        }
        for index in times.indices {
            try process(time: times[index], magnitude: magnitudes[index], into: &steps)
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
        ring.removeAll()  // segment sample i sits in slot i % capacity
        lastReportedTime = -.infinity
        gravity.reset()
        periodicityContext = nil
        pending.removeAll(keepingCapacity: true)
        pendingTeaches.removeAll(keepingCapacity: true)
        lastEmittedStep = -.infinity
        boutRule.reset()
        recentProminence = nil
        pendingFills.removeAll(keepingCapacity: true)
        (walkerBout, echoEmitted) = (nil, 0)
        echoRun.removeAll(keepingCapacity: true)
        // A gap ends what the detector knows of the walker, as it ends the run.
        (rhythmPeriod, rhythmLastStep) = (nil, -.infinity)
    }

    /// Judges the sample at segment index `center`, its context ending at `end`.
    ///
    /// Most samples are not local maxima: the nearest neighbours (the first comparisons of the
    /// candidate rule in `judgeCandidate`) settle them here, inlined into the per-sample loop,
    /// without the call and the context's set-up.
    @inline(__always)
    private mutating func judge(center: Int, end: Int, into steps: inout [Step]) {
        guard center > max(0, center - half), end > center else { return }
        // The ring mirrors slot `s` at `s + capacity`, so `middle ± 1` never wraps.
        let middle = ring.slot(ofSample: center)
        let peak = ring[Channel.filtered, middle]
        guard !(ring[Channel.filtered, middle + capacity - 1] >= peak), !(ring[Channel.filtered, middle + 1] > peak)
        else { return }
        judgeCandidate(center: center, end: end, into: &steps)
    }

    /// Judges the sample at segment index `center`, its context ending at `end`, once `judge`
    /// found it higher than the sample before it and at least as high as the one after it.
    private mutating func judgeCandidate(center: Int, end: Int, into steps: inout [Step]) {
        let start = max(0, center - half)  // `judge` checked that the context holds samples on both sides
        let base = ring.slot(ofSample: start)
        let length = end - start + 1
        let offset = center - start
        let reach = prominenceReach
        let (isPeak, mean, spread, prominence) = ring.withRun(channel: Channel.filtered, from: base, count: length) {
            window -> (Bool, Double, Double, Double) in
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
        guard isPeak else { return }
        let time = ring[Channel.time, base + offset] - filterDelay
        let predicted = isPredictedStep(at: time, prominence: prominence)
        let amplitude =
            prominence >= gate.weakestProminence(spread: spread)
            ? gate.judge(prominence: prominence, spread: spread) : .reject
        // A candidate the fixed amplitude rule rejects may still be a step of a gait bout, judged
        // against the bout's own energy below (`GaitBout`).
        guard
            amplitude > .reject || predicted
                || (boutWindow > 0 && prominence >= configuration.gaitBout.prominenceFloor)
        else { return }
        // Whether the vibration rule admits it (the amplitude and periodicity rules speak through
        // the verdict below); a predicted step passes those three (`GaitBout/fillSteps`), the
        // posture rule and the candidate spacing not.
        var admitted = true
        if let limit = configuration.context.maximumVerticalDeficit,
            let deficit = verticalDeficit(base: base, length: length, offset: offset), deficit > limit
        {
            return
        }
        if gate.checksVibration {
            let roughness: Double = ring.withRuns { runs in
                let magnitudes = runs.channel(Channel.raw, from: base, count: length)
                let filtered = runs.channel(Channel.filtered, from: base, count: length)
                var (sum, squares) = (0.0, 0.0)
                for index in 0..<length {
                    let residual = magnitudes[index] - filtered[index]
                    sum += residual
                    squares += residual * residual
                }
                let residualMean = sum / Double(length)
                return (max(squares / Double(length) - residualMean * residualMean, 0)).squareRoot()
            }
            if !gate.passesVibration(roughness: roughness, spread: spread) {
                guard predicted else { return }
                admitted = false
            }
        }
        let upper = min(lags.upperBound, length / 2)
        guard upper >= lags.lowerBound else { return }
        let regularity: Double
        let wide: Int
        if let context = periodicityContext, context == (start, end) {
            (regularity, wide) = (periodicity, contextSpacing)
        } else {
            let stepLag: Int?
            (regularity, wide, stepLag) = periodicityAndSpacing(base: base, length: length, upper: upper)
            (periodicityContext, periodicity, contextSpacing, contextStepLag) = (
                (start, end), regularity, wide, stepLag
            )
        }
        if wide > spacing {
            let beaten = ring.withRun(channel: Channel.filtered, from: base, count: length) { window -> Bool in
                let peak = window[offset]
                if offset > spacing {
                    for j in (spacing + 1)...min(wide, offset) where window[offset - j] >= peak { return true }
                }
                if length - 1 - offset > spacing {
                    for j in (spacing + 1)...min(wide, length - 1 - offset) where window[offset + j] > peak {
                        return true
                    }
                }
                return false
            }
            if beaten { return }
        }
        var periodic = gate.judge(periodicity: regularity)
        let period = rememberedPeriod(at: time)
        if periodic < .strong, let period,
            matchedPeriodicity(period: period, upper: upper) >= configuration.rhythm.matchedRegularity
        {
            // The context repeats at the slow walker's own step period: periodic enough, though
            // not at the fixed level, which a ±2 s context of three or four slow steps with a
            // pause in it rarely reaches (the bouts of `slow_gait.py`'s veryslow variant).
            periodic = .strong
        }
        var verdict = min(amplitude, periodic)
        var boutPeriod: Double?
        let boutRules = configuration.gaitBout
        if verdict < .strong, let bout = gaitBout(endingAt: end), bout.period >= boutRules.shortestPeriod,
            prominence >= max(boutRules.prominenceFloor, boutRules.energyFraction * bout.spread),
            time - lastStepTime >= (1 - configuration.rhythm.periodTolerance) * bout.period
        {
            // Inside a bout the walker's own recent signal shows to be periodic, a candidate as
            // large as the bout's energy makes it and no sooner than its rhythm allows is a step
            // candidate, however weak the walker (the slowest, weakest gait of issue 31: the fixed
            // 0.03 g and 0.02 g floors exceed their whole excursion). The rhythm keeps a push-off
            // hump at 60 % of the step out (`StepGaitBoutTests`).
            (verdict, boutPeriod) = (.strong, bout.period)
        }
        let amplitudeAboveMean = ring[Channel.filtered, base + offset] - mean
        if predicted && !(admitted && verdict > .reject) {
            // A step only the run's rhythm predicts: held until the next admitted step confirms it.
            let (previousPeak, previousReported) =
                pendingFills.last.map { ($0.peakTime, $0.step.time) } ?? (lastStepTime, lastReportedTime)
            guard time - previousPeak >= configuration.candidates.minimumStepInterval else { return }
            let reported =
                initialContact(near: time, after: previousReported, base: base, length: length, offset: offset) ?? time
            pendingFills.append((Step(time: reported, amplitude: amplitudeAboveMean, regularity: regularity), time))
            return
        }
        guard verdict > .reject else {
            let candidate = Candidate(
                time: time, prominence: prominence, amplitude: amplitudeAboveMean, regularity: regularity)
            echo(candidate, base: base, length: length, offset: offset, into: &steps)
            return
        }
        guard time - lastStepTime >= configuration.candidates.minimumStepInterval else { return }
        // A candidate the rules admit goes to the bout rule; it ends any echo run.
        (echoRun, echoEmitted) = ([], 0)
        settlePendingFills(beforeStepAt: time, into: &steps)
        lastStepTime = time
        let reported =
            initialContact(near: time, after: lastReportedTime, base: base, length: length, offset: offset) ?? time
        lastReportedTime = reported
        recentProminence = recentProminence.map { $0 + 0.25 * (prominence - $0) } ?? prominence
        accept(
            Step(time: reported, amplitude: amplitudeAboveMean, regularity: regularity),
            peakTime: time, period: period ?? boutPeriod,
            strong: verdict == .strong, teaches: boutPeriod == nil, into: &steps)
    }

    /// Before a step the rules admit, peaking at `time` (s): the held predicted steps become
    /// steps when `time` comes where their rhythm predicts the next one (the run's period after
    /// the last of them, within ``StepDetectorConfiguration/Rhythm/periodTolerance``), and are
    /// dropped otherwise. So a predicted step fills a gap inside a bout and never trails its end:
    /// what that protects against is a step made of the shuffle or sway after a walker stops
    /// (with trailing predicted steps, the detections outside Mobilise-D HA001 Test5 trial 2's
    /// bout rose from 32.4 to 43.2 per minute; docs/Accuracy.md, "The predicted step").
    private mutating func settlePendingFills(beforeStepAt time: Double, into steps: inout [Step]) {
        guard let last = pendingFills.last else { return }
        defer { pendingFills.removeAll(keepingCapacity: true) }
        guard let run = boutRule.confirmedRhythm,
            abs(time - last.peakTime - run.period) <= configuration.rhythm.periodTolerance * run.period,
            time - last.peakTime >= configuration.candidates.minimumStepInterval
        else { return }
        for fill in pendingFills {
            lastStepTime = fill.peakTime
            lastReportedTime = max(lastReportedTime, fill.step.time)
            accept(fill.step, peakTime: fill.peakTime, period: nil, strong: false, teaches: false, into: &steps)
        }
    }

    /// A candidate peak: its delay-corrected peak time (s), prominence (g), height above its
    /// context's mean (g) and its context's periodicity.
    private struct Candidate {
        var time: Double
        var prominence: Double
        var amplitude: Double
        var regularity: Double
    }

    /// The walker's echo (``StepDetectorConfiguration/GaitBout/echoSteps``): a candidate the
    /// amplitude or periodicity rule rejected joins the echo run when the walker's last confirmed
    /// run is recent and slow enough, its prominence reaches the walker-relative floor, and it comes
    /// one walker's step period after the run's last candidate (or, starting a run, no sooner than
    /// that period after the last step); once the run holds `echoSteps` candidates, they are steps.
    private mutating func echo(
        _ candidate: Candidate, base: Int, length: Int, offset: Int, into steps: inout [Step]
    ) {
        let rules = configuration.gaitBout
        guard rules.echoSteps > 0, let walker = walkerBout, let energy = recentProminence,
            walker.period >= rules.shortestPeriod,
            candidate.prominence >= max(rules.prominenceFloor, rules.echoFraction * energy)
        else { return }
        let time = candidate.time
        let tolerance = configuration.rhythm.periodTolerance * walker.period
        if let last = echoRun.last {
            let interval = time - last.peakTime
            // A wobble between two of the run's steps is not a step; a longer interval ends the run.
            if interval < walker.period - tolerance { return }
            if interval > walker.period + tolerance { (echoRun, echoEmitted) = ([], 0) }
        }
        if echoRun.isEmpty {
            guard time - walker.last <= rules.echoMemory, time - lastStepTime >= walker.period - tolerance
            else { return }
        }
        guard time - lastStepTime >= configuration.candidates.minimumStepInterval else { return }
        let previous = echoRun.last?.step.time ?? lastReportedTime
        let reported = initialContact(near: time, after: previous, base: base, length: length, offset: offset) ?? time
        echoRun.append(
            (Step(time: reported, amplitude: candidate.amplitude, regularity: candidate.regularity), time))
        guard echoRun.count >= rules.echoSteps else { return }
        // A short bout at the walker's own rhythm: its candidates are steps. The bout rule's held
        // candidates and predicted steps before it were not confirmed; the run starts afresh.
        pending.removeAll(keepingCapacity: true)
        pendingTeaches.removeAll(keepingCapacity: true)
        pendingFills.removeAll(keepingCapacity: true)
        boutRule.reset()
        for index in echoEmitted..<echoRun.count {
            steps.append(echoRun[index].step)
            if configuration.rhythm.memory > 0 { remember(stepAt: echoRun[index].step.time, teaches: false) }
        }
        echoEmitted = echoRun.count
        lastStepTime = time
        lastReportedTime = max(lastReportedTime, reported)
    }

    /// Whether a candidate peaking at `time` (s) with `prominence` (g) comes where the confirmed
    /// run's rhythm predicts its next step (``StepDetectorConfiguration/GaitBout/fillSteps``):
    /// the run's step period *P* at least ``StepDetectorConfiguration/GaitBout/shortestPeriod``,
    /// `time` within ``StepDetectorConfiguration/Rhythm/periodTolerance`` of *P* after the run's
    /// last step, the prominence at least ``StepDetectorConfiguration/GaitBout/fillFraction``
    /// times the walker's recent step prominence and the bout's prominence floor, and fewer than
    /// `fillSteps` predicted steps held (the period then counts from the last of them).
    private func isPredictedStep(at time: Double, prominence: Double) -> Bool {
        let rules = configuration.gaitBout
        guard boutWindow > 0, pendingFills.count < rules.fillSteps, let energy = recentProminence,
            let run = boutRule.confirmedRhythm, run.period >= rules.shortestPeriod
        else { return false }
        let last = pendingFills.last?.peakTime ?? run.last
        return abs(time - last - run.period) <= configuration.rhythm.periodTolerance * run.period
            && prominence >= max(rules.prominenceFloor, rules.fillFraction * energy)
    }

    /// The gait bout at the candidate whose context ends at segment index `end`
    /// (``StepDetectorConfiguration/GaitBout``): over the ``boutWindow`` samples ending there (fewer
    /// at a segment's start), the step period (s) where the normalised autocorrelation of the
    /// low-passed magnitude reaches ``StepDetectorConfiguration/GaitBout/regularity``
    /// (`GaitRegularity`'s step-lag rule over ``StepDetectorConfiguration/GaitBout/periods``),
    /// and the window's standard deviation (g); `nil` when off or not periodic.
    /// - Complexity: O(window · lags).
    private mutating func gaitBout(endingAt end: Int) -> (period: Double, spread: Double)? {
        guard boutWindow > 0 else { return nil }
        let start = max(0, end - boutWindow + 1)
        let length = end - start + 1
        let lags = boutLags
        let last = min(lags.upperBound + 1, length / 2)
        guard last >= lags.lowerBound + 1 else { return nil }
        let minimum = configuration.gaitBout.regularity
        let rate = sampleRate
        let base = ring.slot(ofSample: start)
        let (vertical, horizontal): (Double, Double) = ring.withRuns { runs in
            let along = runs.channel(Channel.verticalMotion, from: base, count: length)
            let across = runs.channel(Channel.horizontalPower, from: base, count: length)
            var (sum, squares, power) = (0.0, 0.0, 0.0)
            for index in 0..<length {
                sum += along[index]
                squares += along[index] * along[index]
                power += across[index]
            }
            let mean = sum / Double(length)
            let deviation = max(squares / Double(length) - mean * mean, 0).squareRoot()
            return (deviation, (power / Double(length)).squareRoot())
        }
        // Walking moves the trunk forward and sideways at every step as well as up and down;
        // a vehicle's suspension bounces the seated body up and down (`GaitBout/horizontalMotion`).
        // Without the axes (NaN) the rule cannot judge and passes.
        if !(horizontal.isNaN || vertical.isNaN), horizontal < configuration.gaitBout.horizontalMotion * vertical {
            return nil
        }
        return ring.withRun(channel: Channel.filtered, from: ring.slot(ofSample: start), count: length) { window in
            boutCorrelations.withUnsafeMutableBufferPointer { r -> (period: Double, spread: Double)? in
                let first = lags.lowerBound - 1
                // The window is finite (checked on entry) and the lags in range: this cannot throw.
                try? Autocorrelation.normalized(
                    window, lags: first...last, into: UnsafeMutableBufferPointer(rebasing: r[first...last]))
                guard
                    let step = GaitRegularity.clearStepLag(
                        UnsafeBufferPointer(r), upper: last, stepLags: lags, minimumRegularity: minimum)
                else { return nil }
                var sum = 0.0
                for value in window { sum += value }
                let mean = sum / Double(length)
                var squares = 0.0
                for value in window { squares += (value - mean) * (value - mean) }
                return (Double(step) / rate, (squares / Double(length)).squareRoot())
            }
        }
    }

    /// The walker's step period (s) remembered at `time`: set by a confirmed bout whose last step
    /// is at most ``StepDetectorConfiguration/Rhythm/memory`` before, and at least
    /// ``StepDetectorConfiguration/Rhythm/minimumPeriod``; `nil` otherwise.
    private func rememberedPeriod(at time: Double) -> Double? {
        guard let rhythmPeriod, rhythmPeriod >= configuration.rhythm.minimumPeriod,
            time - rhythmLastStep <= configuration.rhythm.memory
        else { return nil }
        return rhythmPeriod
    }

    /// The highest normalised autocorrelation of the context last computed (``correlations``)
    /// over the lags within ``StepDetectorConfiguration/Rhythm/periodTolerance`` of `period` (s),
    /// among the step lags up to `upper`; −1 when none lies there.
    private func matchedPeriodicity(period: Double, upper: Int) -> Double {
        let tolerance = configuration.rhythm.periodTolerance
        let low = max(lags.lowerBound, Int((period * (1 - tolerance) * sampleRate).rounded(.up)))
        let high = min(upper, Int((period * (1 + tolerance) * sampleRate).rounded(.down)))
        guard low <= high else { return -1 }
        var best = -1.0
        for lag in low...high { best = max(best, correlations[lag]) }
        return best
    }

    /// Learns the walker's step period from the interval between two consecutive steps of a
    /// confirmed run (an exponential average over about four intervals, so a limp's alternating
    /// intervals give their mean); intervals longer than the bout rule's are pauses, not steps.
    private mutating func remember(stepAt time: Double, teaches: Bool) {
        let interval = time - lastEmittedStep
        lastEmittedStep = time
        guard teaches else { return }
        if interval > 0, interval <= configuration.bout.maximumStepInterval {
            rhythmPeriod = rhythmPeriod.map { $0 + 0.25 * (interval - $0) } ?? interval
        }
        rhythmLastStep = time
    }

    /// The time of the sample in `peak + search`, and at least
    /// ``StepDetectorConfiguration/Candidates/minimumStepInterval`` after `previous`, the step reported before it (two heel
    /// strikes are never closer; a step that finds no such sample keeps its peak time, at least
    /// 0.15 s after the previous step with the default search), where the
    /// derivative-of-Gaussian of the vertical acceleration is highest (the earliest of equal
    /// ones), among the samples of the context (`length` from ring index `base`, the peak at
    /// `offset`) whose whole kernel lies in the context; `nil` without a search, without
    /// vertical acceleration there, or when no sample qualifies.
    private func initialContact(near peak: Double, after previous: Double, base: Int, length: Int, offset: Int)
        -> Double?
    {
        guard let search else { return nil }
        let reach = kernelReach
        var lowest = search.lowerBound
        if let lag = contextStepLag {
            // A slow walker's loading response (and the magnitude peak after it) lasts longer.
            lowest = min(lowest, -configuration.timing.initialContactStepFraction * Double(lag) / sampleRate)
        }
        let earliest = max(peak + lowest, previous + configuration.candidates.minimumStepInterval)
        let latest = peak + search.upperBound
        return ring.withRuns { runs -> Double? in
            let verticals = runs.channel(Channel.vertical, from: base, count: length)
            let stamps = runs.channel(Channel.time, from: base, count: length)
            return kernel.withUnsafeBufferPointer { weights -> Double? in
                var (best, bestTime) = (-Double.infinity, Double?.none)
                var index = offset
                while index > reach, stamps[index - 1] >= earliest { index -= 1 }
                while index + reach < length, stamps[index] <= latest {
                    defer { index += 1 }
                    let stamp = stamps[index]
                    guard index >= reach, stamp >= earliest else { continue }
                    var slope = 0.0
                    for m in 0..<weights.count { slope += weights[m] * verticals[index - reach + m] }
                    guard !slope.isNaN else { return nil }
                    if slope > best { (best, bestTime) = (slope, stamp) }
                }
                return bestTime
            }
        }
    }

    /// 1 g minus the mean vertical acceleration over the ±0.5 s around the candidate at `offset`
    /// (within the context of `length` samples from ring index `base`), in g; `nil` when a
    /// sample there has no vertical acceleration.
    private func verticalDeficit(base: Int, length: Int, offset: Int) -> Double? {
        let first = max(0, offset - postureReach)
        let last = min(length - 1, offset + postureReach)
        let sum = ring.withRun(channel: Channel.vertical, from: base, count: length) { verticals in
            var sum = 0.0
            for index in first...last { sum += verticals[index] }
            return sum
        }
        let mean = sum / Double(last - first + 1)
        return mean.isNaN ? nil : 1 - mean
    }

    /// The highest normalised autocorrelation over the step lags up to `upper` of the `length`
    /// filtered samples from ring index `base`, and the candidate spacing of that context, in
    /// samples: ``StepDetectorConfiguration/Candidates/stepPeriodSpacing`` times its step lag
    /// (``GaitRegularity``'s rule) when the autocorrelation there reaches
    /// ``StepDetectorConfiguration/Context/minimumRegularity``, and at least the minimum step interval;
    /// and that clear step lag, in samples (`nil` without one, or when neither the spacing nor
    /// ``StepDetectorConfiguration/Timing/initialContactStepFraction`` needs it).
    private mutating func periodicityAndSpacing(base: Int, length: Int, upper: Int) -> (Double, Int, Int?) {
        let lags = self.lags
        let k = configuration.candidates.stepPeriodSpacing
        let needsLag = k > 0 || (configuration.timing.initialContactStepFraction > 0 && search != nil)
        let minimum = configuration.context.minimumRegularity
        let spacing = self.spacing
        return ring.withRun(channel: Channel.filtered, from: base, count: length) { window in
            correlations.withUnsafeMutableBufferPointer { r in
                let last = needsLag ? min(upper + 1, length - 1) : upper
                let first = needsLag ? lags.lowerBound - 1 : lags.lowerBound
                // The window is finite (checked on entry) and the lags in range: this cannot throw.
                try? Autocorrelation.normalized(
                    window, lags: first...last, into: UnsafeMutableBufferPointer(rebasing: r[first...last]))
                var best = -1.0
                for lag in lags.lowerBound...upper { best = max(best, r[lag]) }
                guard last > upper else { return (best, spacing, nil) }
                let step = GaitRegularity.clearStepLag(
                    UnsafeBufferPointer(r), upper: last, stepLags: lags, minimumRegularity: minimum)
                return (best, GaitRegularity.candidateSpacing(stepLag: step, fraction: k, atLeast: spacing), step)
            }
        }
    }

    /// The bout rule (``BoutRule``): extends or restarts the current run with `step`, and emits
    /// the run's steps once it holds ``StepDetectorConfiguration/Bout/minimumRunLength`` full
    /// (`strong`) candidates. The intervals are those of the peak times, so the refinement of
    /// the reported time never changes which candidates are steps.
    ///
    /// `teaches`: whether the step may teach the walker's rhythm (``remember(stepAt:teaches:)``).
    /// A candidate only the gait bout admitted does not: what it protects against is a vehicle's
    /// sway or a rider's pedalling confirmed as a bout teaching a slow "walker's" rhythm, which
    /// the activity layer reads as walking evidence (`WalkerRhythmEvidence`) and the in-vehicle
    /// stage as on foot. Measured: with the bout's steps teaching, the simulated rides of
    /// `WalkerRhythmEvidenceTests` gained walking windows and the pedalling-and-coasting ride of
    /// `BicycleRideEvidenceTests` 29 s of cycling without the bicycle evidence, a Paris metro ride
    /// (L4 LesHalles, window) 3 gated steps (docs/Accuracy.md).
    private mutating func accept(
        _ step: Step, peakTime: Double, period: Double?, strong: Bool, teaches: Bool, into steps: inout [Step]
    ) {
        switch boutRule.add(time: peakTime, strong: strong, period: period) {
        case .emit(let held):
            if let run = boutRule.confirmedRhythm {
                walkerBout = (run.period, run.last)
            } else if walkerBout != nil {
                walkerBout?.last = peakTime
            }
            if configuration.rhythm.memory > 0 {
                for (earlier, teaching) in zip(pending.suffix(held), pendingTeaches.suffix(held)) {
                    remember(stepAt: earlier.time, teaches: teaching)
                }
                remember(stepAt: step.time, teaches: teaches)
            }
            steps.append(contentsOf: pending.suffix(held))
            steps.append(step)
            pending.removeAll(keepingCapacity: true)
            pendingTeaches.removeAll(keepingCapacity: true)
        case .hold:
            // Keep only the candidates the rule holds (bounded, so the shift is cheap).
            pending.append(step)
            pending.removeFirst(pending.count - boutRule.held)
            pendingTeaches.append(teaches)
            pendingTeaches.removeFirst(pendingTeaches.count - boutRule.held)
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
