/// The recommended GPS speed smoother: a streaming Kalman filter that knows how much time passed,
/// how accurate each fix claims to be, and when a fix is a multipath spike.
///
/// Feed it fixes in time order with ``update(with:)``; each call returns a ``SmoothedSpeed`` that
/// says what happened to the fix. Compared with the simple ``KalmanFilter``:
///
/// - **Time-aware prediction.** Between fixes the speed's variance grows with the interval,
///   `intensity·Δt` (random walk) or the constant-velocity model's `Q(Δt)`, where
///   `intensity = processNoise + processNoisePerSpeed·max(0, speed)`.
/// - **Per-fix measurement noise.** A fix's variance is `speedAccuracy²` (at least
///   `minimumSpeedAccuracy²`), or `defaultSpeedAccuracy²` when the source reports none.
/// - **Invalid fixes predict only** (`speed < 0` or `speedAccuracy < 0`): the estimate carries on
///   and its ``standardDeviation`` grows, so a stale estimate can be told from a fresh one; so
///   can ``lastAcceptedTime`` and ``age(at:)``.
/// - **Innovation gating.** A fix more than `gateSigmas` standard deviations from the prediction
///   is rejected as a spike and reported (``SmoothedSpeed/Status/rejectedSpike(innovationSigmas:)``);
///   the `reinitializeAfterRejections`-th rejection in a row restarts the filter at that fix, so a
///   real change of speed is followed after a few fixes.
/// - **Never negative.** Reported speeds are `max(0, estimate)`; the internal Gaussian state is
///   not clamped, so the filter stays linear and the smoother can run backwards over it.
/// - **Time going backwards** is reported as ``SmoothedSpeed/Status/outOfOrder(previousTime:)``
///   and a repeated timestamp as ``SmoothedSpeed/Status/duplicateTime``; both leave the filter
///   untouched and are counted in ``counts``.
///
/// docs/Algorithms.md ("GPS speed smoothing") gives the equations and the tuning. For a whole
/// recording, ``SpeedSmoother`` runs this filter forwards and a Rauch–Tung–Striebel pass backwards.
///
/// A value type: copy it to branch a filter; share it across tasks by value.
public struct SpeedKalmanFilter: Sendable {
    /// How many fixes ended in each ``SmoothedSpeed/Status``.
    public struct Counts: Sendable, Equatable, Hashable {
        /// Fixes that started the filter (the first valid fix, or the first after an overflow).
        public var initialized = 0
        /// Fixes that passed the gate.
        public var accepted = 0
        /// Noisy fixes that passed the gate.
        public var acceptedNoisy = 0
        /// Fixes rejected as spikes.
        public var rejectedSpikes = 0
        /// Fixes that restarted the filter after a run of rejections.
        public var reinitializations = 0
        /// Fixes without a valid speed.
        public var invalid = 0
        /// Fixes older than the previous one.
        public var outOfOrder = 0
        /// Fixes with the previous fix's timestamp.
        public var duplicateTimes = 0

        /// No fixes.
        public init() {}

        /// All fixes counted.
        public var total: Int {
            initialized + accepted + acceptedNoisy + rejectedSpikes + reinitializations + invalid + outOfOrder
                + duplicateTimes
        }

        /// Counts one more fix with `status`.
        ///
        /// - Complexity: O(1).
        public mutating func record(_ status: SmoothedSpeed.Status) {
            switch status {
            case .initialized: initialized += 1
            case .accepted: accepted += 1
            case .acceptedNoisy: acceptedNoisy += 1
            case .rejectedSpike: rejectedSpikes += 1
            case .reinitialized: reinitializations += 1
            case .invalid: invalid += 1
            case .outOfOrder: outOfOrder += 1
            case .duplicateTime: duplicateTimes += 1
            }
        }
    }

    /// One fix's passage through the filter, with what ``SpeedSmoother`` needs to run backwards.
    struct Step: Sendable {
        var result: SmoothedSpeed
        /// The state after the fix; `nil` before the first valid fix and for out-of-order and
        /// duplicate fixes (which are not steps of the filter).
        var state: SpeedState?
        /// The prediction to this fix's time from the previous step, when this step continues a segment.
        var predicted: SpeedState?
        /// Seconds since the previous step.
        var interval: Double
    }

    /// The tuning.
    public let configuration: Configuration
    /// The Gaussian state at ``lastFixTime``; `nil` until the first valid fix.
    @_spi(Testing)
    public private(set) var state: SpeedState?
    /// The time of the last fix taken in order (any status but out-of-order and duplicate), seconds.
    public private(set) var lastFixTime: Double?
    /// The time of the last fix whose speed entered the estimate, seconds.
    public private(set) var lastAcceptedTime: Double?
    /// How many fixes in a row the gate has rejected.
    public private(set) var consecutiveRejections = 0
    /// How many fixes ended in each status so far.
    public private(set) var counts = Counts()

    /// Creates a filter that has seen no fixes.
    ///
    /// - Parameter configuration: The tuning; ``Configuration/default`` by default.
    public init(configuration: Configuration = .default) {
        self.configuration = configuration
    }

    /// The current speed estimate in m/s (at ``lastFixTime``), never negative; `nil` before the
    /// first valid fix.
    public var speed: Double? { state?.reportedSpeed }

