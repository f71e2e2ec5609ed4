import Foundation
import LocomotionDSP
import LocomotionTestSupport
import Testing

private struct RFFTFixture: Decodable {
    struct Case: Decodable, CustomTestStringConvertible {
        let count: Int
        let seed: Int
        let input: [Double]
        let real: [Double]
        let imaginary: [Double]
        var expected: [ComplexDouble] { zip(real, imaginary).map { ComplexDouble(real: $0, imaginary: $1) } }
        var testDescription: String { "n=\(count)" }
    }
    let cases: [Case]
}

private func rfftCases() throws -> [RFFTFixture.Case] { try Fixtures.load(RFFTFixture.self, from: "rfft").cases }

@Suite("FFT")
struct FFTTests {
    // MARK: numpy fixtures

    @Test("fixture covers the promised lengths")
    func fixtureLengths() throws {
        #expect(try rfftCases().map(\.count) == [1, 2, 3, 7, 64, 100, 127, 1000])
    }

    @Test("FFT.forward and RealFFTPlan match numpy.fft.rfft", arguments: try rfftCases())
    fileprivate func matchesNumpy(_ fixture: RFFTFixture.Case) throws {
        #expect(fixture.input.count == fixture.count)
        let expected = fixture.expected
        #expect(expected.count == fixture.count / 2 + 1)

        let viaConvenience = try FFT.forward(fixture.input)
        #expect(maxErrorRelativeToPeak(viaConvenience, expected) <= 1e-9)

        let plan = try RealFFTPlan(count: fixture.count)
        #expect(plan.binCount == fixture.count / 2 + 1)
        #expect(maxErrorRelativeToPeak(plan.forward(fixture.input), expected) <= 1e-9)

        // Buffer API into a caller-provided output.
        var bins = [ComplexDouble](repeating: ComplexDouble(real: .nan, imaginary: .nan), count: plan.binCount)
        fixture.input.withUnsafeBufferPointer { input in
            bins.withUnsafeMutableBufferPointer { plan.forward(input, into: $0) }
        }
        #expect(maxErrorRelativeToPeak(bins, expected) <= 1e-9)

        // Inverse of numpy's spectrum gives numpy's input back.
        #expect(maxErrorRelativeToPeak(try FFT.inverse(expected, count: fixture.count), fixture.input) <= 1e-9)
        #expect(maxErrorRelativeToPeak(plan.inverse(viaConvenience), fixture.input) <= 1e-12)
    }

    // MARK: naive DFT

    @Test("forward matches a naive O(n²) DFT", arguments: [1, 2, 3, 4, 5, 8, 16, 97, 255, 256, 1001, 4096])
    func matchesNaiveDFT(count: Int) throws {
        var rng = SplitMix64(seed: UInt64(count))
        let x = rng.uniformSamples(count)
        let expected = naiveDFT(x)
        let actual = try FFT.forward(x)
        #expect(actual.count == count / 2 + 1)
        #expect(maxErrorRelativeToPeak(actual, expected) <= 1e-10)
    }

    @Test("inverse(forward(x)) == x", arguments: [1, 2, 3, 5, 6, 97, 128, 1000, 4096, 4097])
    func roundTrip(count: Int) throws {
        var rng = SplitMix64(seed: 77 + UInt64(count))
        let x = rng.gaussianSamples(count)
        let back = try FFT.inverse(try FFT.forward(x), count: count)
        #expect(back.count == count)
        #expect(maxErrorRelativeToPeak(back, x) <= 1e-12)
    }

