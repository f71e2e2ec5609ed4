import Foundation
import Locomotion
import Testing

@Suite struct GaussianNaiveBayesTests {
    /// Agreement with scikit-learn's GaussianNB, absolute, on every probability.
    static let tolerance = 1e-6

    @Test func probabilitiesMatchScikitLearn() throws {
        let cases = try LinearModelFixture.cases(of: "gaussianNaiveBayes")
        #expect(cases.map(\.testCase.name) == ["nb-raw", "nb-standardised", "nb-missing"])
        for (dataset, testCase) in cases {
            let (train, test) = dataset.matrices(for: testCase)
            let model = try GaussianNaiveBayes.fit(train, labels: dataset.labels, classCount: 4)
            var probabilities = [Double](repeating: 0, count: 4)
            var largest = 0.0
            for row in 0..<test.rowCount {
                model.predictProbabilities(test[row: row], into: &probabilities)
                for (value, expected) in zip(probabilities, testCase.probabilities[row]) {
                    largest = max(largest, abs(value - expected))
                }
            }
            #expect(largest <= Self.tolerance, "\(testCase.name): largest difference \(largest)")
        }
    }

    @Test func priorsAreClassFrequenciesAndVariancesArePopulationVariances() throws {
        // Class 0: 1, 3 (mean 2, variance 1); class 1: 10, 20, 30 (mean 20, variance 200/3).
        let x = FeatureMatrix(values: [1, 10, 3, 20, 30], columnCount: 1)
        let model = try GaussianNaiveBayes.fit(x, labels: [0, 1, 0, 1, 1], classCount: 2, varianceSmoothing: 0)
        #expect(model.classPriors == [0.4, 0.6])
        #expect(model.means == [2, 20])
        #expect(abs(model.variances[0] - 1) < 1e-12 && abs(model.variances[1] - 200.0 / 3) < 1e-12)
        // epsilon = 1e-3 × the variance of the whole column.
        let smoothed = try GaussianNaiveBayes.fit(x, labels: [0, 1, 0, 1, 1], classCount: 2, varianceSmoothing: 1e-3)
        let column: [Double] = [1, 10, 3, 20, 30]
        let columnVariance =
            column.map { (value: Double) -> Double in (value - 12.8) * (value - 12.8) }.reduce(0, +) / 5
        #expect(abs(smoothed.variances[0] - (1 + 1e-3 * columnVariance)) < 1e-12)
    }

    @Test func jointLogLikelihoodIsTheGaussianFormula() throws {
        let x = FeatureMatrix(values: [1, 10, 3, 20, 30], columnCount: 1)
        let model = try GaussianNaiveBayes.fit(x, labels: [0, 1, 0, 1, 1], classCount: 2, varianceSmoothing: 0)
        var scores = [0.0, 0.0]
        model.jointLogLikelihoods([4.0][...], into: &scores)
        let expected0 = log(0.4) - 0.5 * log(2 * Double.pi * 1) - 0.5 * 4
        let variance1 = 200.0 / 3
        let expected1 = log(0.6) - 0.5 * log(2 * Double.pi * variance1) - 0.5 * 256 / variance1
        #expect(abs(scores[0] - expected0) < 1e-12 && abs(scores[1] - expected1) < 1e-12)
    }

