import Foundation

/// The simulator's own seeded generator: SplitMix64 (Steele, Lea & Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014).
///
/// Every draw of a session comes from generators of this type, derived from the session's seed
/// by a fixed label per component (``derived(_:)``), so adding a draw to one component (the GPS,
/// say) does not shift the draws of another (the gait). Uniforms take the top 53 bits; normals
/// come from Box–Muller. No draw goes through the standard library's `random(in:using:)`, whose
/// algorithm is not a documented contract, so the same seed gives the same session bit for bit on
/// every run (and on every platform whose `sin`, `cos`, `log` and `exp` round alike).
struct SimulationRandom: Sendable {
    private var state: UInt64
    /// The seed this generator started from, kept for ``derived(_:)``.
    let seed: UInt64

    /// A generator whose sequence is fixed by `seed`.
    init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// The SplitMix64 output function, also used to mix seeds.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An independent generator for the component named by `label` (FNV-1a of its UTF-8 bytes,
    /// mixed with this generator's seed).
    func derived(_ label: String) -> SimulationRandom {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in label.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return SimulationRandom(seed: Self.mix(seed ^ Self.mix(hash)))
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A uniform number in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A uniform number in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// A standard normal deviate (Box–Muller, one of the pair).
    mutating func gaussian() -> Double {
        let u1 = 1 - unit()  // (0, 1]: the logarithm is finite
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// A normal deviate with `mean` and standard deviation `deviation`.
    mutating func gaussian(mean: Double, deviation: Double) -> Double { mean + deviation * gaussian() }

    /// `true` with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    /// An exponential deviate with `mean` (the waiting time of a Poisson process).
    mutating func exponential(mean: Double) -> Double { -mean * log(1 - unit()) }

    /// `+1` or `-1` with equal probability.
    mutating func sign() -> Double { next() >> 63 == 0 ? 1 : -1 }
}

/// A first-order autoregressive (Ornstein–Uhlenbeck) process sampled at a fixed interval: the
/// slowly wandering part of a speed, a cadence, a sensor bias or a GPS error.
struct RandomWalk: Sendable {
    /// Stationary standard deviation.
    let deviation: Double
    private let decay: Double
    private let innovation: Double
    private(set) var value: Double

    /// - Parameters:
    ///   - deviation: The stationary standard deviation.
    ///   - correlationTime: Seconds for the correlation to fall to 1/e.
    ///   - interval: Seconds between ``step(_:)`` calls.
    ///   - random: Draws the starting value from the stationary distribution.
    init(deviation: Double, correlationTime: Double, interval: Double, random: inout SimulationRandom) {
        self.deviation = deviation
        decay = correlationTime > 0 ? exp(-interval / correlationTime) : 0
        innovation = deviation * (1 - decay * decay).squareRoot()
        value = deviation * random.gaussian()
    }

    /// Advances one interval and returns the new value.
    mutating func step(_ random: inout SimulationRandom) -> Double {
        value = decay * value + innovation * random.gaussian()
        return value
    }
}

/// A discrete two-pole resonator driven by white noise, scaled to a chosen output standard
/// deviation: a car body bouncing on its springs, a wheel hopping, a phone mount ringing.
struct Resonator: Sendable {
    private let a1: Double, a2: Double
    private let inputDeviation: Double
    private var y1 = 0.0, y2 = 0.0

    /// - Parameters:
    ///   - frequency: The resonance in Hz.
    ///   - damping: The damping ratio ζ (0 < ζ < 1).
    ///   - deviation: The stationary standard deviation of the output (for unit `drive`).
    ///   - sampleRate: Hz.
    init(frequency: Double, damping: Double, deviation: Double, sampleRate: Double) {
        let omega = 2 * Double.pi * frequency / sampleRate
        let r = exp(-damping * omega)
        let theta = omega * (1 - damping * damping).squareRoot()
        a1 = 2 * r * cos(theta)
        a2 = -r * r
        // Stationary variance of y[n] = a1 y[n-1] + a2 y[n-2] + x[n] for unit-variance x.
        let variance = (1 - a2) / ((1 + a2) * ((1 - a2) * (1 - a2) - a1 * a1))
        inputDeviation = deviation / variance.squareRoot()
    }

    /// Advances one sample; `drive` scales the noise (0 silences the input, and the resonance
    /// rings down).
    mutating func step(_ random: inout SimulationRandom, drive: Double = 1) -> Double {
        let y = a1 * y1 + a2 * y2 + drive * inputDeviation * random.gaussian()
        y2 = y1
        y1 = y
        return y
    }
}
