import Foundation

/// Gaussian naive Bayes: each class is a product of independent normal distributions, one per
/// feature, and the class probabilities follow from Bayes' rule.
///
/// The semantics are those of scikit-learn's `GaussianNB` (Zhang 2004, "The optimality of naive
/// Bayes"; scikit-learn 1.x documentation, "Gaussian Naive Bayes"):
///
/// - the prior of a class is its frequency among the training rows;
/// - per class and feature, the mean and the *population* variance (divisor *n*) of the training
///   values;
/// - `epsilon = varianceSmoothing · max_j var_j`, with `var_j` the variance of feature *j* over
///   all training rows, is added to every variance, so a feature that is constant within a class
///   does not give an infinite density;
/// - the joint log-likelihood `log P(k) − ½ Σ_j [log(2π σ²_kj) + (x_j − μ_kj)² / σ²_kj]` is
///   computed in log space, and the probabilities follow by log-sum-exp.
///
/// Missing values (NaN), which scikit-learn refuses:
///
/// - when fitting, a missing value is ignored for its feature: the mean and variance of a class
///   and feature use the class's non-missing values of that feature, and `var_j` above uses the
///   non-missing values of the column. A class with no value of a feature takes the mean and
///   variance of the whole column for it; a feature with no value at all is never used;
/// - when predicting, a missing feature is marginalised: its term is left out of the sum for every
///   class. A row with every feature missing gets the priors.
///
/// A class without training rows is allowed: its prior is 0, its probability is always exactly 0
/// and it never wins (its means and variances are those of the whole columns, so the model
/// stays finite and encodable).
///
/// Numerical safety, so that no input gives a NaN probability:
///
/// - the model stores standard deviations rather than variances, computed on values scaled by a
///   power of two, so training values up to ±1.8·10³⁰⁸ (whose variances would overflow) are
///   fine; the smoothed deviation is `√(σ² + epsilon)` and is at least
///   `Double.leastNormalMagnitude`;
/// - at prediction a standardised deviation `(x − μ) / σ` beyond ±10¹⁰⁰ (an infinite value
///   included) is taken as ±10¹⁰⁰. Only rows more than 10¹⁰⁰ standard deviations from every class
///   can see a difference from the exact formula: classes that are all that far apart on the same
///   features then tie on those features.
///
/// Feature values are in the units of the feature schema they come from; the model is
/// invariant to the units except through `epsilon`.
public struct GaussianNaiveBayes: ProbabilisticModel, Hashable {
    /// The number of classes; probabilities come in class-index order.
    public let classCount: Int
    /// The number of feature values a row must have.
    public let featureCount: Int
    /// The prior probability of each class: its frequency among the training rows (0 for a class
    /// without rows).
    public let classPriors: [Double]
    /// The mean of each class and feature, class after class: class *k*, feature *j* is
    /// `means[k * featureCount + j]`, in the feature's unit.
    public let means: [Double]
    /// The smoothed standard deviation `√(σ² + epsilon)` of each class and feature, laid out as
    /// ``means``, in the feature's unit; always positive and finite.
    public let standardDeviations: [Double]
    /// Whether each feature had at least one training value; a feature without is never used.
    public let observedFeatures: [Bool]
    /// The fraction of the largest feature variance added to every variance (scikit-learn's
    /// `var_smoothing`).
    public let varianceSmoothing: Double

    /// `log(classPriors)`, −∞ for a class without rows.
    private let logPriors: [Double]
    /// `log σ_kj + ½ log 2π`, laid out as `means`.
    private let logNormalisers: [Double]
    /// `1 / σ_kj`, laid out as `means`.
    private let inverseStandardDeviations: [Double]

    /// The smoothed variances `σ² + epsilon` (scikit-learn's `var_`), laid out as ``means``, in
    /// the square of the feature's unit. A variance of a feature whose values exceed about 10¹⁵⁴
    /// is +∞ here; the model itself works with ``standardDeviations`` and is not affected.
    ///
    /// - Complexity: O(`classCount` · `featureCount`).
    public var variances: [Double] { standardDeviations.map { $0 * $0 } }

    private init(
        classCount: Int, featureCount: Int, classPriors: [Double], means: [Double],
        standardDeviations: [Double], observedFeatures: [Bool], varianceSmoothing: Double
    ) {
        self.classCount = classCount
        self.featureCount = featureCount
        self.classPriors = classPriors
        self.means = means
        self.standardDeviations = standardDeviations
        self.observedFeatures = observedFeatures
        self.varianceSmoothing = varianceSmoothing
        logPriors = classPriors.map { $0 > 0 ? log($0) : -.infinity }
        let halfLogTwoPi = 0.5 * log(2 * Double.pi)
        logNormalisers = standardDeviations.map { log($0) + halfLogTwoPi }
        inverseStandardDeviations = standardDeviations.map { 1 / $0 }
    }

