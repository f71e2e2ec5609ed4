import Foundation
@_spi(Testing) import Locomotion
import Testing

@Suite struct ActivityModelTests {
    @Test(arguments: ActivityModel.Kind.allCases)
    func trainsRoundTripsAndClassifies(kind: ActivityModel.Kind) throws {
        let set = try ModelTestData.pocketSet()
        #expect(set.count == 42)
        let model = try ActivityModel.train(kind, on: set, training: ModelTestData.record)
        #expect(model.classes == [.walking, .running, .stationary])
        #expect(model.training.windowsPerClass == [14, 14, 14])
        let data = model.encoded()
        let loaded = try ActivityModel(data: data)
        #expect(loaded.encoded() == data)
        // Deterministic: the same training gives the same bytes.
        #expect(try ActivityModel.train(kind, on: set, training: ModelTestData.record).encoded() == data)
        let url = try #require(
            Bundle.module.url(forResource: "Fixtures/motionsense-sub03-walking-20s", withExtension: "csv"))
        let table = try RecordingReader.read(path: url.path).recording.features()
        let results = try loaded.classify(table)
        #expect(results.filter { $0.activity == .walking }.count >= 12)
        #expect(results.allSatisfy { $0.probabilities != nil && abs($0.probabilities!.values.reduce(0, +) - 1) < 1e-9 })
        // One vector at a time gives the same decisions.
        #expect(try (0..<table.count).map { try loaded.classify(table[$0]).activity } == results.map(\.activity))
    }

    @Test func storedModelsAreCheckedAndEachFaultHasItsOwnCode() throws {
        let data = try ActivityModel.train(
            .naiveBayes, on: try ModelTestData.pocketSet(), training: ModelTestData.record
        ).encoded()
        func code(_ bytes: Data) -> LocomotionError.Code? {
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
        // The schema is one object in format version 2: change one of its fields at a time.
        let schema = try #require(object["featureSchema"] as? [String: Any])
        func withSchema(_ key: String, _ value: Any?) throws -> Data {
            var copy = schema
            copy[key] = value
            return try with("featureSchema", copy)
        }
        #expect(code(try withSchema("version", 2)) == .schemaMismatch)
        var descriptors = try #require(schema["descriptors"] as? [[String: Any]])
        var renamed = descriptors
        renamed[0]["name"] = "acc_mag_wobble"
        #expect(code(try withSchema("descriptors", renamed)) == .schemaMismatch)
        var otherUnit = descriptors
        otherUnit[0]["unit"] = "m/s²"
        #expect(code(try withSchema("descriptors", otherUnit)) == .schemaMismatch)
        descriptors.removeFirst()
        #expect(code(try withSchema("descriptors", descriptors)) == .corruptModel)
        #expect(code(try withSchema("parameters", nil)) == .corruptModel)
        #expect(code(try with("classes", ["walking", "walking", "running"])) == .corruptModel)
        object["trained"] = ["forest": 1]
        #expect(code(try JSONSerialization.data(withJSONObject: object)) == .corruptModel)
    }

    @Test func aTableMadeDifferentlyIsRefused() throws {
        let model = try ActivityModel.train(
            .naiveBayes, on: try ModelTestData.pocketSet(), training: ModelTestData.record)
        let url = try #require(
            Bundle.module.url(forResource: "Fixtures/motionsense-sub03-walking-20s", withExtension: "csv"))
        let recording = try RecordingReader.read(path: url.path).recording
        let longer = try recording.features(FeatureConfiguration(windowDuration: 5.12))
        #expect { try model.classify(longer) } throws: { ($0 as? LocomotionError)?.code == .schemaMismatch }
        let fewer = try recording.features(FeatureConfiguration(features: [.mean, .variance]))
        #expect { try model.classify(fewer) } throws: { ($0 as? LocomotionError)?.code == .schemaMismatch }
        // Each parameter is named in the refusal, also when binding to a detector's schema.
        func refusal(_ configuration: FeatureConfiguration, sampleRate: Double = 50) -> String? {
            do {
                _ = try model.prepared(for: try configuration.schema(sampleRate: sampleRate))
                return nil
            } catch {
                return error.code == .schemaMismatch ? error.message : "\(error.code)"
            }
        }
        #expect(refusal(FeatureConfiguration()) == nil)
        #expect(refusal(FeatureConfiguration(hop: 0.64))?.contains("hop 1.28 s, not 0.64 s") == true)
        #expect(
            refusal(FeatureConfiguration(gaitBand: 0.5...3))?.contains("gait band 0.6–2.5 Hz, not 0.5–3 Hz") == true)
        #expect(refusal(FeatureConfiguration(maximumFixAge: 5))?.contains("fix age limit 10") == true)
        #expect(refusal(FeatureConfiguration(windowDuration: 5.12))?.contains("window 2.56 s, not 5.12 s") == true)
        // The pocket fixtures are all 50 Hz: the model keeps that rate and refuses another.
        // (estimated from the timestamps, so to rounding).
        #expect(abs(try #require(model.featureSchema.parameters?.sampleRate) - 50) < 1e-9)
        #expect(refusal(FeatureConfiguration(), sampleRate: 50.2) == nil)
        #expect(refusal(FeatureConfiguration(), sampleRate: 100)?.contains("Hz, not 100.0 Hz") == true)
        // A hand-made schema does not say how its values were made.
        #expect(throws: LocomotionError.self) {
            try model.prepared(for: try FeatureSchema(descriptors: try FeatureConfiguration().schema().descriptors))
        }
    }

    @Test("a format version 1 file is refused as another format version, naming the versions read")
    func formatVersion1IsRefused() throws {
        // The bundled file as format version 1 wrote it, before the schema carried its parameters.
        try Self.expectRefused(version: 1)
    }

    @Test("a format version 2 file is refused as another format version, naming the versions read")
    func formatVersion2IsRefused() throws {
        // The bundled file of 0.5 as format version 2 wrote it (parameters wrapped as {"naiveBayes": {"_0": ...}}).
        try Self.expectRefused(version: 2)
    }

    /// The committed fixture of format `version` (whose migration was removed: CHANGELOG.md,
    /// "Removed") is refused with `modelVersion`, naming the versions this code reads.
    static func expectRefused(version: Int) throws {
        let url = try #require(
            Bundle.module.url(forResource: "Fixtures/activity-model-format\(version)", withExtension: "json"))
        #expect(try String(contentsOf: url, encoding: .utf8).contains("\"formatVersion\":\(version)"))
        let error = try #require(throws: LocomotionError.self) { try ActivityModel(contentsOf: url) }
        #expect(error.code == .modelVersion)
        let versions = "format version \(version); this code reads versions 3 to \(ActivityModel.formatVersion)"
        #expect(error.message.contains(versions))
    }

    @Test func theShippedResourceIsWhatThisCodeWrites() throws {
        let bundled = try ActivityModel.bundled
        let resource = try #require(ActivityModel.bundledResourceURL)
        #expect(try Data(contentsOf: resource) == bundled.encoded())
    }

    @Test func crossValidationNeverTrainsOnTheHeldOutGroup() throws {
        let set = try ModelTestData.pocketSet()
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
        let recording = try RecordingReader.read(path: TestRecordings.bundledWalkPath).recording
        let results = try model.classify(try recording.features())
        #expect(results.filter { $0.activity == .walking }.count > results.count / 2)
    }
}
