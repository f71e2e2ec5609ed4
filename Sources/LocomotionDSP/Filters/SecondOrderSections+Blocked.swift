extension SecondOrderSections {
    /// Filters a whole block through the cascade, starting at the steady state of a constant
    /// `level` (usually the block's first sample), without a ``SOSFilter`` and its state: each
    /// section runs four samples per step
    /// (``SecondOrderSections/Section/filter(_:into:startingAtSteadyStateOf:)``), each later
    /// section at the steady state of `level` times the gain at 0 Hz of the sections before it.
    /// Equal to ``SOSFilter`` reset with ``SOSFilter/reset(toSteadyStateFor:)`` to rounding.
    ///
    /// - Parameters:
    ///   - input: The samples; finite.
    ///   - output: At least `input.count` elements; may be the same memory as `input`.
    ///   - level: The constant the filter is assumed to have seen forever before the block.
    /// - Complexity: O(*n* · sections); no allocation.
    package func filter(
        _ input: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Double>,
        startingAtSteadyStateOf level: Double
    ) {
        precondition(output.count >= input.count, "filter: the output is shorter than the input")
        guard !input.isEmpty else { return }
        var start = level
        for (index, section) in sections.enumerated() {
            let source = index == 0 ? input : UnsafeBufferPointer(rebasing: output[..<input.count])
            section.filter(source, into: output, startingAtSteadyStateOf: start)
            let denominator = 1 + section.a1 + section.a2
            start = denominator != 0 ? start * (section.b0 + section.b1 + section.b2) / denominator : 0
        }
        if sections.isEmpty, UnsafePointer(output.baseAddress!) != input.baseAddress! {
            output.baseAddress!.update(from: input.baseAddress!, count: input.count)
        }
    }
}

extension SecondOrderSections.Section {
    /// Filters `input` into `output` (which may be the same memory) with this biquad, the
    /// recursion `y[n] = v[n] − a₁·y[n−1] − a₂·y[n−2]` (`v` the feed-forward part) started at
    /// the steady state of a constant `level` (past inputs `level`, past outputs `level` times the
    /// gain at 0 Hz), as ``SOSFilter/reset(toSteadyStateFor:)`` does.
    ///
    /// Four outputs are computed per step from the two previous ones: each is the block's own
    /// response to `v` (from zero state, off the dependency chain) plus fixed multiples of
    /// `y[n−1]` and `y[n−2]`, so one step costs one multiply and two additions of latency for
    /// four samples instead of four dependent multiply-adds. Equal to the sample-by-sample
    /// recursion to rounding.
    ///
    /// - Parameters:
    ///   - input: The samples; finite.
    ///   - output: At least `input.count` elements; may be the same memory as `input`.
    ///   - level: The constant the section is assumed to have seen forever before the block.
    /// - Complexity: O(*n*); no allocation.
    package func filter(
        _ input: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Double>,
        startingAtSteadyStateOf level: Double
    ) {
        precondition(output.count >= input.count, "filter: the output is shorter than the input")
        let count = input.count
        let denominator = 1 + a1 + a2
        let past = denominator != 0 ? level * (b0 + b1 + b2) / denominator : 0
        // The state's weights in the four outputs: y_k = w_k + p_k·y[n−1] + q_k·y[n−2].
        let (p0, q0) = (-a1, -a2)
        let (p1, q1) = (-a1 * p0 - a2, -a1 * q0)
        let (p2, q2) = (-a1 * p1 - a2 * p0, -a1 * q1 - a2 * q0)
        let (p3, q3) = (-a1 * p2 - a2 * p1, -a1 * q2 - a2 * q1)
        var (x1, x2) = (level, level)  // x[n−1], x[n−2]
        var (y1, y2) = (past, past)  // y[n−1], y[n−2]
        var n = 0
        while n &+ 4 <= count {
            let (i0, i1, i2, i3) = (input[n], input[n &+ 1], input[n &+ 2], input[n &+ 3])
            let v0 = b0 * i0 + b1 * x1 + b2 * x2
            let v1 = b0 * i1 + b1 * i0 + b2 * x1
            let v2 = b0 * i2 + b1 * i1 + b2 * i0
            let v3 = b0 * i3 + b1 * i2 + b2 * i1
            let w0 = v0
            let w1 = v1 - a1 * w0
            let w2 = v2 - a1 * w1 - a2 * w0
            let w3 = v3 - a1 * w2 - a2 * w1
            let o0 = w0 + p0 * y1 + q0 * y2
            let o1 = w1 + p1 * y1 + q1 * y2
            let o2 = w2 + p2 * y1 + q2 * y2
            let o3 = w3 + p3 * y1 + q3 * y2
            (output[n], output[n &+ 1], output[n &+ 2], output[n &+ 3]) = (o0, o1, o2, o3)
            (x1, x2, y1, y2) = (i3, i2, o3, o2)
            n &+= 4
        }
        while n < count {
            let x = input[n]
            let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
            output[n] = y
            (x1, x2, y1, y2) = (x, x1, y, y1)
            n &+= 1
        }
    }
}
