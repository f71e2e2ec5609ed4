import Foundation
import LocomotionDSP
import Testing

// MARK: - Signals

/// `amplitude·cos(2πft + phase) + offset`, sampled at `sampleRate` for `count` samples.
func sinusoid(
    frequency: Double, sampleRate: Double, count: Int, amplitude: Double = 1, phase: Double = 0, offset: Double = 0
) -> [Double] {
    (0..<count).map { offset + amplitude * cos(2 * Double.pi * frequency * Double($0) / sampleRate + phase) }
}

// MARK: - Reference transforms

/// The one-sided DFT of `x` by the O(n²) definition, `X[k] = Σ x[j]·e^(−2πi·jk/n)`. Twiddles are
/// indexed by `jk mod n`, so the phase is exact for every term.
func naiveDFT(_ x: [Double]) -> [ComplexDouble] {
    let n = x.count
    guard n > 0 else { return [] }
    let cosines = (0..<n).map { cos(2 * Double.pi * Double($0) / Double(n)) }
    let sines = (0..<n).map { sin(2 * Double.pi * Double($0) / Double(n)) }
    return (0...(n / 2)).map { k in
        var (re, im) = (0.0, 0.0)
        var index = 0
        for j in 0..<n {
            re += x[j] * cosines[index]
            im -= x[j] * sines[index]
            index += k
            if index >= n { index -= n }
        }
        return ComplexDouble(real: re, imaginary: im)
    }
}

// MARK: - Approximate equality

/// The largest `|actual[i] − expected[i]|` divided by the largest `|expected[i]|` (or by 1 when
/// `expected` is all zeros). Infinite when the counts differ.
func maxErrorRelativeToPeak(_ actual: [Double], _ expected: [Double]) -> Double {
    guard actual.count == expected.count else { return .infinity }
    let peak = expected.map(abs).max() ?? 0
    let error = zip(actual, expected).map { abs($0 - $1) }.max() ?? 0
    return error / (peak > 0 ? peak : 1)
}

/// As ``maxErrorRelativeToPeak(_:_:)`` for complex vectors, using complex magnitudes.
func maxErrorRelativeToPeak(_ actual: [ComplexDouble], _ expected: [ComplexDouble]) -> Double {
    guard actual.count == expected.count else { return .infinity }
    let peak = expected.map(\.magnitude).max() ?? 0
    let error =
        zip(actual, expected).map {
            ComplexDouble(real: $0.real - $1.real, imaginary: $0.imaginary - $1.imaginary).magnitude
        }.max() ?? 0
    return error / (peak > 0 ? peak : 1)
}

/// The largest per-element relative error `|a − e| / max(|e|, floor·max|e|)`: relative per bin,
/// with an absolute floor (a fraction of the peak) for bins that are essentially zero.
func maxRelativeErrorPerElement(_ actual: [Double], _ expected: [Double], floor: Double = 1e-12) -> Double {
    guard actual.count == expected.count else { return .infinity }
    let peak = expected.map(abs).max() ?? 0
    let absoluteFloor = max(floor * peak, .leastNormalMagnitude)
    return zip(actual, expected).map { abs($0 - $1) / max(abs($1), absoluteFloor) }.max() ?? 0
}

/// `|actual − expected| / max(|expected|, floor)`; infinite when exactly one of them is `nil`.
func relativeError(_ actual: Double?, _ expected: Double?, floor: Double = .leastNormalMagnitude) -> Double {
    switch (actual, expected) {
    case (nil, nil): return 0
    case (let actual?, let expected?): return abs(actual - expected) / max(abs(expected), floor)
    default: return .infinity
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

// MARK: - Errors

/// The `DSPError` `body` throws, or `nil` when it returns (or throws something else).
func thrownError<T>(_ body: () throws -> T) -> DSPError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? DSPError
    }
}

// MARK: - Fixtures

enum Fixtures {
    /// The URL of `Fixtures/<name>.json` in the test bundle (the target copies the folder).
    static func url(_ name: String) throws -> URL {
        try #require(
            Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"),
            "fixture Fixtures/\(name).json is missing from the test bundle; run Fixtures/generate.py")
    }

    static func load<T: Decodable>(_ type: T.Type, from name: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(contentsOf: url(name)))
    }
}

/// Maps scipy window names to ``WindowFunction``.
func windowFunction(scipyName name: String) -> WindowFunction? {
    switch name {
    case "hann": .hann
    case "hamming": .hamming
    case "blackman": .blackman
    case "boxcar": .rectangular
    default: nil
    }
}

/// Maps the fixtures' detrend names (`"constant"`, `"none"`) to ``Detrend``.
func detrend(scipyName name: String) -> Detrend? {
    switch name {
    case "constant": .mean
    case "none": Detrend.none
    default: nil
    }
}