    /// Fits the model to labelled rows.
    ///
    /// - Parameters:
    ///   - x: The training rows, one per window, `x.columnCount` features each, in the units of
    ///     the feature schema; NaN marks a missing value (ignored, see the type's discussion).
    ///   - labels: The class index of each row, in `0..<classCount`.
    ///   - classCount: The number of classes (at least 1). A class with no rows is allowed; its
    ///     prior is 0 and it never wins.
    ///   - varianceSmoothing: The fraction of the largest feature variance added to every
    ///     variance; finite and not negative (scikit-learn's default 1e-9).
    /// - Returns: The fitted model.
    /// - Throws: ``LocomotionError`` with code ``LocomotionError/Code/invalidParameter`` when there are
    ///   no rows, when `labels.count` is not `x.rowCount`, when a label is outside
    ///   `0..<classCount`, when `classCount < 1` or when `varianceSmoothing` is negative or not
    ///   finite; with code ``LocomotionError/Code/invalidData`` when a training value is infinite
    ///   (the error names its row and column).
    /// - Complexity: O(*n* · *d* + *k* · *d*) time and O(*n*) extra space, for *n* rows, *d*
    ///   features and *k* classes.
    public static func fit(
        _ x: FeatureMatrix, labels: [Int], classCount: Int, varianceSmoothing: Double = 1e-9
    ) throws(LocomotionError) -> GaussianNaiveBayes {
        try ModelValidation.check(x, labels: labels, classCount: classCount)
        try LocomotionError.requireNonNegative(varianceSmoothing, name: "varianceSmoothing")
        let rowCount = x.rowCount
        let featureCount = x.columnCount
        var rowsOfClass = [[Int]](repeating: [], count: classCount)
        for (row, label) in labels.enumerated() { rowsOfClass[label].append(row) }
        let classPriors = rowsOfClass.map { Double($0.count) / Double(rowCount) }

        // The moments of each whole column (non-missing values): epsilon, and the fallback for a
        // class with no value of a feature.
        var columnMoments: [ModelNumerics.Moments?] = []
        var column: [Double] = []
        column.reserveCapacity(rowCount)
        for feature in 0..<featureCount {
            column.removeAll(keepingCapacity: true)
            for row in 0..<rowCount {
                let value = x[row, feature]
                if !value.isNaN { column.append(value) }
            }
            columnMoments.append(ModelNumerics.moments(column))
        }
        var largestDeviation = 0.0
        for moments in columnMoments {
            if let moments { largestDeviation = max(largestDeviation, moments.standardDeviation) }
        }
        // √epsilon = √(varianceSmoothing · max var_j) = √varianceSmoothing · max σ_j, which stays
        // finite when max var_j would not.
        let smoothing = varianceSmoothing.squareRoot() * largestDeviation
        func smoothed(_ deviation: Double) -> Double {
            let variance = deviation * deviation + smoothing * smoothing
            return max(variance.isFinite ? variance.squareRoot() : hypot(deviation, smoothing), .leastNormalMagnitude)
        }

        var means = [Double](repeating: 0, count: classCount * featureCount)
        var deviations = [Double](repeating: 1, count: classCount * featureCount)
        for feature in 0..<featureCount {
            guard let whole = columnMoments[feature] else { continue }
            for classIndex in 0..<classCount {
                column.removeAll(keepingCapacity: true)
                for row in rowsOfClass[classIndex] {
                    let value = x[row, feature]
                    if !value.isNaN { column.append(value) }
                }
                let moments = ModelNumerics.moments(column) ?? whole
                means[classIndex * featureCount + feature] = moments.mean
                deviations[classIndex * featureCount + feature] = smoothed(moments.standardDeviation)
            }
        }
        return GaussianNaiveBayes(
            classCount: classCount, featureCount: featureCount, classPriors: classPriors, means: means,
            standardDeviations: deviations, observedFeatures: columnMoments.map { $0 != nil },
            varianceSmoothing: varianceSmoothing)
    }

