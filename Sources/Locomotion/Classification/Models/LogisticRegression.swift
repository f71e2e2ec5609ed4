import Foundation

/// Multinomial (softmax) logistic regression on standardised features, with an L2 penalty.
///
/// Each feature is standardised with the mean and standard deviation of its training values,
/// `z_j = (x_j − mean_j) / scale_j` (a constant column, by the test scikit-learn's
/// `StandardScaler` uses, gets scale 1 and standardised training values of exactly 0, so its
/// weights are 0). The probability of class *k* is
/// `softmax(b + W z)_k`, and the fit minimises
///
///     Σ_i −log p(y_i | z_i) + 1 / (2C) · ‖W‖²
///
/// over the weights `W` (one row per class) and the intercepts `b`, which are not penalised. This
/// is the objective of scikit-learn's `LogisticRegression(C=c, solver="lbfgs")` with the
/// multinomial loss, fitted on `StandardScaler`-transformed data, so the probabilities agree with
/// it to the tolerance of both solvers. The minimiser is a deterministic limited-memory BFGS with a
/// strong-Wolfe line search, started at zero; the same data give the same model, bit for bit.
///
/// Missing values (NaN): when fitting, the mean and standard deviation of a feature use its
/// non-missing values, and a missing value is then replaced by the training mean (0 after
/// standardising), at training and at prediction alike. This is scikit-learn's
/// `StandardScaler()` followed by `SimpleImputer(strategy="constant", fill_value=0)`. A feature
/// with no training value has mean 0, scale 1 and weights 0.
///
/// A class without training rows is allowed: it is left out of the fit, its weights and intercept
/// are 0 and its probability is always exactly 0 (scikit-learn would not know the class). With
/// a single class that has rows, that class has probability 1 and nothing is fitted.
///
/// Numerical safety, so that no input gives a NaN probability: the standardisation statistics are
/// computed on values scaled by a power of two (training values up to ±1.8·10³⁰⁸ are fine), a
/// standardised value beyond ±10¹⁰⁰ (an infinite value at prediction included) is taken as
/// ±10¹⁰⁰, and the softmax is computed by log-sum-exp; an infinite logit can only arise from
/// weights above 10²⁰⁸ and is then shared out rather than turned into NaN.
///
/// Feature values are in the units of the feature schema they come from; the standardisation
/// makes the model invariant to those units. ``weights`` apply to standardised features.
public struct LogisticRegression: ProbabilisticModel, Hashable {
    /// How the minimisation ended.
    public struct ConvergenceReport: Sendable, Hashable, Codable {
        /// The number of accepted L-BFGS steps.
        public var iterations: Int
        /// The objective at the solution: the sum over training rows of the cross-entropy (in nats)
        /// plus `1 / (2C) · ‖W‖²`.
        public var loss: Double
        /// The largest absolute partial derivative of the objective divided by the number of
        /// training rows (the quantity compared with the tolerance, as scikit-learn's `tol` is).
        public var gradientNorm: Double
        /// Whether `gradientNorm` reached the tolerance within the iteration limit.
        public var converged: Bool

        /// A report of how a minimisation ended.
        ///
        /// - Parameters:
        ///   - iterations: The number of accepted solver steps.
        ///   - loss: The objective at the solution (sum of cross-entropies in nats plus the penalty).
        ///   - gradientNorm: The largest absolute partial derivative of the row-averaged objective.
        ///   - converged: Whether `gradientNorm` reached the tolerance.
        public init(iterations: Int, loss: Double, gradientNorm: Double, converged: Bool) {
            self.iterations = iterations
            self.loss = loss
            self.gradientNorm = gradientNorm
            self.converged = converged
        }
    }

    /// The number of classes; probabilities come in class-index order.
    public let classCount: Int
    /// The number of feature values a row must have.
    public let featureCount: Int
    /// The training mean of each feature (of its non-missing values), in the feature's unit.
    public let featureMeans: [Double]
    /// The training standard deviation of each feature (1 for a constant or never-observed
    /// column), in the feature's unit.
    public let featureScales: [Double]
    /// The weights on the standardised features, class after class: class *k*, feature *j* is
    /// `weights[k * featureCount + j]`, in nats per standard deviation.
    public let weights: [Double]
    /// The intercept of each class, in nats. Softmax intercepts are defined up to a common
    /// constant; the solver, started at zero, keeps them summing to about 0.
    public let intercepts: [Double]
    /// Whether each class had training rows; a class without has probability 0.
    public let trainedClasses: [Bool]
    /// The inverse penalty strength (scikit-learn's `C`).
    public let c: Double
    /// How the fit ended.
    public let convergence: ConvergenceReport

