import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// Every analysis accepts the same sample rates, ``Recording/supportedSampleRates``.
@Suite("Supported sample rates")
struct SupportedSampleRateTests {
    /// 30 s of a 1.8 Hz walk-like bounce at `rate`.
    static func walk(rate: Double) -> Recording { WalkRecording.make(rate: rate) }

    /// The analyses that take every supported rate, 5–1000 Hz.
    static let activityAnalyses: Set = [
        "FeatureExtractor", "StreamingFeatureExtractor", "features", "analyzeActivities",
        // The live detector runs the same pipeline, which skips step detection below 10 Hz.
        "ActivityDetector",
    ]

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
            "analyzeActivities": named { _ = try recording.analyzeActivities() },
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
        "5 and 9.9 Hz are accepted by the activity analyses and refused by those that need the gait band",
        arguments: [5.0, 9.9])
    func belowTheGaitRates(rate: Double) {
        let rejections = Self.rejections(at: rate)
        #expect(rejections.count == 9)
        for (analysis, rejection) in rejections {
            if Self.activityAnalyses.contains(analysis) {
                #expect(rejection == nil, "\(analysis) at \(rate) Hz: \(rejection ?? "")")
            } else {
                #expect(rejection == "sampleRate", "\(analysis) at \(rate) Hz")
            }
        }
    }

    @Test("rates just outside 5–1000 Hz are refused by every analysis, naming the sample rate", arguments: [4.9, 1001])
    func outsideTheRange(rate: Double) {
        let rejections = Self.rejections(at: rate)
        #expect(rejections.count == 9)
        for (analysis, rejection) in rejections {
            #expect(rejection == "sampleRate", "\(analysis) at \(rate) Hz")
        }
    }

    @Test("below 10 Hz the analysis runs without the gait band, and says so")
    func aFiveHertzRecordingIsAnalysedWithANote() throws {
        // A phone lying still (gravity on z, 3 mg of noise) for a minute, then a 1.8 Hz bounce.
        var random = SplitMix64(seed: 5)
        let rate = 5.0
        let time = (0..<Int(120 * rate)).map { Double($0) / rate }
        let moving = time.map { $0 >= 60 }
        let z = zip(time, moving).map { t, moving in
            1 + Double.random(in: -0.003...0.003, using: &random) + (moving ? 0.3 * sin(2 * .pi * 1.8 * t) : 0)
        }
        let recording = Recording(
            source: "five", time: time,
            acceleration: ThreeAxisSeries(x: time.map { _ in 0.01 }, y: time.map { _ in -0.02 }, z: z))
        let analysis = try recording.analyzeActivities()
        #expect(analysis.skipped == [.gaitBand])
        #expect(analysis.detectedSteps.isEmpty)
        let table = try recording.features(threadCount: 1)
        let std = try #require(table.schema.index(of: "acc_mag_std"))
        let cadence = try #require(table.schema.index(of: "gait_step_cadence"))
        let gait = try #require(table.schema.index(of: "acc_mag_gait_frequency"))
        #expect(table.windows.indices.allSatisfy { table[$0].values[std].isFinite })
        #expect(table.windows.indices.allSatisfy { table[$0].values[cadence].isNaN && table[$0].values[gait].isNaN })
        // The still minute is stationary (a missing step count is no evidence of steps).
        let still = analysis.smoothed.filter { $0.end < 55 }
        #expect(!still.isEmpty && still.allSatisfy { $0.activity == .stationary })
        #expect(!analysis.smoothed.contains { $0.start > 62 && $0.activity == .stationary })
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
