import Foundation
@_spi(Testing) import Locomotion
import Testing

@Suite struct ActivityModelCalibrationTests {
    /// The committed excerpts of licensed recordings (origins and licences in Fixtures/README-*.md)
    /// with their true activity.
    static let fixtures: [(name: String, truth: ActivityType)] = [
        ("motionsense-sub03-walking-20s", .walking), ("motionsense-sub03-jogging-20s", .running),
        ("motionsense-sub04-jogging-20s", .running), ("motionsense-sub03-sitting-20s", .stationary),
        ("tmd-federica-car-300-360s", .driving),
    ]

    /// The model's probabilities and the truth for every window of the fixtures.
    static func probabilities(of model: ActivityModel) throws -> (
        probabilities: [ActivityProbabilities], truths: [ActivityType]
    ) {
        var probabilities: [ActivityProbabilities] = []
        var truths: [ActivityType] = []
        for (name, truth) in fixtures {
            let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "csv"))
            let recording = try RecordingReader.read(path: url.path).recording
            let results = try model.classify(try recording.features(model.featureConfiguration))
            probabilities += try results.map { try #require($0.probabilities) }
            truths += Array(repeating: truth, count: results.count)
        }
        return (probabilities, truths)
    }

    @Test func temperingKeepsTheDecisionAndOneLeavesTheProbabilitiesBitForBit() throws {
        let given = [0.7, 0.2, 0.1, 0.0]
        var same = given
        ActivityModel.temper(&same, temperature: 1)
        #expect(same.map(\.bitPattern) == given.map(\.bitPattern))
        var softer = given
        ActivityModel.temper(&softer, temperature: 2)
        #expect(abs(softer.reduce(0, +) - 1) < 1e-12)
        #expect(softer[0] < 0.7 && softer[0] > softer[1] && softer[1] > softer[2])
        #expect(softer[3] == 0)  // an impossible class stays impossible
        // p^(1/2), renormalised
        let roots = given.map { $0.squareRoot() }
        for (value, root) in zip(softer, roots) { #expect(abs(value - root / roots.reduce(0, +)) < 1e-12) }
        var sharper = given
        ActivityModel.temper(&sharper, temperature: 0.5)
        #expect(sharper[0] > 0.7)
    }

    @Test func theFittedTemperatureUndoesOverconfidence() throws {
        // A model that always says 0.97 for its choice and is right 7 times in 10.
        let sure = try #require(ActivityProbabilities(weights: [0.97, 0.0075, 0.0075, 0.0075, 0.0075]))
        let probabilities = Array(repeating: sure, count: 100)
        let truths = (0..<100).map { $0 % 10 < 7 ? ActivityType.walking : .running }
        let before = try ActivityModel.expectedCalibrationError(probabilities, truths: truths)
        #expect(abs(before - 0.27) < 1e-9)
        let temperature = try ActivityModel.fittedTemperature(probabilities, truths: truths)
        #expect(temperature > 1)
        let tempered = probabilities.map { ActivityModel.tempered($0, temperature: temperature) }
        // The likeliest temperature makes the top probability the accuracy (0.7) here.
        #expect(abs(tempered[0][.walking] - 0.7) < 1e-4)
        #expect(try ActivityModel.expectedCalibrationError(tempered, truths: truths) < 1e-4)
        // An underconfident model gets a temperature below 1.
        let unsure = try #require(ActivityProbabilities(weights: [0.4, 0.15, 0.15, 0.15, 0.15]))
        let always = Array(repeating: ActivityType.walking, count: 10)
        #expect(try ActivityModel.fittedTemperature(Array(repeating: unsure, count: 10), truths: always) < 1)
        #expect(throws: LocomotionError.self) { try ActivityModel.fittedTemperature([], truths: []) }
        #expect(throws: LocomotionError.self) { try ActivityModel.fittedTemperature([sure], truths: [.unknown]) }
        #expect(throws: LocomotionError.self) { try ActivityModel.expectedCalibrationError([sure], truths: []) }
    }

    @Test func theTemperatureIsStoredCheckedAndReadFromVersion3AsOne() throws {
        let trained = try ActivityModel.train(
            .naiveBayes, on: try ModelTestData.pocketSet(), training: ModelTestData.record)
        #expect(trained.temperature == 1)
        let model = try trained.calibrated(temperature: 1.75)
        let data = model.encoded()
        let loaded = try ActivityModel(data: data)
        #expect(loaded.temperature == 1.75 && loaded.encoded() == data)
        #expect(String(decoding: data, as: UTF8.self).contains("\"calibration\":{\"temperature\":1.75}"))
        for bad in [0.0, -1, .nan, .infinity, 21] {
            #expect(throws: LocomotionError.self) { try trained.calibrated(temperature: bad) }
        }
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        func code(_ change: (inout [String: Any]) -> Void) -> LocomotionError.Code? {
            var copy = object
            change(&copy)
            do {
                _ = try ActivityModel(data: try JSONSerialization.data(withJSONObject: copy))
                return nil
            } catch let error as LocomotionError { return error.code } catch { return nil }
        }
        #expect(code { $0["calibration"] = nil } == .corruptModel)
        #expect(code { $0["calibration"] = ["temperature": 0.001] } == .corruptModel)
        #expect(code { $0["calibration"] = ["temperature": "warm"] } == .corruptModel)
        #expect(code { $0["calibration"] = 3 } == .corruptModel)
        // A version 3 file (no calibration) is the same model at temperature 1.
        var version3 = object
        version3["formatVersion"] = 3
        version3["calibration"] = nil
        let old = try ActivityModel(data: try JSONSerialization.data(withJSONObject: version3))
        #expect(old.temperature == 1 && old.encoded() == trained.encoded())
        // Tempered probabilities, the same decisions.
        let url = try #require(
            Bundle.module.url(forResource: "Fixtures/motionsense-sub03-walking-20s", withExtension: "csv"))
        let table = try RecordingReader.read(path: url.path).recording.features()
        let raw = try trained.probabilities(table)
        let calibrated = try model.probabilities(table)
        for (before, after) in zip(raw, calibrated) {
            var expected = before
            ActivityModel.temper(&expected, temperature: 1.75)
            #expect(after == expected)
        }
        #expect(try trained.classify(table).map(\.activity) == model.classify(table).map(\.activity))
    }

    @Test("the bundled model is calibrated on the committed excerpts of licensed recordings")
    func theBundledModelIsCalibratedOnTheFixtures() throws {
        let model = try ActivityModel.bundled
        let (probabilities, truths) = try Self.probabilities(of: model)
        #expect(probabilities.count >= 90)
        let error = try ActivityModel.expectedCalibrationError(probabilities, truths: truths)
        #expect(error <= 0.1, "expected calibration error \(error)")
        // The mean top probability and the accuracy agree, to the same 0.1.
        let accuracy = Double(zip(probabilities, truths).filter { $0.mostProbable == $1 }.count) / Double(truths.count)
        let confidence = probabilities.map { $0[$0.mostProbable] }.reduce(0, +) / Double(probabilities.count)
        #expect(abs(accuracy - confidence) <= 0.1, "accuracy \(accuracy), mean confidence \(confidence)")
        // The calibration is what makes it so: the same parameters at temperature 1 are overconfident here.
        #expect(model.temperature > 1)
        let (raw, _) = try Self.probabilities(of: try model.calibrated(temperature: 1))
        let rawError = try ActivityModel.expectedCalibrationError(raw, truths: truths)
        #expect(rawError > error && rawError > 0.1, "expected calibration error at temperature 1: \(rawError)")
    }
}