    /// The joint log-likelihood `log P(k) + Σ_j log N(x_j; μ_kj, σ²_kj)` of each class for `row`,
    /// in nats, with missing features left out (scikit-learn's `_joint_log_likelihood`); −∞ for a
    /// class without training rows.
    ///
    /// - Parameters:
    ///   - row: `featureCount` feature values, NaN for a missing one.
    ///   - scores: Receives `classCount` log-likelihoods.
    /// - Precondition: `row.count == featureCount`, `scores.count == classCount`.
    /// - Complexity: O(`classCount` · `featureCount`), no allocation.
    public func jointLogLikelihoods(_ row: ArraySlice<Double>, into scores: inout [Double]) {
        precondition(row.count == featureCount, "the row needs \(featureCount) values, got \(row.count)")
        precondition(scores.count == classCount, "scores needs \(classCount) elements, got \(scores.count)")
        let start = row.startIndex
        for classIndex in 0..<classCount {
            var score = logPriors[classIndex]
            if score == -.infinity {
                scores[classIndex] = score
                continue
            }
            let base = classIndex * featureCount
            for feature in 0..<featureCount where observedFeatures[feature] {
                let value = row[start + feature]
                if value.isNaN { continue }
                let deviation = ModelNumerics.clampDeviation(
                    (value - means[base + feature]) * inverseStandardDeviations[base + feature])
                score -= logNormalisers[base + feature] + 0.5 * deviation * deviation
            }
            scores[classIndex] = score
        }
    }

    /// Writes the class probabilities of `row` into `probabilities`, without allocating.
    ///
    /// The probabilities are the normalised exponentials of ``jointLogLikelihoods(_:into:)``
    /// (log-sum-exp); they are never NaN and sum to 1 (within rounding).
    ///
    /// - Parameters:
    ///   - row: `featureCount` feature values in the units of the feature schema; NaN for a
    ///     missing value, which is marginalised (a row of NaN gets ``classPriors``).
    ///   - probabilities: Receives `classCount` probabilities, in class-index order.
    /// - Precondition: `row.count == featureCount`, `probabilities.count == classCount`.
    /// - Complexity: O(`classCount` · `featureCount`).
    public func predictProbabilities(_ row: ArraySlice<Double>, into probabilities: inout [Double]) {
        jointLogLikelihoods(row, into: &probabilities)
        ModelNumerics.normaliseLogScores(&probabilities)
    }
}

extension GaussianNaiveBayes: Codable {
    private enum CodingKeys: String, CodingKey {
        case classCount, featureCount, classPriors, means, standardDeviations, observedFeatures, varianceSmoothing
    }

    /// Decodes a model written by `encode(to:)`, checking that its arrays fit its counts and its
    /// numbers are usable.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for an inconsistent or non-finite model.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let classCount = try container.decode(Int.self, forKey: .classCount)
        let featureCount = try container.decode(Int.self, forKey: .featureCount)
        let classPriors = try container.decode([Double].self, forKey: .classPriors)
        let means = try container.decode([Double].self, forKey: .means)
        let deviations = try container.decode([Double].self, forKey: .standardDeviations)
        let observed = try container.decode([Bool].self, forKey: .observedFeatures)
        let smoothing = try container.decode(Double.self, forKey: .varianceSmoothing)
        func corrupted(_ key: CodingKeys, _ message: String) -> DecodingError {
            .dataCorruptedError(forKey: key, in: container, debugDescription: message)
        }
        guard classCount >= 1 else { throw corrupted(.classCount, "classCount must be at least 1") }
        guard featureCount >= 1 else { throw corrupted(.featureCount, "featureCount must be at least 1") }
        guard classPriors.count == classCount, classPriors.allSatisfy({ $0.isFinite && $0 >= 0 }),
            classPriors.contains(where: { $0 > 0 })
        else { throw corrupted(.classPriors, "classCount priors, finite, not negative, one positive") }
        guard means.count == classCount * featureCount, means.allSatisfy(\.isFinite) else {
            throw corrupted(.means, "classCount × featureCount finite means")
        }
        guard deviations.count == classCount * featureCount, deviations.allSatisfy({ $0.isFinite && $0 > 0 }) else {
            throw corrupted(.standardDeviations, "classCount × featureCount positive finite standard deviations")
        }
        guard observed.count == featureCount else { throw corrupted(.observedFeatures, "featureCount flags") }
        guard smoothing.isFinite, smoothing >= 0 else {
            throw corrupted(.varianceSmoothing, "varianceSmoothing must be finite and at least 0")
        }
        self.init(
            classCount: classCount, featureCount: featureCount, classPriors: classPriors, means: means,
            standardDeviations: deviations, observedFeatures: observed, varianceSmoothing: smoothing)
    }

    /// Encodes the fitted parameters (the derived logarithms are recomputed when decoding).
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: The encoder's errors.
    /// - Complexity: O(*classes* · *features*).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(classCount, forKey: .classCount)
        try container.encode(featureCount, forKey: .featureCount)
        try container.encode(classPriors, forKey: .classPriors)
        try container.encode(means, forKey: .means)
        try container.encode(standardDeviations, forKey: .standardDeviations)
        try container.encode(observedFeatures, forKey: .observedFeatures)
        try container.encode(varianceSmoothing, forKey: .varianceSmoothing)
    }
}
