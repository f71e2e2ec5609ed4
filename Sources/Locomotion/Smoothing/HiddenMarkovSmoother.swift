import Foundation

/// Temporal smoothing of a classifier's per-window class probabilities with a hidden Markov
/// model: the hidden states are the classes, a ``TransitionMatrix`` says how likely each class is
/// to follow each other one window later, and the classifier's output for a window is the
/// emission.
///
/// Three ways to use it:
/// - online, as windows arrive: ``HiddenMarkovFilter`` (``makeFilter()``) gives the filtered
///   posterior *p*(state at *t* | windows 0…*t*) after each window;
/// - offline, the most likely sequence of states: ``viterbi(_:)``;
/// - offline, the posterior of each window given the whole recording: ``posteriors(_:)``
///   (forward–backward).
///
/// **Emissions.** A discriminative classifier gives *p*(class | window), while the model needs
/// the likelihood *p*(window | class), which is proportional to *p*(class | window) / *p*(class)
/// (Bourlard & Morgan, *Connectionist Speech Recognition*, 1994: the "scaled likelihood" of
/// hybrid models). ``Emission/dividedByPrior(_:)`` divides by the class priors the classifier
/// was trained with, which is right when the training data's class balance should not carry
/// over into the smoothing; ``Emission/probabilities`` (the default) uses the probabilities as
/// likelihoods directly, which also counts the training prior once more at every window (for a
/// classifier trained on balanced classes the two are the same). A likelihood's scale does not
/// matter to the paths and posteriors, only to ``Posteriors/logLikelihood``.
///
/// **Zeros.** A classifier may give a probability of exactly 0. Each emission is floored at
/// ``probabilityFloor`` (1e-300) before its logarithm is taken, so a 0 means "practically
/// impossible" rather than "impossible": one overconfident window cannot make every path
/// impossible, and no computation yields NaN. Transition and initial probabilities of 0 are
/// kept exact (log 0 = −∞).
///
/// Everything runs in log space (Viterbi and forward–backward) or renormalises at every step
/// (the filter), so sequences of any length neither underflow nor overflow. Results are
/// deterministic: the same input gives the same bits, and Viterbi's ties go to the lower state
/// index.
public struct HiddenMarkovSmoother: Sendable, Hashable {
    /// How the classifier's per-window probabilities become emission likelihoods.
    public enum Emission: Sendable, Hashable, Codable {
        /// The probabilities are the likelihoods: *p*(window | class) ∝ *p*(class | window).
        case probabilities
        /// The scaled likelihood *p*(class | window) / *p*(class), with the class priors given
        /// in state order (positive, summing to 1): the textbook hybrid model.
        case dividedByPrior([Double])
    }

    /// The smallest emission probability used: 1e-300. A smaller value (0 included) counts as
    /// this, so that log-likelihoods stay finite.
    public static let probabilityFloor = 1e-300

    /// The transitions between consecutive windows.
    public let transitions: TransitionMatrix
    /// The probability of each state at the first window, in state order.
    public let initial: [Double]
    /// How the per-window probabilities are read.
    public let emission: Emission

    /// log of ``initial``, state order.
    let logInitial: [Double]
    /// log of the transition probabilities, row-major.
    let logTransitions: [Double]
    /// The logarithm subtracted from each state's log-emission: log prior, or 0.
    let logEmissionOffsets: [Double]

    /// The number of states (classes).
    public var stateCount: Int { transitions.stateCount }

    /// A smoother.
    ///
    /// - Parameters:
    ///   - transitions: The transitions for the hop between windows.
    ///   - initial: The distribution of the first window's state: one probability per state,
    ///     finite, not negative, summing to 1 within ``TransitionMatrix/rowSumTolerance``;
    ///     `nil` (the default) for uniform.
    ///   - emission: ``Emission/probabilities`` by default.
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for an initial distribution or priors
    ///   of the wrong count, with an entry out of range or not summing to 1 (a prior must be
    ///   positive).
    /// - Complexity: O(*K*²) for *K* states.
    public init(transitions: TransitionMatrix, initial: [Double]? = nil, emission: Emission = .probabilities)
        throws(LocomotionError)
    {
        let count = transitions.stateCount
        let initial = initial ?? [Double](repeating: 1 / Double(count), count: count)
        try Self.validateDistribution(initial, name: "initial probability", count: count, positive: false)
        switch emission {
        case .probabilities:
            logEmissionOffsets = [Double](repeating: 0, count: count)
        case .dividedByPrior(let priors):
            try Self.validateDistribution(priors, name: "class prior", count: count, positive: true)
            logEmissionOffsets = priors.map { log($0) }
        }
        self.transitions = transitions
        self.initial = initial
        self.emission = emission
        logInitial = initial.map { log($0) }
        logTransitions = transitions.probabilities.map { log($0) }
    }

