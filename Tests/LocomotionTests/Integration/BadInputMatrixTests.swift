import Foundation
import Locomotion
import LocomotionDSP
import Testing

/// Bad input at the library's entry points: each case must end in a typed error or in the
/// documented handling its check states — never a trap (which would stop this test process).
/// docs/Reliability.md lists the same cases.
@Suite("Bad-input matrix")
struct BadInputMatrixTests {
    struct Case: Sendable, CustomStringConvertible {
        var description: String
        /// Runs the input; returns normally when the documented handling was observed (checked
        /// inside), throws the library's typed error otherwise.
        var run: @Sendable () throws -> Bool
    }

    static func recording(_ time: [Double], _ z: [Double]) -> Recording {
        Recording(
            source: "bad", time: time,
            acceleration: ThreeAxisSeries(
                x: [Double](repeating: 0, count: time.count), y: [Double](repeating: 0, count: time.count), z: z))
    }

    static let walk = (0..<500).map { 1 + 0.2 * sin(2 * Double.pi * 1.8 * Double($0) / 50) }
    static let times = (0..<500).map { Double($0) / 50 }

    static let cases: [Case] = [
        Case(description: "empty recording: steps") { try recording([], []).detectSteps().steps.isEmpty },
        Case(description: "empty recording: features") { try recording([], []).features().windows.isEmpty },
        Case(description: "one sample: features") { try recording([0], [1]).features().windows.isEmpty },
        Case(description: "fewer samples than a window: features (none complete, reported)") {
            try recording(Array(times.prefix(60)), Array(walk.prefix(60))).features().windows.isEmpty
        },
        Case(description: "NaN sample: features") {
            var z = walk
            z[200] = .nan
            _ = try recording(times, z).features()
            return false
        },
        Case(description: "1e300 samples: steps") {
            _ = try recording(times, [Double](repeating: 1e300, count: times.count)).detectSteps()
            return true  // finite: judged (no step, a constant) or refused by the magnitude check
        },
        Case(description: "out-of-order timestamps: steps") {
            var t = times
            t.swapAt(100, 101)
            _ = try recording(t, walk).detectSteps()
            return false
        },
        Case(description: "duplicated timestamps: features") {
            var t = times
            t[101] = t[100]
            _ = try recording(t, walk).features(sampleRate: 50)
            return true  // a zero interval is not a gap; the windows are counted by samples
        },
        Case(description: "sample rate 0: features") {
            _ = try recording(times, walk).features(sampleRate: 0); return false
        },
        Case(description: "negative sample rate: step detector") {
            _ = try StepDetector(sampleRate: -50); return false
        },
        Case(description: "NaN sample rate: feature extractor") {
            _ = try FeatureExtractor(sampleRate: .nan)
            return false
        },
        Case(description: "window shorter than 4 samples") {
            var configuration = FeatureConfiguration()
            configuration.windowDuration = 0.05
            _ = try recording(times, walk).features(configuration, sampleRate: 50)
            return false
        },
        Case(description: "window longer than the data") {
            var configuration = FeatureConfiguration()
            configuration.windowDuration = 60
            configuration.hop = 30
            return try recording(times, walk).features(configuration, sampleRate: 50).windows.isEmpty
        },
        Case(description: "hop zero") {
            var configuration = FeatureConfiguration()
            configuration.hop = 0
            _ = try recording(times, walk).features(configuration, sampleRate: 50)
            return false
        },
        Case(description: "NaN GPS speed") {
            _ = try LocationFix(time: 1, speed: .nan, speedAccuracy: 1); return false
        },
        Case(description: "negative GPS speeds: invalid, kept and counted") {
            let fixes = try (0..<10).map { try LocationFix(time: Double($0), speed: -1, speedAccuracy: 1) }
            let smoothed = SpeedSmoother().smooth(fixes)
            return smoothed.count == fixes.count
        },
        Case(description: "dominant frequency of an empty or NaN block: the documented error") {
            func thrown(_ samples: [Double]) -> DSPError? {
                let result = Result { () throws(DSPError) in try findDominantFrequency(in: samples, sampleRate: 50) }
                if case .failure(let error) = result { return error }
                return nil
            }
            return thrown([]) == .emptyInput && thrown([.nan, 1]) == .nonFiniteSample(index: 0)
        },
        Case(description: "Butterworth cutoff above Nyquist") {
            _ = try Butterworth.design(order: 4, band: .lowPass(cutoff: 30), sampleRate: 50)
            return false
        },
        Case(description: "peaks in NaN") {
            _ = try findPeaks(in: [1, .nan, 1]); return false
        },
        Case(description: "truncated model file") {
            let data = try ActivityModel.bundled.encoded()
            _ = try ActivityModel(data: data.prefix(data.count / 2))
            return false
        },
        Case(description: "hand-edited model: a class count that does not match") {
            let text = String(decoding: try ActivityModel.bundled.encoded(), as: UTF8.self)
                .replacingOccurrences(of: "\"classes\":[\"walking\",", with: "\"classes\":[")
            _ = try ActivityModel(data: Data(text.utf8))
            return false
        },
        Case(description: "a model fed a table without its columns") {
            var configuration = FeatureConfiguration()
            configuration.features = [.mean]
            _ = try ActivityModel.bundled.classify(try recording(times, walk).features(configuration, sampleRate: 50))
            return false
        },
        Case(description: "an empty training set") {
            _ = try ActivityModel.train(
                .naiveBayes, on: ActivityTrainingSet(featureNames: ActivityModel.defaultFeatures),
                training: ModelTestData.record)
            return false
        },
        Case(description: "OS reports with every flag combination resolve to one activity") {
            (0..<64).allSatisfy { raw in
                let report = MotionActivityReport(
                    flags: MotionActivityFlags(rawValue: UInt8(raw)), confidence: .high, start: 0)
                return [ActivityPrecedence.detector, .fitness, .declarationOrder].allSatisfy {
                    ActivityType.allCases.contains(report.activity(by: $0))
                }
            }
        },
    ]

    @Test(arguments: cases)
    func endsInATypedErrorOrTheDocumentedHandling(_ input: Case) {
        do {
            #expect(try input.run(), "returned without the documented handling")
        } catch is LocomotionError {
        } catch is DSPError {
        } catch is LocomotionError {
        } catch {
            Issue.record("untyped error \(type(of: error)): \(error)")
        }
    }
}
