/// A classifier bound to one feature schema (``ActivityClassifier/bound(to:)``): what an analysis
/// calls per window. It may keep buffers it writes per call (hence `mutating`).
///
/// - Precondition: Every vector has the schema the classifier was bound to (columns are read by
///   position).
public protocol BoundActivityClassifier: Sendable {
    /// The activity of one window of the bound schema, given its context.
    ///
    /// - Throws: What the classifier throws.
    mutating func classify(_ features: FeatureVector, context: ActivityClassificationContext) throws(LocomotionError)
        -> ActivityResult
}