    @Test func fittingChecksItsArguments() {
        let x = FeatureMatrix(values: [1, 2, 3, 4], columnCount: 2)
        func code(
            _ x: FeatureMatrix, _ labels: [Int], classCount: Int = 2, smoothing: Double = 1e-9
        ) -> LocomotionError.Code? {
            do {
                _ = try GaussianNaiveBayes.fit(x, labels: labels, classCount: classCount, varianceSmoothing: smoothing)
                return nil
            } catch { return error.code }
        }
        #expect(code(FeatureMatrix(values: [], columnCount: 2), []) == .invalidParameter)
        #expect(code(x, [0]) == .invalidParameter)
        #expect(code(x, [0, 2]) == .invalidParameter)
        #expect(code(x, [0, -1]) == .invalidParameter)
        #expect(code(x, [0, 0], classCount: 0) == .invalidParameter)
        #expect(code(x, [0, 1], smoothing: -1) == .invalidParameter)
        #expect(code(x, [0, 1], smoothing: .nan) == .invalidParameter)
        #expect(code(x, [0, 1], smoothing: .infinity) == .invalidParameter)
        let infinite = FeatureMatrix(values: [1, 2, .infinity, 4], columnCount: 2)
        #expect(code(infinite, [0, 1]) == .invalidData)
        #expect(throws: LocomotionError.self) { try GaussianNaiveBayes.fit(infinite, labels: [0, 1], classCount: 2) }
        do {
            _ = try GaussianNaiveBayes.fit(infinite, labels: [0, 1], classCount: 2)
        } catch {
            #expect(error.message.contains("row 1, column 0"))
        }
        #expect(code(x, [0, 1]) == nil)
        #expect(code(x, [1, 1], smoothing: 0) == nil)
    }

    @Test func aClassWithoutRowsHasPriorZeroAndNeverWins() throws {
        let (x, labels) = ModelTestData.blobs(classCount: 2, perClass: 30, featureCount: 3, seed: 1)
        // Classes 0 and 2 have rows, class 1 has none.
        let model = try GaussianNaiveBayes.fit(x, labels: labels.map { $0 * 2 }, classCount: 3)
        #expect(model.classPriors == [0.5, 0, 0.5])
        let probe = ModelTestData.mapping(x) { $0 * 3 - 1 }
        for row in 0..<probe.rowCount {
            let probabilities = model.predictProbabilities(probe[row: row])
            #expect(probabilities[1] == 0)
            #expect(model.predict(probe[row: row]) != 1)
        }
        #expect(ModelTestData.probabilitiesAreValid(model, probe))
        // The two trained classes behave as in a two-class model.
        let twoClass = try GaussianNaiveBayes.fit(x, labels: labels, classCount: 2)
        for row in 0..<x.rowCount {
            let three = model.predictProbabilities(x[row: row])
            let two = twoClass.predictProbabilities(x[row: row])
            #expect(abs(three[0] - two[0]) < 1e-12 && abs(three[2] - two[1]) < 1e-12)
        }
    }

    @Test func missingValuesAreIgnoredWhenFittingAndMarginalisedWhenPredicting() throws {
        let nan = Double.nan
        // Feature 0 of class 0: 1, 3 and a missing value; feature 1 complete.
        let x = FeatureMatrix(values: [1, 0, nan, 1, 3, 2, 10, 5, 20, 6], columnCount: 2)
        let labels = [0, 0, 0, 1, 1]
        let model = try GaussianNaiveBayes.fit(x, labels: labels, classCount: 2, varianceSmoothing: 0)
        #expect(model.means[0] == 2 && abs(model.variances[0] - 1) < 1e-12)
        #expect(model.classPriors == [0.6, 0.4])
        // A missing feature is left out: the same as a model on the other feature alone.
        let second = try GaussianNaiveBayes.fit(
            FeatureMatrix(values: [0, 1, 2, 5, 6], columnCount: 1), labels: labels, classCount: 2,
            varianceSmoothing: 0)
        let marginal = model.predictProbabilities([nan, 3.0][...])
        let direct = second.predictProbabilities([3.0][...])
        #expect(abs(marginal[0] - direct[0]) < 1e-15 && abs(marginal[1] - direct[1]) < 1e-15)
        // Every feature missing: the priors.
        let priors = model.predictProbabilities([nan, nan][...])
        #expect(abs(priors[0] - 0.6) < 1e-15 && abs(priors[1] - 0.4) < 1e-15)
    }

    @Test func aFeatureNeverObservedIsNeverUsed() throws {
        let (x, labels) = ModelTestData.blobs(classCount: 3, perClass: 20, featureCount: 3, seed: 2)
        let withMissing = ModelTestData.inserting(.nan, at: 1, into: x)
        let model = try GaussianNaiveBayes.fit(withMissing, labels: labels, classCount: 3)
        #expect(model.observedFeatures == [true, false, true, true])
        let reference = try GaussianNaiveBayes.fit(x, labels: labels, classCount: 3)
        // Whatever the value of the unobserved feature at prediction.
        let probe = ModelTestData.inserting(123.0, at: 1, into: x)
        #expect(ModelTestData.largestDifference(model, reference, on: probe, dropping: 1) == 0)
        // encodable (no NaN stored)
        #expect(try ModelTestData.roundTrip(model) == model)
    }

