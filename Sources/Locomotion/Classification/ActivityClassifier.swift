/// Something that decides the activity of a window from its feature vector.
///
/// Classifiers consume feature vectors only, never raw samples; ``FeatureExtractor`` (or
/// ``Recording/features(_:sampleRate:maximumGap:threadCount:)``) makes the vectors.
///
/// **One plug.** Every analysis — a whole recording (``Recording/analyzeActivities(_:)``), chunks in
/// bounded memory (``RecordingAnalyzer``) and live events (``ActivityDetector``) — runs a classifier
/// the same way: it binds it once to the schema of the windows it will see (``bound(to:)``), then
/// asks the bound classifier for each window with that window's ``ActivityClassificationContext``
/// (the operating system's latest activity report, the GPS state, the pedometer cadence). The
/// rules, the vote fusion, trained models and a classifier of your own are alike to every
/// analysis. A simple classifier implements ``classify(_:)-(FeatureVector)`` only: the defaults
/// bind it as it is and ignore the context.
///
/// ```swift
/// struct StillOrNot: ActivityClassifier {
///     func classify(_ features: FeatureVector) throws(LocomotionError) -> ActivityResult { … }
/// }
/// let analysis = try recording.analyzeActivities(.init(classifier: .custom(StillOrNot())))
/// ```
public protocol ActivityClassifier: Sendable {
    /// The activity of the window `features` describe, with the window's times.
    ///
    /// - Throws: When the vector lacks a column the classifier needs.
    func classify(_ features: FeatureVector) throws(LocomotionError) -> ActivityResult

    /// The activity of every window of `table`, in order. The default classifies one vector at a
    /// time; classifiers that read columns by name look them up once for the whole table.
    ///
    /// - Throws: When the table lacks a column the classifier needs.
    /// - Complexity: O(*w*) classifications for *w* windows.
    func classify(_ table: FeatureTable) throws(LocomotionError) -> [ActivityResult]

    /// The activity of one window given what is known besides its features. The default ignores
    /// the context (``classify(_:)-(FeatureVector)``); ``VoteFusion`` lets the operating system's
    /// report vote.
    ///
    /// - Throws: When the vector lacks a column the classifier needs.
    func classify(_ features: FeatureVector, context: ActivityClassificationContext) throws(LocomotionError)
        -> ActivityResult

    /// The classifier bound to `schema`, for a stream of vectors of that schema: what it looks up
    /// by name (columns, class orders, buffers) is looked up once here, so that each window's call
    /// can allocate nothing. The default binds the classifier as it is
    /// (``ActivityClassifierBinding``), calling ``classify(_:context:)`` per window.
    ///
    /// - Throws: When `schema` lacks a column the classifier needs, or was made with other
    ///   extraction parameters than a trained model's (``LocomotionError/Code/schemaMismatch``).
    /// - Complexity: Once per analysis; the per-window cost is the bound classifier's.
    func bound(to schema: FeatureSchema) throws(LocomotionError) -> any BoundActivityClassifier
}

extension ActivityClassifier {
    /// Ignores the context: ``classify(_:)-(FeatureVector)``.
    public func classify(_ features: FeatureVector, context: ActivityClassificationContext) throws(LocomotionError)
        -> ActivityResult
    {
        try classify(features)
    }

    /// Binds the classifier as it is (``ActivityClassifierBinding``).
    public func bound(to schema: FeatureSchema) throws(LocomotionError) -> any BoundActivityClassifier {
        ActivityClassifierBinding(self)
    }
}
