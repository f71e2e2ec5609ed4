/// A dense table of feature values for training and batch prediction: `rowCount` rows of
/// `columnCount` values, stored row after row. A missing value is NaN.
public struct FeatureMatrix: Sendable, Hashable, Codable {
    /// The number of rows (windows).
    public let rowCount: Int
    /// The number of columns (features).
    public let columnCount: Int
    /// The values, row-major: row *r*, column *c* is `values[r * columnCount + c]`.
    public private(set) var values: [Double]

    /// A matrix of `values` laid out row after row.
    ///
    /// - Precondition: `values.count` is a multiple of `columnCount`, and `columnCount > 0`.
    public init(values: [Double], columnCount: Int) {
        precondition(columnCount > 0 && values.count % columnCount == 0, "values must fill whole rows")
        self.values = values
        self.columnCount = columnCount
        rowCount = values.count / columnCount
    }

    /// A matrix of `rows`, each with `columnCount` values.
    ///
    /// - Precondition: every row has `columnCount` values, and `columnCount > 0`.
    /// - Complexity: O(rows × `columnCount`); copies the values.
    public init(rows: [[Double]], columnCount: Int) {
        precondition(rows.allSatisfy { $0.count == columnCount }, "every row needs columnCount values")
        self.init(values: rows.flatMap { $0 }, columnCount: columnCount)
    }

    /// Row `index`.
    ///
    /// - Complexity: O(1).
    public subscript(row index: Int) -> ArraySlice<Double> {
        values[index * columnCount..<(index + 1) * columnCount]
    }

    /// The value at `row`, `column`.
    public subscript(row: Int, column: Int) -> Double {
        values[row * columnCount + column]
    }

    /// The rows at `indices`, in that order (for folds and bootstrap samples).
    ///
    /// - Complexity: O(*k* · `columnCount`).
    public func rows(_ indices: some Sequence<Int>) -> FeatureMatrix {
        var selected: [Double] = []
        for index in indices { selected += self[row: index] }
        return FeatureMatrix(values: selected, columnCount: columnCount)
    }
}

extension ProbabilisticModel {
    /// The class probabilities of `row`.
    public func predictProbabilities(_ row: ArraySlice<Double>) -> [Double] {
        var probabilities = [Double](repeating: 0, count: classCount)
        predictProbabilities(row, into: &probabilities)
        return probabilities
    }

    /// The most probable class of `row`; the lowest index on a tie.
    public func predict(_ row: ArraySlice<Double>) -> Int {
        let probabilities = predictProbabilities(row)
        var best = 0
        for index in probabilities.indices where probabilities[index] > probabilities[best] { best = index }
        return best
    }
}
