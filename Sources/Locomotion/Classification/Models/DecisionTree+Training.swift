extension DecisionTree {
    /// Grows a tree on every row of `x`, as described on ``DecisionTree``.
    ///
    /// - Parameters:
    ///   - x: One row per training sample; NaN marks a missing value, infinities are rejected.
    ///   - labels: The class of each row, in `0..<classCount`.
    ///   - classCount: The number of classes, at least 1 (a class need not occur in `labels`).
    ///   - configuration: Stopping rules, feature subset size and seed.
    /// - Returns: The tree; the same arguments give the same tree, bit for bit.
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for an empty `x`, a label count that is
    ///   not the row count, a label out of range or a configuration value out of range;
    ///   ``LocomotionError/Code/invalidData`` for an infinite feature value (naming its row and
    ///   column).
    /// - Complexity: O(*m* · *n* log *n* · *depth*) for *n* rows and *m* features evaluated per
    ///   node; O(*n* + *d* + nodes) memory for *d* features.
    public static func fit(
        _ x: FeatureMatrix, labels: [Int], classCount: Int, configuration: Configuration = Configuration()
    ) throws(LocomotionError) -> DecisionTree {
        try validateTrainingData(x, labels: labels, classCount: classCount)
        try configuration.validate()
        let featureLimit = try configuration.maximumFeatures.resolved(featureCount: x.columnCount)
        var builder = TreeBuilder(
            x: x, labels: labels, classCount: classCount, configuration: configuration, featureLimit: featureLimit)
        var generator = SeededRandomGenerator(seed: configuration.seed, stream: 0)
        return builder.build(bootstrap: false, generator: &generator)
    }

    /// Checks training data: rows present, one label per row, each in `0..<classCount`, no
    /// infinite value, and fewer than 2³⁰ rows (so node indices fit in 32 bits).
    static func validateTrainingData(_ x: FeatureMatrix, labels: [Int], classCount: Int) throws(LocomotionError) {
        try LocomotionError.require("x.rowCount", x.rowCount, x.rowCount > 0, "the training data must have rows")
        try LocomotionError.require("x.rowCount", x.rowCount, x.rowCount < 1 << 30, "it must be below 2³⁰")
        try LocomotionError.require(
            "labels.count", labels.count, labels.count == x.rowCount,
            "it must equal the row count (\(x.rowCount)): each row needs one label")
        try LocomotionError.require(classCount, atLeast: 1, name: "classCount")
        if let row = labels.firstIndex(where: { $0 < 0 || $0 >= classCount }) {
            throw .invalidParameter(
                name: "labels[\(row)]", value: "\(labels[row])", requirement: "it must be a class in 0..<\(classCount)")
        }
        if let index = x.values.firstIndex(where: { $0.isInfinite }) {
            throw LocomotionError(
                .invalidData,
                message:
                    "row \(index / x.columnCount), column \(index % x.columnCount): the value \(x.values[index]) is infinite; use NaN for a missing value"
            )
        }
    }
}

/// The working memory and the algorithm of growing one tree. One builder serves many trees in
/// turn (a worker thread of ``RandomForest`` keeps one), allocating its buffers once.
struct TreeBuilder {
    private struct Entry {
        var value: Double
        var row: Int
    }

    private struct Split {
        var feature: Int
        var threshold: Double
        var missingGoesRight: Bool
    }

    private struct Pending {
        var node: Int
        var start: Int
        var end: Int
        var depth: Int
    }

    private let values: [Double]
    private let columnCount: Int
    private let rowCount: Int
    private let labels: [Int]
    private let classCount: Int
    private let maximumDepth: Int
    private let minimumSamplesSplit: Int
    private let minimumSamplesLeaf: Int
    private let featureLimit: Int

    /// The weight (bootstrap multiplicity) of each row.
    private var weights: [Int]
    /// The distinct rows with a positive weight; a node owns a contiguous range.
    private var samples: [Int]
    /// A permutation of the feature indices, from which each node draws.
    private var features: [Int]
    /// A node's non-missing values of one feature, sorted.
    private var entries: [Entry]
    private var nodeCounts: [Int]
    private var presentCounts: [Int]
    private var missingCounts: [Int]
    private var leftCounts: [Int]

