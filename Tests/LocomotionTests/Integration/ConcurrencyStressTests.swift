import Foundation
import Locomotion
import LocomotionDSP
import Testing

/// Many tasks at once planning and running FFTs of mixed sizes, extracting features, training,
/// classifying and detecting steps: every result equals the one computed alone, on one thread.
///
/// Spectral values are compared to 1e-6 relative, not bit for bit: FFTW reuses the wisdom that any
/// `.measure` planning in the process has gathered (other suites do it) when it later makes an
/// `.estimate` plan of that length; the better plan rounds differently in the last bit, and the
/// peak refinement of the dominant frequency turns that into up to about 2e-8 (seen: 1.8007389799
/// against 1.8007389427 Hz). Alone, the suite matches bit for bit. Steps, decisions and trained
/// models are compared exactly.
@Suite("Concurrency stress")
struct ConcurrencyStressTests {
    /// One task's work, reduced to values that compare exactly.
    struct Outcome: Equatable, Sendable {
        var frequencies: [Double]
        var features: [Double]
        var stepTimes: [Double]
        var activities: [ActivityType]
        var modelBytes: Data
    }

    static func work(_ index: Int, recording: Recording, set: ActivityTrainingSet) throws -> Outcome {
        let magnitude = recording.accelerationMagnitude!
        // Mixed lengths, each planning (or reusing) its FFT: powers of two, primes, odd sizes.
        let sizes = [64, 97, 128, 250, 256, 509, 1000, 1024]
        let frequencies = try sizes.map { size in
            try findDominantFrequency(in: Array(magnitude[(index * 7)..<(index * 7 + size)]), sampleRate: 50)?.frequency
                ?? 0
        }
        let table = try recording.features(threadCount: 1 + index % 3)
        let features = table.windows.indices.flatMap { Array(table.row($0)) }
        let steps = try recording.detectSteps(configuration: index.isMultiple(of: 2) ? .init() : .trunk)
        let model = try ActivityModel.train(
            ActivityModel.Kind.allCases[index % ActivityModel.Kind.allCases.count], on: set,
            training: ModelTestData.record)
        let activities =
            try model.classify(table).map(\.activity) + (try FeatureRuleClassifier().classify(table)).map(\.activity)
        return Outcome(
            frequencies: frequencies, features: features, stepTimes: steps.steps.map(\.time), activities: activities,
            modelBytes: model.encoded())
    }

    /// Equal lengths, NaN where the other is NaN, values within 1e-6 relative.
    static func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                x.isNaN ? y.isNaN : abs(x - y) <= 1e-6 * max(abs(x), abs(y), 1e-300)
            }
    }

    @Test func resultsUnderLoadEqualThoseComputedAlone() async throws {
        let recording = try RecordingReader.read(path: TestRecordings.bundledWalkPath).recording
        let set = try ModelTestData.pocketSet()
        let tasks = 12
        let alone = try (0..<tasks).map { try Self.work($0, recording: recording, set: set) }
        let together = try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
            for _ in 0..<2 {
                for index in 0..<tasks {
                    group.addTask { (index, try Self.work(index, recording: recording, set: set)) }
                }
            }
            var outcomes: [(Int, Outcome)] = []
            for try await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        #expect(together.count == 2 * tasks)
        for (index, outcome) in together {
            let expected = alone[index]
            #expect(Self.close(outcome.frequencies, expected.frequencies), "task \(index): dominant frequencies")
            #expect(Self.close(outcome.features, expected.features), "task \(index): features")
            #expect(outcome.stepTimes == expected.stepTimes, "task \(index): steps")
            #expect(outcome.activities == expected.activities, "task \(index): activities")
            #expect(outcome.modelBytes == expected.modelBytes, "task \(index): trained model")
        }
    }
}
