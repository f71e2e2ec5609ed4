/// A CART classification tree (Breiman, Friedman, Olshen & Stone 1984): binary splits
/// `value <= threshold` chosen by Gini impurity, leaves holding the class frequencies of the
/// training samples that reached them. The building block of ``RandomForest``; usable alone.
///
/// Training (``fit(_:labels:classCount:configuration:)``) follows scikit-learn's
/// `DecisionTreeClassifier`:
/// - At each node, ``Configuration/maximumFeatures`` features are drawn at random without
///   replacement. A feature whose values are all equal at the node (or missing) has no split; when
///   every drawn feature is like that, more are drawn until one is not (or none is left).
/// - Thresholds are the midpoints between consecutive distinct sorted values (the lower value
///   when the midpoint rounds up to the higher one). The split with the lowest weighted Gini
///   impurity of the two children wins; among equal splits, the first one evaluated (features in
///   draw order, thresholds in increasing order).
/// - A node becomes a leaf at ``Configuration/maximumDepth``, when it holds fewer than
///   ``Configuration/minimumSamplesSplit`` samples or fewer than twice
///   ``Configuration/minimumSamplesLeaf``, when it is pure, or when no split leaves at least
///   `minimumSamplesLeaf` samples on each side.
///
/// **Missing values (NaN).** At each split, samples whose feature value is missing go to the
/// child that holds more of the node's training samples with a value (by weight; the left child
/// on a tie). That direction is decided for every candidate threshold, the missing samples are
/// counted in that child when the split's impurity and leaf sizes are judged, and the chosen
/// split stores it, so prediction sends a missing value the same way. A split stores a direction
/// even when no training sample was missing there. Probabilities are therefore always finite and
/// sum to 1 (up to rounding). Infinite values are rejected in training; at prediction they
/// compare like any other value.
///
/// Nodes live in one flat array (children of a split are adjacent), and leaves' frequencies in
/// another, so prediction walks contiguous memory and allocates nothing.
public struct DecisionTree: ProbabilisticModel, Sendable, Hashable {
    /// How many features each node's split search evaluates.
    public enum MaximumFeatures: Sendable, Hashable, Codable {
        /// Every feature (as a single CART tree).
        case all
        /// ⌊√*featureCount*⌋, at least 1 (scikit-learn's `"sqrt"`, the forest's default).
        case squareRoot
        /// ⌊log₂ *featureCount*⌋, at least 1 (scikit-learn's `"log2"`).
        case log2
        /// This many features, `1...featureCount`.
        case count(Int)
        /// ⌊*fraction* · *featureCount*⌋, at least 1, for `fraction` in `(0, 1]`.
        case fraction(Double)

        /// The number of features for `featureCount` features.
        ///
        /// - Throws: ``LocomotionError/Code/invalidParameter`` for a count outside
        ///   `1...featureCount` or a fraction outside `(0, 1]`.
        /// - Complexity: O(1).
        public func resolved(featureCount: Int) throws(LocomotionError) -> Int {
            precondition(featureCount > 0, "featureCount must be positive")
            switch self {
            case .all:
                return featureCount
            case .squareRoot:
                return max(1, Int(Double(featureCount).squareRoot()))
            case .log2:
                var count = 0
                while 2 << count <= featureCount { count += 1 }  // ⌊log₂ n⌋ without rounding error
                return max(1, count)
            case .count(let count):
                try LocomotionError.require(
                    "maximumFeatures", count, (1...featureCount).contains(count),
                    "it must be in 1...\(featureCount) (the feature count)")
                return count
            case .fraction(let fraction):
                try LocomotionError.require(
                    "maximumFeatures", fraction, fraction > 0 && fraction <= 1, "a fraction must be in (0, 1]")
                return max(1, Int(fraction * Double(featureCount)))
            }
        }
    }