    /// A builder for `x` and `labels`, which the caller has validated.
    init(
        x: FeatureMatrix, labels: [Int], classCount: Int, configuration: DecisionTree.Configuration,
        featureLimit: Int
    ) {
        values = x.values
        columnCount = x.columnCount
        rowCount = x.rowCount
        self.labels = labels
        self.classCount = classCount
        maximumDepth = configuration.maximumDepth ?? Int.max
        minimumSamplesSplit = configuration.minimumSamplesSplit
        minimumSamplesLeaf = configuration.minimumSamplesLeaf
        self.featureLimit = featureLimit
        weights = [Int](repeating: 0, count: rowCount)
        samples = []
        samples.reserveCapacity(rowCount)
        features = Array(0..<columnCount)
        entries = [Entry](repeating: Entry(value: 0, row: 0), count: rowCount)
        nodeCounts = [Int](repeating: 0, count: classCount)
        presentCounts = nodeCounts
        missingCounts = nodeCounts
        leftCounts = nodeCounts
    }

    /// Grows one tree: on a bootstrap sample (`rowCount` rows drawn with replacement, each row
    /// weighted by how often it was drawn) or on every row once. `generator` draws the sample
    /// and then the features of each node, depth first, left child before right.
    mutating func build(bootstrap: Bool, generator: inout SeededRandomGenerator) -> DecisionTree {
        if bootstrap {
            for row in 0..<rowCount { weights[row] = 0 }
            for _ in 0..<rowCount { weights[generator.next(below: rowCount)] += 1 }
        } else {
            for row in 0..<rowCount { weights[row] = 1 }
        }
        samples.removeAll(keepingCapacity: true)
        for row in 0..<rowCount where weights[row] > 0 { samples.append(row) }
        // The draws permute this array; start every tree from the same order, so a tree does not
        // depend on the trees this builder grew before it.
        for index in 0..<columnCount { features[index] = index }

        var nodes = [DecisionTree.Node.leaf(0)]
        var frequencies: [Double] = []
        var pending = [Pending(node: 0, start: 0, end: samples.count, depth: 0)]
        while let item = pending.popLast() {
            let totalWeight = countClasses(item.start, item.end)
            let size = item.end - item.start
            let isPure = nodeCounts.contains(totalWeight)
            if item.depth < maximumDepth, size >= minimumSamplesSplit, size >= 2 * minimumSamplesLeaf, !isPure,
                let split = bestSplit(item.start, item.end, generator: &generator)
            {
                let middle = partition(item.start, item.end, split)
                let left = nodes.count
                nodes.append(.leaf(0))
                nodes.append(.leaf(0))
                nodes[item.node] = DecisionTree.Node(
                    threshold: split.threshold, feature: split.feature, child: left,
                    missingGoesRight: split.missingGoesRight)
                pending.append(Pending(node: left + 1, start: middle, end: item.end, depth: item.depth + 1))
                pending.append(Pending(node: left, start: item.start, end: middle, depth: item.depth + 1))
            } else {
                // countClasses just filled nodeCounts for this node.
                nodes[item.node] = .leaf(frequencies.count / classCount)
                let total = Double(totalWeight)
                for count in nodeCounts { frequencies.append(Double(count) / total) }
            }
        }
        return DecisionTree(
            classCount: classCount, featureCount: columnCount, nodes: nodes, leafFrequencies: frequencies)
    }

    /// Fills `nodeCounts` with the weighted class counts of `samples[start..<end]`; returns their sum.
    private mutating func countClasses(_ start: Int, _ end: Int) -> Int {
        for index in 0..<classCount { nodeCounts[index] = 0 }
        var total = 0
        for position in start..<end {
            let row = samples[position]
            nodeCounts[labels[row]] += weights[row]
            total += weights[row]
        }
        return total
    }

