import Foundation
@_spi(Testing) import Locomotion
import Testing

/// The one conformance suite every trained model kind passes (``ActivityEstimator``), run over
/// every kind of ``ActivityModel`` and over ``DecisionTree``: determinism, a round trip through
/// the stored form, corrupted and truncated input, NaN rows, and slices. A new kind is done when
/// it is added to ``kinds`` (or ``estimators``) and passes.
@Suite("estimator conformance")
struct EstimatorConformanceTests {
    /// Three noisy, overlapping classes in 4 features, seeded; a few values missing (NaN).
    static let data: (x: FeatureMatrix, labels: [Int]) = {
        var generator = SeededRandomGenerator(seed: 7, stream: 0)
        var values: [Double] = []
        var labels: [Int] = []
        for row in 0..<90 {
            let label = row % 3
            for feature in 0..<4 {
                let noise = Double(generator.next() % 10_000) / 10_000 - 0.5
                values.append(row % 17 == 5 && feature == 2 ? .nan : Double(label) * Double(feature + 1) + noise)
            }
            labels.append(label)
        }
        return (FeatureMatrix(values: values, columnCount: 4), labels)
    }()

    /// Rows to predict: training rows, a row of NaN, a row with one NaN, extremes.
    static let probes: [[Double]] = [
        [0.1, 0.2, 0.3, 0.4], [1, 2, 3, 4], [2, 4, 6, 8], [.nan, .nan, .nan, .nan], [1, .nan, 3, 4],
        [1e300, -1e300, 0, 0], [-5, 100, 0.5, 3],
    ]

    // MARK: The estimators themselves, generic over the contract.

