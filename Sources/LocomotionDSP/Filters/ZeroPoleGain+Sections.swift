/// Conversion of a digital zero-pole-gain filter to second-order sections by "nearest" pairing,
/// the algorithm documented for `scipy.signal.zpk2sos(..., pairing="nearest")` (the default for
/// digital filters), so that designs match scipy's section order and gain placement.
extension ZeroPoleGain {
    /// A root of a real polynomial: a real value, or one member (positive imaginary part) of a
    /// conjugate pair standing for both.
    private struct Root {
        var value: ComplexDouble
        var isReal: Bool { value.imaginary == 0 }
    }

    /// Splits roots into conjugate-pair representatives (positive imaginary part, each the mean
    /// of the pair's two members, sorted by real part and then |imaginary part|) followed by the
    /// real roots in ascending order. A root is real when its imaginary part is within 100 ε of
    /// its magnitude.
    private static func pairConjugates(_ roots: [ComplexDouble]) -> [Root] {
        let tolerance = 100 * Double.ulpOfOne
        var real: [Double] = []
        var upper: [ComplexDouble] = []
        var lower: [ComplexDouble] = []
        for root in roots {
            if abs(root.imaginary) <= tolerance * root.magnitude {
                real.append(root.real)
            } else if root.imaginary > 0 {
                upper.append(root)
            } else {
                lower.append(root.conjugate)
            }
        }
        precondition(upper.count == lower.count, "roots of a real filter come in conjugate pairs")
        func ordered(_ a: ComplexDouble, _ b: ComplexDouble) -> Bool {
            a.real != b.real ? a.real < b.real : abs(a.imaginary) < abs(b.imaginary)
        }
        upper.sort(by: ordered)
        lower.sort(by: ordered)
        let pairs = zip(upper, lower).map { Root(value: 0.5 * ($0 + $1)) }
        return pairs + real.sorted().map { Root(value: ComplexDouble($0)) }
    }

    /// The index of the root closest to the unit circle (the first on a tie).
    private static func indexClosestToUnitCircle(_ roots: [Root], where include: (Root) -> Bool = { _ in true })
        -> Int?
    {
        var best: Int?
        var bestDistance = Double.infinity
        for (index, root) in roots.enumerated() where include(root) {
            let distance = abs(1 - root.value.magnitude)
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }

    /// The index of the zero nearest to `target` among those `include` accepts (the first on a tie).
    private static func indexNearest(
        to target: ComplexDouble, in zeros: [Root], where include: (Root) -> Bool = { _ in true }
    ) -> Int? {
        var best: Int?
        var bestDistance = Double.infinity
        for (index, zero) in zeros.enumerated() where include(zero) {
            let distance = (zero.value - target).magnitude
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }

    /// The monic quadratic with roots `first` and `second` (a conjugate pair's partner is
    /// implied for a complex representative paired with nothing): `[1, −(r₁+r₂), r₁·r₂]`.
    private static func quadratic(_ first: ComplexDouble, _ second: ComplexDouble) -> (Double, Double) {
        ((-(first + second)).real, (first * second).real)
    }

    /// Pairs poles with nearby zeros into second-order sections.
    ///
    /// Pole and zero counts are first equalised with roots at the origin, plus one more of each
    /// when the pole count is odd. Then, until none are left: take the pole closest to the unit
    /// circle; a complex pole takes its conjugate, a real one the next real pole closest to the
    /// unit circle; the section's first zero is the zero nearest to the first pole (a complex one
    /// if the pole is complex and only one real pole and one real zero remain), its second zero
    /// the first zero's conjugate or, for a real zero, the remaining real zero nearest to the
    /// first pole. The sections are returned in reverse order of construction (the poles nearest
    /// the unit circle last) and the gain multiplies the first section's numerator.
    func secondOrderSections() -> SecondOrderSections {
        var zeros = self.zeros
        var poles = self.poles
        zeros += Array(repeating: .zero, count: max(poles.count - zeros.count, 0))
        poles += Array(repeating: .zero, count: max(zeros.count - poles.count, 0))
        if poles.count % 2 == 1 {
            zeros.append(.zero)
            poles.append(.zero)
        }
        var remainingPoles = Self.pairConjugates(poles)
        var remainingZeros = Self.pairConjugates(zeros)
        var sections: [SecondOrderSections.Section] = []
        while let firstIndex = Self.indexClosestToUnitCircle(remainingPoles) {
            let first = remainingPoles.remove(at: firstIndex)
            let realPolesLeft = remainingPoles.count(where: \.isReal)
            let poleRoots: (ComplexDouble, ComplexDouble)
            let zeroRoots: (ComplexDouble, ComplexDouble)
            if first.isReal, realPolesLeft == 0 {
                // A lone real pole: a first-order section with the nearest real zero.
                let zero =
                    Self.indexNearest(to: first.value, in: remainingZeros, where: \.isReal)
                    .map { remainingZeros.remove(at: $0).value } ?? .zero
                poleRoots = (first.value, .zero)
                zeroRoots = (zero, .zero)
            } else {
                if first.isReal {
                    let secondIndex = Self.indexClosestToUnitCircle(remainingPoles, where: \.isReal)!
                    poleRoots = (first.value, remainingPoles.remove(at: secondIndex).value)
                } else {
                    poleRoots = (first.value, first.value.conjugate)
                }
                let mustTakeComplexZero =
                    !first.isReal && remainingPoles.count + 1 == remainingZeros.count && realPolesLeft == 1
                    && remainingZeros.count(where: \.isReal) == 1
                let zeroIndex =
                    mustTakeComplexZero
                    ? Self.indexNearest(to: first.value, in: remainingZeros, where: { !$0.isReal })
                    : Self.indexNearest(to: first.value, in: remainingZeros)
                if let zeroIndex {
                    let zero = remainingZeros.remove(at: zeroIndex)
                    if !zero.isReal {
                        zeroRoots = (zero.value, zero.value.conjugate)
                    } else {
                        let partner =
                            Self.indexNearest(to: first.value, in: remainingZeros, where: \.isReal)
                            .map { remainingZeros.remove(at: $0).value } ?? .zero
                        zeroRoots = (zero.value, partner)
                    }
                } else {
                    zeroRoots = (.zero, .zero)
                }
            }
            let (b1, b2) = Self.quadratic(zeroRoots.0, zeroRoots.1)
            let (a1, a2) = Self.quadratic(poleRoots.0, poleRoots.1)
            sections.append(.init(b0: 1, b1: b1, b2: b2, a1: a1, a2: a2))
        }
        sections.reverse()
        if !sections.isEmpty {
            sections[0].b0 *= gain
            sections[0].b1 *= gain
            sections[0].b2 *= gain
        }
        return SecondOrderSections(sections)
    }
}