    /// The best split of `samples[start..<end]` (whose class counts are in `nodeCounts`) over
    /// randomly drawn features, or `nil` when no feature has a split that leaves
    /// `minimumSamplesLeaf` samples on each side.
    private mutating func bestSplit(
        _ start: Int, _ end: Int, generator: inout SeededRandomGenerator
    ) -> Split? {
        var best: Split?
        // scikit-learn's proxy for the Gini decrease: Σ_children (Σ_k count_k²) / weight. The
        // children's weighted Gini impurity is (node weight − proxy) / node weight.
        var bestProxy = -Double.infinity
        // As scikit-learn: every drawn feature counts towards the limit, but the search goes on
        // past it until one feature with two distinct values has been evaluated.
        var drawn = 0
        var evaluatedAny = false
        while drawn < columnCount, drawn < featureLimit || !evaluatedAny {
            let pick = drawn + generator.next(below: columnCount - drawn)
            features.swapAt(drawn, pick)
            let feature = features[drawn]
            drawn += 1

            // Gather the node's values of this feature, missing ones apart.
            for index in 0..<classCount { missingCounts[index] = 0 }
            var missingRows = 0
            var missingWeight = 0
            var present = 0
            values.withUnsafeBufferPointer { values in
                for position in start..<end {
                    let row = samples[position]
                    let value = values[row * columnCount + feature]
                    if value.isNaN {
                        missingCounts[labels[row]] += weights[row]
                        missingRows += 1
                        missingWeight += weights[row]
                    } else {
                        entries[present] = Entry(value: value, row: row)
                        present += 1
                    }
                }
            }
            guard present >= 2 else { continue }
            entries[0..<present].sort { $0.value < $1.value }
            guard entries[0].value < entries[present - 1].value else { continue }  // constant here
            evaluatedAny = true

            var presentWeight = 0
            for index in 0..<classCount {
                presentCounts[index] = nodeCounts[index] - missingCounts[index]
                leftCounts[index] = 0
                presentWeight += presentCounts[index]
            }
            var leftWeight = 0
            for position in 0..<(present - 1) {
                let row = entries[position].row
                leftCounts[labels[row]] += weights[row]
                leftWeight += weights[row]
                let value = entries[position].value
                let next = entries[position + 1].value
                guard value < next else { continue }

                let rightWeight = presentWeight - leftWeight
                let missingGoesRight = rightWeight > leftWeight
                let leftRows = position + 1 + (missingGoesRight ? 0 : missingRows)
                let rightRows = present - position - 1 + (missingGoesRight ? missingRows : 0)
                guard leftRows >= minimumSamplesLeaf, rightRows >= minimumSamplesLeaf else { continue }

                var leftSquares = 0
                var rightSquares = 0
                for index in 0..<classCount {
                    var left = leftCounts[index]
                    var right = presentCounts[index] - left
                    if missingGoesRight { right += missingCounts[index] } else { left += missingCounts[index] }
                    leftSquares += left * left
                    rightSquares += right * right
                }
                let proxy =
                    Double(leftSquares) / Double(leftWeight + (missingGoesRight ? 0 : missingWeight))
                    + Double(rightSquares) / Double(rightWeight + (missingGoesRight ? missingWeight : 0))
                if proxy > bestProxy {
                    bestProxy = proxy
                    var threshold = value / 2 + next / 2
                    if threshold == next || !threshold.isFinite { threshold = value }
                    best = Split(feature: feature, threshold: threshold, missingGoesRight: missingGoesRight)
                }
            }
        }
        return best
    }

    /// Reorders `samples[start..<end]` so the rows `split` sends left come first; returns where
    /// the right child's rows begin.
    private mutating func partition(_ start: Int, _ end: Int, _ split: Split) -> Int {
        var low = start
        var high = end - 1
        while low <= high {
            let value = values[samples[low] * columnCount + split.feature]
            let goesLeft = value <= split.threshold || (value.isNaN && !split.missingGoesRight)
            if goesLeft {
                low += 1
            } else {
                samples.swapAt(low, high)
                high -= 1
            }
        }
        precondition(low > start && low < end, "a split must leave samples on both sides")
        return low
    }
}