    /// Stopping rules, the feature subset size and the seed of one tree's training.
    public struct Configuration: Sendable, Hashable, Codable {
        /// The deepest a leaf may be (the root is at depth 0); `nil` grows the tree until every
        /// leaf is pure or too small to split.
        public var maximumDepth: Int?
        /// The fewest samples a node needs to be split, at least 2.
        public var minimumSamplesSplit: Int
        /// The fewest samples each child of a split must hold, at least 1.
        public var minimumSamplesLeaf: Int
        /// How many features each node's split search evaluates.
        public var maximumFeatures: MaximumFeatures
        /// The seed of the feature draws; the same seed and data give the same tree, bit for bit.
        public var seed: UInt64

        /// A configuration; the defaults grow a full tree over all features (scikit-learn's
        /// defaults for `DecisionTreeClassifier`).
        public init(
            maximumDepth: Int? = nil, minimumSamplesSplit: Int = 2, minimumSamplesLeaf: Int = 1,
            maximumFeatures: MaximumFeatures = .all, seed: UInt64 = 0
        ) {
            self.maximumDepth = maximumDepth
            self.minimumSamplesSplit = minimumSamplesSplit
            self.minimumSamplesLeaf = minimumSamplesLeaf
            self.maximumFeatures = maximumFeatures
            self.seed = seed
        }

        /// Checks the parameters that do not depend on the data: `maximumDepth` nil or at least 0
        /// (0 gives a single leaf), `minimumSamplesSplit >= 2`, `minimumSamplesLeaf >= 1`, and a
        /// `maximumFeatures` count of at least 1 or fraction in `(0, 1]`.
        ///
        /// - Throws: ``LocomotionError/Code/invalidParameter`` naming the first parameter out of range.
        public func validate() throws(LocomotionError) {
            if let maximumDepth {
                try LocomotionError.require(
                    "maximumDepth", maximumDepth, maximumDepth >= 0, "it must be nil or at least 0")
            }
            try LocomotionError.require(minimumSamplesSplit, atLeast: 2, name: "minimumSamplesSplit")
            try LocomotionError.require(minimumSamplesLeaf, atLeast: 1, name: "minimumSamplesLeaf")
            switch maximumFeatures {
            case .count(let count):
                try LocomotionError.require(count, atLeast: 1, name: "maximumFeatures")
            case .fraction(let fraction):
                try LocomotionError.require(
                    "maximumFeatures", fraction, fraction > 0 && fraction <= 1, "a fraction must be in (0, 1]")
            default:
                break
            }
        }
    }

    /// One node, 16 bytes (four to a cache line). A split sends `value <= threshold` to the node
    /// at `child`, a greater value to `child + 1`, and a missing value as `missingGoesRight` says;
    /// a leaf (`feature < 0`) names its row of ``leafFrequencies`` in `child`.
    @_spi(Testing) public struct Node: Sendable, Hashable {
        @_spi(Testing) public var threshold: Double
        /// The split's feature, or -1 for a leaf.
        @_spi(Testing) public var feature: Int32
        /// `child` in the low 31 bits, `missingGoesRight` in the top bit.
        private var link: UInt32

        init(threshold: Double, feature: Int, child: Int, missingGoesRight: Bool) {
            precondition(child >= 0 && child <= Int(Int32.max) && feature >= -1 && feature <= Int(Int32.max))
            self.threshold = threshold
            self.feature = Int32(feature)
            link = UInt32(child) | (missingGoesRight ? 1 << 31 : 0)
        }

        @_spi(Testing) public var isLeaf: Bool { feature < 0 }
        @_spi(Testing) public var child: Int { Int(link & 0x7FFF_FFFF) }
        @_spi(Testing) public var missingGoesRight: Bool { link >> 31 == 1 }
        /// 1 when `value` goes to the right child, else 0.
        @inline(__always)
        func rightStep(_ value: Double) -> Int {
            value > threshold ? 1 : (value.isNaN ? Int(link >> 31) : 0)
        }

        static func leaf(_ index: Int) -> Node {
            Node(threshold: 0, feature: -1, child: index, missingGoesRight: false)
        }
    }