    @Test func aClassWithoutValuesOfAFeatureUsesTheWholeColumn() throws {
        let nan = Double.nan
        let x = FeatureMatrix(values: [nan, 0, nan, 1, 4, 10, 6, 11], columnCount: 2)
        let model = try GaussianNaiveBayes.fit(x, labels: [0, 0, 1, 1], classCount: 2, varianceSmoothing: 0)
        // Class 0 has no value of feature 0: the column's mean 5 and variance 1.
        #expect(model.means[0] == 5 && abs(model.variances[0] - 1) < 1e-12)
        #expect(ModelTestData.probabilitiesAreValid(model, x))
    }

    @Test func aConstantColumnChangesNothing() throws {
        let (x, labels) = ModelTestData.blobs(classCount: 3, perClass: 25, featureCount: 4, seed: 3)
        let constant = ModelTestData.inserting(0.7, at: 2, into: x)
        let model = try GaussianNaiveBayes.fit(constant, labels: labels, classCount: 3)
        let reference = try GaussianNaiveBayes.fit(x, labels: labels, classCount: 3)
        #expect(ModelTestData.largestDifference(model, reference, on: constant, dropping: 2) < 1e-12)
        // Every column constant: epsilon is 0, the deviations are the floor, and nothing is NaN.
        let flat = FeatureMatrix(values: [Double](repeating: 2, count: 12), columnCount: 3)
        let flatModel = try GaussianNaiveBayes.fit(flat, labels: [0, 1, 0, 1], classCount: 2)
        #expect(flatModel.standardDeviations.allSatisfy { $0 > 0 && $0.isFinite })
        for probe in [[2.0, 2, 2], [3.0, -1, 1e300], [.infinity, 2, 2]] {
            let probabilities = flatModel.predictProbabilities(probe[...])
            #expect(probabilities == [0.5, 0.5], "\(probe)")
        }
    }

    @Test func oneClassOnlyHasProbabilityOne() throws {
        let (x, _) = ModelTestData.blobs(classCount: 1, perClass: 10, featureCount: 2, seed: 4)
        let model = try GaussianNaiveBayes.fit(x, labels: [Int](repeating: 0, count: 10), classCount: 1)
        for probe in [[0.0, 0], [1e300, -1e300], [.nan, .infinity]] {
            #expect(model.predictProbabilities(probe[...]) == [1])
        }
    }