    private init(
        classCount: Int, featureCount: Int, featureMeans: [Double], featureScales: [Double], weights: [Double],
        intercepts: [Double], trainedClasses: [Bool], c: Double, convergence: ConvergenceReport
    ) {
        self.classCount = classCount
        self.featureCount = featureCount
        self.featureMeans = featureMeans
        self.featureScales = featureScales
        self.weights = weights
        self.intercepts = intercepts
        self.trainedClasses = trainedClasses
        self.c = c
        self.convergence = convergence
    }

    /// Fits the model to labelled rows.
    ///
    /// - Parameters:
    ///   - x: The training rows, one per window, `x.columnCount` features each, in the units of
    ///     the feature schema; NaN marks a missing value (replaced by the training mean).
    ///   - labels: The class index of each row, in `0..<classCount`.
    ///   - classCount: The number of classes (at least 1). A class with no rows is allowed; its
    ///     probability is always 0.
    ///   - c: The inverse L2 penalty strength, positive and finite (scikit-learn's `C`); larger
    ///     is weaker.
    ///   - maximumIterations: The most L-BFGS steps, at least 0.
    ///   - tolerance: Converged when every partial derivative of the objective divided by the
    ///     number of rows is at most this in magnitude; finite and not negative.
    /// - Returns: The fitted model; ``convergence`` says whether the tolerance was reached (a fit
    ///   that stops at the iteration limit is still returned).
    /// - Throws: ``LocomotionError`` with code ``LocomotionError/Code/invalidParameter`` when there are
    ///   no rows, when `labels.count` is not `x.rowCount`, when a label is outside
    ///   `0..<classCount`, when `classCount < 1`, or when `c`, `maximumIterations` or `tolerance`
    ///   is out of range; with code ``LocomotionError/Code/invalidData`` when a training value is
    ///   infinite (the error names its row and column).
    /// - Complexity: O(*n* · *d* · *k*) per function evaluation, a few evaluations per iteration,
    ///   at most `maximumIterations` iterations; O(*n* · *d* + *k* · *d* · 10) extra space, for
    ///   *n* rows, *d* features and *k* classes.
    public static func fit(
        _ x: FeatureMatrix, labels: [Int], classCount: Int, c: Double = 1.0, maximumIterations: Int = 500,
        tolerance: Double = 1e-8
    ) throws(LocomotionError) -> LogisticRegression {
        try ModelValidation.check(x, labels: labels, classCount: classCount)
        try LocomotionError.requirePositive(c, name: "c")
        try LocomotionError.require(maximumIterations, atLeast: 0, name: "maximumIterations")
        try LocomotionError.requireNonNegative(tolerance, name: "tolerance")
        let rowCount = x.rowCount
        let featureCount = x.columnCount

        // Standardisation from the non-missing values of each column.
        var means = [Double](repeating: 0, count: featureCount)
        var scales = [Double](repeating: 1, count: featureCount)
        var isInformative = [Bool](repeating: false, count: featureCount)
        var column: [Double] = []
        column.reserveCapacity(rowCount)
        for feature in 0..<featureCount {
            column.removeAll(keepingCapacity: true)
            for row in 0..<rowCount {
                let value = x[row, feature]
                if !value.isNaN { column.append(value) }
            }
            guard let moments = ModelNumerics.moments(column) else { continue }
            means[feature] = moments.mean
            if moments.isNearlyConstant || moments.standardDeviation == 0 { continue }
            scales[feature] = moments.standardDeviation
            isInformative[feature] = true
        }
        // A constant column is all zeros (not the rounding error of its mean), so its weights are 0.
        var standardised = [Double](repeating: 0, count: rowCount * featureCount)
        for row in 0..<rowCount {
            for feature in 0..<featureCount where isInformative[feature] {
                standardised[row * featureCount + feature] = Self.standardise(
                    x[row, feature], mean: means[feature], scale: scales[feature])
            }
        }

        // Only the classes with rows take part in the fit.
        var trained = [Bool](repeating: false, count: classCount)
        for label in labels { trained[label] = true }
        let activeClasses = (0..<classCount).filter { trained[$0] }
        var activeIndex = [Int](repeating: -1, count: classCount)
        for (index, classIndex) in activeClasses.enumerated() { activeIndex[classIndex] = index }

        var weights = [Double](repeating: 0, count: classCount * featureCount)
        var intercepts = [Double](repeating: 0, count: classCount)
        let report: ConvergenceReport
        if activeClasses.count == 1 {
            report = ConvergenceReport(iterations: 0, loss: 0, gradientNorm: 0, converged: true)
        } else {
            let objective = SoftmaxObjective(
                rows: standardised, labels: labels.map { activeIndex[$0] }, rowCount: rowCount,
                featureCount: featureCount, classCount: activeClasses.count, penalty: 1 / (c * Double(rowCount)))
            let solver = LimitedMemoryBFGS(maximumIterations: maximumIterations, tolerance: tolerance)
            var logits = [Double](repeating: 0, count: activeClasses.count)
            let result = solver.minimise(
                from: [Double](repeating: 0, count: activeClasses.count * (featureCount + 1))
            ) { parameters, gradient in
                objective.evaluate(parameters, gradient: &gradient, logits: &logits)
            }
            let stride = featureCount + 1
            for (index, classIndex) in activeClasses.enumerated() {
                for feature in 0..<featureCount {
                    weights[classIndex * featureCount + feature] = result.solution[index * stride + feature]
                }
                intercepts[classIndex] = result.solution[index * stride + featureCount]
            }
            report = ConvergenceReport(
                iterations: result.iterations, loss: result.value * Double(rowCount),
                gradientNorm: result.gradientNorm, converged: result.converged)
        }
        return LogisticRegression(
            classCount: classCount, featureCount: featureCount, featureMeans: means, featureScales: scales,
            weights: weights, intercepts: intercepts, trainedClasses: trained, c: c, convergence: report)
    }

