@_spi(LocomotionInternals) import LocomotionDSP

/// Three `SOSFilter`s of one design, one per axis, in one value: the same section arithmetic in
/// the same order, axis by axis, so each axis is bit-identical to its own `SOSFilter` fed sample
/// by sample, at one call and one state array for the three. `GravitySeparator` low-passes the
/// total acceleration with it, and the step detector the acceleration without gravity (the gait
/// bout's motion channels).
@_spi(Testing)
public struct AxisLowPass: Sendable {
    private let sections: [SecondOrderSections.Section]
    /// Per section, `SOSFilter`'s two states for x, y, z: `s0x, s0y, s0z, s1x, s1y, s1z`.
    private var state: [Double]
    /// `SOSFilter`'s unit steady state, two per section.
    private let unitSteadyState: [Double]

    /// Creates the filters at rest (zero state).
    ///
    /// - Parameter sections: The design every axis is filtered with.
    /// - Complexity: O(sections); allocates the state.
    public init(_ sections: SecondOrderSections) {
        self.sections = sections.sections
        state = [Double](repeating: 0, count: 6 * sections.sections.count)
        unitSteadyState = sections.steadyStateConditions
    }

    /// Starts each axis at the steady state of a constant input (its own value), as
    /// `SOSFilter.reset(toSteadyStateFor:)` does for one.
    ///
    /// - Parameter value: Each axis's constant input, in the input's unit.
    /// - Complexity: O(sections).
    public mutating func reset(toSteadyStateFor value: SIMD3<Double>) {
        for index in unitSteadyState.indices {
            let unit = unitSteadyState[index]
            let (section, which) = index.quotientAndRemainder(dividingBy: 2)
            for axis in 0..<3 { state[6 * section + 3 * which + axis] = unit * value[axis] }
        }
    }

    /// Filters one sample of each axis.
    ///
    /// - Parameter sample: The sample of x, y, z, in the input's unit; finite.
    /// - Returns: The filtered x, y, z.
    /// - Throws: `DSPError.nonFiniteSample(index: 0)` (as `SOSFilter.process(_:)`) when an axis is
    ///   not finite; the state is then unchanged.
    /// - Complexity: O(sections).
    @inline(__always)
    public mutating func process(_ sample: SIMD3<Double>) throws(DSPError) -> SIMD3<Double> {
        guard sample.x.isFinite, sample.y.isFinite, sample.z.isFinite else { throw .nonFiniteSample(index: 0) }
        var (yx, yy, yz) = (sample.x, sample.y, sample.z)
        sections.withUnsafeBufferPointer { coefficients in
            state.withUnsafeMutableBufferPointer { s in
                for index in 0..<coefficients.count {
                    let c = coefficients[index]
                    let at = 6 &* index
                    let (xx, xy, xz) = (yx, yy, yz)
                    yx = c.b0 * xx + s[at]
                    yy = c.b0 * xy + s[at &+ 1]
                    yz = c.b0 * xz + s[at &+ 2]
                    s[at] = c.b1 * xx - c.a1 * yx + s[at &+ 3]
                    s[at &+ 1] = c.b1 * xy - c.a1 * yy + s[at &+ 4]
                    s[at &+ 2] = c.b1 * xz - c.a1 * yz + s[at &+ 5]
                    s[at &+ 3] = c.b2 * xx - c.a2 * yx
                    s[at &+ 4] = c.b2 * xy - c.a2 * yy
                    s[at &+ 5] = c.b2 * xz - c.a2 * yz
                }
            }
        }
        return SIMD3(yx, yy, yz)
    }
}
