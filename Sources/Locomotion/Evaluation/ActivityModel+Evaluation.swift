import Foundation

extension ActivityModel {
    /// Scores the model on one labelled recording: extracts the model's features
    /// (``featureConfiguration``), classifies every window, smooths the decisions and counts each
    /// scored window (the labelling rule of ``ActivityConfusion/init(results:truths:)``).
    ///
    /// - Parameters:
    ///   - recording: The recording; its labels give each window's truth unless `activity` is given.
    ///   - activity: The whole recording's activity, for a recording without labels (a folder of
    ///     the Create ML layout).
    ///   - smoothing: What smooths the window decisions before they are scored; make a hidden
    ///     Markov smoothing for the model's ``hop``.
    ///   - labelMap: Activities of label values the built-in names do not know.
    /// - Returns: The confusion matrix of the scored windows.
    /// - Throws: What ``Recording/features(_:sampleRate:maximumGap:threadCount:)`` throws, and
    ///   ``LocomotionError`` from the classification or the smoothing.
    /// - Complexity: The feature extraction plus O(*w* · model cost) for *w* windows.
    public func evaluate(
        on recording: Recording, activity: ActivityType? = nil, smoothing: ActivitySmoothing = .none,
        labelMap: [String: ActivityType] = [:]
    ) throws(LocomotionError) -> ActivityConfusion {
        let table = try recording.features(featureConfiguration)
        let results = try smoothing.apply(to: classify(table))
        let truths = ActivityTrainingSet.truths(of: table, recording: recording, activity: activity, labelMap: labelMap)
        return ActivityConfusion(results: results, truths: truths)
    }

    /// Scores the model on labelled recordings (``ActivityTrainingSet/sources(in:)`` finds them):
    /// each read with `reading` and scored as ``evaluate(on:activity:smoothing:labelMap:)`` does,
    /// the confusion matrices pooled.
    ///
    /// - Parameters:
    ///   - sources: The recordings, with the activity of those in activity-named folders.
    ///   - reading: How to read them.
    ///   - smoothing: As ``evaluate(on:activity:smoothing:labelMap:)``.
    ///   - progress: Called before each recording with its index and the source.
    /// - Returns: The pooled confusion matrix.
    /// - Throws: ``LocomotionError`` for a recording that cannot be read, else as
    ///   ``evaluate(on:activity:smoothing:labelMap:)``; the first error ends the evaluation.
    public func evaluate(
        _ sources: [ActivityTrainingSet.Source], reading: RecordingReadOptions = .init(),
        smoothing: ActivitySmoothing = .none, progress: ((Int, ActivityTrainingSet.Source) -> Void)? = nil
    ) throws(LocomotionError) -> ActivityConfusion {
        var confusion = ActivityConfusion()
        for (index, source) in sources.enumerated() {
            progress?(index, source)
            let recording = try RecordingImporter.read(path: source.path, options: reading).recording
            confusion.merge(try evaluate(on: recording, activity: source.activity, smoothing: smoothing))
        }
        return confusion
    }
}
