import Foundation
import LocomotionDSP
import Testing

@Suite("SincKernel")
struct SincKernelTests {
    /// `samples` of a sine of `frequency` Hz at `rate`.
    static func sine(_ frequency: Double, rate: Double, seconds: Double, phase: Double = 0.3) -> [Double] {
        (0..<Int(seconds * rate)).map { sin(2 * .pi * frequency * Double($0) / rate + phase) }
    }

    /// The root mean square of `values` away from the ends, where the kernel is cut off.
    static func interiorRMS(_ values: [Double], skipping: Int) -> Double {
        let interior = values[skipping..<(values.count - skipping)]
        return (interior.reduce(0) { $0 + $1 * $1 } / Double(interior.count)).squareRoot()
    }

    @Test func theTableFollowsTheWindowedSinc() throws {
        let kernel = try SincKernel(cutoff: 400)
        #expect(kernel.halfWidth == 16.0 / 800)
        #expect(kernel.weight(atOffset: 0) == 1)
        #expect(kernel.weight(atOffset: kernel.halfWidth) == 0 && kernel.weight(atOffset: -1) == 0)
        for offset in stride(from: 0.00001, to: kernel.halfWidth, by: 0.000737) {
            let x = 2 * 400 * offset
            let u = offset / kernel.halfWidth
            let window = 0.42 + 0.5 * cos(.pi * u) + 0.08 * cos(2 * .pi * u)
            let exact = sin(.pi * x) / (.pi * x) * window
            #expect(abs(kernel.weight(atOffset: offset) - exact) < 1e-5)
            #expect(kernel.weight(atOffset: -offset) == kernel.weight(atOffset: offset))
        }
    }

    @Test func downsamplingKeepsThePassBand() throws {
        let kernel = try SincKernel(cutoff: 400)
        let output = try kernel.resample(Self.sine(50, rate: 2000, seconds: 2), sampleRate: 2000, to: 1000)
        #expect(output.count == 2000)
        let expected = Self.sine(50, rate: 1000, seconds: 2)
        let error = zip(output, expected).map { $0 - $1 }
        // No delay and no loss: the error is the window's ripple, far below 0.1 %.
        #expect(Self.interiorRMS(error, skipping: 40) < 1e-3)
    }

    @Test(arguments: [520.0, 700.0, 990.0])
    func downsamplingDoesNotAlias(frequency: Double) throws {
        // Above the new Nyquist frequency (500 Hz): taking every other sample would fold it to
        // 1000 − f Hz at full amplitude.
        let kernel = try SincKernel(cutoff: 400)
        let output = try kernel.resample(Self.sine(frequency, rate: 2000, seconds: 2), sampleRate: 2000, to: 1000)
        let naive = stride(from: 0, to: 4000, by: 2).map { Self.sine(frequency, rate: 2000, seconds: 2)[$0] }
        #expect(Self.interiorRMS(naive, skipping: 40) > 0.7)
        #expect(Self.interiorRMS(output, skipping: 40) < 1e-3)  // more than 57 dB down
    }

    @Test func upsamplingInterpolatesBetweenTheSamples() throws {
        let kernel = try SincKernel(cutoff: 0.4 * 50)
        let output = try kernel.resample(Self.sine(2, rate: 50, seconds: 20), sampleRate: 50, to: 200)
        let expected = Self.sine(2, rate: 200, seconds: 20)
        #expect(output.count == 3997)  // the last point at or before the last sample
        let error = zip(output, expected).map { $0 - $1 }
        #expect(Self.interiorRMS(error, skipping: 150) < 1e-3)
    }

    @Test func aConstantStaysExactlyConstantUpToTheEnds() throws {
        let kernel = try SincKernel(cutoff: 40)
        let output = try kernel.resample([Double](repeating: 9.81, count: 500), sampleRate: 200, to: 100)
        #expect(output.allSatisfy { abs($0 - 9.81) < 1e-12 })
    }

    @Test func badInputIsAnError() throws {
        #expect(throws: DSPError.self) { try SincKernel(cutoff: 0) }
        #expect(throws: DSPError.self) { try SincKernel(cutoff: .nan) }
        let kernel = try SincKernel(cutoff: 40)
        #expect(try kernel.resample([], sampleRate: 200, to: 100).isEmpty)
        #expect(try kernel.resample([1], sampleRate: 200, to: 100) == [1])
        #expect {
            try kernel.resample([1, .nan, 1], sampleRate: 200, to: 100)
        } throws: { error in
            (error as? DSPError)?.code == .nonFiniteSample && (error as? DSPError)?.sampleIndex == 1
        }
        #expect(throws: DSPError.self) { try kernel.resample([1, 2], sampleRate: -1, to: 100) }
        #expect(throws: DSPError.self) { try kernel.resample([1, 2], sampleRate: 200, to: .infinity) }
    }
}
