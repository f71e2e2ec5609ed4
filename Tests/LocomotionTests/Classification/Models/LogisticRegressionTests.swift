import Foundation
import Locomotion
import Testing

@Suite struct LogisticRegressionTests {
    /// Agreement with scikit-learn's LogisticRegression, absolute, on every probability.
    static let tolerance = 1e-6

    @Test func probabilitiesMatchScikitLearn() throws {
        let cases = try LinearModelFixture.cases(of: "logisticRegression")
        #expect(cases.map(\.testCase.name) == ["lr-c1", "lr-c0.05", "lr-missing"])
        for (dataset, testCase) in cases {
            let (train, test) = dataset.matrices(for: testCase)
            let c = try #require(testCase.c)
            let model = try LogisticRegression.fit(train, labels: dataset.labels, classCount: 4, c: c)
            #expect(model.convergence.converged, "\(testCase.name): \(model.convergence)")
            #expect(model.convergence.gradientNorm <= 1e-8)
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

    @Test func theLossIsCrossEntropyPlusThePenalty() throws {
        let (x, labels) = ModelTestData.blobs(classCount: 3, perClass: 15, featureCount: 2, seed: 11)
        let model = try LogisticRegression.fit(x, labels: labels, classCount: 3, c: 0.5)
        var crossEntropy = 0.0
        for row in 0..<x.rowCount { crossEntropy -= log(model.predictProbabilities(x[row: row])[labels[row]]) }
        let penalty = model.weights.map { $0 * $0 }.reduce(0, +) / (2 * 0.5)
        #expect(abs(model.convergence.loss - (crossEntropy + penalty)) < 1e-9 * model.convergence.loss)
        #expect(model.convergence.converged && model.convergence.iterations > 0)
        // The solver keeps the (unidentified) intercepts centred.
        #expect(abs(model.intercepts.reduce(0, +)) < 1e-9)
    }

    @Test func standardisationUsesTheTrainingMeanAndPopulationDeviation() throws {
        let x = FeatureMatrix(values: [1, 5, 3, 5, 5, 5, 7, 5], columnCount: 2)
        let model = try LogisticRegression.fit(x, labels: [0, 0, 1, 1], classCount: 2)
        #expect(model.featureMeans == [4, 5])
        #expect(abs(model.featureScales[0] - 5.0.squareRoot()) < 1e-15)
        // The constant column gets scale 1 and no weight.
        #expect(model.featureScales[1] == 1)
        #expect(model.weights[1] == 0 && model.weights[3] == 0)
    }

    @Test func fittingChecksItsArguments() {
        let x = FeatureMatrix(values: [1, 2, 3, 4], columnCount: 2)
        func code(
            _ x: FeatureMatrix, _ labels: [Int], classCount: Int = 2, c: Double = 1, iterations: Int = 500,
            tolerance: Double = 1e-8
        ) -> LocomotionError.Code? {
            do {
                _ = try LogisticRegression.fit(
                    x, labels: labels, classCount: classCount, c: c, maximumIterations: iterations,
                    tolerance: tolerance)
                return nil
            } catch { return error.code }
        }
        #expect(code(FeatureMatrix(values: [], columnCount: 2), []) == .invalidParameter)
        #expect(code(x, [0, 1, 1]) == .invalidParameter)
        #expect(code(x, [0, 5]) == .invalidParameter)
        #expect(code(x, [0, 0], classCount: -1) == .invalidParameter)
        for c in [0, -1, .nan, .infinity] { #expect(code(x, [0, 1], c: c) == .invalidParameter, "\(c)") }
        #expect(code(x, [0, 1], iterations: -1) == .invalidParameter)
        for tolerance in [-1e-8, .nan, .infinity] {
            #expect(code(x, [0, 1], tolerance: tolerance) == .invalidParameter, "\(tolerance)")
        }
        #expect(code(FeatureMatrix(values: [1, 2, 3, -.infinity], columnCount: 2), [0, 1]) == .invalidData)
        #expect(code(x, [0, 1]) == nil)
        #expect(code(x, [0, 1], iterations: 0, tolerance: 0) == nil)
    }

    @Test func aClassWithoutRowsHasProbabilityZero() throws {
        let (x, labels) = ModelTestData.blobs(classCount: 2, perClass: 20, featureCount: 3, seed: 12)
        let model = try LogisticRegression.fit(x, labels: labels.map { $0 * 2 }, classCount: 3)
        #expect(model.trainedClasses == [true, false, true])
        let twoClass = try LogisticRegression.fit(x, labels: labels, classCount: 2)
        #expect(model.convergence == twoClass.convergence)
        for row in 0..<x.rowCount {
            let three = model.predictProbabilities(x[row: row])
            let two = twoClass.predictProbabilities(x[row: row])
            #expect(three[1] == 0 && three[0] == two[0] && three[2] == two[1])
        }
    }

    @Test func oneClassOnlyHasProbabilityOne() throws {
        let (x, _) = ModelTestData.blobs(classCount: 1, perClass: 8, featureCount: 2, seed: 13)
        let single = try LogisticRegression.fit(x, labels: [Int](repeating: 0, count: 8), classCount: 1)
        #expect(single.convergence == .init(iterations: 0, loss: 0, gradientNorm: 0, converged: true))
        let among = try LogisticRegression.fit(x, labels: [Int](repeating: 1, count: 8), classCount: 3)
        for probe in [[0.0, 0], [1e300, -1e300], [.nan, .infinity]] {
            #expect(single.predictProbabilities(probe[...]) == [1])
            #expect(among.predictProbabilities(probe[...]) == [0, 1, 0])
        }
    }

    @Test func missingValuesTakeTheTrainingMean() throws {
        let nan = Double.nan
        let (x, labels) = ModelTestData.blobs(classCount: 3, perClass: 20, featureCount: 3, seed: 14)
        let holes = FeatureMatrix(
            values: x.values.enumerated().map { $0.offset % 7 == 3 ? nan : $0.element }, columnCount: 3)
        let model = try LogisticRegression.fit(holes, labels: labels, classCount: 3)
        // The mean of the non-missing values of each column.
        for feature in 0..<3 {
            let values = (0..<holes.rowCount).map { holes[$0, feature] }.filter { !$0.isNaN }
            #expect(abs(model.featureMeans[feature] - values.reduce(0, +) / Double(values.count)) < 1e-12)
        }
        // A missing value predicts as the mean does.
        let row = [nan, 0.3, nan]
        let filled = [model.featureMeans[0], 0.3, model.featureMeans[2]]
        #expect(model.predictProbabilities(row[...]) == model.predictProbabilities(filled[...]))
        // Every value missing: the softmax of the intercepts.
        let allMissing = model.predictProbabilities([nan, nan, nan][...])
        let exponentials = model.intercepts.map { exp($0) }
        for (p, e) in zip(allMissing, exponentials) { #expect(abs(p - e / exponentials.reduce(0, +)) < 1e-15) }
        // A column never observed has mean 0, scale 1 and no weight.
        let empty = ModelTestData.inserting(nan, at: 0, into: x)
        let emptyModel = try LogisticRegression.fit(empty, labels: labels, classCount: 3)
        #expect(emptyModel.featureMeans[0] == 0 && emptyModel.featureScales[0] == 1)
        #expect((0..<3).allSatisfy { emptyModel.weights[$0 * 4] == 0 })
        #expect(try ModelTestData.roundTrip(emptyModel) == emptyModel)
    }

    @Test func aConstantColumnChangesNothing() throws {
        let (x, labels) = ModelTestData.blobs(classCount: 3, perClass: 25, featureCount: 4, seed: 15)
        let reference = try LogisticRegression.fit(x, labels: labels, classCount: 3)
        for constant in [0.7, 0, -3e5, 1e300] {
            let withConstant = ModelTestData.inserting(constant, at: 1, into: x)
            let model = try LogisticRegression.fit(withConstant, labels: labels, classCount: 3)
            #expect(model.featureScales[1] == 1, "\(constant)")
            #expect(ModelTestData.largestDifference(model, reference, on: withConstant, dropping: 1) < 1e-9)
        }
    }

    @Test func aSingleRowPerClassIsFitted() throws {
        let x = FeatureMatrix(rows: [[0, 0], [1, 0], [0, 1]], columnCount: 2)
        let model = try LogisticRegression.fit(x, labels: [0, 1, 2], classCount: 3)
        #expect(model.convergence.converged)
        for row in 0..<3 { #expect(model.predict(x[row: row]) == row) }
        #expect(ModelTestData.probabilitiesAreValid(model, x))
    }

    @Test func separableDataWithAWeakPenaltyStaysFinite() throws {
        let x = FeatureMatrix(values: [-2, -1, 1, 2], columnCount: 1)
        let model = try LogisticRegression.fit(x, labels: [0, 0, 1, 1], classCount: 2, c: 1e12, maximumIterations: 50)
        #expect(model.weights.allSatisfy { $0.isFinite } && model.convergence.loss.isFinite)
        let probes = FeatureMatrix(values: [-1e300, -1, 0, 1, 1e300, .infinity, -.infinity, .nan], columnCount: 1)
        #expect(ModelTestData.probabilitiesAreValid(model, probes))
        #expect(model.predict([-1.0][...]) == 0 && model.predict([1.0][...]) == 1)
    }

    @Test func hugeValuesDoNotOverflow() throws {
        let (x, labels) = ModelTestData.blobs(classCount: 3, perClass: 20, featureCount: 3, seed: 16)
        let reference = try LogisticRegression.fit(x, labels: labels, classCount: 3)
        // One column × 1e300: standardisation makes the model unit-free.
        let huge = ModelTestData.mapping(x, column: 1) { $0 * 1e300 }
        let model = try LogisticRegression.fit(huge, labels: labels, classCount: 3)
        #expect(abs(model.featureScales[1] / reference.featureScales[1] / 1e300 - 1) < 1e-12)
        var largest = 0.0
        for row in 0..<x.rowCount {
            for (p, q) in zip(model.predictProbabilities(huge[row: row]), reference.predictProbabilities(x[row: row])) {
                largest = max(largest, abs(p - q))
            }
        }
        #expect(largest < 1e-9)
        // Values near the largest double, of both signs.
        let extreme = ModelTestData.mapping(x, column: 0) { $0 > 1 ? 1.7e308 : -1.7e308 }
        let extremeModel = try LogisticRegression.fit(extreme, labels: labels, classCount: 3)
        #expect(
            extremeModel.featureMeans.allSatisfy { $0.isFinite }
                && extremeModel.featureScales.allSatisfy { $0.isFinite })
        #expect(ModelTestData.probabilitiesAreValid(extremeModel, extreme))
        let probes = FeatureMatrix(
            rows: [
                [1e300, 0, 0], [-1e300, 1e300, 0], [.infinity, 0, 1], [-.infinity, .infinity, .nan],
                [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e-300],
            ],
            columnCount: 3)
        for candidate in [reference, model, extremeModel] {
            #expect(ModelTestData.probabilitiesAreValid(candidate, probes))
        }
    }

    @Test func theIterationLimitIsReported() throws {
        let (x, labels) = ModelTestData.blobs(classCount: 3, perClass: 20, featureCount: 3, seed: 17)
        let none = try LogisticRegression.fit(x, labels: labels, classCount: 3, maximumIterations: 0)
        #expect(none.convergence.iterations == 0 && !none.convergence.converged)
        #expect(none.predictProbabilities(x[row: 0]).allSatisfy { abs($0 - 1.0 / 3) < 1e-15 })
        let two = try LogisticRegression.fit(x, labels: labels, classCount: 3, maximumIterations: 2)
        #expect(two.convergence.iterations == 2 && !two.convergence.converged)
        #expect(two.convergence.loss < none.convergence.loss)
        let full = try LogisticRegression.fit(x, labels: labels, classCount: 3)
        #expect(full.convergence.converged && full.convergence.loss < two.convergence.loss)
        let loose = try LogisticRegression.fit(x, labels: labels, classCount: 3, tolerance: 1e-3)
        #expect(loose.convergence.converged && loose.convergence.iterations < full.convergence.iterations)
        #expect(loose.convergence.gradientNorm <= 1e-3)
    }

    @Test func roundTripsThroughJSON() throws {
        let fixture = try LinearModelFixture.load()
        for dataset in fixture.datasets {
            let train = LinearModelFixture.matrix(dataset.train)
            let test = LinearModelFixture.matrix(dataset.test)
            let model = try LogisticRegression.fit(train, labels: dataset.labels, classCount: 4)
            let decoded = try ModelTestData.roundTrip(model)
            #expect(decoded == model)
            #expect(ModelTestData.bits(decoded, test) == ModelTestData.bits(model, test))
        }
    }

    @Test func decodingRejectsAnInconsistentModel() throws {
        let (x, labels) = ModelTestData.blobs(classCount: 2, perClass: 5, featureCount: 2, seed: 18)
        let model = try LogisticRegression.fit(x, labels: labels, classCount: 2)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(model)) as! [String: Any]
        for (key, value) in [
            ("classCount", 3 as Any), ("featureScales", [1.0, 0] as Any), ("trainedClasses", [false, false] as Any),
            ("c", -1.0 as Any),
        ] {
            var corrupted = json
            corrupted[key] = value
            let data = try JSONSerialization.data(withJSONObject: corrupted)
            #expect(throws: DecodingError.self, "\(key)") {
                try JSONDecoder().decode(LogisticRegression.self, from: data)
            }
        }
    }

    @Test func fittingIsDeterministic() throws {
        let dataset = try LinearModelFixture.load().datasets[1]
        let train = LinearModelFixture.matrix(dataset.train)
        let test = LinearModelFixture.matrix(dataset.test)
        let first = try LogisticRegression.fit(train, labels: dataset.labels, classCount: 4)
        let second = try LogisticRegression.fit(train, labels: dataset.labels, classCount: 4)
        #expect(first.weights.map(\.bitPattern) == second.weights.map(\.bitPattern))
        #expect(first.intercepts.map(\.bitPattern) == second.intercepts.map(\.bitPattern))
        #expect(first.convergence == second.convergence)
        #expect(ModelTestData.bits(first, test) == ModelTestData.bits(second, test))
    }
}
