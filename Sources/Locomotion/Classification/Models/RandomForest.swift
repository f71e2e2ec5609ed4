import Dispatch
import Foundation

/// A random forest of CART classification trees (Breiman 2001), with scikit-learn's
/// `RandomForestClassifier` semantics: each tree grows on a bootstrap sample of the rows and
/// evaluates a random subset of the features at each node (⌊√*featureCount*⌋ by default), and the
/// forest's probabilities are the mean over trees of the class frequencies in the leaf each tree
/// reaches (scikit-learn's `predict_proba`).
///
/// A missing value (NaN) follows each split to the child that held more training samples, as
/// ``DecisionTree`` describes, so every row gets finite probabilities summing to 1 (up to
/// rounding).
///
/// Training runs the trees on several threads. Tree *i* draws its bootstrap sample and its
/// features from a generator seeded by ``Configuration/seed`` and *i* alone, and each tree is
/// stored at its index, so the forest is the same, bit for bit, whatever the thread count.
public struct RandomForest: ProbabilisticModel, Sendable, Hashable {
    /// The forest's size, sampling, seed and the growth limits of its trees.
    public struct Configuration: Sendable, Hashable, Codable {
        /// The number of trees, at least 1.
        public var treeCount: Int
        /// Whether each tree grows on a bootstrap sample (as many rows as the data, drawn with
        /// replacement) rather than on every row.
        public var bootstrap: Bool
        /// The seed of every random draw; the same seed and data give the same forest, bit for bit.
        public var seed: UInt64
        /// The deepest a leaf may be (the root is at depth 0); `nil` for no limit.
        public var maximumDepth: Int?
        /// The fewest samples a node needs to be split, at least 2. With bootstrap, a row drawn
        /// several times counts once, as in scikit-learn.
        public var minimumSamplesSplit: Int
        /// The fewest samples each child of a split must hold, at least 1 (distinct rows, as above).
        public var minimumSamplesLeaf: Int
        /// How many features each node's split search evaluates.
        public var maximumFeatures: DecisionTree.MaximumFeatures

        /// A configuration; the defaults are scikit-learn's for `RandomForestClassifier`.
        public init(
            treeCount: Int = 100, bootstrap: Bool = true, seed: UInt64 = 0, maximumDepth: Int? = nil,
            minimumSamplesSplit: Int = 2, minimumSamplesLeaf: Int = 1,
            maximumFeatures: DecisionTree.MaximumFeatures = .squareRoot
        ) {
            self.treeCount = treeCount
            self.bootstrap = bootstrap
            self.seed = seed
            self.maximumDepth = maximumDepth
            self.minimumSamplesSplit = minimumSamplesSplit
            self.minimumSamplesLeaf = minimumSamplesLeaf
            self.maximumFeatures = maximumFeatures
        }

        /// The configuration of each tree (its seed is unused: the forest seeds each tree's
        /// generator itself).
        var tree: DecisionTree.Configuration {
            DecisionTree.Configuration(
                maximumDepth: maximumDepth, minimumSamplesSplit: minimumSamplesSplit,
                minimumSamplesLeaf: minimumSamplesLeaf, maximumFeatures: maximumFeatures, seed: seed)
        }

        /// Checks the parameters that do not depend on the data: `treeCount >= 1` and the trees'
        /// parameters as ``DecisionTree/Configuration/validate()`` does.
        ///
        /// - Throws: ``LocomotionError/Code/invalidParameter`` naming the first parameter out of range.
        public func validate() throws(LocomotionError) {
            try LocomotionError.require(treeCount, atLeast: 1, name: "treeCount")
            try tree.validate()
        }
    }

    /// The configuration the forest was trained with.
    public let configuration: Configuration
    /// The number of classes; probabilities come in class-index order.
    public let classCount: Int
    /// The number of feature values a row must have.
    public let featureCount: Int
    /// The trees, in the order of their seeds.
    public let trees: [DecisionTree]

    private init(configuration: Configuration, classCount: Int, featureCount: Int, trees: [DecisionTree]) {
        self.configuration = configuration
        self.classCount = classCount
        self.featureCount = featureCount
        self.trees = trees
    }

