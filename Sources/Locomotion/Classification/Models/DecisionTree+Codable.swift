/// A tree is stored as parallel arrays of numbers, one element per node, plus the leaves'
/// frequencies:
///
/// | key | per node |
/// |---|---|
/// | `feature` | the split's feature index, or -1 for a leaf |
/// | `threshold` | the split's threshold (0 for a leaf) |
/// | `child` | a split's left child (the right child follows it), or a leaf's row of `leafFrequencies` |
/// | `missing` | 1 when a split sends a missing value right, else 0 |
///
/// `leafFrequencies` holds `classCount` values per leaf, leaf after leaf. Decoding checks that
/// the arrays describe a well-formed tree (every index in range, children after their parent,
/// finite thresholds and frequencies), so a damaged file is a `DecodingError`, never a trap at
/// prediction.
extension DecisionTree {
    enum CodingKeys: String, CodingKey {
        case classCount, featureCount, feature, threshold, child, missing, leafFrequencies
    }

    /// Decodes a tree and checks that it is well formed.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` naming the key of an index out of range, a child
    ///   before its parent, a non-finite threshold or frequency, or leaves that do not match the
    ///   frequencies; the decoder's own errors.
    /// - Complexity: O(*nodes* · *classes*).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let classCount = try container.decode(Int.self, forKey: .classCount)
        let featureCount = try container.decode(Int.self, forKey: .featureCount)
        let features = try container.decode([Int].self, forKey: .feature)
        let thresholds = try container.decode([Double].self, forKey: .threshold)
        let children = try container.decode([Int].self, forKey: .child)
        let missing = try container.decode([Int].self, forKey: .missing)
        let frequencies = try container.decode([Double].self, forKey: .leafFrequencies)

        func corrupt(_ key: CodingKeys, _ message: String) -> DecodingError {
            DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: message)
        }
        guard classCount >= 1 else { throw corrupt(.classCount, "classCount \(classCount) must be at least 1") }
        guard featureCount >= 1 else { throw corrupt(.featureCount, "featureCount \(featureCount) must be at least 1") }
        let count = features.count
        guard count >= 1, count < Int(Int32.max) else { throw corrupt(.feature, "a tree needs 1..<2³¹ nodes") }
        guard thresholds.count == count, children.count == count, missing.count == count else {
            throw corrupt(.feature, "feature, threshold, child and missing need one element per node")
        }
        guard frequencies.count % classCount == 0, frequencies.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw corrupt(.leafFrequencies, "leafFrequencies need \(classCount) finite, non-negative values per leaf")
        }
        let leafCount = frequencies.count / classCount
        var nodes: [Node] = []
        nodes.reserveCapacity(count)
        var leavesSeen = 0
        for index in 0..<count {
            let (feature, child) = (features[index], children[index])
            if feature < 0 {
                guard feature == -1, child >= 0, child < leafCount, child < count else {
                    throw corrupt(.child, "node \(index): a leaf needs feature -1 and a leaf index in 0..<\(leafCount)")
                }
                nodes.append(.leaf(child))
                leavesSeen += 1
            } else {
                guard feature < featureCount, feature < Int(Int32.max), thresholds[index].isFinite, child > index,
                    child + 1 < count,
                    missing[index] == 0 || missing[index] == 1
                else {
                    throw corrupt(
                        .child,
                        "node \(index): a split needs a feature in 0..<\(featureCount), a finite threshold, children after it and missing 0 or 1"
                    )
                }
                nodes.append(
                    Node(
                        threshold: thresholds[index], feature: feature, child: child,
                        missingGoesRight: missing[index] == 1))
            }
        }
        guard leavesSeen == leafCount else {
            throw corrupt(.leafFrequencies, "\(leavesSeen) leaves but frequencies for \(leafCount)")
        }
        self.init(classCount: classCount, featureCount: featureCount, nodes: nodes, leafFrequencies: frequencies)
    }

    /// Encodes the tree as parallel arrays of nodes and the leaves' class frequencies.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: The encoder's errors.
    /// - Complexity: O(*nodes* · *classes*).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(classCount, forKey: .classCount)
        try container.encode(featureCount, forKey: .featureCount)
        try container.encode(nodes.map { Int($0.feature) }, forKey: .feature)
        try container.encode(nodes.map(\.threshold), forKey: .threshold)
        try container.encode(nodes.map(\.child), forKey: .child)
        try container.encode(nodes.map { $0.missingGoesRight ? 1 : 0 }, forKey: .missing)
        try container.encode(leafFrequencies, forKey: .leafFrequencies)
    }
}
