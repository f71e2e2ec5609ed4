import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// Gaussian blobs: each class's centre is uniform in `[-spread, spread)` per feature, with unit
/// noise, so a small `spread` overlaps and a large one separates. Classes take turns by row.
private func blobs(
    rows: Int, features: Int, classes: Int, spread: Double, seed: UInt64
) -> (x: FeatureMatrix, labels: [Int]) {
    var generator = SplitMix64(seed: seed)
    var centres: [[Double]] = []
    for _ in 0..<classes { centres.append((0..<features).map { _ in spread * (2 * generator.nextUnit() - 1) }) }
    var values: [Double] = []
    var labels: [Int] = []
    for row in 0..<rows {
        let label = row % classes
        labels.append(label)
        for feature in 0..<features { values.append(centres[label][feature] + generator.nextGaussian()) }
    }
    return (FeatureMatrix(values: values, columnCount: features), labels)
}

private func accuracy(_ model: some ProbabilisticModel, _ x: FeatureMatrix, _ labels: [Int]) -> Double {
    var correct = 0
    for row in 0..<x.rowCount where model.predict(x[row: row]) == labels[row] { correct += 1 }
    return Double(correct) / Double(x.rowCount)
}

/// The number of training rows that pass through each node (no NaN in `x`).
private func rowsPerNode(_ tree: DecisionTree, _ x: FeatureMatrix) -> [Int] {
    var counts = [Int](repeating: 0, count: tree.nodeCount)
    for row in 0..<x.rowCount {
        var index = 0
        while true {
            counts[index] += 1
            let node = tree.nodes[index]
            if node.isLeaf { break }
            index = node.child + (x[row, Int(node.feature)] <= node.threshold ? 0 : 1)
        }
    }
    return counts
}

private func code(of body: () throws(LocomotionError) -> Void) -> LocomotionError.Code? {
    do throws(LocomotionError) {
        try body()
        return nil
    } catch {
        return error.code
    }
}

