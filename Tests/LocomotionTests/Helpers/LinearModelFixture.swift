import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// `Fixtures/models_linear.json`, written by `Fixtures/generate_models.py` (scikit-learn).
struct LinearModelFixture: Decodable {
    struct Case: Decodable {
        var name: String
        /// `gaussianNaiveBayes` or `logisticRegression`.
        var model: String
        /// `raw` (fit on `train`, predict `test`) or `standardised` (`trainStandardised`, `testStandardised`).
        var input: String
        var c: Double?
        var sklearnIterations: Int?
        /// The largest partial derivative of the row-averaged objective at sklearn's solution.
        var sklearnGradientNorm: Double?
        var probabilities: [[Double]]
    }

    struct Dataset: Decodable {
        var name: String
        /// Rows with `null` for a missing value.
        var train: [[Double?]]
        var labels: [Int]
        var test: [[Double?]]
        var trainStandardised: [[Double]]?
        var testStandardised: [[Double]]?
        var cases: [Case]

        /// The training and test matrices of `testCase` (NaN for a missing value).
        func matrices(for testCase: Case) -> (train: FeatureMatrix, test: FeatureMatrix) {
            if testCase.input == "standardised", let train = trainStandardised, let test = testStandardised {
                return (
                    FeatureMatrix(rows: train, columnCount: train[0].count),
                    FeatureMatrix(rows: test, columnCount: test[0].count)
                )
            }
            return (LinearModelFixture.matrix(train), LinearModelFixture.matrix(test))
        }
    }

    var classCount: Int
    var datasets: [Dataset]

    static func matrix(_ rows: [[Double?]]) -> FeatureMatrix {
        FeatureMatrix(rows: rows.map { $0.map { $0 ?? .nan } }, columnCount: rows[0].count)
    }

    static func load() throws -> LinearModelFixture {
        let url = try #require(
            Bundle.module.url(forResource: "Fixtures/models_linear", withExtension: "json"),
            "Fixtures/models_linear.json is missing; run Tests/LocomotionTests/Fixtures/generate_models.py")
        return try JSONDecoder().decode(LinearModelFixture.self, from: Data(contentsOf: url))
    }

    /// Every case of `model`, with its dataset.
    static func cases(of model: String) throws -> [(dataset: Dataset, testCase: Case)] {
        try load().datasets.flatMap { dataset in
            dataset.cases.filter { $0.model == model }.map { (dataset, $0) }
        }
    }
}

/// Helpers shared by the model tests.
enum ModelTestData {
    /// A training set from the pocket fixtures: 14 windows each of running, walking and sitting.
    static func pocketSet() throws -> ActivityTrainingSet {
        var set = ActivityTrainingSet(featureNames: ActivityModel.defaultFeatures)
        for name in ["jogging", "walking", "sitting"] {
            let recording = try TestRecordings.fixture("motionsense-sub03-\(name)-20s")
            try set.add(try recording.features(), of: recording, group: name)
        }
        return set
    }

    /// The training record the test models carry.
    static let record = ActivityModel.TrainingRecord(
        command: "test", sources: [], windowsPerClass: [], date: "2026-12-01")

    /// `perClass` rows of `featureCount` features for each of `classCount` classes: class *k*
    /// is centred at *k* on every feature with unit noise, so the classes overlap.
    static func blobs(
        classCount: Int, perClass: Int, featureCount: Int, seed: UInt64
    ) -> (x: FeatureMatrix, labels: [Int]) {
        var generator = SplitMix64(seed: seed)
        var values: [Double] = []
        var labels: [Int] = []
        for row in 0..<(classCount * perClass) {
            let label = row % classCount
            labels.append(label)
            for _ in 0..<featureCount { values.append(Double(label) + generator.nextGaussian()) }
        }
        return (FeatureMatrix(values: values, columnCount: featureCount), labels)
    }

    /// `x` with `transform` applied to column `column` (or to every column when nil).
    static func mapping(_ x: FeatureMatrix, column: Int? = nil, _ transform: (Double) -> Double) -> FeatureMatrix {
        var values = x.values
        for index in values.indices where column == nil || index % x.columnCount == column {
            values[index] = transform(values[index])
        }
        return FeatureMatrix(values: values, columnCount: x.columnCount)
    }

    /// `x` with a column of `value` inserted at `position`.
    static func inserting(_ value: Double, at position: Int, into x: FeatureMatrix) -> FeatureMatrix {
        var rows: [[Double]] = []
        for row in 0..<x.rowCount {
            var values = Array(x[row: row])
            values.insert(value, at: position)
            rows.append(values)
        }
        return FeatureMatrix(rows: rows, columnCount: x.columnCount + 1)
    }

    /// Whether every probability of `model` on the rows of `x` is a number in [0, 1] and each row
    /// sums to 1 within `tolerance`.
    static func probabilitiesAreValid(
        _ model: some ProbabilisticModel, _ x: FeatureMatrix, tolerance: Double = 1e-12
    ) -> Bool {
        (0..<x.rowCount).allSatisfy { row in
            let probabilities = model.predictProbabilities(x[row: row])
            return probabilities.allSatisfy { !$0.isNaN && $0 >= 0 && $0 <= 1 }
                && abs(probabilities.reduce(0, +) - 1) <= tolerance
        }
    }

    /// The largest absolute difference between the probabilities of two models on the rows of `x`.
    static func largestDifference(
        _ a: some ProbabilisticModel, _ b: some ProbabilisticModel, on x: FeatureMatrix, dropping column: Int? = nil
    ) -> Double {
        var largest = 0.0
        for row in 0..<x.rowCount {
            let first = a.predictProbabilities(x[row: row])
            var reduced = Array(x[row: row])
            if let column { reduced.remove(at: column) }
            let second = b.predictProbabilities(reduced[...])
            for (p, q) in zip(first, second) { largest = max(largest, abs(p - q)) }
        }
        return largest
    }

    /// The bit patterns of the probabilities of `model` on the rows of `x`.
    static func bits(_ model: some ProbabilisticModel, _ x: FeatureMatrix) -> [UInt64] {
        (0..<x.rowCount).flatMap { model.predictProbabilities(x[row: $0]).map(\.bitPattern) }
    }

    /// `model` encoded as JSON and decoded again.
    static func roundTrip<Model: ProbabilisticModel>(_ model: Model) throws -> Model {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try JSONDecoder().decode(Model.self, from: encoder.encode(model))
    }
}
