/// The argument checks every model's `fit` makes, with the same errors.
enum ModelValidation {
    /// Checks that `x` and `labels` describe a non-empty labelled training set for `classCount`
    /// classes with no infinite value (NaN, a missing value, is allowed).
    ///
    /// - Throws: ``LocomotionError`` `.invalidParameter` for `classCount < 1`, no rows, a label
    ///   count that is not the row count or a label out of range; `.invalidData` for an infinite
    ///   value, naming its row and column.
    /// - Complexity: O(*n* · *d*).
    static func check(_ x: FeatureMatrix, labels: [Int], classCount: Int) throws(LocomotionError) {
        try LocomotionError.require(classCount, atLeast: 1, name: "classCount")
        try LocomotionError.require("x.rowCount", x.rowCount, x.rowCount > 0, "the training data must have rows")
        try LocomotionError.require(
            "labels.count", labels.count, labels.count == x.rowCount,
            "it must equal the row count (\(x.rowCount)): each row needs one label")
        if let row = labels.firstIndex(where: { !(0..<classCount).contains($0) }) {
            throw .invalidParameter(
                name: "labels[\(row)]", value: "\(labels[row])", requirement: "it must be a class in 0..<\(classCount)")
        }
        if let index = x.values.firstIndex(where: \.isInfinite) {
            throw LocomotionError(
                .invalidData,
                message: "row \(index / x.columnCount), column \(index % x.columnCount) is \(x.values[index]); "
                    + "training values must be finite or NaN (missing)")
        }
    }
}
