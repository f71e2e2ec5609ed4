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
        let heldOut = try crossValidatedProbabilities(kind, on: set, folds: folds, seed: seed, progress: progress)
        var confusion = ActivityConfusion()
        for (row, probabilities) in heldOut.enumerated() {
            confusion.add(truth: set.activities[row], predicted: probabilities.mostProbable)
        }
        return confusion
    }

    /// The held-out probabilities of every row of `set`: for each of `folds` folds that never
    /// split a group (``ActivityTrainingSet/groupedFolds(_:)``), a model trained on the other
    /// folds classifies the held-out rows. With `folds` equal to the number of groups, each group
    /// is held out alone (leave one group out), which is how a model is measured on sources it
    /// has never seen, and the probabilities are what its calibration is measured on.
    ///
    /// - Parameters:
    ///   - kind: The kind of model to train in every fold.
    ///   - set: The labelled windows, with the group of each.
    ///   - folds: How many folds; at least 2 and at most the number of groups.
    ///   - seed: Seeds the training, so a run repeats bit for bit.
    ///   - progress: Called after each fold with (folds done, folds).
    /// - Returns: One ``ActivityProbabilities`` per row of `set`, in row order; an activity the
    ///   fold's training rows lack has probability 0.
    /// - Throws: As ``ActivityTrainingSet/groupedFolds(_:)`` and ``train(_:on:training:seed:)``
    ///   (a fold whose training rows hold fewer than two activities).
    /// - Complexity: `folds` trainings and one prediction per row.
    public static func crossValidatedProbabilities(
        _ kind: Kind, on set: ActivityTrainingSet, folds: Int, seed: UInt64 = 0,
        progress: ((Int, Int) -> Void)? = nil
    ) throws(LocomotionError) -> [ActivityProbabilities] {
        let partition = try set.groupedFolds(folds)
        var heldOutProbabilities = [ActivityProbabilities?](repeating: nil, count: set.count)
        let record = TrainingRecord(command: "cross-validation", sources: [], windowsPerClass: [], date: "")
        let matrix = set.matrix
        for (index, held) in partition.enumerated() {
            let heldOut = Set(held)
            let training = set.subset((0..<set.count).filter { !heldOut.contains($0) })
            let model = try train(kind, on: training, training: record, seed: seed)
            for row in held {
                let probabilities = model.trained.model.predictProbabilities(matrix[row: row])
                var byActivity = [Double](repeating: 0, count: ActivityType.decidable.count)
                for (classIndex, activity) in model.classes.enumerated() {
                    byActivity[ActivityType.decidable.firstIndex(of: activity)!] = probabilities[classIndex]
                }
                let normalised = ActivityProbabilities(weight: { byActivity[$0] })
                try LocomotionError.require(
                    "set", "row \(row)", normalised != nil,
                    "the \(kind.rawValue) model of fold \(index + 1) must give it probabilities")
                heldOutProbabilities[row] = normalised
            }
            progress?(index + 1, partition.count)
        }
        // groupedFolds partitions every row, so each row has been held out once.
        return heldOutProbabilities.map { $0! }
    }
}
