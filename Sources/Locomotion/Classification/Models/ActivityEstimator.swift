/// The contract every trained model kind keeps, as scikit-learn holds its estimators to one: a
/// configuration value validated once, a fit from labelled rows, class probabilities for a row
/// (NaN marks a missing value; each model documents how it treats one), and `Codable` through
/// explicit keys that validate what they decode. A new kind is done when it passes the shared
/// conformance suite (round trip, determinism, corrupted and truncated input, NaN, slices).
///
/// ```swift
/// var configuration = LogisticRegression.Configuration()
/// configuration.c = 0.5
/// let model = try LogisticRegression(fitting: x, labels: labels, classCount: 3, configuration: configuration)
/// let probabilities = model.predictProbabilities(x[row: 0])
/// ```
public protocol ActivityEstimator: ProbabilisticModel, Hashable {
    /// The settings of the fit.
    associatedtype Configuration: EstimatorConfiguration

    /// Fits the model to labelled rows.
    ///
    /// - Parameters:
    ///   - x: The training rows, one per window, in the units of the feature schema; NaN marks a
    ///     missing value, infinities are refused.
    ///   - labels: The class index of each row, in `0..<classCount`.
    ///   - classCount: The number of classes, at least 1 (a class need not occur in `labels`).
    ///   - configuration: The settings, checked by ``EstimatorConfiguration/validate()`` first.
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a configuration out of range, no
    ///   rows, a label count that is not the row count or a label out of range;
    ///   ``LocomotionError/Code/invalidData`` for an infinite value, naming its row and column.
    init(fitting x: FeatureMatrix, labels: [Int], classCount: Int, configuration: Configuration) throws(LocomotionError)
}

extension GaussianNaiveBayes: ActivityEstimator {
    /// The settings of a Gaussian naive Bayes fit.
    public struct Configuration: EstimatorConfiguration {
        /// The fraction of the largest feature variance added to every variance; finite and not
        /// negative (scikit-learn's `var_smoothing`, default 1e-9).
        public var varianceSmoothing: Double

        /// The defaults.
        public init() { self.init(varianceSmoothing: 1e-9) }

        /// A configuration.
        public init(varianceSmoothing: Double) { self.varianceSmoothing = varianceSmoothing }

        /// - Throws: ``LocomotionError/Code/invalidParameter`` when `varianceSmoothing` is negative or
        ///   not finite.
        public func validate() throws(LocomotionError) {
            try LocomotionError.requireNonNegative(varianceSmoothing, name: "varianceSmoothing")
        }

        enum CodingKeys: String, CodingKey { case varianceSmoothing }
    }

    /// Fits the model (``fit(_:labels:classCount:varianceSmoothing:)``) with `configuration`.
    public init(
        fitting x: FeatureMatrix, labels: [Int], classCount: Int, configuration: Configuration
    ) throws(LocomotionError) {
        try configuration.validate()
        self = try Self.fit(
            x, labels: labels, classCount: classCount, varianceSmoothing: configuration.varianceSmoothing)
    }
}

extension LogisticRegression: ActivityEstimator {
    /// The settings of a multinomial logistic regression fit.
    public struct Configuration: EstimatorConfiguration {
        /// The inverse L2 penalty strength, positive and finite (scikit-learn's `C`, default 1).
        public var c: Double
        /// The most L-BFGS steps, at least 0 (default 500).
        public var maximumIterations: Int
        /// Converged when every partial derivative of the objective divided by the number of rows
        /// is at most this in magnitude; finite and not negative (default 1e-8).
        public var tolerance: Double

        /// The defaults.
        public init() { self.init(c: 1, maximumIterations: 500, tolerance: 1e-8) }

        /// A configuration.
        public init(c: Double, maximumIterations: Int, tolerance: Double) {
            self.c = c
            self.maximumIterations = maximumIterations
            self.tolerance = tolerance
        }

        /// - Throws: ``LocomotionError/Code/invalidParameter`` naming the first setting out of range.
        public func validate() throws(LocomotionError) {
            try LocomotionError.requirePositive(c, name: "c")
            try LocomotionError.require(maximumIterations, atLeast: 0, name: "maximumIterations")
            try LocomotionError.requireNonNegative(tolerance, name: "tolerance")
        }

        enum CodingKeys: String, CodingKey { case c, maximumIterations, tolerance }
    }

    /// Fits the model (``fit(_:labels:classCount:c:maximumIterations:tolerance:)``) with `configuration`.
    public init(
        fitting x: FeatureMatrix, labels: [Int], classCount: Int, configuration: Configuration
    ) throws(LocomotionError) {
        try configuration.validate()
        self = try Self.fit(
            x, labels: labels, classCount: classCount, c: configuration.c,
            maximumIterations: configuration.maximumIterations, tolerance: configuration.tolerance)
    }
}

extension RandomForest.Configuration: EstimatorConfiguration {
    /// The defaults (scikit-learn's for `RandomForestClassifier`).
    public init() { self.init(treeCount: 100) }
}

extension RandomForest: ActivityEstimator {
    /// Fits a forest (``fit(_:labels:classCount:configuration:threadCount:)``) on every core.
    public init(
        fitting x: FeatureMatrix, labels: [Int], classCount: Int, configuration: Configuration
    ) throws(LocomotionError) {
        self = try Self.fit(x, labels: labels, classCount: classCount, configuration: configuration, threadCount: nil)
    }
}

extension DecisionTree.Configuration: EstimatorConfiguration {
    /// The defaults (scikit-learn's for `DecisionTreeClassifier`).
    public init() { self.init(maximumDepth: nil) }
}

extension DecisionTree: ActivityEstimator {
    /// Grows a tree (``fit(_:labels:classCount:configuration:)``).
    public init(
        fitting x: FeatureMatrix, labels: [Int], classCount: Int, configuration: Configuration
    ) throws(LocomotionError) {
        self = try Self.fit(x, labels: labels, classCount: classCount, configuration: configuration)
    }
}
