import Foundation
@_spi(Testing) import Locomotion
import LocomotionDSP
import Testing

/// `AxisLowPass`, the step detector's three motion low-passes in one value: each axis must be
/// bit-identical to an `SOSFilter` of its own fed sample by sample.
@Suite("Step detection: the motion low-pass, three axes in one")
struct AxisLowPassTests {
    /// A seeded walk-like signal: a sine per axis plus uniform noise.
    static func signal(count: Int, seed: UInt64) -> [SIMD3<Double>] {
        var state = seed
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) - 0.5
        }
        return (0..<count).map { n in
            let t = Double(n) / 50
            return SIMD3(0.3 * sin(2 * .pi * 1.8 * t) + uniform(), 0.1 * uniform() - 0.98, 0.2 * cos(7 * t) + uniform())
        }
    }

    @Test("every axis equals its own SOSFilter bit for bit", arguments: [2, 4])
    func matchesSOSFilter(order: Int) throws {
        let sections = try Butterworth.design(order: order, band: .lowPass(cutoff: 3), sampleRate: 50)
        let input = Self.signal(count: 600, seed: UInt64(order))
        var lanes = AxisLowPass(sections)
        var filters = [SOSFilter](repeating: SOSFilter(sections), count: 3)
        lanes.reset(toSteadyStateFor: input[0])
        for axis in 0..<3 { filters[axis].reset(toSteadyStateFor: input[0][axis]) }
        for (n, sample) in input.enumerated() {
            if n == 300 {
                // A new segment: both restart at the steady state of its first sample.
                lanes.reset(toSteadyStateFor: sample)
                for axis in 0..<3 { filters[axis].reset(toSteadyStateFor: sample[axis]) }
            }
            let together = try lanes.process(sample)
            for axis in 0..<3 {
                let alone = try filters[axis].process(sample[axis])
                #expect(together[axis].bitPattern == alone.bitPattern, "sample \(n), axis \(axis)")
            }
        }
    }

    @Test("a non-finite axis throws as SOSFilter does and leaves the state unchanged")
    func rejectsNonFinite() throws {
        let sections = try Butterworth.design(order: 2, band: .lowPass(cutoff: 3), sampleRate: 50)
        var lanes = AxisLowPass(sections)
        _ = try lanes.process(SIMD3(0.1, -0.9, 0.2))
        var copy = lanes
        #expect(throws: DSPError.nonFiniteSample(index: 0)) { _ = try lanes.process(SIMD3(0, .nan, 0)) }
        #expect(try lanes.process(SIMD3(0.2, -1, 0.1)) == copy.process(SIMD3(0.2, -1, 0.1)))
    }
}
