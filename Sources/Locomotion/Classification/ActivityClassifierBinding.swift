/// The default binding of a classifier (``ActivityClassifier/bound(to:)``): the classifier as it
/// is, asked through ``ActivityClassifier/classify(_:context:)`` per window.
public struct ActivityClassifierBinding<Base: ActivityClassifier>: BoundActivityClassifier {
    /// The classifier.
    public let base: Base

    /// Binds `base` as it is.
    public init(_ base: Base) { self.base = base }

    /// ``ActivityClassifier/classify(_:context:)`` of the classifier.
    public func classify(_ features: FeatureVector, context: ActivityClassificationContext) throws(LocomotionError)
        -> ActivityResult
    {
        try base.classify(features, context: context)
    }
}
