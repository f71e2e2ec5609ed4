extension SecondOrderSections {
    /// Filters `samples` causally from rest: `scipy.signal.sosfilt(sos, x)`.
    ///
    /// The output lags the input (a Butterworth low-pass delays a slow signal by roughly
    /// `order/(2π·cutoff)` seconds) and starts with the filter's response to a step from 0 to
    /// the first sample; ``applyZeroPhase(to:padLength:)`` has neither.
    ///
    /// - Parameter samples: Finite values; an empty array gives an empty result.
    /// - Returns: The filtered samples, as many as the input.
    /// - Throws: `DSPError.nonFiniteSample(index:)`.
    /// - Complexity: O(*n* · sections).
    public func apply(to samples: [Double]) throws(DSPError) -> [Double] {
        var filter = SOSFilter(self)
        return try filter.process(samples)
    }

    /// The pad length `scipy.signal.sosfiltfilt` uses by default:
    /// `3·(2·sections + 1 − min(#(b2 = 0), #(a2 = 0)))`, that is three times the filter's
    /// order plus one when no section is first-order.
    public var defaultPadLength: Int {
        let firstOrderNumerators = sections.count(where: { $0.b2 == 0 })
        let firstOrderDenominators = sections.count(where: { $0.a2 == 0 })
        return 3 * (2 * sections.count + 1 - min(firstOrderNumerators, firstOrderDenominators))
    }

    /// Filters `samples` forwards and then backwards, for zero phase and the squared magnitude
    /// response (−6 dB at a Butterworth cutoff, twice the roll-off): `scipy.signal.sosfiltfilt(sos,
    /// x, padtype="odd", padlen=padLength)`, checked to 1e-9 by the tests.
    ///
    /// Edge handling, as scipy's: the signal is extended at each end by `padLength` samples of
    /// its odd (point-symmetric) reflection about the end sample, `2·x₀ − x[k]` before the start
    /// and `2·xₙ₋₁ − x[n−1−k]` after the end, which continues the local slope; the forward pass
    /// starts in the steady state for the first extended sample (`sosfilt_zi`), the backward pass
    /// in the steady state for the last forward output; the padding is then dropped. For offline
    /// use: it needs the whole signal.
    ///
    /// - Parameters:
    ///   - samples: Finite values, more than `padLength` of them.
    ///   - padLength: Samples of reflection added at each end; `nil` for ``defaultPadLength``
    ///     (scipy's default), 0 for none. A shorter signal needs a shorter pad (scipy raises in
    ///     the same case rather than shortening silently).
    /// - Returns: The filtered samples, as many as the input.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`, or `.invalidParameter` for a
    ///   negative `padLength` or a signal no longer than the pad, naming both lengths.
    /// - Complexity: O((*n* + 2·pad) · sections); allocates the padded signal.
    public func applyZeroPhase(to samples: [Double], padLength: Int? = nil) throws(DSPError) -> [Double] {
        guard !samples.isEmpty else { throw .emptyInput }
        let pad = padLength ?? defaultPadLength
        try DSPError.require(pad, atLeast: 0, name: "padLength")
        guard samples.count > pad else {
            throw .invalidParameter(
                name: "samples.count", value: "\(samples.count)",
                requirement:
                    "it must be above \(pad): zero-phase filtering pads each end with \(pad) samples (padLength\(padLength == nil ? ", the default for \(sections.count) sections" : "")); pass a smaller padLength"
            )
        }
        try samples.withUnsafeBufferPointer { (buffer) throws(DSPError) in try DSPError.requireFinite(buffer) }
        let count = samples.count
        var extended = [Double](repeating: 0, count: count + 2 * pad)
        for k in 0..<pad {
            extended[pad - 1 - k] = 2 * samples[0] - samples[k + 1]
            extended[pad + count + k] = 2 * samples[count - 1] - samples[count - 2 - k]
        }
        for index in 0..<count { extended[pad + index] = samples[index] }

        var filter = SOSFilter(self)
        filter.reset(toSteadyStateFor: extended[0])
        var forward = try filter.process(extended)
        forward.reverse()
        filter.reset(toSteadyStateFor: forward[0])
        var backward = try filter.process(forward)
        backward.reverse()
        return Array(backward[pad..<(pad + count)])
    }
}
