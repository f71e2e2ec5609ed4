import Foundation
@_spi(Testing) import LocomotionDSP
import LocomotionTestSupport
import Testing

/// The distance in units in the last place between two finite doubles of the same sign.
private func ulps(_ a: Double, _ b: Double) -> UInt64 {
    let (x, y) = (Int64(bitPattern: a.bitPattern), Int64(bitPattern: b.bitPattern))
    return x.subtractingReportingOverflow(y).partialValue.magnitude
}

/// The spectral shape written out bin by bin with the C library's `log`, as `Spectrum.shape(bins:)`
/// computed it before its logarithms and sums went four bins at a time.
private func referenceShape(_ spectrum: Spectrum, bins: Range<Int>) -> SpectralShape? {
    var (total, weighted, powerLogPower, sumLog) = (0.0, 0.0, 0.0, 0.0)
    for index in bins {
        let value = spectrum.power[index]
        let logarithm = log(value)
        total += value
        weighted += Double(index) * spectrum.sampleRate / Double(spectrum.fftLength) * value
        if value > 0 { powerLogPower += value * logarithm }
        sumLog += logarithm
    }
    guard !bins.isEmpty, total > 0 else { return nil }
    let count = Double(bins.count)
    let entropy = bins.count > 1 ? (log(total) - powerLogPower / total) / log(count) : 0
    return SpectralShape(
        normalizedEntropy: min(max(entropy, 0), 1), centroid: weighted / total,
        flatness: exp(sumLog / count) / (total / count))
}

@Suite("Logarithm and the spectral shape's tolerance")
struct LogarithmTests {
    @Test("Within 1 ulp of the C library's log over the normal range, near 1 and at the mantissa's split")
    func withinOneUlp() {
        var random = SplitMix64(seed: 34)
        var worst: UInt64 = 0
        var exact = 0
        var values = 0
        func check(_ lanes: SIMD4<Double>) {
            #expect(Logarithm.isInDomain(lanes))
            let result = Logarithm.natural(lanes)
            for lane in 0..<4 {
                let distance = ulps(result[lane], log(lanes[lane]))
                worst = max(worst, distance)
                if distance == 0 { exact += 1 }
                values += 1
            }
        }
        let rootHalf = 0.5.squareRoot()
        for _ in 0..<50_000 {
            var lanes = SIMD4<Double>()
            // Any normal value: random bits between the smallest normal and infinity.
            for lane in 0..<4 {
                lanes[lane] = Double(
                    bitPattern: 0x0010_0000_0000_0000 + random.next() % (0x7FF0_0000_0000_0000 - 0x0010_0000_0000_0000))
            }
            check(lanes)
            // Near 1, where ln x is small and k = 0.
            for lane in 0..<4 { lanes[lane] = 1 + 0.3 * random.nextSignedUnit() * pow(2, -Double(random.next() % 40)) }
            check(lanes)
            // Around √½ (the mantissa's split) at many exponents.
            for lane in 0..<4 {
                let exponent = Double(Int(random.next() % 81) - 40)
                lanes[lane] = rootHalf * (1 + 0.01 * random.nextSignedUnit()) * pow(2, exponent)
            }
            check(lanes)
            // Spectral powers: 1e-12 to 1e3.
            for lane in 0..<4 { lanes[lane] = pow(10, -12 + 15 * random.nextUnit()) }
            check(lanes)
        }
        let edges = [
            1.0, 1.0.nextUp, 1.0.nextDown, 2, 0.5, rootHalf, rootHalf.nextUp, rootHalf.nextDown, 2 * rootHalf,
            (2 * rootHalf).nextDown, Double.leastNormalMagnitude, Double.greatestFiniteMagnitude, .pi, 10,
        ]
        for edge in edges { check(SIMD4(repeating: edge)) }
        #expect(worst <= 1, "largest distance \(worst) ulp over \(values) values")
        // Most values are the C library's to the bit; a broken reduction would not be.
        #expect(exact > values * 9 / 10)
        #expect(Logarithm.natural(SIMD4(repeating: 1)) == SIMD4(repeating: 0))
    }

