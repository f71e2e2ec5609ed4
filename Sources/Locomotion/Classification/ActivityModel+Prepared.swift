extension ActivityModel {
    /// The model bound to one feature schema: its columns, the evidence columns and the class
    /// order looked up once, the row and probability buffers made once, so that classifying a
    /// vector of that schema allocates only the result it returns. What ``ActivityDetector`` runs
    /// per window.
    struct Prepared: Sendable {
        let model: ActivityModel
        /// The trained model, boxed once (`Trained.model` boxes it on every access).
        private let probabilistic: any ProbabilisticModel
        private let columns: [Int]
        private let evidenceColumns: FeatureColumns
        /// For each ``ActivityType/decidable`` activity, its index among the model's classes.
        private let decidableClasses: [Int?]
        private var row: [Double]
        private var output: [Double]

        /// - Throws: ``ActivityError/Code/schemaMismatch`` when `schema` lacks a model column.
        init(_ model: ActivityModel, schema: FeatureSchema) throws(ActivityError) {
            self.model = model
            probabilistic = model.trained.model
            columns = try ActivityTrainingSet.columns(of: model.featureNames, in: schema)
            evidenceColumns = FeatureColumns(ActivityEvidence.columnNames, in: schema)
            decidableClasses = ActivityType.decidable.map { model.classes.firstIndex(of: $0) }
            row = [Double](repeating: .nan, count: columns.count)
            output = [Double](repeating: 0, count: model.classes.count)
        }

        /// The result for `vector`, which must have the schema given at initialisation; equal to
        /// ``ActivityModel/classify(_:)-(FeatureVector)``'s.
        ///
        /// - Complexity: O(*f*) plus the model; allocates the result's probabilities only.
        mutating func classify(_ vector: FeatureVector) -> ActivityResult {
            for (position, column) in columns.enumerated() { row[position] = vector.values[column] }
            probabilistic.predictProbabilities(row[...], into: &output)
            return ActivityModel.result(
                output, classes: model.classes, decidableClasses: decidableClasses,
                evidence: ActivityEvidence(values: vector.values, columns: evidenceColumns), start: vector.start,
                end: vector.end)
        }
    }
}