    func conforms<E: ActivityEstimator>(_ type: E.Type, configuration: E.Configuration) throws {
        let (x, labels) = Self.data
        try configuration.validate()
        let model = try E(fitting: x, labels: labels, classCount: 3, configuration: configuration)
        // Determinism: the same data and configuration give the same model, bit for bit.
        let again = try E(fitting: x, labels: labels, classCount: 3, configuration: configuration)
        #expect(model == again)
        // Round trip through explicit keys: the same model and the same bytes.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(model)
        let decoded = try JSONDecoder().decode(E.self, from: data)
        #expect(decoded == model)
        #expect(try encoder.encode(decoded) == data)
        #expect(!String(decoding: data, as: UTF8.self).contains("\"_0\""))
        // The configuration round-trips too.
        #expect(try JSONDecoder().decode(E.Configuration.self, from: encoder.encode(configuration)) == configuration)
        for probe in Self.probes {
            let probabilities = model.predictProbabilities(probe[...])
            #expect(probabilities.count == 3)
            #expect(probabilities.allSatisfy { $0.isFinite && $0 >= 0 }, "\(probe) -> \(probabilities)")
            #expect(abs(probabilities.reduce(0, +) - 1) < 1e-9, "\(probe)")
            // A slice that does not start at 0 gives the same probabilities, bit for bit.
            let padded = [9.0, 9.0] + probe + [9.0]
            #expect(model.predictProbabilities(padded[2..<(2 + probe.count)]) == probabilities)
            #expect(decoded.predictProbabilities(probe[...]) == probabilities)
        }
        // Truncated and corrupted stored forms are errors, never crashes.
        for cut in stride(from: 0, to: data.count, by: max(1, data.count / 23)) {
            #expect(throws: (any Error).self) { try JSONDecoder().decode(E.self, from: data.prefix(cut)) }
        }
        let text = String(decoding: data, as: UTF8.self)
        for corrupted in [
            text.replacingOccurrences(of: "\"classCount\":3", with: "\"classCount\":-1"),
            text.replacingOccurrences(of: "\"classCount\":3", with: "\"classCount\":2"),
            text.replacingOccurrences(of: "\"featureCount\":4", with: "\"featureCount\":\"4\""),
        ] where corrupted != text {
            #expect(throws: (any Error).self) { try JSONDecoder().decode(E.self, from: Data(corrupted.utf8)) }
        }
        // Bad training input is a typed error.
        #expect(throws: LocomotionError.self) {
            try E(fitting: x, labels: Array(labels.dropLast()), classCount: 3, configuration: configuration)
        }
        #expect(throws: LocomotionError.self) {
            try E(fitting: x, labels: labels.map { _ in 5 }, classCount: 3, configuration: configuration)
        }
        var infinite = x.values
        infinite[7] = .infinity
        #expect(throws: LocomotionError.self) {
            try E(
                fitting: FeatureMatrix(values: infinite, columnCount: 4), labels: labels, classCount: 3,
                configuration: configuration)
        }
    }

    @Test func gaussianNaiveBayes() throws {
        try conforms(GaussianNaiveBayes.self, configuration: .init())
        #expect(throws: LocomotionError.self) { try GaussianNaiveBayes.Configuration(varianceSmoothing: -1).validate() }
    }

    @Test func logisticRegression() throws {
        try conforms(LogisticRegression.self, configuration: .init())
        #expect(throws: LocomotionError.self) {
            try LogisticRegression.Configuration(c: 0, maximumIterations: 10, tolerance: 0).validate()
        }
    }

    @Test func randomForest() throws {
        try conforms(RandomForest.self, configuration: .init(treeCount: 15, seed: 3))
        #expect(throws: LocomotionError.self) { try RandomForest.Configuration(treeCount: 0).validate() }
    }

    @Test func decisionTree() throws {
        try conforms(DecisionTree.self, configuration: .init())
        #expect(throws: LocomotionError.self) { try DecisionTree.Configuration(minimumSamplesSplit: 1).validate() }
    }

    @Test func aBadConfigurationIsRefusedBeforeTheData() {
        // Validated once, first: even with no rows, the configuration's error comes out.
        let empty = FeatureMatrix(values: [], columnCount: 4)
        do {
            _ = try GaussianNaiveBayes(
                fitting: empty, labels: [], classCount: 3, configuration: .init(varianceSmoothing: .nan))
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains("varianceSmoothing"))
        }
    }

    // MARK: Every kind wrapped as a stored ActivityModel.

    @Test(arguments: ActivityModel.Kind.allCases)
    func storedModels(kind: ActivityModel.Kind) throws {
        let set = try ModelTestData.pocketSet()
        let model = try ActivityModel.train(kind, on: set, training: ModelTestData.record, seed: 2)
        let data = model.encoded()
        // Determinism and round trip.
        #expect(try ActivityModel.train(kind, on: set, training: ModelTestData.record, seed: 2).encoded() == data)
        let loaded = try ActivityModel(data: data)
        #expect(loaded.encoded() == data)
        let matrix = set.matrix
        for row in 0..<set.count {
            #expect(
                loaded.trained.model.predictProbabilities(matrix[row: row])
                    == model.trained.model.predictProbabilities(matrix[row: row]))
        }
        // The kind is stored once, and the parameters are stored through the kind's own keys.
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["kind"] as? String == kind.rawValue)
        #expect(object["formatVersion"] as? Int == ActivityModel.formatVersion)
        let trained = try #require(object["trained"] as? [String: Any])
        #expect(trained["classCount"] as? Int == model.classes.count)
        #expect(!String(decoding: data, as: UTF8.self).contains("\"_0\""))
        // The kind is checked: the same parameters under another kind are refused.
        for other in ActivityModel.Kind.allCases where other != kind {
            var copy = object
            copy["kind"] = other.rawValue
            #expect(throws: LocomotionError.self) {
                try ActivityModel(data: try JSONSerialization.data(withJSONObject: copy))
            }
        }
        // Truncated: a typed error at every cut.
        for cut in stride(from: 0, to: data.count, by: max(1, data.count / 31)) {
            #expect(throws: LocomotionError.self) { try ActivityModel(data: data.prefix(cut)) }
        }
        // NaN features: probabilities stay finite and sum to 1.
        var row = matrix[row: 0]
        for index in row.indices { row[index] = .nan }
        let probabilities = loaded.trained.model.predictProbabilities(row)
        #expect(probabilities.allSatisfy(\.isFinite) && abs(probabilities.reduce(0, +) - 1) < 1e-9)
        // A version 2 file (parameters wrapped by kind) is refused as another format version.
        var legacy = object
        let caseName =
            switch kind {
            case .naiveBayes: "naiveBayes"
            case .logisticRegression: "logisticRegression"
            case .randomForest: "randomForest"
            }
        legacy["formatVersion"] = 2
        legacy["trained"] = [caseName: ["_0": trained]]
        let legacyData = try JSONSerialization.data(withJSONObject: legacy)
        let refusal = #expect(throws: LocomotionError.self) { try ActivityModel(data: legacyData) }
        #expect(refusal?.code == .modelVersion)
    }

    // MARK: The rule classifiers keep the same promises where they apply.

    @Test func theRuleClassifiersAreDeterministicAndSurviveNaN() throws {
        let url = try #require(
            Bundle.module.url(forResource: "Fixtures/motionsense-sub03-walking-20s", withExtension: "csv"))
        let table = try RecordingReader.read(path: url.path).recording.features()
        let rules = try FeatureRuleClassifier()
        let fusion = try VoteFusion()
        let first = try rules.decisions(table).map(\.result.activity)
        #expect(try rules.decisions(table).map(\.result.activity) == first)
        let fused = table.windows.indices.map { fusion.classify(table[$0]) }
        #expect(table.windows.indices.map { fusion.classify(table[$0]) } == fused)
        let evidence = ActivityEvidence(speed: .nan, cadence: .nan, accelerationVariance: .nan)
        let decision = fusion.decide(evidence, report: nil)
        #expect(decision.activity == .unknown)
    }
}