    @Test("known transforms: impulse, constant and Nyquist alternation")
    func knownTransforms() throws {
        let impulse = try FFT.forward([1, 0, 0, 0, 0, 0, 0, 0])
        #expect(impulse.allSatisfy { abs($0.real - 1) < 1e-15 && abs($0.imaginary) < 1e-15 })
        let constant = try FFT.forward([Double](repeating: 2, count: 5))
        #expect(abs(constant[0].real - 10) < 1e-13)
        #expect(constant.dropFirst().allSatisfy { $0.magnitude < 1e-13 })
        let alternating = try FFT.forward([1, -1, 1, -1, 1, -1])
        #expect(abs(alternating[3].real - 6) < 1e-13)
        #expect(alternating.dropLast().allSatisfy { $0.magnitude < 1e-13 })
        #expect(try FFT.forward([3.5]) == [ComplexDouble(real: 3.5, imaginary: 0)])
    }

    // MARK: edge cases and errors

    @Test("empty input gives an empty spectrum")
    func emptyInput() throws {
        #expect(try FFT.forward([]) == [])
    }

    @Test("FFT.forward(_:into:) equals FFT.forward and reuses the caller's array", arguments: [1, 7, 256, 1000])
    func forwardInto(count: Int) throws {
        var rng = SplitMix64(seed: UInt64(count))
        let samples = rng.gaussianSamples(count)
        var bins = [ComplexDouble](repeating: .zero, count: 3)
        try FFT.forward(samples, into: &bins)
        #expect(bins == (try FFT.forward(samples)))
        let storage = bins.withUnsafeBufferPointer { $0.baseAddress }
        try FFT.forward(samples.map { -$0 }, into: &bins)
        #expect(bins.withUnsafeBufferPointer { $0.baseAddress } == storage)
        try FFT.forward([], into: &bins)
        #expect(bins.isEmpty)
    }

    @Test(
        "RealFFTPlan.forward/inverse(_:into:) equal the allocating forms and reuse the caller's array",
        arguments: [1, 7, 256, 1000])
    func heldPlanInto(count: Int) throws {
        var rng = SplitMix64(seed: UInt64(count) + 11)
        let samples = rng.gaussianSamples(count)
        let plan = try RealFFTPlan(count: count)
        var bins = [ComplexDouble](repeating: .zero, count: 2)  // the wrong size: replaced
        plan.forward(samples, into: &bins)
        #expect(bins == plan.forward(samples))
        let storage = bins.withUnsafeBufferPointer { $0.baseAddress }
        plan.forward(samples.map { 2 * $0 }, into: &bins)
        #expect(bins.withUnsafeBufferPointer { $0.baseAddress } == storage)
        var restored: [Double] = []
        plan.inverse(bins, into: &restored)
        #expect(restored == plan.inverse(bins))
        #expect(zip(restored, samples).allSatisfy { abs($0 - 2 * $1) <= 1e-12 * Double(count) })
    }