    @Test func aSingleRowPerClassIsItsOwnClass() throws {
        let x = FeatureMatrix(rows: [[0, 0], [1, 0], [0, 1]], columnCount: 2)
        let model = try GaussianNaiveBayes.fit(x, labels: [0, 1, 2], classCount: 3)
        // Within-class variance 0: only epsilon, so each training row is certain of its class.
        for row in 0..<3 {
            let probabilities = model.predictProbabilities(x[row: row])
            #expect(probabilities[row] == 1, "\(probabilities)")
        }
        #expect(
            ModelTestData.probabilitiesAreValid(model, FeatureMatrix(rows: [[0.5, 0.5], [9, -9]], columnCount: 2)))
    }

    @Test func hugeValuesDoNotOverflow() throws {
        let (x, labels) = ModelTestData.blobs(classCount: 3, perClass: 20, featureCount: 3, seed: 5)
        let reference = try GaussianNaiveBayes.fit(x, labels: labels, classCount: 3)
        // Every feature × 1e300: variances of 1e600 do not exist as doubles, the model is scale-free.
        let huge = ModelTestData.mapping(x) { $0 * 1e300 }
        let model = try GaussianNaiveBayes.fit(huge, labels: labels, classCount: 3)
        #expect(model.standardDeviations.allSatisfy { $0.isFinite })
        var largest = 0.0
        for row in 0..<x.rowCount {
            let a = model.predictProbabilities(huge[row: row])
            let b = reference.predictProbabilities(x[row: row])
            for (p, q) in zip(a, b) { largest = max(largest, abs(p - q)) }
        }
        #expect(largest < 1e-9)
        // Values near the largest double, of both signs, in one column.
        let extreme = ModelTestData.mapping(x, column: 0) { $0 > 1 ? 1.7e308 : -1.7e308 }
        let extremeModel = try GaussianNaiveBayes.fit(extreme, labels: labels, classCount: 3)
        #expect(ModelTestData.probabilitiesAreValid(extremeModel, extreme))
        // Huge and infinite values at prediction.
        let probes = FeatureMatrix(
            rows: [
                [1e300, 0, 0], [-1e300, 1e300, 0], [.infinity, 0, 1], [-.infinity, .infinity, .nan],
                [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e-300],
            ],
            columnCount: 3)
        #expect(ModelTestData.probabilitiesAreValid(reference, probes))
        #expect(ModelTestData.probabilitiesAreValid(model, probes))
        #expect(ModelTestData.probabilitiesAreValid(extremeModel, probes))
    }

    @Test func roundTripsThroughJSON() throws {
        let fixture = try LinearModelFixture.load()
        for dataset in fixture.datasets {
            let train = LinearModelFixture.matrix(dataset.train)
            let test = LinearModelFixture.matrix(dataset.test)
            let model = try GaussianNaiveBayes.fit(train, labels: dataset.labels, classCount: 4)
            let decoded = try ModelTestData.roundTrip(model)
            #expect(decoded == model)
            #expect(ModelTestData.bits(decoded, test) == ModelTestData.bits(model, test))
        }
        // A class without rows (prior 0, log prior −∞) encodes too.
        let (x, labels) = ModelTestData.blobs(classCount: 2, perClass: 5, featureCount: 2, seed: 6)
        let sparse = try GaussianNaiveBayes.fit(x, labels: labels, classCount: 3)
        #expect(try ModelTestData.roundTrip(sparse) == sparse)
    }

    @Test func decodingRejectsAnInconsistentModel() throws {
        let (x, labels) = ModelTestData.blobs(classCount: 2, perClass: 5, featureCount: 2, seed: 7)
        let model = try GaussianNaiveBayes.fit(x, labels: labels, classCount: 2)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(model)) as! [String: Any]
        for (key, value) in [
            ("featureCount", 3 as Any), ("standardDeviations", [1.0, 1, 0, 1] as Any), ("classPriors", [0.5] as Any),
        ] {
            var corrupted = json
            corrupted[key] = value
            let data = try JSONSerialization.data(withJSONObject: corrupted)
            #expect(throws: DecodingError.self, "\(key)") {
                try JSONDecoder().decode(GaussianNaiveBayes.self, from: data)
            }
        }
    }

    @Test func fittingIsDeterministic() throws {
        let dataset = try LinearModelFixture.load().datasets[1]
        let train = LinearModelFixture.matrix(dataset.train)
        let test = LinearModelFixture.matrix(dataset.test)
        let first = try GaussianNaiveBayes.fit(train, labels: dataset.labels, classCount: 4)
        let second = try GaussianNaiveBayes.fit(train, labels: dataset.labels, classCount: 4)
        #expect(first.means.map(\.bitPattern) == second.means.map(\.bitPattern))
        #expect(first.standardDeviations.map(\.bitPattern) == second.standardDeviations.map(\.bitPattern))
        #expect(ModelTestData.bits(first, test) == ModelTestData.bits(second, test))
    }

    @Test func predictionAcceptsAnyRowSlice() throws {
        let (x, labels) = ModelTestData.blobs(classCount: 3, perClass: 10, featureCount: 2, seed: 8)
        let model = try GaussianNaiveBayes.fit(x, labels: labels, classCount: 3)
        // A slice from the middle of the matrix storage and a fresh array give the same answer.
        let row = x[row: 17]
        #expect(row.startIndex == 34)
        #expect(model.predictProbabilities(row) == model.predictProbabilities(Array(row)[...]))
    }
}
