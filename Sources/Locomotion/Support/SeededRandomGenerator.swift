/// SplitMix64 (Steele, Lea & Flood 2014) for the library's own seeded randomness (bootstrap
/// samples, feature subsets): the same seed gives the same sequence on every run and platform.
///
/// Bounded integers come from ``next(below:)`` (Lemire's multiply-and-reject method) rather than
/// the standard library's `random(in:using:)`, whose algorithm is not promised to stay the same
/// between Swift releases; a trained model must not change with the compiler.
@_spi(Testing) public struct SeededRandomGenerator: RandomNumberGenerator, Sendable {
    private static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// A generator for stream `index` of `seed`: its seed is output number `index` of a
    /// SplitMix64 generator seeded with `seed`, so streams are independent of one another and of
    /// the order in which they are made.
    ///
    /// - Complexity: O(1).
    public init(seed: UInt64, stream index: Int) {
        precondition(index >= 0, "stream index must not be negative")
        self.init(seed: Self.mix(seed &+ (UInt64(index) &+ 1) &* Self.increment))
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= Self.increment
        return Self.mix(state)
    }

    /// A uniform integer in `0..<bound`, without modulo bias.
    ///
    /// - Precondition: `bound > 0`.
    /// - Complexity: O(1) expected.
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold { product = next().multipliedFullWidth(by: range) }
        }
        return Int(product.high)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
