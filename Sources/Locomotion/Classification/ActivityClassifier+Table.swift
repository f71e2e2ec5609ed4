extension ActivityClassifier {
    /// Classifies every window of `table`, in order.
    ///
    /// - Throws: What ``classify(_:)`` throws, at the first window that fails.
    /// - Complexity: O(*w*) classifications for *w* windows.
    public func classify(_ table: FeatureTable) throws(LocomotionError) -> [ActivityResult] {
        var results: [ActivityResult] = []
        results.reserveCapacity(table.windows.count)
        for index in table.windows.indices { results.append(try classify(table[index])) }
        return results
    }
}