    /// The number of classes; probabilities come in class-index order.
    public let classCount: Int
    /// The number of feature values a row must have.
    public let featureCount: Int
    /// The nodes, the root first; each split's children are adjacent and after it.
    @_spi(Testing) public let nodes: [Node]
    /// The class frequencies of each leaf (`classCount` values summing to 1), leaf after leaf.
    let leafFrequencies: [Double]

    init(classCount: Int, featureCount: Int, nodes: [Node], leafFrequencies: [Double]) {
        self.classCount = classCount
        self.featureCount = featureCount
        self.nodes = nodes
        self.leafFrequencies = leafFrequencies
    }

    /// The number of nodes, splits and leaves.
    public var nodeCount: Int { nodes.count }

    /// The number of leaves.
    public var leafCount: Int { leafFrequencies.count / classCount }

    /// The depth of the deepest leaf (0 for a tree that is a single leaf).
    ///
    /// - Complexity: O(``nodeCount``).
    public var depth: Int {
        // Children come after their parent, so one forward pass sees every parent first.
        var depths = [Int](repeating: 0, count: nodes.count)
        var deepest = 0
        for (index, node) in nodes.enumerated() where !node.isLeaf {
            let child = node.child
            depths[child] = depths[index] + 1
            depths[child + 1] = depths[index] + 1
            deepest = max(deepest, depths[index] + 1)
        }
        return deepest
    }

    /// The index of the leaf that `row` reaches, in `0..<leafCount` (scikit-learn's `apply`,
    /// numbered by leaf rather than by node).
    ///
    /// - Precondition: `row.count == featureCount`.
    /// - Complexity: O(``depth``), without allocating.
    public func leaf(for row: ArraySlice<Double>) -> Int {
        precondition(row.count == featureCount, "row needs \(featureCount) values, has \(row.count)")
        return row.withUnsafeBufferPointer { leaf(for: $0) }
    }

    /// The class frequencies of the training samples that reached leaf `index`: `classCount`
    /// values summing to 1.
    ///
    /// - Precondition: `0 <= index < leafCount`.
    /// - Complexity: O(1).
    public func frequencies(ofLeaf index: Int) -> ArraySlice<Double> {
        precondition(index >= 0 && index < leafCount, "leaf \(index) is not in 0..<\(leafCount)")
        return leafFrequencies[index * classCount..<(index + 1) * classCount]
    }

    /// Writes the class frequencies of the leaf that `row` reaches into `probabilities`, without
    /// allocating.
    ///
    /// - Precondition: `row.count == featureCount`, `probabilities.count == classCount`.
    /// - Complexity: O(``depth`` + ``classCount``).
    public func predictProbabilities(_ row: ArraySlice<Double>, into probabilities: inout [Double]) {
        precondition(row.count == featureCount, "row needs \(featureCount) values, has \(row.count)")
        precondition(probabilities.count == classCount, "probabilities need \(classCount) elements")
        let start = row.withUnsafeBufferPointer { leaf(for: $0) } * classCount
        for index in 0..<classCount { probabilities[index] = leafFrequencies[start + index] }
    }

    /// The leaf that `row` reaches: the hot loop of prediction.
    @inline(__always)
    func leaf(for row: UnsafeBufferPointer<Double>) -> Int {
        nodes.withUnsafeBufferPointer { nodes in
            var index = 0
            while true {
                let node = nodes[index]
                if node.isLeaf { return node.child }
                index = node.child &+ node.rightStep(row[Int(node.feature)])
            }
        }
    }

    /// Adds the class frequencies of the leaf that `row` reaches to `sums`.
    @inline(__always)
    func accumulate(_ row: UnsafeBufferPointer<Double>, into sums: UnsafeMutableBufferPointer<Double>) {
        let start = leaf(for: row) * classCount
        leafFrequencies.withUnsafeBufferPointer { frequencies in
            for index in 0..<classCount { sums[index] += frequencies[start + index] }
        }
    }
}