    /// `(value − mean) / scale`, 0 for a missing value, limited to ±10¹⁰⁰.
    @inline(__always)
    private static func standardise(_ value: Double, mean: Double, scale: Double) -> Double {
        if value.isNaN { return 0 }
        var standardised = (value - mean) / scale
        if standardised.isNaN { standardised = value / scale - mean / scale }
        return ModelNumerics.clampDeviation(standardised)
    }

    /// Writes the class probabilities of `row` into `probabilities`, without allocating.
    ///
    /// The probabilities are the softmax of `b + W z` for the standardised row `z`; they are
    /// never NaN and sum to 1 (within rounding).
    ///
    /// - Parameters:
    ///   - row: `featureCount` feature values in the units of the feature schema; NaN for a
    ///     missing value, which is replaced by the training mean.
    ///   - probabilities: Receives `classCount` probabilities, in class-index order.
    /// - Precondition: `row.count == featureCount`, `probabilities.count == classCount`.
    /// - Complexity: O(`classCount` · `featureCount`).
    public func predictProbabilities(_ row: ArraySlice<Double>, into probabilities: inout [Double]) {
        precondition(row.count == featureCount, "the row needs \(featureCount) values, got \(row.count)")
        precondition(
            probabilities.count == classCount, "probabilities needs \(classCount) elements, got \(probabilities.count)")
        for classIndex in 0..<classCount {
            probabilities[classIndex] = trainedClasses[classIndex] ? intercepts[classIndex] : -.infinity
        }
        let start = row.startIndex
        for feature in 0..<featureCount {
            let value = Self.standardise(
                row[start + feature], mean: featureMeans[feature], scale: featureScales[feature])
            for classIndex in 0..<classCount where trainedClasses[classIndex] {
                probabilities[classIndex] += weights[classIndex * featureCount + feature] * value
            }
        }
        ModelNumerics.normaliseLogScores(&probabilities)
    }
}

extension LogisticRegression: Codable {
    private enum CodingKeys: String, CodingKey {
        case classCount, featureCount, featureMeans, featureScales, weights, intercepts, trainedClasses, c, convergence
    }