    @Test("RealFFTPlan rejects lengths below 1", arguments: [0, -1, Int.min])
    func planRejectsNonPositiveCount(count: Int) {
        #expect {
            _ = try RealFFTPlan(count: count)
        } throws: { error in
            guard let error = error as? DSPError, error.code == .invalidParameter else { return false }
            return error.parameter == "count"
        }
    }

    @Test("RealFFTPlan(count: 0) throws a DSPError")
    func planZeroThrows() {
        #expect(throws: DSPError.self) { try RealFFTPlan(count: 0) }
    }

    @Test("inverse rejects a bin count that does not match the length")
    func inverseRejectsWrongBinCount() {
        let bins = [ComplexDouble](repeating: .zero, count: 5)
        #expect(throws: DSPError.self) { try FFT.inverse(bins, count: 7) }  // 7 samples have 4 bins
        #expect(throws: DSPError.self) { try FFT.inverse(bins, count: 0) }
        #expect(throws: DSPError.self) { try FFT.inverse([], count: 0) }
        #expect(throws: Never.self) { try FFT.inverse(bins, count: 8) }
        #expect(throws: Never.self) { try FFT.inverse(bins, count: 9) }
    }

    @Test("inverse ignores the imaginary parts of DC and Nyquist")
    func inverseIgnoresImpossibleImaginaryParts() throws {
        let x: [Double] = [1, 2, 3, 4, 5, 6]
        var bins = try FFT.forward(x)
        bins[0].imaginary = 5
        bins[3].imaginary = -7
        #expect(maxErrorRelativeToPeak(try FFT.inverse(bins, count: 6), x) <= 1e-14)
    }

    @Test("cached plans are shared per length")
    func planCacheReturnsSamePlan() throws {
        let first = try FFT.plan(count: 321)
        let second = try FFT.plan(count: 321)
        #expect(first === second)
        #expect(first.count == 321 && first.binCount == 161)
    }

    @Test("plans are cached per length and rigor: a request never gets another rigor's plan")
    func planCacheKeepsOnePlanPerRigor() throws {
        let estimated = try FFT.plan(count: 333, rigor: .estimate)
        #expect(estimated.rigor == .estimate)
        let measured = try FFT.plan(count: 333, rigor: .measure)
        #expect(measured.rigor == .measure && measured !== estimated)
        #expect(try FFT.plan(count: 333) === estimated)
        #expect(try FFT.plan(count: 333, rigor: .measure) === measured)
    }

    @Test(
        "the inverse that may overwrite its bins gives the preserving inverse's samples",
        arguments: [5, 128, 256, 1001])
    func destroyingInverse(count: Int) throws {
        var rng = SplitMix64(seed: UInt64(count))
        let x = rng.uniformSamples(count)
        for rigor in [FFTPlanningRigor.estimate, .measure] {
            let plan = try RealFFTPlan(count: count, rigor: rigor)
            let bins = plan.forward(x)
            let preserved = plan.inverse(bins)
            var scratch = bins
            var destroyed = [Double](repeating: .nan, count: count)
            scratch.withUnsafeMutableBufferPointer { input in
                destroyed.withUnsafeMutableBufferPointer { output in plan.inverse(destroying: input, into: output) }
            }
            #expect(maxErrorRelativeToPeak(destroyed, preserved) <= 1e-14)
            #expect(maxErrorRelativeToPeak(destroyed, x) <= 1e-13)
        }
    }

    @Test("rigor levels agree", arguments: [FFTPlanningRigor.estimate, .measure])
    func rigorLevelsAgree(rigor: FFTPlanningRigor) throws {
        var rng = SplitMix64(seed: 5)
        let x = rng.uniformSamples(60)
        let plan = try RealFFTPlan(count: 60, rigor: rigor)
        #expect(maxErrorRelativeToPeak(plan.forward(x), naiveDFT(x)) <= 1e-12)
    }

    // MARK: misalignment

    /// Runs `body` with a `count`-element buffer of `T` that starts 8 bytes past a 64-byte
    /// boundary, i.e. deliberately not 16-byte aligned (FFTW's SIMD alignment).
    private func withMisalignedBuffer<T, R>(
        of type: T.Type, count: Int, _ body: (UnsafeMutableBufferPointer<T>) throws -> R
    ) rethrows -> R {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: count * MemoryLayout<T>.stride + 64, alignment: 64)
        defer { raw.deallocate() }
        let start = (raw + 8).bindMemory(to: T.self, capacity: count)
        #expect(UInt(bitPattern: start) % 16 == 8)
        return try body(UnsafeMutableBufferPointer(start: start, count: count))
    }

    @Test("misaligned input and output give the aligned answer, every time", arguments: [4096, 1000, 127])
    func misalignedForward(count: Int) throws {
        var rng = SplitMix64(seed: 4096)
        let x = rng.gaussianSamples(count)
        let plan = try RealFFTPlan(count: count)
        let aligned = plan.forward(x)
        #expect(maxErrorRelativeToPeak(aligned, naiveDFT(x)) <= 1e-10)

        // Input one element into an array.
        let shifted = [0.0] + x
        var first: [ComplexDouble]?
        for _ in 0..<200 {
            var out = [ComplexDouble](repeating: .zero, count: plan.binCount)
            shifted.withUnsafeBufferPointer { all in
                let input = UnsafeBufferPointer(rebasing: all[1...count])
                #expect(UInt(bitPattern: input.baseAddress!) % 16 != UInt(bitPattern: all.baseAddress!) % 16)
                out.withUnsafeMutableBufferPointer { plan.forward(input, into: $0) }
            }
            #expect(maxErrorRelativeToPeak(out, aligned) <= 1e-13)
            if let first { #expect(out == first) } else { first = out }
        }

        // Output misaligned (8 bytes past a 16-byte boundary), with the input misaligned or not.
        for misalignInput in [true, false] {
            var previous: [ComplexDouble]?
            for _ in 0..<200 {
                let out = withMisalignedBuffer(of: ComplexDouble.self, count: plan.binCount) { output in
                    output.initialize(repeating: ComplexDouble(real: .nan, imaginary: .nan))
                    if misalignInput {
                        shifted.withUnsafeBufferPointer {
                            plan.forward(UnsafeBufferPointer(rebasing: $0[1...count]), into: output)
                        }
                    } else {
                        x.withUnsafeBufferPointer { plan.forward($0, into: output) }
                    }
                    return Array(output)
                }
                #expect(maxErrorRelativeToPeak(out, aligned) <= 1e-13)
                if let previous { #expect(out == previous) }
                previous = out
            }
        }
    }

    @Test("misaligned inverse gives the aligned answer, every time", arguments: [4096, 1000, 127])
    func misalignedInverse(count: Int) throws {
        var rng = SplitMix64(seed: 8192)
        let x = rng.gaussianSamples(count)
        let plan = try RealFFTPlan(count: count)
        let bins = plan.forward(x)
        let aligned = plan.inverse(bins)
        #expect(maxErrorRelativeToPeak(aligned, x) <= 1e-12)

        let shiftedBins = [ComplexDouble.zero] + bins  // one ComplexDouble in: still 16-byte aligned
        for _ in 0..<200 {
            // Misaligned (8-byte) input bins, aligned output.
            let viaMisalignedInput = withMisalignedBuffer(of: ComplexDouble.self, count: plan.binCount) { input in
                _ = input.initialize(from: bins)
                return [Double](unsafeUninitializedCapacity: count) { output, initialized in
                    plan.inverse(UnsafeBufferPointer(input), into: output)
                    initialized = count
                }
            }
            #expect(maxErrorRelativeToPeak(viaMisalignedInput, aligned) <= 1e-13)
            #expect(maxErrorRelativeToPeak(viaMisalignedInput, x) <= 1e-12)

            // Output one element into an array.
            var shiftedOutput = [Double](repeating: .nan, count: count + 1)
            shiftedBins.withUnsafeBufferPointer { all in
                shiftedOutput.withUnsafeMutableBufferPointer { out in
                    plan.inverse(
                        UnsafeBufferPointer(rebasing: all[1...plan.binCount]),
                        into: UnsafeMutableBufferPointer(rebasing: out[1...count]))
                }
            }
            #expect(shiftedOutput[0].isNaN)
            #expect(maxErrorRelativeToPeak(Array(shiftedOutput[1...]), aligned) <= 1e-13)
        }
    }

    // MARK: concurrency

    @Test("concurrent planning and execution through FFT.plan(count:) is correct")
    func concurrentPlans() async throws {
        // More distinct lengths than the cache holds, so eviction happens while others execute.
        let lengths =
            Array(1...40) + [64, 97, 100, 127, 128, 255, 256, 500, 512, 1000, 1024, 2048, 4096]
            + (0..<30).map { 1500 + 7 * $0 }
        #expect(Set(lengths).count > FFT.cacheCapacity)
        let inputs = lengths.map { n -> [Double] in
            var rng = SplitMix64(seed: UInt64(n) &* 31)
            return rng.uniformSamples(n)
        }
        let references = inputs.map { try? RealFFTPlan(count: $0.count).forward($0) }

        let failures = await withTaskGroup(of: Int.self) { group in
            for round in 0..<4 {
                for (index, input) in inputs.enumerated() {
                    let reference = references[index]
                    group.addTask {
                        var failures = 0
                        for _ in 0..<3 {
                            guard
                                let plan = try?
                                    (round % 2 == 0 ? FFT.plan(count: input.count) : RealFFTPlan(count: input.count)),
                                let reference
                            else { return 1 }
                            let bins = plan.forward(input)
                            if maxErrorRelativeToPeak(bins, reference) > 1e-13 { failures += 1 }
                            if maxErrorRelativeToPeak(plan.inverse(bins), input) > 1e-12 { failures += 1 }
                        }
                        return failures
                    }
                }
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 0)
        // The references themselves are right (checked against the naive DFT for the shorter ones).
        for (input, reference) in zip(inputs, references) where input.count <= 512 {
            #expect(maxErrorRelativeToPeak(try #require(reference), naiveDFT(input)) <= 1e-10)
        }
    }

    @Test("FFT.forward from many tasks at once")
    func concurrentConvenienceAPI() async throws {
        let sizes = [1, 3, 64, 100, 127, 256, 1000]
        let cases = sizes.map { n -> ([Double], [ComplexDouble]) in
            var rng = SplitMix64(seed: UInt64(n) + 9)
            let x = rng.uniformSamples(n)
            return (x, naiveDFT(x))
        }
        let worst = try await withThrowingTaskGroup(of: Double.self) { group in
            for _ in 0..<16 {
                for (x, expected) in cases {
                    group.addTask { maxErrorRelativeToPeak(try FFT.forward(x), expected) }
                }
            }
            return try await group.reduce(0, max)
        }
        #expect(worst <= 1e-10)
    }
}

@Suite("FFT alignment")
struct FFTAlignmentTests {
    /// The same values at every 8-byte offset from a 64-byte boundary give the same bits, forward
    /// and inverse: an unaligned buffer must not run a plan that rounds differently.
    @Test(arguments: [7, 64, 97, 128, 256, 1000])
    func resultsDoNotDependOnWhereTheBuffersLie(count: Int) throws {
        let plan = try RealFFTPlan(count: count)
        var generator = SplitMix64(seed: UInt64(count))
        let samples = (0..<count).map { _ in Double.random(in: -1...1, using: &generator) }
        var reference: (bins: [UInt64], samples: [UInt64])?
        for offset in 0..<8 {
            let real = UnsafeMutableRawPointer.allocate(byteCount: (count + 8) * 8, alignment: 64)
            let complex = UnsafeMutableRawPointer.allocate(byteCount: (plan.binCount + 8) * 16, alignment: 64)
            defer {
                real.deallocate()
                complex.deallocate()
            }
            let input = UnsafeMutableBufferPointer(
                start: (real + 8 * offset).bindMemory(to: Double.self, capacity: count), count: count)
            let bins = UnsafeMutableBufferPointer(
                start: (complex + 8 * offset).bindMemory(to: ComplexDouble.self, capacity: plan.binCount),
                count: plan.binCount)
            _ = input.initialize(from: samples)
            plan.forward(UnsafeBufferPointer(input), into: bins)
            let binBits = bins.flatMap { [$0.real.bitPattern, $0.imaginary.bitPattern] }
            plan.inverse(UnsafeBufferPointer(bins), into: input)
            let sampleBits = input.map(\.bitPattern)
            if let reference {
                #expect(binBits == reference.bins, "forward, offset \(offset * 8) bytes")
                #expect(sampleBits == reference.samples, "inverse, offset \(offset * 8) bytes")
            } else {
                reference = (binBits, sampleBits)
            }
        }
    }
}
