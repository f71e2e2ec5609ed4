import Foundation
import LocomotionTestSupport
import Testing

@testable import Locomotion

/// Every analysis accepts the same sample rates, ``Recording/supportedSampleRates``.
@Suite("Supported sample rates")
struct SupportedSampleRateTests {
    /// 30 s of a 1.8 Hz walk-like bounce at `rate`.
    static func walk(rate: Double) -> Recording { WalkRecording.make(rate: rate) }

    /// Each analysis at `rate`: `nil` when it accepts the rate, otherwise the parameter it named.
    static func rejections(at rate: Double) -> [String: String?] {
        // The parameter an error names leads its description ("sampleRate = 9.9 is invalid; …").
        func named(_ body: () throws -> Void) -> String? {
            do { try body() } catch {
                let description = "\(error)"
                return description.hasPrefix("sampleRate =") ? "sampleRate" : description
            }
            return nil
        }
        let recording = walk(rate: rate)
        return [
            "FeatureExtractor": named { _ = try FeatureExtractor(sampleRate: rate) },
            "StreamingFeatureExtractor": named { _ = try StreamingFeatureExtractor(sampleRate: rate) },
            "features": named { _ = try recording.features(sampleRate: rate, threadCount: 1) },
            "StepDetector": named { _ = try StepDetector(sampleRate: rate) },
            "WindowStepAnalyzer": named { _ = try WindowStepAnalyzer(sampleRate: rate, maximumWindowLength: 64) },
            "detectSteps": named { _ = try recording.detectSteps() },
            "dominantFrequencyTimeline": named { _ = try recording.dominantFrequencyTimeline(sampleRate: rate) },
            "ActivityDetector": named { _ = try ActivityDetector(sampleRate: rate) },
        ]
    }

    @Test(
        "10, 50, 204.8 (a foot sensor's rate) and 1000 Hz are accepted by every analysis",
        arguments: [10.0, 50, 204.8, 1000])
    func insideTheRange(rate: Double) {
        for (analysis, rejection) in Self.rejections(at: rate) {
            #expect(rejection == nil, "\(analysis) at \(rate) Hz: \(rejection ?? "")")
        }
    }

    @Test(
        "rates just outside 10–1000 Hz are refused by every analysis, naming the sample rate", arguments: [9.9, 1001])
    func outsideTheRange(rate: Double) {
        let rejections = Self.rejections(at: rate)
        #expect(rejections.count == 8)
        for (analysis, rejection) in rejections {
            #expect(rejection == "sampleRate", "\(analysis) at \(rate) Hz")
        }
    }

    @Test("a recording outside the range is brought into it by resampling")
    func resamplingBringsARecordingIn() throws {
        let fast = Self.walk(rate: 2000)
        #expect(throws: LocomotionError.self) { try fast.features(threadCount: 1) }
        let resampled = try fast.resampled(to: 200)
        let table = try resampled.features(threadCount: 1)
        #expect(table.windows.count > 10)
    }
}
