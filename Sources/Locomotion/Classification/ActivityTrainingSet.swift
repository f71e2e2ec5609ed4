/// Labelled feature vectors for training and evaluating a model: one row per window, with its
/// activity and the group it came from (a recording or a person), so folds never split a group.
public struct ActivityTrainingSet: Sendable {
    /// The feature columns, in order.
    public let featureNames: [String]
    /// The schema of the columns (``featureNames``, with their units and the extraction
    /// parameters of the tables added), `nil` before the first table. Its sample rate is `nil`
    /// once tables of different rates have been added.
    public private(set) var schema: FeatureSchema?
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
    /// - Throws: ``LocomotionError/Code/schemaMismatch`` naming a feature the table lacks, or what
    ///   differs from the tables added before (schema version, a unit, or an extraction
    ///   parameter other than the sample rate: window, hop, gait band, axes, fix age).
    /// - Complexity: O(*w* · (*f* + *n*)) for *w* windows of *n* samples and *f* features.
    public mutating func add(
        _ table: FeatureTable, of recording: Recording, group: String, activity: ActivityType? = nil,
        labelMap: [String: ActivityType] = [:]
    ) throws(LocomotionError) {
        let columns = try Self.columns(of: featureNames, in: table.schema)
        try merge(table.schema)
        let truths = Self.truths(of: table, recording: recording, activity: activity, labelMap: labelMap)
        for (index, truth) in truths.enumerated() {
            guard case .activity(let truth) = truth else {
                if case .dropped(let reason) = truth { dropped[reason, default: 0] += 1 }
                continue
            }
            let row = table.row(index)
            for column in columns { values.append(row[row.startIndex + column]) }
            activities.append(truth)
            groups.append(group)
        }
    }

    /// Makes ``schema`` that of `tableSchema`'s columns on the first table; afterwards checks
    /// `tableSchema` agrees with it, and forgets the sample rate when the rates differ.
    private mutating func merge(_ tableSchema: FeatureSchema) throws(LocomotionError) {
        let incoming: FeatureSchema
        do {
            incoming = try tableSchema.selecting(featureNames)
        } catch {
            throw LocomotionError(.schemaMismatch, message: "\(error)")
        }
        guard let parameters = incoming.parameters else {
            throw LocomotionError(
                .schemaMismatch, message: "the feature table does not record its extraction parameters")
        }
        guard var current = schema, let currentParameters = current.parameters else {
            schema = incoming
            return
        }
        var anyRate = currentParameters
        anyRate.sampleRate = nil
        var differences = anyRate.differences(from: parameters)
        if current.version != incoming.version {
            differences.insert("schema version \(current.version), not \(incoming.version)", at: 0)
        }
        for (old, new) in zip(current.descriptors, incoming.descriptors) where old.unit != new.unit {
            differences.append("'\(old.name)' in \(old.unit), not \(new.unit)")
        }
        guard differences.isEmpty else {
            throw LocomotionError(
                .schemaMismatch,
                message:
                    "the feature table was made differently from the tables added before (theirs first): \(differences.joined(separator: "; "))"
            )
        }
        if let rate = currentParameters.sampleRate,
            parameters.sampleRate.map({ abs($0 - rate) > FeatureSchema.Parameters.sampleRateTolerance * rate }) ?? true
        {
            current.parameters?.sampleRate = nil
            schema = current
        }
    }

    /// The rows at `indices`, in that order (a fold's training or test rows).
    ///
    /// - Complexity: O(*k* · *f*).
    public func subset(_ indices: some Sequence<Int>) -> ActivityTrainingSet {
        var subset = ActivityTrainingSet(featureNames: featureNames)
        subset.schema = schema
        let width = featureNames.count
        for index in indices {
            subset.values += values[index * width..<(index + 1) * width]
            subset.activities.append(activities[index])
            subset.groups.append(groups[index])
        }
        return subset
    }

    /// The true activity of a window, or why it has none.
    public enum WindowTruth: Sendable, Hashable {
        /// The window's activity.
        case activity(ActivityType)
        /// The window is not scored, for this reason (`mixed label`, `unmapped label`, `unlabelled`).
        case dropped(String)

        /// The activity, or `nil` for a dropped window.
        public var activity: ActivityType? {
            if case .activity(let activity) = self { return activity }
            return nil
        }
    }

    /// The true activity of each window of `table`: `activity` for all when given, else the one
    /// label every sample of the window carries, when it names an activity.
    ///
    /// - Complexity: O(*w* · *n*).
    public static func truths(
        of table: FeatureTable, recording: Recording, activity: ActivityType? = nil,
        labelMap: [String: ActivityType] = [:]
    ) -> [WindowTruth] {
        table.windows.map { window in
            if let activity { return .activity(activity) }
            guard let labels = recording.labels, let first = labels[window.rows].first else {
                return .dropped("unlabelled")
            }
            guard labels[window.rows].allSatisfy({ $0 == first }) else { return .dropped("mixed label") }
            guard let mapped = labelMap[first] ?? ActivityType(label: first), mapped != .unknown else {
                return .dropped("unmapped label")
            }
            return .activity(mapped)
        }
    }

    /// The column of each name in `schema`.
    ///
    /// - Throws: ``LocomotionError/Code/schemaMismatch`` naming the first missing feature.
    static func columns(of names: [String], in schema: FeatureSchema) throws(LocomotionError) -> [Int] {
        let lookup = FeatureColumns(names, in: schema)
        if let missing = lookup.firstMissing(of: names) {
            throw LocomotionError(.schemaMismatch, message: "the feature table has no '\(missing)' column")
        }
        return lookup.positions.map { $0! }
    }

    /// `k` folds that never split a group: the groups, largest first (ties by name), each go to
    /// the fold with the fewest rows so far (ties to the lower fold). Returns each fold's row
    /// indices, ascending. Deterministic.
    ///
    /// - Throws: ``LocomotionError/Code/invalidParameter`` when `k < 2` or there are fewer groups
    ///   than folds.
    /// - Complexity: O(*n* + *g* log *g* + *g*·*k*).
    public func groupedFolds(_ k: Int) throws(LocomotionError) -> [[Int]] {
        var rowsOfGroup: [String: [Int]] = [:]
        for (row, group) in groups.enumerated() { rowsOfGroup[group, default: []].append(row) }
        try LocomotionError.require(
            "k", k, k >= 2 && rowsOfGroup.count >= k,
            "it must be at least 2 and at most the number of groups (\(rowsOfGroup.count))")
        let ordered = rowsOfGroup.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
        var folds = [[Int]](repeating: [], count: k)
        for (_, rows) in ordered {
            let smallest = folds.indices.min { (folds[$0].count, $0) < (folds[$1].count, $1) }!
            folds[smallest] += rows
        }
        return folds.map { $0.sorted() }
    }
}