    /// Decodes a model written by `encode(to:)`, checking that its arrays fit its counts and its
    /// numbers are usable.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for an inconsistent or non-finite model.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let classCount = try container.decode(Int.self, forKey: .classCount)
        let featureCount = try container.decode(Int.self, forKey: .featureCount)
        let means = try container.decode([Double].self, forKey: .featureMeans)
        let scales = try container.decode([Double].self, forKey: .featureScales)
        let weights = try container.decode([Double].self, forKey: .weights)
        let intercepts = try container.decode([Double].self, forKey: .intercepts)
        let trained = try container.decode([Bool].self, forKey: .trainedClasses)
        let c = try container.decode(Double.self, forKey: .c)
        let convergence = try container.decode(ConvergenceReport.self, forKey: .convergence)
        func corrupted(_ key: CodingKeys, _ message: String) -> DecodingError {
            .dataCorruptedError(forKey: key, in: container, debugDescription: message)
        }
        guard classCount >= 1 else { throw corrupted(.classCount, "classCount must be at least 1") }
        guard featureCount >= 1 else { throw corrupted(.featureCount, "featureCount must be at least 1") }
        guard means.count == featureCount, means.allSatisfy(\.isFinite) else {
            throw corrupted(.featureMeans, "featureCount finite means")
        }
        guard scales.count == featureCount, scales.allSatisfy({ $0.isFinite && $0 > 0 }) else {
            throw corrupted(.featureScales, "featureCount positive finite scales")
        }
        guard weights.count == classCount * featureCount, weights.allSatisfy(\.isFinite) else {
            throw corrupted(.weights, "classCount × featureCount finite weights")
        }
        guard intercepts.count == classCount, intercepts.allSatisfy(\.isFinite) else {
            throw corrupted(.intercepts, "classCount finite intercepts")
        }
        guard trained.count == classCount, trained.contains(true) else {
            throw corrupted(.trainedClasses, "classCount flags, at least one class trained")
        }
        guard c.isFinite, c > 0 else { throw corrupted(.c, "c must be positive and finite") }
        self.init(
            classCount: classCount, featureCount: featureCount, featureMeans: means, featureScales: scales,
            weights: weights, intercepts: intercepts, trainedClasses: trained, c: c, convergence: convergence)
    }

    /// Encodes the fitted parameters and the convergence report.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: The encoder's errors.
    /// - Complexity: O(*classes* · *features*).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(classCount, forKey: .classCount)
        try container.encode(featureCount, forKey: .featureCount)
        try container.encode(featureMeans, forKey: .featureMeans)
        try container.encode(featureScales, forKey: .featureScales)
        try container.encode(weights, forKey: .weights)
        try container.encode(intercepts, forKey: .intercepts)
        try container.encode(trainedClasses, forKey: .trainedClasses)
        try container.encode(c, forKey: .c)
        try container.encode(convergence, forKey: .convergence)
    }
}

/// The mean-scaled training objective of multinomial logistic regression,
/// `(1/n) Σ_i [logsumexp(z_i) − z_{i,y_i}] + penalty/2 · ‖W‖²` with `z_i = W x_i + b`, and its
/// gradient. Parameters are class after class, each `featureCount` weights then the intercept.
struct SoftmaxObjective {
    /// Standardised rows, row-major.
    let rows: [Double]
    /// The class of each row, in `0..<classCount`.
    let labels: [Int]
    let rowCount: Int
    let featureCount: Int
    let classCount: Int
    /// `1 / (C · n)`.
    let penalty: Double

    /// The objective at `parameters`; writes its gradient into `gradient`. `logits` is scratch of
    /// `classCount` elements.
    ///
    /// - Complexity: O(*n* · *d* · *k*), no allocation.
    func evaluate(_ parameters: [Double], gradient: inout [Double], logits: inout [Double]) -> Double {
        let stride = featureCount + 1
        let featureCount = featureCount
        let classCount = classCount
        var loss = 0.0
        rows.withUnsafeBufferPointer { rows in
            parameters.withUnsafeBufferPointer { theta in
                gradient.withUnsafeMutableBufferPointer { gradient in
                    logits.withUnsafeMutableBufferPointer { logits in
                        for index in gradient.indices { gradient[index] = 0 }
                        for row in 0..<rowCount {
                            let base = row * featureCount
                            var largest = -Double.infinity
                            for classIndex in 0..<classCount {
                                let offset = classIndex * stride
                                var logit = theta[offset + featureCount]
                                for feature in 0..<featureCount {
                                    logit += theta[offset + feature] * rows[base + feature]
                                }
                                logits[classIndex] = logit
                                largest = max(largest, logit)
                            }
                            let label = labels[row]
                            let labelLogit = logits[label]
                            var total = 0.0
                            for classIndex in 0..<classCount {
                                let weight = exp(logits[classIndex] - largest)
                                logits[classIndex] = weight
                                total += weight
                            }
                            loss += largest + log(total) - labelLogit
                            for classIndex in 0..<classCount {
                                let residual = logits[classIndex] / total - (classIndex == label ? 1 : 0)
                                let offset = classIndex * stride
                                for feature in 0..<featureCount {
                                    gradient[offset + feature] += residual * rows[base + feature]
                                }
                                gradient[offset + featureCount] += residual
                            }
                        }
                        let inverseCount = 1 / Double(rowCount)
                        loss *= inverseCount
                        for index in gradient.indices { gradient[index] *= inverseCount }
                        for classIndex in 0..<classCount {
                            let offset = classIndex * stride
                            for feature in 0..<featureCount {
                                let weight = theta[offset + feature]
                                loss += 0.5 * penalty * weight * weight
                                gradient[offset + feature] += penalty * weight
                            }
                        }
                    }
                }
            }
        }
        return loss
    }
}
