/// A trained model that gives a probability for each of `classCount` classes, from a row of
/// `featureCount` feature values (NaN for a missing value; each model documents how it treats
/// one).
public protocol ProbabilisticModel: Sendable, Codable {
    /// The number of classes; probabilities come in class-index order.
    var classCount: Int { get }
    /// The number of feature values a row must have.
    var featureCount: Int { get }
    /// Writes the class probabilities of `row` into `probabilities` (which has `classCount`
    /// elements), without allocating.
    ///
    /// - Precondition: `row.count == featureCount`, `probabilities.count == classCount`.
    func predictProbabilities(_ row: ArraySlice<Double>, into probabilities: inout [Double])
}
