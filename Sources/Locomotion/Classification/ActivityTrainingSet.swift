/// Labelled feature vectors for training and evaluating a model: one row per window, with its
/// activity and the group it came from (a recording or a person), so folds never split a group.
public struct ActivityTrainingSet: Sendable {
    /// The feature columns, in order.
    public let featureNames: [String]
    /// The feature values, one row per window.
    public private(set) var values: [Double] = []
    /// The true activity of each row.
    public private(set) var activities: [ActivityType] = []
    /// The group (recording or subject) of each row.
    public private(set) var groups: [String] = []
    /// Windows left out, by reason: `mixed label` (the window straddles a change of label),
    /// `unmapped label` (the label names no activity), `unlabelled`.
    public private(set) var dropped: [String: Int] = [:]

    /// An empty set of the named feature columns.
    public init(featureNames: [String]) {
        self.featureNames = featureNames
    }

    /// The number of rows.
    public var count: Int { activities.count }

    /// The rows as a matrix.
    public var matrix: FeatureMatrix { FeatureMatrix(values: values, columnCount: featureNames.count) }

    /// Adds the windows of `table`, extracted from `recording`.
    ///
    /// - Parameters:
    ///   - table: The recording's features; it must have every column of ``featureNames``.
    ///   - recording: The recording the table was made from (for its per-sample labels).
    ///   - group: The recording's group: its name, or its subject's.
    ///   - activity: The whole recording's activity (a folder per activity); `nil` to take each
    ///     window's from the recording's labels, keeping only windows whose samples all carry one
    ///     label that names an activity (``ActivityType/init(label:)`` or `labelMap`).
    ///   - labelMap: Translations of label values to activities, consulted before the built-in
    ///     names.
    /// - Throws: ``ActivityError/Code/schemaMismatch`` naming a feature the table lacks.
    /// - Complexity: O(*w* · (*f* + *n*)) for *w* windows of *n* samples and *f* features.
    public mutating func add(
        _ table: FeatureTable, of recording: Recording, group: String, activity: ActivityType? = nil,
        labelMap: [String: ActivityType] = [:]
    ) throws(ActivityError) {
        let columns = try Self.columns(of: featureNames, in: table.schema)
        for (index, window) in table.windows.enumerated() {
            let truth: ActivityType
            if let activity {
                truth = activity
            } else {
                guard let labels = recording.labels, let first = labels[window.rows].first else {
                    dropped["unlabelled", default: 0] += 1
                    continue
                }
                guard labels[window.rows].allSatisfy({ $0 == first }) else {
                    dropped["mixed label", default: 0] += 1
                    continue
                }
                guard let mapped = labelMap[first] ?? ActivityType(label: first), mapped != .unknown else {
                    dropped["unmapped label", default: 0] += 1
                    continue
                }
                truth = mapped
            }
            let row = table.row(index)
            for column in columns { values.append(row[row.startIndex + column]) }
            activities.append(truth)
            groups.append(group)
        }
    }

    /// The column of each name in `schema`.
    ///
    /// - Throws: ``ActivityError/Code/schemaMismatch`` naming the first missing feature.
    static func columns(of names: [String], in schema: FeatureSchema) throws(ActivityError) -> [Int] {
        var columns: [Int] = []
        for name in names {
            guard let column = schema.index(of: name) else {
                throw ActivityError(.schemaMismatch, "the feature table has no '\(name)' column")
            }
            columns.append(column)
        }
        return columns
    }

    /// `k` folds that never split a group: the groups, largest first (ties by name), each go to
    /// the fold with the fewest rows so far (ties to the lower fold). Returns each fold's row
    /// indices, ascending. Deterministic.
    ///
    /// - Throws: ``ActivityError/Code/invalidParameter`` when `k < 2` or there are fewer groups
    ///   than folds.
    /// - Complexity: O(*n* + *g* log *g* + *g*·*k*).
    public func groupedFolds(_ k: Int) throws(ActivityError) -> [[Int]] {
        var rowsOfGroup: [String: [Int]] = [:]
        for (row, group) in groups.enumerated() { rowsOfGroup[group, default: []].append(row) }
        guard k >= 2, rowsOfGroup.count >= k else {
            throw ActivityError(
                .invalidParameter,
                "\(k) folds need k >= 2 and at least k groups; the set has \(rowsOfGroup.count) group(s)")
        }
        let ordered = rowsOfGroup.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
        var folds = [[Int]](repeating: [], count: k)
        for (_, rows) in ordered {
            let smallest = folds.indices.min { (folds[$0].count, $0) < (folds[$1].count, $1) }!
            folds[smallest] += rows
        }
        return folds.map { $0.sorted() }
    }
}