    /// Trains a forest on the rows of `x`.
    ///
    /// - Parameters:
    ///   - x: One row per training sample; NaN marks a missing value, infinities are rejected.
    ///   - labels: The class of each row, in `0..<classCount`.
    ///   - classCount: The number of classes, at least 1 (a class need not occur in `labels`).
    ///   - configuration: The forest's size, sampling, seed and tree limits.
    ///   - threadCount: How many threads grow trees; `nil` for one per active processor. The
    ///     result does not depend on it.
    /// - Returns: The forest; the same arguments give the same forest, bit for bit.
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for an empty `x`, a label count that is
    ///   not the row count, a label out of range, a configuration value out of range or a
    ///   `threadCount` below 1; ``LocomotionError/Code/invalidData`` for an infinite feature value.
    /// - Complexity: O(*t* · *m* · *n* log *n* · *depth*) work for *t* trees, *n* rows and *m*
    ///   features evaluated per node, shared among the threads.
    public static func fit(
        _ x: FeatureMatrix, labels: [Int], classCount: Int, configuration: Configuration = Configuration(),
        threadCount: Int? = nil
    ) throws(LocomotionError) -> RandomForest {
        try DecisionTree.validateTrainingData(x, labels: labels, classCount: classCount)
        try configuration.validate()
        if let threadCount { try LocomotionError.require(threadCount, atLeast: 1, name: "threadCount") }
        let featureLimit = try configuration.maximumFeatures.resolved(featureCount: x.columnCount)
        let treeCount = configuration.treeCount
        let workers = min(treeCount, threadCount ?? ProcessInfo.processInfo.activeProcessorCount)

        var grown = [DecisionTree?](repeating: nil, count: treeCount)
        grown.withUnsafeMutableBufferPointer { buffer in
            let grown = TreeSlots(buffer: buffer)
            // Each worker takes every `workers`-th tree; tree i depends on (seed, i) only.
            let grow: @Sendable (Int) -> Void = { worker in
                var builder = TreeBuilder(
                    x: x, labels: labels, classCount: classCount, configuration: configuration.tree,
                    featureLimit: featureLimit)
                for index in stride(from: worker, to: treeCount, by: workers) {
                    var generator = SeededRandomGenerator(seed: configuration.seed, stream: index)
                    grown.buffer[index] = builder.build(bootstrap: configuration.bootstrap, generator: &generator)
                }
            }
            if workers == 1 {
                grow(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: workers, execute: grow)
            }
        }
        return RandomForest(
            configuration: configuration, classCount: classCount, featureCount: x.columnCount,
            trees: grown.map { $0! })
    }

    /// Writes the mean over trees of the class frequencies of the leaf each tree reaches into
    /// `probabilities`, without allocating.
    ///
    /// - Precondition: `row.count == featureCount`, `probabilities.count == classCount`.
    /// - Complexity: O(*t* · (*depth* + ``classCount``)) for *t* trees.
    public func predictProbabilities(_ row: ArraySlice<Double>, into probabilities: inout [Double]) {
        precondition(row.count == featureCount, "row needs \(featureCount) values, has \(row.count)")
        precondition(probabilities.count == classCount, "probabilities need \(classCount) elements")
        let treeCount = Double(trees.count)
        row.withUnsafeBufferPointer { row in
            probabilities.withUnsafeMutableBufferPointer { sums in
                sums.update(repeating: 0)
                for tree in trees { tree.accumulate(row, into: sums) }
                for index in sums.indices { sums[index] /= treeCount }
            }
        }
    }
}

/// The forest's output slots, shared by the training workers: slot *i* is written by the one
/// worker that grows tree *i*, and read only after all workers have finished.
private struct TreeSlots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<DecisionTree?>
}

extension RandomForest {
    enum CodingKeys: String, CodingKey {
        case configuration, classCount, featureCount, trees
    }

    /// Decodes a forest, checking that it has a tree and that every tree has the forest's class
    /// and feature counts.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` for a forest without trees or with a tree of other
    ///   counts, and as a tree's own decoding for a damaged tree; the decoder's own errors.
    /// - Complexity: O(all nodes · classes).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let configuration = try container.decode(Configuration.self, forKey: .configuration)
        let classCount = try container.decode(Int.self, forKey: .classCount)
        let featureCount = try container.decode(Int.self, forKey: .featureCount)
        let trees = try container.decode([DecisionTree].self, forKey: .trees)
        guard !trees.isEmpty,
            trees.allSatisfy({ $0.classCount == classCount && $0.featureCount == featureCount })
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .trees, in: container,
                debugDescription:
                    "a forest needs at least one tree, each with \(classCount) classes and \(featureCount) features")
        }
        self.init(configuration: configuration, classCount: classCount, featureCount: featureCount, trees: trees)
    }

    /// Encodes the configuration, the counts and every tree.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: The encoder's errors.
    /// - Complexity: O(all nodes · classes).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(configuration, forKey: .configuration)
        try container.encode(classCount, forKey: .classCount)
        try container.encode(featureCount, forKey: .featureCount)
        try container.encode(trees, forKey: .trees)
    }
}
