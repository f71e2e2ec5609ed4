extension ActivityModel {
    /// The model bound to one feature schema: its columns, the evidence columns and the class
    /// order looked up once, the row and probability buffers made once, so that classifying a
    /// vector of that schema allocates nothing. What ``ActivityDetector`` runs per window; make one
    /// with ``prepared(for:)`` for any per-window loop.
    ///
    /// A value type; give each thread its own.
    public struct Prepared: Sendable {
        /// The model.
        public let model: ActivityModel
        /// The trained model, boxed once (`Trained.model` boxes it on every access).
        private let probabilistic: any ProbabilisticModel
        private let columns: [Int]
        private let evidenceColumns: FeatureColumns
        /// For each ``ActivityType/decidable`` activity, its index among the model's classes.
        private let decidableClasses: [Int?]
        private var row: [Double]
        private var output: [Double]

        /// - Throws: As ``ActivityModel/columns(in:)``.
        init(_ model: ActivityModel, schema: FeatureSchema) throws(LocomotionError) {
            self.model = model
            probabilistic = model.trained.model
            columns = try model.columns(in: schema)
            evidenceColumns = FeatureColumns(ActivityEvidence.columnNames, in: schema)
            decidableClasses = ActivityType.decidable.map { model.classes.firstIndex(of: $0) }
            row = [Double](repeating: .nan, count: columns.count)
            output = [Double](repeating: 0, count: model.classes.count)
        }

        /// The result for `vector`, which must have the schema given to ``ActivityModel/prepared(for:)``;
        /// equal to ``ActivityModel/classify(_:)-(FeatureVector)``'s.
        ///
        /// - Precondition: `vector.schema` is the bound schema (its columns are read by position).
        /// - Complexity: O(*f*) plus the model; no allocation.
        public mutating func classify(_ vector: FeatureVector) -> ActivityResult {
            for (position, column) in columns.enumerated() { row[position] = vector.values[column] }
            probabilistic.predictProbabilities(row[...], into: &output)
            ActivityModel.temper(&output, temperature: model.temperature)
            return ActivityModel.result(
                output, classes: model.classes, decidableClasses: decidableClasses,
                evidence: ActivityEvidence(values: vector.values, columns: evidenceColumns), start: vector.start,
                end: vector.end)
        }
    }

    /// The model bound to `schema` (``Prepared``): the per-window path that allocates nothing.
    ///
    /// - Throws: ``LocomotionError/Code/schemaMismatch`` when `schema` was made with other
    ///   extraction parameters or lacks one of ``featureNames`` (``columns(in:)``).
    /// - Complexity: O(*f* · *s*) lookups, once.
    public func prepared(for schema: FeatureSchema) throws(LocomotionError) -> Prepared {
        try Prepared(self, schema: schema)
    }
}

extension ActivityModel.Prepared: BoundActivityClassifier {
    /// ``classify(_:)``; the model reads nothing from the context.
    public mutating func classify(_ features: FeatureVector, context: ActivityClassificationContext)
        -> ActivityResult
    {
        classify(features)
    }
}
