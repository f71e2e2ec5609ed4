import Foundation

// Internal complex arithmetic for filter design (poles and zeros); the FFT code does not need it.
extension ComplexDouble {
    init(_ real: Double) { self.init(real: real, imaginary: 0) }

    static func + (lhs: ComplexDouble, rhs: ComplexDouble) -> ComplexDouble {
        ComplexDouble(real: lhs.real + rhs.real, imaginary: lhs.imaginary + rhs.imaginary)
    }

    static func - (lhs: ComplexDouble, rhs: ComplexDouble) -> ComplexDouble {
        ComplexDouble(real: lhs.real - rhs.real, imaginary: lhs.imaginary - rhs.imaginary)
    }

    static prefix func - (value: ComplexDouble) -> ComplexDouble {
        ComplexDouble(real: -value.real, imaginary: -value.imaginary)
    }

    static func * (lhs: ComplexDouble, rhs: ComplexDouble) -> ComplexDouble {
        ComplexDouble(
            real: lhs.real * rhs.real - lhs.imaginary * rhs.imaginary,
            imaginary: lhs.real * rhs.imaginary + lhs.imaginary * rhs.real)
    }

    static func * (lhs: Double, rhs: ComplexDouble) -> ComplexDouble {
        ComplexDouble(real: lhs * rhs.real, imaginary: lhs * rhs.imaginary)
    }

    /// Division by Smith's algorithm, which avoids overflow in the intermediate products.
    static func / (lhs: ComplexDouble, rhs: ComplexDouble) -> ComplexDouble {
        if abs(rhs.real) >= abs(rhs.imaginary) {
            let ratio = rhs.imaginary / rhs.real
            let denominator = rhs.real + rhs.imaginary * ratio
            return ComplexDouble(
                real: (lhs.real + lhs.imaginary * ratio) / denominator,
                imaginary: (lhs.imaginary - lhs.real * ratio) / denominator)
        }
        let ratio = rhs.real / rhs.imaginary
        let denominator = rhs.real * ratio + rhs.imaginary
        return ComplexDouble(
            real: (lhs.real * ratio + lhs.imaginary) / denominator,
            imaginary: (lhs.imaginary * ratio - lhs.real) / denominator)
    }

    /// The complex conjugate.
    var conjugate: ComplexDouble { ComplexDouble(real: real, imaginary: -imaginary) }

    /// The principal square root (non-negative real part), with the sign of a zero imaginary
    /// part carried into the result as C99's `csqrt` does: √(−4 − 0i) = −2i.
    func squareRoot() -> ComplexDouble {
        if real == 0, imaginary == 0 { return ComplexDouble(real: 0, imaginary: imaginary) }
        let modulus = hypot(real, imaginary)
        if real >= 0 {
            let root = ((modulus + real) / 2).squareRoot()
            return ComplexDouble(real: root, imaginary: imaginary / (2 * root))
        }
        let root = ((modulus - real) / 2).squareRoot()
        return ComplexDouble(real: abs(imaginary) / (2 * root), imaginary: imaginary.sign == .minus ? -root : root)
    }
}
