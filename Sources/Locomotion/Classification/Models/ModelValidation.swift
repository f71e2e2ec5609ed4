/// The argument checks every model's `fit` makes, with the same errors.
enum ModelValidation {
    /// Checks that `x` and `labels` describe a non-empty labelled training set for `classCount`
    /// classes with no infinite value (NaN, a missing value, is allowed).
    ///
    /// - Throws: ``ActivityError`` `.invalidParameter` for `classCount < 1`, no rows, a label
    ///   count that is not the row count or a label out of range; `.invalidData` for an infinite
    ///   value, naming its row and column.
    /// - Complexity: O(*n* · *d*).
    static func check(_ x: FeatureMatrix, labels: [Int], classCount: Int) throws(ActivityError) {
        guard classCount >= 1 else {
            throw ActivityError(.invalidParameter, "classCount must be at least 1, got \(classCount)")
        }
        guard x.rowCount > 0 else { throw ActivityError(.invalidParameter, "no training rows") }
        guard labels.count == x.rowCount else {
            throw ActivityError(
                .invalidParameter, "\(labels.count) labels for \(x.rowCount) rows; every row needs one label")
        }
        if let row = labels.firstIndex(where: { !(0..<classCount).contains($0) }) {
            throw ActivityError(
                .invalidParameter, "label \(labels[row]) of row \(row) is outside 0..<\(classCount)")
        }
        if let index = x.values.firstIndex(where: \.isInfinite) {
            throw ActivityError(
                .invalidData,
                "row \(index / x.columnCount), column \(index % x.columnCount) is \(x.values[index]); "
                    + "training values must be finite or NaN (missing)")
        }
    }
}
