import Foundation

/// A digital IIR filter as a cascade of second-order sections (biquads), the numerically robust
/// form of a high-order filter: scipy's `sos` array.
///
/// Section *i* has the transfer function
/// `Hᵢ(z) = (b0 + b1·z⁻¹ + b2·z⁻²) / (1 + a1·z⁻¹ + a2·z⁻²)` (normalised so `a0 = 1`), and the
/// filter is their product, applied first section first. Design one with
/// ``Butterworth/design(order:band:sampleRate:)``, run it with ``apply(to:)``,
/// ``applyZeroPhase(to:padLength:)`` or, for streams, ``SOSFilter``.
public struct SecondOrderSections: Sendable, Hashable {
    /// One biquad, `a0 = 1`.
    public struct Section: Sendable, Hashable {
        /// The feed-forward coefficient of `x[n]`.
        public var b0: Double
        /// The feed-forward coefficient of `x[n−1]`.
        public var b1: Double
        /// The feed-forward coefficient of `x[n−2]`; 0 in a first-order section.
        public var b2: Double
        /// The feedback coefficient of `y[n−1]` (`a0 = 1` is implied).
        public var a1: Double
        /// The feedback coefficient of `y[n−2]`; 0 in a first-order section.
        public var a2: Double

        /// Creates a section from its coefficients.
        public init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
            (self.b0, self.b1, self.b2, self.a1, self.a2) = (b0, b1, b2, a1, a2)
        }

        /// The gain at zero frequency, `Σb/Σa`.
        var dcGain: Double { (b0 + b1 + b2) / (1 + a1 + a2) }
    }

    /// The sections, applied in order.
    public var sections: [Section]

    /// Creates a cascade from its sections.
    public init(_ sections: [Section]) {
        self.sections = sections
    }

    /// Creates a cascade from scipy's layout: one row `[b0, b1, b2, a0, a1, a2]` per section.
    ///
    /// - Parameter rows: Six finite coefficients per row with `a0 ≠ 0`; each row is divided by
    ///   its `a0`.
    /// - Throws: `DSPError.invalidParameter` for a row of the wrong length, a non-finite
    ///   coefficient or `a0 = 0`.
    public init(scipyRows rows: [[Double]]) throws(DSPError) {
        var sections: [Section] = []
        for (index, row) in rows.enumerated() {
            guard row.count == 6, row.allSatisfy(\.isFinite), row[3] != 0 else {
                throw .invalidParameter(
                    name: "rows[\(index)]", value: "\(row)",
                    requirement: "it must hold six finite coefficients [b0, b1, b2, a0, a1, a2] with a0 ≠ 0")
            }
            let a0 = row[3]
            sections.append(
                Section(b0: row[0] / a0, b1: row[1] / a0, b2: row[2] / a0, a1: row[4] / a0, a2: row[5] / a0))
        }
        self.init(sections)
    }

    /// The coefficients in scipy's layout, `[b0, b1, b2, 1, a1, a2]` per section.
    public var scipyRows: [[Double]] {
        sections.map { [$0.b0, $0.b1, $0.b2, 1, $0.a1, $0.a2] }
    }

    /// The magnitude of the frequency response `|H(e^{iω})|`, `ω = 2π·frequency/sampleRate`.
    /// A Butterworth design gives 1/√2 (−3 dB) at its cutoffs.
    ///
    /// - Parameters:
    ///   - frequency: In Hz.
    ///   - sampleRate: In Hz.
    /// - Complexity: O(sections).
    public func magnitudeResponse(atFrequency frequency: Double, sampleRate: Double) -> Double {
        let omega = 2 * Double.pi * frequency / sampleRate
        let z1 = ComplexDouble(real: cos(omega), imaginary: -sin(omega))  // z⁻¹
        let z2 = z1 * z1
        var response = ComplexDouble(1)
        for section in sections {
            let numerator = ComplexDouble(section.b0) + section.b1 * z1 + section.b2 * z2
            let denominator = ComplexDouble(1) + section.a1 * z1 + section.a2 * z2
            response = response * (numerator / denominator)
        }
        return response.magnitude
    }

    /// The state (two values per section, transposed direct form II) of the filter after a
    /// constant input of 1 forever: scipy's `sosfilt_zi`. Multiply by a value *v* to start a
    /// stream as if *v* had always been its input.
    ///
    /// - Complexity: O(sections).
    public var steadyStateConditions: [Double] {
        var conditions: [Double] = []
        conditions.reserveCapacity(2 * sections.count)
        var level = 1.0  // the constant input of this section: the DC gain of those before it
        for section in sections {
            let output = section.dcGain * level
            let second = section.b2 * level - section.a2 * output
            conditions.append(section.b1 * level - section.a1 * output + second)
            conditions.append(second)
            level = output
        }
        return conditions
    }
}
