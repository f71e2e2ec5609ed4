import Foundation

extension HiddenMarkovSmoother {
    /// The most likely sequence of states and its log probability.
    public struct Path: Sendable, Hashable {
        /// One state per window, in window order.
        public var states: [Int]
        /// The natural logarithm of the joint probability of the path and the emissions,
        /// log *p*(states, windows), with the emissions as the model reads them (see
        /// ``HiddenMarkovSmoother/Emission``); 0 for no windows.
        public var logProbability: Double
    }

    /// The posterior distribution of each window's state given every window.
    public struct Posteriors: Sendable, Hashable {
        /// One distribution per window, in window order; each has one probability per state and
        /// sums to 1.
        public var probabilities: [[Double]]
        /// The natural logarithm of the likelihood of all the windows, log *p*(windows), with the
        /// emissions as the model reads them; 0 for no windows.
        public var logLikelihood: Double

        /// The most probable state of each window on its own (the lowest index on a tie). Unlike
        /// the Viterbi path, the sequence may contain transitions the model forbids.
        ///
        /// - Complexity: O(*n K*).
        public var mostProbableStates: [Int] {
            probabilities.map { row in
                var best = 0
                for index in row.indices where row[index] > row[best] { best = index }
                return best
            }
        }
    }

    /// The most likely sequence of states for `probabilities`, by the Viterbi algorithm in log
    /// space.
    ///
    /// Ties are broken toward the lower state index, both between predecessors and for the last
    /// window, so the path is deterministic.
    ///
    /// - Parameter probabilities: One array per window, in time order, with one non-negative
    ///   value per state (the classifier's class probabilities; see ``Emission``).
    /// - Throws: ``LocomotionError/Code/invalidData`` for a window with the wrong count or a
    ///   negative or non-finite value, naming the window and state.
    /// - Complexity: O(*n K*²) time and O(*n K*) memory for *n* windows and *K* states.
    public func viterbi(_ probabilities: [[Double]]) throws(LocomotionError) -> Path {
        let windowCount = probabilities.count
        let count = stateCount
        guard windowCount > 0 else { return Path(states: [], logProbability: 0) }
        let logEmissions = try logEmissions(probabilities)
        var score = (0..<count).map { logInitial[$0] + logEmissions[$0] }
        var nextScore = score
        var predecessors = [Int](repeating: 0, count: windowCount * count)
        for window in 1..<windowCount {
            for to in 0..<count {
                var best = 0
                var bestScore = score[0] + logTransitions[to]
                for from in 1..<count {
                    let candidate = score[from] + logTransitions[from * count + to]
                    if candidate > bestScore {
                        best = from
                        bestScore = candidate
                    }
                }
                predecessors[window * count + to] = best
                nextScore[to] = bestScore + logEmissions[window * count + to]
            }
            swap(&score, &nextScore)
        }
        var last = 0
        for state in 1..<count where score[state] > score[last] { last = state }
        var states = [Int](repeating: 0, count: windowCount)
        states[windowCount - 1] = last
        for window in stride(from: windowCount - 1, to: 0, by: -1) {
            states[window - 1] = predecessors[window * count + states[window]]
        }
        return Path(states: states, logProbability: score[last])
    }

    /// The posterior of each window's state given all of `probabilities`, by the
    /// forward–backward algorithm in log space, and the log-likelihood of the windows.
    ///
    /// - Parameter probabilities: One array per window, in time order, with one non-negative
    ///   value per state (see ``Emission``).
    /// - Throws: ``LocomotionError/Code/invalidData`` for a window with the wrong count or a
    ///   negative or non-finite value, naming the window and state.
    /// - Complexity: O(*n K*²) time and O(*n K*) memory for *n* windows and *K* states.
    public func posteriors(_ probabilities: [[Double]]) throws(LocomotionError) -> Posteriors {
        let windowCount = probabilities.count
        let count = stateCount
        guard windowCount > 0 else { return Posteriors(probabilities: [], logLikelihood: 0) }
        let logEmissions = try logEmissions(probabilities)
        let forward = forwardLattice(logEmissions, windowCount: windowCount)
        let logLikelihood = Self.logSumExp(forward[(windowCount - 1) * count..<windowCount * count])
        let backward = backwardLattice(logEmissions, windowCount: windowCount)

        var rows: [[Double]] = []
        rows.reserveCapacity(windowCount)
        var terms = [Double](repeating: 0, count: count)
        var row = terms
        for window in 0..<windowCount {
            for state in 0..<count { terms[state] = forward[window * count + state] + backward[window * count + state] }
            let normaliser = Self.logSumExp(terms[...])
            for state in 0..<count { row[state] = exp(terms[state] - normaliser) }
            rows.append(row)
        }
        return Posteriors(probabilities: rows, logLikelihood: logLikelihood)
    }