    /// A smoother for the five ``ActivityType/decidable`` activities (state *i* is
    /// `ActivityType.decidable[i]`) with ``TransitionMatrix/activityPriors(hop:)`` and a uniform
    /// initial distribution.
    ///
    /// - Parameters:
    ///   - hop: Seconds between windows, finite and not negative.
    ///   - emission: ``Emission/probabilities`` by default.
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a bad `hop` or priors.
    public static func activities(hop: Double = 1, emission: Emission = .probabilities) throws(LocomotionError)
        -> HiddenMarkovSmoother
    {
        try HiddenMarkovSmoother(transitions: .activityPriors(hop: hop), emission: emission)
    }

    /// An online filter for this model, with nothing observed yet.
    public func makeFilter() -> HiddenMarkovFilter { HiddenMarkovFilter(smoother: self) }

    private static func validateDistribution(_ values: [Double], name: String, count: Int, positive: Bool)
        throws(LocomotionError)
    {
        try LocomotionError.require(
            "\(name)s.count", values.count, values.count == count, "it must equal the state count (\(count))")
        var sum = 0.0
        for (state, value) in values.enumerated() {
            try LocomotionError.require(
                "\(name)s[\(state)]", value, value.isFinite && positive ? value > 0 : value >= 0,
                "it must be finite and \(positive ? "positive" : "at least 0")")
            sum += value
        }
        try LocomotionError.require(
            "\(name)s", sum, abs(sum - 1) <= TransitionMatrix.rowSumTolerance,
            "they must sum to 1 (within \(TransitionMatrix.rowSumTolerance))")
    }

    /// Writes the log-emissions of one window's probabilities into `buffer[offset..<offset + K]`.
    ///
    /// - Throws: ``LocomotionError/Code/invalidData`` when the count is not *K* or a value is
    ///   negative or not finite; `buffer` may then be partly written.
    func writeLogEmissions(
        _ probabilities: some Collection<Double>, window: Int, into buffer: inout [Double], at offset: Int
    ) throws(LocomotionError) {
        let count = stateCount
        guard probabilities.count == count else {
            throw LocomotionError(
                .invalidData,
                message:
                    "window \(window) has \(probabilities.count) class probabilities; the model has \(count) states")
        }
        var state = 0
        for value in probabilities {
            guard value.isFinite, value >= 0 else {
                throw LocomotionError(
                    .invalidData,
                    message:
                        "window \(window), state \(state): probability \(value) is invalid; it must be finite and at least 0"
                )
            }
            buffer[offset + state] = log(max(value, Self.probabilityFloor)) - logEmissionOffsets[state]
            state += 1
        }
    }

    /// The log-emissions of every window, row-major (window *t*, state *j* at `t * K + j`).
    func logEmissions(_ probabilities: [[Double]]) throws(LocomotionError) -> [Double] {
        var buffer = [Double](repeating: 0, count: probabilities.count * stateCount)
        for (window, row) in probabilities.enumerated() {
            try writeLogEmissions(row, window: window, into: &buffer, at: window * stateCount)
        }
        return buffer
    }
}

extension HiddenMarkovSmoother: Codable {
    private enum CodingKeys: String, CodingKey { case transitions, initial, emission }

    /// Decodes the transitions, initial distribution and emission and validates them as
    /// ``init(transitions:initial:emission:)`` does.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` with the validation's message when the parts do not
    ///   form a smoother; the decoder's own errors.
    /// - Complexity: O(*K*²) for *K* states.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let transitions = try container.decode(TransitionMatrix.self, forKey: .transitions)
        let initial = try container.decode([Double].self, forKey: .initial)
        let emission = try container.decode(Emission.self, forKey: .emission)
        do {
            try self.init(transitions: transitions, initial: initial, emission: emission)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .initial, in: container, debugDescription: error.message)
        }
    }

    /// Encodes the transitions, initial distribution and emission.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: The encoder's errors.
    /// - Complexity: O(*K*²) for *K* states.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(transitions, forKey: .transitions)
        try container.encode(initial, forKey: .initial)
        try container.encode(emission, forKey: .emission)
    }
}
