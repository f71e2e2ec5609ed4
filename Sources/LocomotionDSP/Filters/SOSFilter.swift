/// A running second-order-sections filter: keeps its state between calls, so a stream filtered
/// in chunks of any sizes gives exactly the output of one call over the whole stream.
///
/// ```swift
/// var filter = SOSFilter(try Butterworth.design(order: 2, band: .lowPass(cutoff: 5), sampleRate: 50))
/// filter.reset(toSteadyStateFor: 1)            // as if 1 g had always been the input
/// for chunk in chunks { let smooth = try filter.process(chunk) }
/// ```
///
/// Each section runs in transposed direct form II, as scipy's `sosfilt`:
/// `y = b0·x + s₀`, `s₀ ← b1·x − a1·y + s₁`, `s₁ ← b2·x − a2·y`.
///
/// A value type: a copy carries its own state. ``process(_:into:)-([Double],_)`` allocates nothing.
public struct SOSFilter: Sendable {
    /// The filter's coefficients.
    public let sections: SecondOrderSections
    /// `[s₀, s₁]` per section, in section order.
    public private(set) var state: [Double]
    /// ``SecondOrderSections/steadyStateConditions``, kept so that a reset allocates nothing.
    private let unitSteadyState: [Double]

    /// Creates a filter at rest (zero state), as `scipy.signal.sosfilt` starts without `zi`.
    ///
    /// - Complexity: O(sections).
    public init(_ sections: SecondOrderSections) {
        self.sections = sections
        self.state = [Double](repeating: 0, count: 2 * sections.sections.count)
        self.unitSteadyState = sections.steadyStateConditions
    }

    /// Returns the filter to rest (zero state).
    ///
    /// - Complexity: O(sections).
    public mutating func reset() {
        for index in state.indices { state[index] = 0 }
    }

    /// Sets the state to the steady state for a constant input `value` (scipy's
    /// `sosfilt_zi(sos) * value`): a stream that starts at `value` then shows no start-up
    /// transient. A low-pass primed for 1 g outputs 1 g for a constant 1 g input from the first
    /// sample.
    ///
    /// - Parameter value: A finite input level, in sample units.
    /// - Complexity: O(sections); no allocation.
    public mutating func reset(toSteadyStateFor value: Double) {
        for index in state.indices { state[index] = unitSteadyState[index] * value }
    }

    /// Filters `input` into `output`, continuing from the current state: the form for a stream of
    /// blocks, which allocates nothing once `output` has held a block of this size.
    ///
    /// ```swift
    /// var filter = SOSFilter(try Butterworth.design(order: 4, band: .lowPass(cutoff: 5), sampleRate: 50))
    /// var smoothed: [Double] = []
    /// for block in blocks { try filter.process(block, into: &smoothed) }   // smoothed.count == block.count
    /// ```
    ///
    /// - Parameters:
    ///   - input: Finite samples.
    ///   - output: Replaced by the `input.count` filtered samples; its storage is reused when it
    ///     is not shared and has the capacity.
    /// - Throws: `DSPError.nonFiniteSample(index:)`, checked before anything is written, so the
    ///   state and `output` are then unchanged.
    /// - Complexity: O(*n* · sections); no allocation when `output` has the capacity.
    public mutating func process(_ input: [Double], into output: inout [Double]) throws(DSPError) {
        try input.withUnsafeBufferPointer { (buffer) throws(DSPError) in try DSPError.requireFinite(buffer) }
        if output.count > input.count {
            output.removeLast(output.count - input.count)
        } else if output.count < input.count {
            output.append(contentsOf: repeatElement(0, count: input.count - output.count))
        }
        try input.withUnsafeBufferPointer { (source) throws(DSPError) in
            try output.withUnsafeMutableBufferPointer { (destination) throws(DSPError) in
                try process(source, into: destination)
            }
        }
    }

    /// The buffer form of ``process(_:into:)-([Double],_)``, for callers that already hold
    /// buffers (a slice of a larger signal, or filtering in place).
    ///
    /// - Parameters:
    ///   - input: Finite samples.
    ///   - output: At least `input.count` elements; may be the same memory as `input` (in-place
    ///     filtering) but must not otherwise overlap it.
    /// - Throws: `DSPError.nonFiniteSample(index:)` (checked before anything is written, so the
    ///   state is unchanged), `.invalidParameter` when `output` is too short.
    /// - Complexity: O(*n* · sections); no allocation.
    public mutating func process(_ input: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Double>)
        throws(DSPError)
    {
        guard output.count >= input.count else {
            throw .invalidParameter(
                name: "output.count", value: "\(output.count)",
                requirement: "it must be at least input.count (\(input.count))")
        }
        try DSPError.requireFinite(input)
        guard !input.isEmpty else { return }
        let count = input.count
        let coefficients = sections.sections
        state.withUnsafeMutableBufferPointer { state in
            for (index, section) in coefficients.enumerated() {
                var (s0, s1) = (state[2 * index], state[2 * index + 1])
                // The first section reads the input; later ones filter the output in place.
                let source = index == 0 ? input : UnsafeBufferPointer(output)
                for n in 0..<count {
                    let x = source[n]
                    let y = section.b0 * x + s0
                    s0 = section.b1 * x - section.a1 * y + s1
                    s1 = section.b2 * x - section.a2 * y
                    output[n] = y
                }
                (state[2 * index], state[2 * index + 1]) = (s0, s1)
            }
            if coefficients.isEmpty, UnsafePointer(output.baseAddress!) != input.baseAddress! {
                output.baseAddress!.update(from: input.baseAddress!, count: count)
            }
        }
    }

    /// Filters one sample, continuing from the current state.
    ///
    /// - Parameter sample: A finite value.
    /// - Returns: The filtered value.
    /// - Throws: `DSPError.nonFiniteSample(index: 0)`; the state is then unchanged.
    /// - Complexity: O(sections).
    public mutating func process(_ sample: Double) throws(DSPError) -> Double {
        // The block form's arithmetic, section by section, without its buffer set-up and
        // validation pass: streaming callers filter every sample this way.
        guard sample.isFinite else { throw .nonFiniteSample(index: 0) }
        var y = sample
        let coefficients = sections.sections
        state.withUnsafeMutableBufferPointer { state in
            for index in coefficients.indices {
                let section = coefficients[index]
                let x = y
                y = section.b0 * x + state[2 &* index]
                state[2 &* index] = section.b1 * x - section.a1 * y + state[2 &* index &+ 1]
                state[2 &* index &+ 1] = section.b2 * x - section.a2 * y
            }
        }
        return y
    }

    /// Filters a chunk of samples, continuing from the current state.
    ///
    /// - Parameter samples: Finite values.
    /// - Returns: The filtered chunk (a new array).
    /// - Throws: `DSPError.nonFiniteSample(index:)`; the state is then unchanged.
    /// - Complexity: O(*n* · sections).
    public mutating func process(_ samples: [Double]) throws(DSPError) -> [Double] {
        var output = samples
        try output.withUnsafeMutableBufferPointer { (buffer) throws(DSPError) in
            try process(UnsafeBufferPointer(buffer), into: buffer)
        }
        return output
    }
}
