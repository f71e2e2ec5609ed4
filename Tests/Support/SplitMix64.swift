import Foundation

/// SplitMix64 (Steele, Lea & Flood 2014): a tiny, fast, seedable generator, so every "random"
/// input of the tests and benchmarks is the same on every run and platform.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in `[0, 1)` with 53 random bits.
    public mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A uniform double in `[-1, 1)`: ``nextUnit()`` scaled.
    public mutating func nextSignedUnit() -> Double { 2 * nextUnit() - 1 }

    /// A standard normal deviate (Box–Muller).
    public mutating func nextGaussian() -> Double {
        let u1 = 1 - nextUnit()  // (0, 1], so the logarithm is finite
        let u2 = nextUnit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// `count` uniform samples in `-1..<1`.
    public mutating func uniformSamples(_ count: Int) -> [Double] { (0..<count).map { _ in nextSignedUnit() } }

    /// `count` standard normal samples.
    public mutating func gaussianSamples(_ count: Int) -> [Double] { (0..<count).map { _ in nextGaussian() } }
}
