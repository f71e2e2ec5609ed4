import Foundation
import LocomotionDSP
import Testing

private struct WindowFixture: Decodable {
    struct Case: Decodable, CustomTestStringConvertible {
        let window: String
        let count: Int
        let symmetry: String
        let coefficients: [Double]
        var testDescription: String { "\(window) n=\(count) \(symmetry)" }
    }
    let cases: [Case]
}

private func windowCases() throws -> [WindowFixture.Case] {
    try Fixtures.load(WindowFixture.self, from: "windows").cases
}

@Suite("Window functions")
struct WindowFunctionTests {
    @Test("fixture covers every window, length and symmetry")
    func fixtureCoverage() throws {
        let cases = try windowCases()
        #expect(cases.count == 4 * 4 * 2)
        #expect(Set(cases.map(\.window)) == ["hann", "hamming", "blackman", "boxcar"])
        #expect(Set(cases.map(\.count)) == [1, 2, 7, 64])
    }

    @Test("coefficients match scipy.signal.get_window", arguments: try windowCases())
    fileprivate func matchesScipy(_ fixture: WindowFixture.Case) throws {
        let window = try #require(windowFunction(scipyName: fixture.window))
        let symmetry: WindowFunction.Symmetry = fixture.symmetry == "periodic" ? .periodic : .symmetric
        let actual = window.coefficients(count: fixture.count, symmetry: symmetry)
        #expect(actual.count == fixture.coefficients.count)
        let error = zip(actual, fixture.coefficients).map { abs($0 - $1) }.max() ?? 0
        #expect(error <= 1e-12)
        // The default symmetry is periodic (scipy's fftbins=True).
        if symmetry == .periodic { #expect(window.coefficients(count: fixture.count) == actual) }
    }

    @Test("fill writes the same coefficients as coefficients(count:)", arguments: WindowFunction.allCases)
    func fillMatchesCoefficients(window: WindowFunction) {
        for symmetry in [WindowFunction.Symmetry.periodic, .symmetric] {
            var buffer = [Double](repeating: .nan, count: 33)
            buffer.withUnsafeMutableBufferPointer { window.fill($0, symmetry: symmetry) }
            #expect(buffer == window.coefficients(count: 33, symmetry: symmetry))
        }
    }

    @Test("degenerate lengths", arguments: WindowFunction.allCases)
    func degenerateLengths(window: WindowFunction) {
        #expect(window.coefficients(count: 0).isEmpty)
        #expect(window.coefficients(count: -3).isEmpty)
        #expect(window.coefficients(count: 1) == [1])
        #expect(window.coefficients(count: 1, symmetry: .symmetric) == [1])
    }

    @Test("symmetric windows are symmetric and periodic ones are one period", arguments: WindowFunction.allCases)
    func shapes(window: WindowFunction) {
        let symmetric = window.coefficients(count: 65, symmetry: .symmetric)
        for index in 0..<65 { #expect(abs(symmetric[index] - symmetric[64 - index]) <= 1e-15) }
        #expect(abs(symmetric[32] - 1) <= 1e-15)
        // Periodic of length n == symmetric of length n + 1 without its last point.
        let periodic = window.coefficients(count: 64, symmetry: .periodic)
        #expect(zip(periodic, symmetric.dropLast()).allSatisfy { abs($0 - $1) <= 1e-15 })
    }

    @Test(
        "coherent gain and equivalent noise bandwidth",
        arguments: [
            (WindowFunction.rectangular, 1.0, 1.0), (.hann, 0.5, 1.5), (.hamming, 0.54, 1.362825788751715),
            (.blackman, 0.42, 1.726757369614512),
        ])
    func gains(window: WindowFunction, coherentGain: Double, bandwidth: Double) {
        // Periodic windows over a whole period have closed-form sums.
        #expect(abs(window.coherentGain(count: 256) - coherentGain) <= 1e-12)
        #expect(abs(window.equivalentNoiseBandwidth(count: 256) - bandwidth) <= 1e-12)
        #expect(window.coherentGain(count: 0) == 0)
        #expect(window.equivalentNoiseBandwidth(count: 0) == 0)
    }
}