    /// The variance of the current speed estimate, m²/s².
    public var variance: Double? { state?.speedVariance }

    /// The standard deviation of the current speed estimate, m/s.
    public var standardDeviation: Double? { state.map { $0.speedVariance.squareRoot() } }

    /// The current acceleration estimate in m/s² (constant-velocity model only).
    public var acceleration: Double? { configuration.model == .constantVelocity ? state?.acceleration : nil }

    /// Seconds from the last fix that entered the estimate to `time`; `nil` before the first one.
    ///
    /// - Complexity: O(1).
    public func age(at time: Double) -> Double? { lastAcceptedTime.map { time - $0 } }

    /// The estimate predicted forward to `time` without changing the filter: what it would report
    /// for an invalid fix then.
    ///
    /// - Parameter time: Seconds, not before ``lastFixTime``.
    /// - Returns: Speed (m/s, never negative) and its standard deviation (m/s); `nil` before the
    ///   first valid fix, for a time before ``lastFixTime`` or a non-finite one.
    /// - Complexity: O(1).
    public func prediction(at time: Double) -> (speed: Double, standardDeviation: Double)? {
        guard let state, let lastFixTime, time.isFinite, time >= lastFixTime else { return nil }
        let predicted = state.predicted(after: time - lastFixTime, configuration: configuration)
        guard predicted.isFinite else { return nil }
        return (predicted.reportedSpeed, predicted.speedVariance.squareRoot())
    }

    /// Processes the next fix.
    ///
    /// - Parameter fix: The next fix; fixes should come in time order (an older or equal time is
    ///   reported, not used).
    /// - Returns: The fix's raw speed, the estimate after it and its status.
    /// - Complexity: O(1); allocates nothing.
    @discardableResult
    public mutating func update(with fix: LocationFix) -> SmoothedSpeed { step(fix).result }

    /// ``update(with:)`` with the detail the backward pass needs.
    mutating func step(_ fix: LocationFix) -> Step {
        let raw = fix.validSpeed
        if let lastFixTime, fix.time <= lastFixTime {
            let duplicate = fix.time == lastFixTime
            let status: SmoothedSpeed.Status = duplicate ? .duplicateTime : .outOfOrder(previousTime: lastFixTime)
            counts.record(status)
            return Step(
                result: result(fix.time, raw, duplicate ? state : nil, status), state: nil, predicted: nil,
                interval: 0)
        }
        let interval = lastFixTime.map { fix.time - $0 } ?? 0
        lastFixTime = fix.time
        var predicted = state?.predicted(after: interval, configuration: configuration)
        if let candidate = predicted, !candidate.isFinite {
            predicted = nil  // the gap overflowed the variance: start again at the next valid fix
        }
        let status: SmoothedSpeed.Status
        var startsSegment = false
        switch (predicted, raw) {
        case (nil, nil):
            state = nil
            status = .invalid
        case (nil, let speed?):
            restart(at: speed, fix)
            startsSegment = true
            status = .initialized
        case (let prediction?, nil):
            state = prediction
            status = .invalid
        case (let prediction?, let speed?):
            let measurementVariance = configuration.measurementVariance(of: fix)
            let innovation = speed - prediction.speed
            let innovationVariance = prediction.innovationVariance(measurementVariance: measurementVariance)
            let sigmas = innovation / innovationVariance.squareRoot()
            if abs(sigmas) > configuration.gateSigmas {
                consecutiveRejections += 1
                if consecutiveRejections >= configuration.reinitializeAfterRejections {
                    restart(at: speed, fix)
                    startsSegment = true
                    status = .reinitialized(innovationSigmas: sigmas)
                } else {
                    state = prediction
                    status = .rejectedSpike(innovationSigmas: sigmas)
                }
            } else {
                consecutiveRejections = 0
                state = prediction.updated(innovation: innovation, innovationVariance: innovationVariance)
                lastAcceptedTime = fix.time
                let noisy = fix.speedValidity(noisyAccuracyLimit: configuration.noisyAccuracyLimit) == .noisy
                status = noisy ? .acceptedNoisy(innovationSigmas: sigmas) : .accepted(innovationSigmas: sigmas)
            }
        }
        counts.record(status)
        return Step(
            result: result(fix.time, raw, state, status), state: state, predicted: startsSegment ? nil : predicted,
            interval: interval)
    }

    /// Starts the filter afresh at a measured speed.
    private mutating func restart(at speed: Double, _ fix: LocationFix) {
        state = .initial(
            speed: speed, variance: configuration.measurementVariance(of: fix), configuration: configuration)
        consecutiveRejections = 0
        lastAcceptedTime = fix.time
    }

    /// The public result for a fix given the state to report.
    func result(_ time: Double, _ raw: Double?, _ state: SpeedState?, _ status: SmoothedSpeed.Status) -> SmoothedSpeed {
        SmoothedSpeed(
            time: time, rawSpeed: raw, speed: state?.reportedSpeed,
            standardDeviation: state.map { $0.speedVariance.squareRoot() },
            acceleration: configuration.model == .constantVelocity ? state?.acceleration : nil, status: status)
    }
}
