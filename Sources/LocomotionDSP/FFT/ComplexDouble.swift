/// A complex number of two `Double`s, laid out as FFTW's `fftw_complex` (real part first).
///
/// The layout is part of the contract: a buffer of `ComplexDouble` can be handed to FFTW
/// without copying.
@frozen
public struct ComplexDouble: Hashable, Sendable {
    /// The real part.
    public var real: Double
    /// The imaginary part.
    public var imaginary: Double

    /// Creates a complex number from its real and imaginary parts.
    @inlinable
    public init(real: Double, imaginary: Double) {
        self.real = real
        self.imaginary = imaginary
    }

    /// The zero complex number.
    public static let zero = ComplexDouble(real: 0, imaginary: 0)

    /// `real² + imaginary²`, without the square root.
    @inlinable
    public var squaredMagnitude: Double { real * real + imaginary * imaginary }

    /// The absolute value, `√(real² + imaginary²)`.
    @inlinable
    public var magnitude: Double { (real * real + imaginary * imaginary).squareRoot() }
}
