import Foundation
import Testing

@testable import Locomotion

@Suite struct ActivityModelTests {
    /// A training set from the pocket fixtures: 14 windows each of running, walking and sitting.
    static func pocketSet() throws -> ActivityTrainingSet {
        var set = ActivityTrainingSet(featureNames: ActivityModel.defaultFeatures)
        for name in ["jogging", "walking", "sitting"] {
            let url = try #require(
                Bundle.module.url(forResource: "Fixtures/motionsense-sub03-\(name)-20s", withExtension: "csv"))
            let recording = try RecordingReader.read(path: url.path).recording
            try set.add(try recording.features(), of: recording, group: name)
        }
        return set
    }

    static let record = ActivityModel.TrainingRecord(command: "test", sources: [], windowsPerClass: [], date: "2026-12-01")

    @Test(arguments: ActivityModel.Kind.allCases)
    func trainsRoundTripsAndClassifies(kind: ActivityModel.Kind) throws {
        let set = try Self.pocketSet()
        #expect(set.count == 42)
        let model = try ActivityModel.train(kind, on: set, training: Self.record)
        #expect(model.classes == [.walking, .running, .stationary])
        #expect(model.training.windowsPerClass == [14, 14, 14])
        let data = model.encoded()
        let loaded = try ActivityModel(data: data)
        #expect(loaded.encoded() == data)
        // Deterministic: the same training gives the same bytes.
        #expect(try ActivityModel.train(kind, on: set, training: Self.record).encoded() == data)
        let url = try #require(Bundle.module.url(forResource: "Fixtures/motionsense-sub03-walking-20s", withExtension: "csv"))
        let table = try RecordingReader.read(path: url.path).recording.features()
        let results = try loaded.classify(table)
        #expect(results.filter { $0.activity == .walking }.count >= 12)
        #expect(results.allSatisfy { $0.probabilities != nil && abs($0.probabilities!.values.reduce(0, +) - 1) < 1e-9 })
        // One vector at a time gives the same decisions.
        #expect(try (0..<table.count).map { try loaded.classify(table[$0]).activity } == results.map(\.activity))
    }

    @Test func storedModelsAreCheckedAndEachFaultHasItsOwnCode() throws {
        let data = try ActivityModel.train(.naiveBayes, on: try Self.pocketSet(), training: Self.record).encoded()
        func code(_ bytes: Data) -> ActivityError.Code? {
            do {
                _ = try ActivityModel(data: bytes)
                return nil
            } catch { return error.code }
        }
        #expect(code(Data("not json".utf8)) == .corruptModel)
        #expect(code(data.prefix(data.count / 2)) == .corruptModel)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        func with(_ key: String, _ value: Any) throws -> Data {
            var copy = object
            copy[key] = value
            return try JSONSerialization.data(withJSONObject: copy)
        }
        #expect(code(try with("formatVersion", 99)) == .modelVersion)
        #expect(code(try with("featureSchemaVersion", 2)) == .schemaMismatch)
        var names = ActivityModel.defaultFeatures
        names[0] = "acc_mag_wobble"
        #expect(code(try with("featureNames", names)) == .schemaMismatch)
        #expect(code(try with("featureNames", Array(names.dropFirst()).map { $0 == "acc_mag_wobble" ? "acc_mag_std" : $0 })) == .corruptModel)
        #expect(code(try with("classes", ["walking", "walking", "running"])) == .corruptModel)
        object["trained"] = ["forest": 1]
        #expect(code(try JSONSerialization.data(withJSONObject: object)) == .corruptModel)
    }

    @Test func aTableMadeDifferentlyIsRefused() throws {
        let model = try ActivityModel.train(.naiveBayes, on: try Self.pocketSet(), training: Self.record)
        let url = try #require(Bundle.module.url(forResource: "Fixtures/motionsense-sub03-walking-20s", withExtension: "csv"))
        let recording = try RecordingReader.read(path: url.path).recording
        let longer = try recording.features(FeatureConfiguration(windowDuration: 5.12))
        #expect { try model.classify(longer) } throws: { ($0 as? ActivityError)?.code == .schemaMismatch }
        let fewer = try recording.features(FeatureConfiguration(features: [.mean, .variance]))
        #expect { try model.classify(fewer) } throws: { ($0 as? ActivityError)?.code == .schemaMismatch }
    }

    @Test func crossValidationNeverTrainsOnTheHeldOutGroup() throws {
        let set = try Self.pocketSet()
        // Three groups, one per activity: every held-out class is absent from its training folds,
        // so grouped cross-validation cannot get any window right.
        let confusion = try ActivityModel.crossValidate(.naiveBayes, on: set, folds: 3)
        #expect(confusion.total == set.count)
        #expect(confusion.accuracy == 0)
    }

    @Test func theBundledModelLoadsAndFindsTheWalk() throws {
        let model = try ActivityModel.bundled
        #expect(model.kind == .naiveBayes && model.classes.contains(.walking))
        #expect(model.featureSchemaVersion == FeatureSchema.builtinVersion)
        let recording = try RecordingReader.read(path: DominantFrequencyTimelineTests.demoPath).recording
        let results = try model.classify(try recording.features())
        #expect(results.filter { $0.activity == .walking }.count > results.count / 2)
    }
}
