extension ActivityConfusion {
    /// Scores window decisions against the windows' truths, with the one labelling rule the
    /// package uses everywhere (``ActivityTrainingSet/truths(of:recording:activity:labelMap:)``):
    /// a window is scored only when every sample in it carries the same label and that label names
    /// an activity (or the whole recording's activity is given); a window whose samples carry more
    /// than one label, no label or a label that names no activity is not scored.
    ///
    /// - Parameters:
    ///   - results: One decision per window, in window order.
    ///   - truths: One truth per window, in the same order (extra elements of either are ignored).
    /// - Complexity: O(*w*) for *w* windows.
    public init(results: [ActivityResult], truths: [ActivityTrainingSet.WindowTruth]) {
        self.init()
        for (truth, result) in zip(truths, results) {
            if let truth = truth.activity { add(truth: truth, predicted: result.activity) }
        }
    }
}