@Suite struct RandomForestTests {
    @Test func separableDataIsLearnedPerfectly() throws {
        let (x, labels) = blobs(rows: 300, features: 4, classes: 3, spread: 40, seed: 1)
        let forest = try RandomForest.fit(x, labels: labels, classCount: 3, configuration: .init(treeCount: 20))
        #expect(accuracy(forest, x, labels) == 1)
        #expect(forest.trees.count == 20 && forest.classCount == 3 && forest.featureCount == 4)
        // A full tree on every row memorises even overlapping data with distinct rows.
        let (noisy, noisyLabels) = blobs(rows: 300, features: 4, classes: 3, spread: 1, seed: 2)
        let tree = try DecisionTree.fit(noisy, labels: noisyLabels, classCount: 3)
        #expect(accuracy(tree, noisy, noisyLabels) == 1)
        for leaf in 0..<tree.leafCount { #expect(tree.frequencies(ofLeaf: leaf).max() == 1) }
    }

    @Test func overlappingDataIsLearnedReasonably() throws {
        let (x, labels) = blobs(rows: 600, features: 6, classes: 4, spread: 2, seed: 3)
        let train = x.rows(0..<400)
        let held = x.rows(400..<600)
        let forest = try RandomForest.fit(
            train, labels: Array(labels[0..<400]), classCount: 4, configuration: .init(treeCount: 50, seed: 9))
        let heldAccuracy = accuracy(forest, held, Array(labels[400..<600]))
        #expect(heldAccuracy > 0.6, "held-out accuracy \(heldAccuracy)")
    }

    @Test(arguments: [1, 3, 7])
    func probabilitiesAreDistributions(classCount: Int) throws {
        let (x, labels) = blobs(rows: 200, features: 5, classes: classCount, spread: 1.5, seed: 4)
        let forest = try RandomForest.fit(
            x, labels: labels, classCount: classCount + 1, configuration: .init(treeCount: 15, seed: 5))
        var generator = SplitMix64(seed: 6)
        var probabilities = [Double](repeating: .nan, count: classCount + 1)
        for _ in 0..<200 {
            let row = (0..<5).map { _ in generator.nextUnit() < 0.2 ? .nan : 4 * generator.nextGaussian() }
            forest.predictProbabilities(row[...], into: &probabilities)
            #expect(probabilities.allSatisfy { $0 >= 0 && $0 <= 1 })
            #expect(abs(probabilities.reduce(0, +) - 1) < 1e-12)
            // The class that never occurs in the labels gets nothing.
            #expect(probabilities[classCount] == 0)
        }
    }

    @Test func trainingIsDeterministicAcrossRunsAndThreadCounts() throws {
        let (x, labels) = blobs(rows: 400, features: 8, classes: 5, spread: 1.5, seed: 7)
        let configuration = RandomForest.Configuration(treeCount: 24, seed: 0xDEAD_BEEF)
        let one = try RandomForest.fit(x, labels: labels, classCount: 5, configuration: configuration, threadCount: 1)
        let four = try RandomForest.fit(x, labels: labels, classCount: 5, configuration: configuration, threadCount: 4)
        let again = try RandomForest.fit(x, labels: labels, classCount: 5, configuration: configuration)
        #expect(one == four && one == again)
        for row in 0..<x.rowCount {
            let a = one.predictProbabilities(x[row: row]).map(\.bitPattern)
            let b = four.predictProbabilities(x[row: row]).map(\.bitPattern)
            #expect(a == b)
        }
        var other = configuration
        other.seed += 1
        #expect(try RandomForest.fit(x, labels: labels, classCount: 5, configuration: other) != one)
    }

    /// Guards the whole pipeline (generator, bootstrap, feature draws, splits) against silent change:
    /// a changed value means stored forests would no longer be reproduced.
    @Test func trainingMatchesRecordedForest() throws {
        // Uniform noise only (no libm calls), so the data are the same bits on every platform.
        var generator = SplitMix64(seed: 8)
        let labels = (0..<120).map { $0 % 3 }
        let x = FeatureMatrix(
            values: labels.flatMap { label in (0..<4).map { Double(label * $0) * 0.25 + generator.nextUnit() } },
            columnCount: 4)
        let forest = try RandomForest.fit(
            x, labels: labels, classCount: 3, configuration: .init(treeCount: 5, seed: 42, maximumDepth: 4))
        let nodeCounts = forest.trees.map(\.nodeCount)
        let rootThresholds = forest.trees.map { $0.nodes[0].threshold }
        let probabilities = forest.predictProbabilities([0.6, 0.7, 0.8, 1.1][...])
        #expect(nodeCounts == RecordedForest.nodeCounts, "\(nodeCounts)")
        #expect(rootThresholds == RecordedForest.rootThresholds, "\(rootThresholds)")
        #expect(probabilities == RecordedForest.probabilities, "\(probabilities)")
    }

    @Test func singleTreeForestIsTheTree() throws {
        let (x, labels) = blobs(rows: 150, features: 6, classes: 3, spread: 1, seed: 9)
        let forest = try RandomForest.fit(
            x, labels: labels, classCount: 3,
            configuration: .init(treeCount: 1, bootstrap: false, seed: 11, maximumFeatures: .count(2)))
        let tree = try DecisionTree.fit(
            x, labels: labels, classCount: 3, configuration: .init(maximumFeatures: .count(2), seed: 11))
        #expect(forest.trees == [tree])
    }

    @Test(arguments: [0, 1, 2, 5])
    func depthLimitIsRespected(maximumDepth: Int) throws {
        let (x, labels) = blobs(rows: 300, features: 5, classes: 4, spread: 1, seed: 10)
        let forest = try RandomForest.fit(
            x, labels: labels, classCount: 4, configuration: .init(treeCount: 10, maximumDepth: maximumDepth))
        for tree in forest.trees {
            #expect(tree.depth == maximumDepth)  // noisy data always fills the allowed depth
            #expect(tree.leafCount <= 1 << maximumDepth)
        }
    }

    @Test(arguments: [(2, 1), (2, 7), (40, 1), (40, 15)])
    func sampleLimitsAreRespected(minimumSamplesSplit: Int, minimumSamplesLeaf: Int) throws {
        let (x, labels) = blobs(rows: 400, features: 5, classes: 4, spread: 1, seed: 12)
        let tree = try DecisionTree.fit(
            x, labels: labels, classCount: 4,
            configuration: .init(minimumSamplesSplit: minimumSamplesSplit, minimumSamplesLeaf: minimumSamplesLeaf))
        let counts = rowsPerNode(tree, x)
        var smallestLeaf = Int.max
        for (index, node) in tree.nodes.enumerated() {
            if node.isLeaf {
                smallestLeaf = min(smallestLeaf, counts[index])
            } else {
                #expect(counts[index] >= minimumSamplesSplit)
            }
        }
        #expect(smallestLeaf >= minimumSamplesLeaf)
        if minimumSamplesLeaf == 1 && minimumSamplesSplit == 2 { #expect(smallestLeaf == 1) }
        // Larger limits give a smaller tree.
        let full = try DecisionTree.fit(x, labels: labels, classCount: 4)
        #expect(tree.leafCount <= full.leafCount)
    }

    @Test func missingValuesFollowTheLargerChild() throws {
        // Six rows of class 0 at 0, three of class 1 at 10, two of class 1 missing: the split at 5
        // sends the missing rows left with the six, where nothing more can split them.
        let column: [Double] = [0, 0, 0, 0, 0, 0, 10, 10, 10, .nan, .nan]
        let labels = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1]
        let tree = try DecisionTree.fit(FeatureMatrix(values: column, columnCount: 1), labels: labels, classCount: 2)
        #expect(tree.nodeCount == 3)
        #expect(tree.nodes[0].threshold == 5 && !tree.nodes[0].missingGoesRight)
        #expect(tree.predictProbabilities([Double.nan][...]) == [0.75, 0.25])
        #expect(tree.predictProbabilities([0.0][...]) == [0.75, 0.25])
        #expect(tree.predictProbabilities([10.0][...]) == [0, 1])
        // Mirrored, the larger child is on the right.
        let mirrored = try DecisionTree.fit(
            FeatureMatrix(values: column.map { -$0 }, columnCount: 1), labels: labels, classCount: 2)
        #expect(mirrored.nodes[0].missingGoesRight)
        #expect(mirrored.predictProbabilities([Double.nan][...]) == [0.75, 0.25])
    }

    @Test func missingValuesNeverBreakTrainingOrPrediction() throws {
        var (x, labels) = blobs(rows: 300, features: 6, classes: 3, spread: 3, seed: 13)
        var generator = SplitMix64(seed: 14)
        var values = x.values
        for index in values.indices where generator.nextUnit() < 0.3 { values[index] = .nan }
        for feature in 0..<6 { values[7 * 6 + feature] = .nan }  // a row with nothing
        for row in 0..<300 { values[row * 6 + 5] = .nan }  // a column with nothing
        x = FeatureMatrix(values: values, columnCount: 6)
        labels[7] = 2
        let forest = try RandomForest.fit(x, labels: labels, classCount: 3, configuration: .init(treeCount: 20))
        #expect(accuracy(forest, x, labels) > 0.9)
        for row in [[Double](repeating: .nan, count: 6), [0, .nan, 1, .nan, 2, .nan]] {
            let probabilities = forest.predictProbabilities(row[...])
            #expect(probabilities.allSatisfy(\.isFinite) && abs(probabilities.reduce(0, +) - 1) < 1e-12)
        }
        // Infinities at prediction are ordinary values.
        let extreme = forest.predictProbabilities([.infinity, -.infinity, 0, 0, 0, 0][...])
        #expect(abs(extreme.reduce(0, +) - 1) < 1e-12)
        // No feature ever splits on the all-missing column.
        #expect(forest.trees.allSatisfy { $0.nodes.allSatisfy { $0.feature != 5 } })
    }

    @Test func jsonRoundTripKeepsTheForest() throws {
        let (x, labels) = blobs(rows: 200, features: 4, classes: 3, spread: 1, seed: 15)
        var values = x.values
        values[3] = .nan
        let forest = try RandomForest.fit(
            FeatureMatrix(values: values, columnCount: 4), labels: labels, classCount: 3,
            configuration: .init(treeCount: 8, seed: .max, maximumDepth: 6, maximumFeatures: .fraction(0.5)))
        let data = try JSONEncoder().encode(forest)
        let decoded = try JSONDecoder().decode(RandomForest.self, from: data)
        #expect(decoded == forest)
        #expect(decoded.configuration.seed == .max && decoded.configuration.maximumFeatures == .fraction(0.5))
        for row in 0..<x.rowCount {
            #expect(decoded.predictProbabilities(x[row: row]) == forest.predictProbabilities(x[row: row]))
        }
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"threshold\":[") && json.contains("\"leafFrequencies\":["))
    }

    @Test func damagedJSONIsRejected() throws {
        let tree = try DecisionTree.fit(
            FeatureMatrix(values: [0, 1, 2, 3], columnCount: 1), labels: [0, 0, 1, 1], classCount: 2)
        let good = try JSONSerialization.jsonObject(with: JSONEncoder().encode(tree)) as! [String: Any]
        #expect(try JSONDecoder().decode(DecisionTree.self, from: JSONSerialization.data(withJSONObject: good)) == tree)
        let damages: [(String, Any)] = [
            ("child", [5, 0, 1]),  // a child out of range
            ("child", [0, 0, 1]),  // a cycle
            ("feature", [3, -1, -1]),  // a feature out of range
            ("feature", [0, -1]),  // arrays of different lengths
            ("missing", [2, 0, 0]),
            ("leafFrequencies", [1, 0, 0]),  // not whole leaves
            ("leafFrequencies", [1, 0, -1, 2]),  // a negative frequency
            ("leafFrequencies", [1, 0, 0, 1, 0.5, 0.5]),  // a leaf that no node names
            ("classCount", 0),
        ]
        for (key, value) in damages {
            var damaged = good
            damaged[key] = value
            let data = try JSONSerialization.data(withJSONObject: damaged)
            #expect(throws: DecodingError.self, "\(key)") { try JSONDecoder().decode(DecisionTree.self, from: data) }
        }
        let forest = try RandomForest.fit(
            FeatureMatrix(values: [0, 1, 2, 3], columnCount: 1), labels: [0, 0, 1, 1], classCount: 2,
            configuration: .init(treeCount: 2))
        var object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(forest)) as! [String: Any]
        object["classCount"] = 3
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RandomForest.self, from: data) }
    }

    @Test func badArgumentsAreErrors() {
        let x = FeatureMatrix(values: [0, 1, 2, 3, 4, 5], columnCount: 2)
        let labels = [0, 1, 1]
        func fit(
            _ x: FeatureMatrix = x, _ labels: [Int] = labels, classCount: Int = 2,
            configuration: RandomForest.Configuration = .init(treeCount: 3), threads: Int? = nil
        ) -> LocomotionError.Code? {
            code { () throws(LocomotionError) in
                _ = try RandomForest.fit(
                    x, labels: labels, classCount: classCount, configuration: configuration, threadCount: threads)
            }
        }
        #expect(fit() == nil)
        #expect(fit(FeatureMatrix(values: [], columnCount: 2), []) == .invalidParameter)
        #expect(fit(x, [0, 1]) == .invalidParameter)
        #expect(fit(x, [0, 1, 2]) == .invalidParameter)
        #expect(fit(x, [0, -1, 1]) == .invalidParameter)
        #expect(fit(classCount: 0) == .invalidParameter)
        #expect(fit(threads: 0) == .invalidParameter)
        #expect(fit(FeatureMatrix(values: [0, 1, .infinity, 3, 4, 5], columnCount: 2)) == .invalidData)
        let bad: [RandomForest.Configuration] = [
            .init(treeCount: 0), .init(treeCount: -3), .init(maximumDepth: -1), .init(minimumSamplesSplit: 1),
            .init(minimumSamplesLeaf: 0), .init(maximumFeatures: .count(0)), .init(maximumFeatures: .count(3)),
            .init(maximumFeatures: .fraction(0)), .init(maximumFeatures: .fraction(1.5)),
            .init(maximumFeatures: .fraction(.nan)),
        ]
        for configuration in bad { #expect(fit(configuration: configuration) == .invalidParameter, "\(configuration)") }
        #expect(
            code { () throws(LocomotionError) in
                _ = try DecisionTree.fit(x, labels: labels, classCount: 2, configuration: .init(minimumSamplesLeaf: 0))
            } == .invalidParameter)
    }

    @Test func featureSubsetSizesFollowScikitLearn() throws {
        typealias Features = DecisionTree.MaximumFeatures
        let cases: [(Features, Int, Int)] = [
            (.squareRoot, 1, 1), (.squareRoot, 10, 3), (.squareRoot, 16, 4), (.squareRoot, 99, 9),
            (.log2, 1, 1), (.log2, 2, 1), (.log2, 10, 3), (.log2, 16, 4), (.log2, 1023, 9), (.log2, 1024, 10),
            (.all, 7, 7), (.count(4), 7, 4), (.fraction(0.5), 7, 3), (.fraction(0.01), 7, 1), (.fraction(1), 7, 7),
        ]
        for (features, featureCount, expected) in cases {
            #expect(try features.resolved(featureCount: featureCount) == expected, "\(features) of \(featureCount)")
        }
    }

    @Test func depthZeroIsTheClassFrequencies() throws {
        let x = FeatureMatrix(values: [0, 1, 2, 3], columnCount: 1)
        let tree = try DecisionTree.fit(
            x, labels: [0, 1, 1, 1], classCount: 3, configuration: .init(maximumDepth: 0))
        #expect(tree.nodeCount == 1 && tree.depth == 0 && tree.leaf(for: [7][...]) == 0)
        #expect(tree.predictProbabilities([7][...]) == [0.25, 0.75, 0])
    }
}

/// The recorded outcome of ``RandomForestTests/trainingMatchesRecordedForest()``.
private enum RecordedForest {
    static let nodeCounts = [13, 9, 15, 13, 13]
    static let rootThresholds = [
        1.0704354483949023, 1.7584482131894525, 1.0141187519584003, 1.011677900877001, 1.7575271377211719,
    ]
    static let probabilities = [0.03636363636363636, 0.9553030303030303, 0.008333333333333333]
}
