import Foundation

/// The online (forward) filter of a ``HiddenMarkovSmoother``: after each window it gives the
/// filtered posterior *p*(state at *t* | windows 0…*t*), using only the windows seen so far, so
/// it can run as windows arrive.
///
/// Each step predicts with the transitions (*p*ₜ⁻ = *p*ₜ₋₁ *A*, or the initial distribution at
/// the first window), multiplies by the window's emission likelihoods in log space and
/// renormalises, so any number of steps neither underflows nor overflows; a 0 in the emissions
/// counts as ``HiddenMarkovSmoother/probabilityFloor``. The filtered posterior at window *t*
/// equals the last row of ``HiddenMarkovSmoother/posteriors(_:)`` over windows 0…*t*.
///
/// A value type: copy it to branch, ``reset()`` to start again. After setup it allocates nothing
/// per window when fed through ``update(_:into:)`` with a buffer of the right size.
public struct HiddenMarkovFilter: Sendable, Hashable {
    /// The model.
    public let smoother: HiddenMarkovSmoother
    /// The filtered posterior after the last window, one probability per state summing to 1;
    /// before any window, the model's initial distribution.
    public private(set) var posterior: [Double]
    /// The number of windows seen.
    public private(set) var windowCount = 0
    /// log *p*(windows seen so far), with the emissions as the model reads them; 0 before any.
    public private(set) var logLikelihood = 0.0
    private var logTerms: [Double]
    private var predicted: [Double]

    /// A filter for `smoother` with nothing seen yet.
    public init(smoother: HiddenMarkovSmoother) {
        self.smoother = smoother
        posterior = smoother.initial
        logTerms = [Double](repeating: 0, count: smoother.stateCount)
        predicted = logTerms
    }

    /// The most probable state now (the lowest index on a tie); `nil` before any window.
    public var mostProbableState: Int? {
        guard windowCount > 0 else { return nil }
        var best = 0
        for index in posterior.indices where posterior[index] > posterior[best] { best = index }
        return best
    }

    /// Takes the next window's class probabilities and returns the filtered posterior.
    ///
    /// - Parameter probabilities: One non-negative, finite value per state, in state order (see
    ///   ``HiddenMarkovSmoother/Emission``).
    /// - Returns: ``posterior``: one probability per state, summing to 1.
    /// - Throws: ``LocomotionError/Code/invalidData`` for the wrong count or a negative or
    ///   non-finite value; the filter is then unchanged.
    /// - Complexity: O(*K*²) for *K* states. Inlinable, so that called from another module it is
    ///   specialised and reads an array (or any collection with contiguous storage) in place.
    @inlinable @discardableResult
    public mutating func update(_ probabilities: some Collection<Double>) throws(LocomotionError) -> [Double] {
        try stepInPlace(probabilities)
        return posterior
    }

    /// Takes the next window's class probabilities and writes the filtered posterior into
    /// `result` (resized to *K* only if it has another size), allocating nothing when `result`
    /// already has *K* elements.
    ///
    /// - Throws: ``LocomotionError/Code/invalidData`` as ``update(_:)``; the filter and `result`
    ///   are then unchanged.
    /// - Complexity: O(*K*²). Inlinable, so that called from another module with an array (or any
    ///   collection with contiguous storage) it is specialised and allocates nothing.
    @inlinable
    public mutating func update(_ probabilities: some Collection<Double>, into result: inout [Double])
        throws(LocomotionError)
    {
        try stepInPlace(probabilities)
        copyPosterior(into: &result)
    }

    /// ``step(_:)`` on the contiguous storage of `probabilities` when it has one (no copy, no
    /// generic code left unspecialised), else on the collection.
    @inlinable
    mutating func stepInPlace(_ probabilities: some Collection<Double>) throws(LocomotionError) {
        let contiguous: Result<Void, LocomotionError>? = probabilities.withContiguousStorageIfAvailable { buffer in
            Result { () throws(LocomotionError) in try step(buffer: buffer) }
        }
        if let contiguous { try contiguous.get() } else { try step(probabilities) }
    }

    @usableFromInline
    func copyPosterior(into result: inout [Double]) {
        if result.count != posterior.count { result = [Double](repeating: 0, count: posterior.count) }
        for index in posterior.indices { result[index] = posterior[index] }
    }

    /// Forgets every window: the filter is as new.
    public mutating func reset() {
        posterior = smoother.initial
        windowCount = 0
        logLikelihood = 0
    }

    /// ``step(_:)`` on contiguous probabilities: the non-generic entry the inlinable update calls.
    @usableFromInline
    mutating func step(buffer probabilities: UnsafeBufferPointer<Double>) throws(LocomotionError) {
        try step(probabilities)
    }

    @usableFromInline
    mutating func step(_ probabilities: some Collection<Double>) throws(LocomotionError) {
        let count = smoother.stateCount
        try smoother.writeLogEmissions(probabilities, window: windowCount, into: &logTerms, at: 0)
        if windowCount == 0 {
            for state in 0..<count { predicted[state] = smoother.initial[state] }
        } else {
            for state in 0..<count { predicted[state] = 0 }
            let transitions = smoother.transitions.probabilities
            for from in 0..<count {
                let weight = posterior[from]
                if weight == 0 { continue }
                for to in 0..<count { predicted[to] += weight * transitions[from * count + to] }
            }
        }
        for state in 0..<count { logTerms[state] += log(predicted[state]) }
        let normaliser = HiddenMarkovSmoother.logSumExp(logTerms[...])
        for state in 0..<count { posterior[state] = exp(logTerms[state] - normaliser) }
        logLikelihood += normaliser
        windowCount += 1
    }
}

extension HiddenMarkovSmoother {
    /// The filtered posterior of every window of `probabilities`: what a fresh
    /// ``HiddenMarkovFilter`` returns for each, in turn.
    ///
    /// - Throws: ``LocomotionError/Code/invalidData`` at the first bad window, naming it.
    /// - Complexity: O(*n K*²) for *n* windows.
    public func filtered(_ probabilities: [[Double]]) throws(LocomotionError) -> [[Double]] {
        var filter = makeFilter()
        var rows: [[Double]] = []
        rows.reserveCapacity(probabilities.count)
        for row in probabilities { rows.append(try filter.update(row)) }
        return rows
    }
}

extension HiddenMarkovFilter {
    /// Filters are equal when they have the same model and have reached the same state (their
    /// scratch memory does not count).
    public static func == (lhs: HiddenMarkovFilter, rhs: HiddenMarkovFilter) -> Bool {
        lhs.smoother == rhs.smoother && lhs.posterior == rhs.posterior && lhs.windowCount == rhs.windowCount
            && lhs.logLikelihood == rhs.logLikelihood
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(smoother)
        hasher.combine(posterior)
        hasher.combine(windowCount)
        hasher.combine(logLikelihood)
    }
}
