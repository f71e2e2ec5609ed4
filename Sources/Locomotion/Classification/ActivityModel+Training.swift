extension ActivityModel {
    /// Cross-validates a kind of model on `set`: for each of `folds` folds that never split a
    /// group (``ActivityTrainingSet/groupedFolds(_:)``), trains on the other folds and classifies
    /// the held-out one. Returns the pooled confusion matrix of the held-out predictions.
    ///
    /// - Parameters:
    ///   - kind: The kind of model to train in every fold.
    ///   - set: The labelled windows, with the group (person or recording) of each.
    ///   - folds: How many folds; at least 2 and at most the number of groups.
    ///   - seed: Seeds the fold assignment and the training, so a run repeats bit for bit.
    ///   - progress: Called after each fold with (folds done, folds).
    /// - Returns: The confusion matrix of every window's held-out prediction.
    /// - Throws: As ``ActivityTrainingSet/groupedFolds(_:)`` and ``train(_:on:training:seed:)``.
    /// - Complexity: `folds` trainings.
    public static func crossValidate(
        _ kind: Kind, on set: ActivityTrainingSet, folds: Int, seed: UInt64 = 0,
        progress: ((Int, Int) -> Void)? = nil
    ) throws(LocomotionError) -> ActivityConfusion {
        let partition = try set.groupedFolds(folds)
        var confusion = ActivityConfusion()
        let record = TrainingRecord(command: "cross-validation", sources: [], windowsPerClass: [], date: "")
        let matrix = set.matrix
        for (index, held) in partition.enumerated() {
            let heldOut = Set(held)
            let training = set.subset((0..<set.count).filter { !heldOut.contains($0) })
            let model = try train(kind, on: training, training: record, seed: seed)
            for row in held {
                let probabilities = model.trained.model.predictProbabilities(matrix[row: row])
                var best = 0
                for index in probabilities.indices where probabilities[index] > probabilities[best] { best = index }
                confusion.add(truth: set.activities[row], predicted: model.classes[best])
            }
            progress?(index + 1, partition.count)
        }
        return confusion
    }
}