    /// The log-likelihood of `probabilities`, log *p*(windows), by the forward algorithm in log
    /// space: the ``Posteriors/logLikelihood`` of ``posteriors(_:)`` without the backward pass.
    ///
    /// - Throws: ``LocomotionError/Code/invalidData`` as ``posteriors(_:)`` does.
    /// - Complexity: O(*n K*²) time, O(*n K*) memory.
    public func logLikelihood(_ probabilities: [[Double]]) throws(LocomotionError) -> Double {
        let windowCount = probabilities.count
        guard windowCount > 0 else { return 0 }
        let forward = forwardLattice(try logEmissions(probabilities), windowCount: windowCount)
        return Self.logSumExp(forward[(windowCount - 1) * stateCount..<windowCount * stateCount])
    }

    /// alpha_t(j) = log p(windows 0...t, state_t = j), row-major.
    private func forwardLattice(_ logEmissions: [Double], windowCount: Int) -> [Double] {
        precondition(windowCount > 0 && logEmissions.count == windowCount * stateCount)
        let count = stateCount
        var forward = [Double](repeating: 0, count: windowCount * count)
        var terms = [Double](repeating: 0, count: count)
        forward.withUnsafeMutableBufferPointer { alpha in
            logEmissions.withUnsafeBufferPointer { emissions in
                logTransitions.withUnsafeBufferPointer { transitions in
                    terms.withUnsafeMutableBufferPointer { terms in
                        for state in 0..<count { alpha[state] = logInitial[state] + emissions[state] }
                        for window in 1..<windowCount {
                            let previous = (window - 1) * count
                            for to in 0..<count {
                                for from in 0..<count {
                                    terms[from] = alpha[previous + from] + transitions[from * count + to]
                                }
                                alpha[window * count + to] =
                                    Self.logSumExp(UnsafeBufferPointer(terms)) + emissions[window * count + to]
                            }
                        }
                    }
                }
            }
        }
        return forward
    }

    /// beta_t(i) = log p(windows t+1...n-1 | state_t = i), row-major; beta_{n-1} = 0.
    private func backwardLattice(_ logEmissions: [Double], windowCount: Int) -> [Double] {
        precondition(windowCount > 0 && logEmissions.count == windowCount * stateCount)
        let count = stateCount
        var backward = [Double](repeating: 0, count: windowCount * count)
        var terms = [Double](repeating: 0, count: count)
        backward.withUnsafeMutableBufferPointer { beta in
            logEmissions.withUnsafeBufferPointer { emissions in
                logTransitions.withUnsafeBufferPointer { transitions in
                    terms.withUnsafeMutableBufferPointer { terms in
                        for window in stride(from: windowCount - 2, through: 0, by: -1) {
                            let next = (window + 1) * count
                            for from in 0..<count {
                                for to in 0..<count {
                                    terms[to] = transitions[from * count + to] + emissions[next + to] + beta[next + to]
                                }
                                beta[window * count + from] = Self.logSumExp(UnsafeBufferPointer(terms))
                            }
                        }
                    }
                }
            }
        }
        return backward
    }

    /// log Σ exp(values), −∞ when every value is −∞.
    static func logSumExp(_ values: ArraySlice<Double>) -> Double {
        values.withUnsafeBufferPointer { logSumExp($0) }
    }

    /// log Σ exp(values), −∞ when every value is −∞.
    static func logSumExp(_ values: UnsafeBufferPointer<Double>) -> Double {
        var largest = -Double.infinity
        for value in values where value > largest { largest = value }
        guard largest > -.infinity else { return -.infinity }
        var sum = 0.0
        for value in values { sum += exp(value - largest) }
        return largest + log(sum)
    }
}
