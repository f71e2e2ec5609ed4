/// The temporal-model stage of ``ActivityPipeline``: what turns the windows' own results into the
/// smoothed results the timeline, the steps on foot, the trips and the scores are made of. One
/// slot, filled from ``ActivitySmoothing`` by ``ActivitySmoothing/temporalModel()``: no smoothing,
/// hysteresis, the hidden Markov model — and the next kind (a state over minutes, such as being
/// inside a vehicle) is one more conformer and one more case there.
///
/// **Contract** (what keeps a whole recording, chunks and live events equal, bit for bit):
/// - Input, per window in time order: the window's own result (the classifier's, with
///   ``ActivityResult/start``/``ActivityResult/end`` in the data's seconds, its confidence, class
///   probabilities when a model made it, and its ``ActivityResult/evidence``) and the window's
///   feature vector (same schema every call; read it during the call, do not keep it: the
///   extractor reuses its storage). Time comes only from these, never from a clock.
/// - Output: exactly one smoothed result per input, in input order, with the input's start and
///   end; appended to `finished` once it is final (no later input can change it). A model may hold
///   results back (hysteresis holds the pending run; the hidden Markov model holds everything until
///   ``finish(into:)``), but what it emits may depend only on the sequence of inputs, never on
///   how they were split into calls, chunks or events.
/// - ``finish(into:)`` is called once after the last window and emits every result still held.
/// - ``current`` is the live estimate after the newest input (what ``ActivityDetector`` reports as
///   ``ActivityDetector/Decision/committed``); it is never revised and does not have to equal the
///   final smoothed activity of that window.
/// - Memory: what a model holds is its own to bound and to document (the drivers promise bounded
///   memory only for models that hold a bounded number of results).
protocol ActivityTemporalModel: Sendable {
    /// Takes the next window's result and feature vector; appends the smoothed results now final.
    ///
    /// - Throws: ``LocomotionError`` for a result out of time order or numbers the model cannot use.
    mutating func append(_ result: ActivityResult, features: FeatureVector, into finished: inout [ActivityResult])
        throws(LocomotionError)

    /// Ends the sequence: appends every smoothed result still held.
    ///
    /// - Throws: ``LocomotionError`` from the model's decoding.
    mutating func finish(into finished: inout [ActivityResult]) throws(LocomotionError)

    /// The activity in effect after the newest input, for a live user; ``ActivityType/unknown``
    /// before the first.
    var current: ActivityType { get }
}

extension ActivitySmoothing {
    /// The temporal model this smoothing selects, from a fresh state.
    ///
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a hold time out of range.
    func temporalModel() throws(LocomotionError) -> any ActivityTemporalModel {
        switch self {
        case .none: return UnsmoothedActivities()
        case .hysteresis(let configuration):
            return HysteresisTemporalModel(try ActivityHysteresis(configuration: configuration))
        case .hiddenMarkov(let smoother): return HiddenMarkovTemporalModel(smoothing: self, smoother: smoother)
        }
    }
}

/// ``ActivitySmoothing/none``: every result is final as it comes.
struct UnsmoothedActivities: ActivityTemporalModel {
    private(set) var current = ActivityType.unknown

    mutating func append(_ result: ActivityResult, features: FeatureVector, into finished: inout [ActivityResult]) {
        current = result.activity
        finished.append(result)
    }

    func finish(into finished: inout [ActivityResult]) {}
}

/// ``ActivitySmoothing/hysteresis(_:)``: ``ActivityHysteresis/OfflineSmoother``, which holds the
/// pending run (at most about twice the hold time's worth of windows; until something is committed, a
/// recording's first 30 s); the live estimate is the filter's
/// committed activity.
struct HysteresisTemporalModel: ActivityTemporalModel {
    private var smoother: ActivityHysteresis.OfflineSmoother

    init(_ hysteresis: ActivityHysteresis) { smoother = .init(hysteresis) }

    var current: ActivityType { smoother.committed }

    mutating func append(_ result: ActivityResult, features: FeatureVector, into finished: inout [ActivityResult])
        throws(LocomotionError)
    {
        try smoother.append(result, into: &finished)
    }

    mutating func finish(into finished: inout [ActivityResult]) {
        smoother.finish(into: &finished)
    }
}

/// ``ActivitySmoothing/hiddenMarkov(_:)``: forward–backward needs the whole sequence, so every
/// result is held until ``finish(into:)``; the live estimate is the forward filter's most probable
/// activity.
struct HiddenMarkovTemporalModel: ActivityTemporalModel {
    let smoothing: ActivitySmoothing
    private var held: [ActivityResult] = []
    private var filter: HiddenMarkovFilter
    private(set) var current = ActivityType.unknown

    init(smoothing: ActivitySmoothing, smoother: HiddenMarkovSmoother) {
        self.smoothing = smoothing
        filter = HiddenMarkovFilter(smoother: smoother)
    }

    mutating func append(_ result: ActivityResult, features: FeatureVector, into finished: inout [ActivityResult]) {
        // An emission the filter refuses (a model's NaN probability) leaves the live estimate as
        // it was; the decoding at the end reports it.
        if (try? filter.update(ActivitySmoothing.emission(of: result))) != nil, let best = filter.mostProbableState {
            current = ActivityType.decidable[best]
        }
        held.append(result)
    }

    mutating func finish(into finished: inout [ActivityResult]) throws(LocomotionError) {
        finished.append(contentsOf: try smoothing.apply(to: held))
        held = []
    }
}
