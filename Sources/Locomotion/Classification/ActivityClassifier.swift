/// Something that decides the activity of a window from its feature vector.
///
/// Classifiers consume feature vectors only, never raw samples; ``FeatureExtractor`` (or
/// ``Recording/features(_:sampleRate:maximumGap:threadCount:)``) makes the vectors.
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
}