    @Test("Zero, subnormal, negative, infinite and NaN lanes are outside the domain")
    func domain() {
        for bad in [0, -0.0, Double.leastNonzeroMagnitude, Double.leastNormalMagnitude.nextDown, -1, .infinity, .nan] {
            #expect(!Logarithm.isInDomain(SIMD4(1, 2, bad, 3)))
        }
        #expect(Logarithm.isInDomain(SIMD4(Double.leastNormalMagnitude, 1, 2, .greatestFiniteMagnitude)))
    }

    @Test("The shape is the bin-by-bin shape within 1e-12, every bin count and offset, zero bins included")
    func shapeWithinTolerance() throws {
        var random = SplitMix64(seed: 3_404)
        var largest = (entropy: 0.0, centroid: 0.0, flatness: 0.0)
        for fftLength in [2, 4, 6, 8, 10, 14, 16, 32, 64, 100, 128, 256, 512] {
            let binCount = fftLength / 2 + 1
            for trial in 0..<40 {
                var power = [Double](repeating: 0, count: binCount)
                for index in power.indices {
                    // Walking-like (a peak over a floor), flat noise, or powers over 15 decades.
                    switch trial % 3 {
                    case 0: power[index] = 1e-6 * random.nextUnit() + (index == 3 ? 2.5 : 0)
                    case 1: power[index] = random.nextUnit()
                    default: power[index] = pow(10, -12 + 15 * random.nextUnit())
                    }
                }
                // Some spectra have bins without power (0·ln 0 adds nothing; the flatness is 0)
                // or with subnormal power (the C library's log for that group).
                if trial % 5 == 4 { power[binCount / 2] = 0 }
                if trial % 7 == 6 { power[binCount - 1] = Double.leastNonzeroMagnitude }
                let spectrum = Spectrum(sampleRate: 50, fftLength: fftLength, power: power)
                for bins in [1..<binCount, 0..<binCount, 2..<binCount] where bins.lowerBound < binCount {
                    let reference = referenceShape(spectrum, bins: bins)
                    let shape = spectrum.shape(bins: bins)
                    #expect((shape == nil) == (reference == nil))
                    guard let shape, let reference else { continue }
                    // Both NaN counts as agreeing (a flatness of 0/0 when every bin's power is
                    // subnormal or zero); NaN against a number does not.
                    func difference(_ a: Double, _ b: Double) -> Double { a.isNaN && b.isNaN ? 0 : abs(a - b) }
                    let entropy = difference(shape.normalizedEntropy, reference.normalizedEntropy)
                    let centroid = difference(shape.centroid, reference.centroid) / abs(reference.centroid)
                    let flatness = difference(shape.flatness, reference.flatness)
                    #expect(
                        entropy <= 1e-12, "entropy \(shape.normalizedEntropy) against \(reference.normalizedEntropy)")
                    #expect(
                        centroid <= 1e-12 || reference.centroid == 0,
                        "centroid \(shape.centroid) against \(reference.centroid)")
                    #expect(flatness <= 1e-12, "flatness \(shape.flatness) against \(reference.flatness)")
                    #expect((shape.flatness == 0) == (reference.flatness == 0))
                    #expect(shape.flatness.isNaN == reference.flatness.isNaN)
                    largest = (
                        max(largest.entropy, entropy), max(largest.centroid, reference.centroid == 0 ? 0 : centroid),
                        max(largest.flatness, flatness)
                    )
                }
            }
        }
        // The comparison is not vacuous: the two computations do differ in rounding.
        #expect(largest.entropy > 0 || largest.flatness > 0 || largest.centroid > 0)
        print(
            "LogarithmTests: largest differences: entropy \(largest.entropy), centroid \(largest.centroid) (relative), flatness \(largest.flatness)"
        )
    }
}
