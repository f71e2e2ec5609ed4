extension ActivityClassifier {
    /// Classifies every window of `table`, in order.
    ///
    /// - Throws: What ``classify(_:)`` throws, at the first window that fails.
    /// - Complexity: O(*w*) classifications for *w* windows.
    public func classify(_ table: FeatureTable) throws -> [ActivityResult] {
        try table.windows.indices.map { try classify(table[$0]) }
    }
}
