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
///     func classify(_ features: FeatureVector) throws -> ActivityResult { … }
/// }
/// let analysis = try recording.analyzeActivities(.init(classifier: .custom(StillOrNot())))
/// ```
public protocol ActivityClassifier: Sendable {
    /// The activity of the window `features` describe, with the window's times.
    ///
    /// - Throws: When the vector lacks a column the classifier needs.
    func classify(_ features: FeatureVector) throws -> ActivityResult

    /// The activity of every window of `table`, in order. The default classifies one vector at a
    /// time; classifiers that read columns by name look them up once for the whole table.
    ///
    /// - Throws: When the table lacks a column the classifier needs.
    /// - Complexity: O(*w*) classifications for *w* windows.
    func classify(_ table: FeatureTable) throws -> [ActivityResult]

    /// The activity of one window given what is known besides its features. The default ignores
    /// the context (``classify(_:)-(FeatureVector)``); ``VoteFusion`` lets the operating system's
    /// report vote.
    ///
    /// - Throws: When the vector lacks a column the classifier needs.
    func classify(_ features: FeatureVector, context: ActivityClassificationContext) throws -> ActivityResult

    /// The classifier bound to `schema`, for a stream of vectors of that schema: what it looks up
    /// by name (columns, class orders, buffers) is looked up once here, so that each window's call
    /// can allocate nothing. The default binds the classifier as it is
    /// (``ActivityClassifierBinding``), calling ``classify(_:context:)`` per window.
    ///
    /// - Throws: When `schema` lacks a column the classifier needs, or was made with other
    ///   extraction parameters than a trained model's (``ActivityError/Code/schemaMismatch``).
    /// - Complexity: Once per analysis; the per-window cost is the bound classifier's.
    func bound(to schema: FeatureSchema) throws -> any BoundActivityClassifier
}

/// A classifier bound to one feature schema (``ActivityClassifier/bound(to:)``): what an analysis
/// calls per window. It may keep buffers it writes per call (hence `mutating`).
///
/// - Precondition: Every vector has the schema the classifier was bound to (columns are read by
///   position).
public protocol BoundActivityClassifier: Sendable {
    /// The activity of one window of the bound schema, given its context.
    ///
    /// - Throws: What the classifier throws.
    mutating func classify(_ features: FeatureVector, context: ActivityClassificationContext) throws
        -> ActivityResult
}

/// What an analysis knows about a window besides its features, handed to the classifier with it.
///
/// Every analysis builds it by one rule: the GPS state and pedometer cadence are the window's
/// ``WindowContext`` (as feature extraction computes it at the window's end), and the activity
/// report is the latest one delivered before the window's last sample (a report whose
/// ``MotionActivityReport/start`` is at or before that sample's time, for a recording).
public struct ActivityClassificationContext: Sendable, Hashable {
    /// The operating system's latest activity report, or `nil` before the first.
    public var activityReport: MotionActivityReport?
    /// The GPS speed state at the window's end, or `nil` before the first fix.
    public var gps: WindowContext.GPSState?
    /// The latest pedometer cadence reported within the window, in steps/s, or `nil`.
    public var pedometerCadence: Double?

    /// Creates a context; nothing known by default.
    public init(
        activityReport: MotionActivityReport? = nil, gps: WindowContext.GPSState? = nil,
        pedometerCadence: Double? = nil
    ) {
        self.activityReport = activityReport
        self.gps = gps
        self.pedometerCadence = pedometerCadence
    }

    /// The context of a window with `window`'s GPS state and cadence and the report `report`.
    init(_ window: WindowContext, report: MotionActivityReport?) {
        self.init(activityReport: report, gps: window.gps, pedometerCadence: window.pedometerCadence)
    }
}

/// The default binding of a classifier (``ActivityClassifier/bound(to:)``): the classifier as it
/// is, asked through ``ActivityClassifier/classify(_:context:)`` per window.
public struct ActivityClassifierBinding<Base: ActivityClassifier>: BoundActivityClassifier {
    /// The classifier.
    public let base: Base

    /// Binds `base` as it is.
    public init(_ base: Base) { self.base = base }

    /// ``ActivityClassifier/classify(_:context:)`` of the classifier.
    public func classify(_ features: FeatureVector, context: ActivityClassificationContext) throws -> ActivityResult {
        try base.classify(features, context: context)
    }
}

extension ActivityClassifier {
    /// Ignores the context: ``classify(_:)-(FeatureVector)``.
    public func classify(_ features: FeatureVector, context: ActivityClassificationContext) throws -> ActivityResult {
        try classify(features)
    }

    /// Binds the classifier as it is (``ActivityClassifierBinding``).
    public func bound(to schema: FeatureSchema) throws -> any BoundActivityClassifier {
        ActivityClassifierBinding(self)
    }
}
