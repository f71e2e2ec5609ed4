import Foundation

/// A trained activity classifier with everything needed to check it is fed what it was trained
/// on: the feature schema of its inputs (version, column names and units, and the extraction
/// parameters: sample rate, window, hop, gait band, axes), the classes, and a record of the
/// training data. Classifying features made any other way throws
/// ``LocomotionError/Code/schemaMismatch`` naming what differs.
///
/// ```swift
/// let model = try ActivityModel.bundled
/// let results = try model.classify(try recording.features())
/// ```
public struct ActivityModel: Sendable, Codable {
    /// The version of the stored format this code writes. Version 4 adds the probability
    /// calibration (`"calibration": {"temperature": T}`) to version 3, which stores the kind once
    /// and the trained parameters under `trained` through the model's own explicit keys. Version 3
    /// files are read with temperature 1 (the probabilities as the estimator gives them), version
    /// 2 files (which wrapped the parameters as `"trained": {"naiveBayes": {"_0": ...}}`) too; see
    /// ``init(data:)``. A file of any other version, version 1 included, is refused.
    public static let formatVersion = 4

    /// The temperatures a model may store: far outside them a model's probabilities would all be
    /// 0 or 1, or all equal, and loading refuses the file as damaged.
    public static let temperatureRange: ClosedRange<Double> = 0.05...20

    /// The kind of model.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Gaussian naive Bayes.
        case naiveBayes = "bayes"
        /// Multinomial logistic regression.
        case logisticRegression = "logistic"
        /// A random forest of CART trees.
        case randomForest = "forest"
    }

    /// What a model was trained on.
    public struct TrainingRecord: Sendable, Hashable, Codable {
        /// The command or call that trained it.
        public var command: String
        /// The recordings (or folders) it was trained on.
        public var sources: [String]
        /// Training windows per class, in ``ActivityModel/classes`` order.
        public var windowsPerClass: [Int]
        /// When it was trained, as the caller gives it (ISO 8601 date); not read from the clock,
        /// so retraining reproduces the file.
        public var date: String

        /// Creates a record.
        public init(command: String, sources: [String], windowsPerClass: [Int], date: String) {
            self.command = command
            self.sources = sources
            self.windowsPerClass = windowsPerClass
            self.date = date
        }
    }

    /// The trained parameters of one of the kinds (stored by ``encode(to:)`` through the model's
    /// own keys; the kind is stored once, beside them).
    @_spi(Testing) public enum Trained: Sendable {
        case naiveBayes(GaussianNaiveBayes)
        case logisticRegression(LogisticRegression)
        case randomForest(RandomForest)

        public var model: any ProbabilisticModel {
            switch self {
            case .naiveBayes(let model): return model
            case .logisticRegression(let model): return model
            case .randomForest(let model): return model
            }
        }
    }

    /// The stored format's version.
    public let formatVersion: Int
    /// The kind of model.
    public let kind: Kind
    /// The schema of the model's inputs, in its input order, with the extraction parameters of
    /// the training features (their sample rate is `nil` when the training tables had several).
    public let featureSchema: FeatureSchema
    /// The classes, in the order of its probabilities.
    public let classes: [ActivityType]
    /// What it was trained on.
    public let training: TrainingRecord
    /// The temperature *T* that calibrates the probabilities: each class probability *p* the
    /// estimator gives becomes *p*^(1/*T*), renormalised (temperature scaling, Guo et al. 2017,
    /// "On calibration of modern neural networks", on the log-probabilities). 1 leaves them as
    /// they are; above 1 makes an overconfident model less sure, below 1 more. It never changes
    /// the most probable class. ``calibrated(temperature:)`` sets it, ``fittedTemperature(_:truths:)``
    /// finds it from held-out probabilities.
    public let temperature: Double
    @_spi(Testing) public let trained: Trained

    /// The feature schema version the model was trained with (``FeatureSchema/builtinVersion``).
    public var featureSchemaVersion: Int { featureSchema.version }
    /// The feature columns the model reads, in its input order.
    public var featureNames: [String] { featureSchema.names }
    /// The window length (s) of the training features.
    public var windowDuration: Double { parameters.windowDuration }
    /// The hop (s) of the training features.
    public var hop: Double { parameters.hop }

    /// The training features' extraction parameters (decoding refuses a model without, and
    /// training takes them from the set's tables).
    var parameters: FeatureSchema.Parameters { featureSchema.parameters! }

    /// A feature configuration that extracts what the model reads, with the training's
    /// parameters (window, hop, gait band, power bands, fix age) and every built-in feature.
    public var featureConfiguration: FeatureConfiguration {
        FeatureConfiguration(
            windowDuration: parameters.windowDuration, hop: parameters.hop, gaitBand: parameters.gaitBand,
            powerBands: parameters.powerBands, maximumFixAge: parameters.maximumFixAge)
    }

    /// Decodes the stored fields; ``init(data:)`` is the checked way to read a model file.
    ///
    /// - Throws: `DecodingError` for a missing or malformed field, or a schema without
    ///   extraction parameters.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let featureSchema = try container.decode(FeatureSchema.self, forKey: .featureSchema)
        guard featureSchema.parameters != nil else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath + [CodingKeys.featureSchema],
                    debugDescription: "the schema does not record its extraction parameters"))
        }
        let formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        // Version 3 had no calibration: its probabilities are the estimator's (temperature 1).
        let temperature =
            formatVersion >= 4
            ? try container.nestedContainer(keyedBy: CalibrationKeys.self, forKey: .calibration).decode(
                Double.self, forKey: .temperature) : 1
        self.init(
            formatVersion: formatVersion,
            kind: try container.decode(Kind.self, forKey: .kind), featureSchema: featureSchema,
            classes: try container.decode([ActivityType].self, forKey: .classes),
            training: try container.decode(TrainingRecord.self, forKey: .training),
            trained: try Trained(from: container, kind: try container.decode(Kind.self, forKey: .kind)),
            temperature: temperature)
    }

    init(
        formatVersion: Int, kind: Kind, featureSchema: FeatureSchema, classes: [ActivityType],
        training: TrainingRecord, trained: Trained, temperature: Double = 1
    ) {
        self.formatVersion = formatVersion
        self.kind = kind
        self.featureSchema = featureSchema
        self.classes = classes
        self.training = training
        self.trained = trained
        self.temperature = temperature
    }

    /// The feature columns the models use by default: statistics and spectral shares of the
    /// acceleration magnitude and the gait features, chosen to mean the same on every phone.
    /// Left out on purpose: the mean, RMS and extremes (they carry the gravity offset, absent from
    /// recordings with gravity removed), axis statistics and correlations (they depend on how the
    /// phone is held), jerk, mean-crossing rate, dominant frequency, spectral centroid and
    /// flatness and the 10–25 Hz share (they change with the sample rate), the gyroscope, GPS and
    /// pedometer columns (absent from many recordings: a model would learn "no gyroscope" as
    /// a class).
    public static let defaultFeatures =
        BuiltinFeature.columnNames([
            .standardDeviation, .interquartileRange, .medianAbsoluteDeviation, .range, .skewness, .kurtosis,
            .gaitFrequency, .gaitProminence, .spectralEntropy,
        ]) + [0.3...3, 3...10].map { BuiltinFeature.bandPowerFractions.columnName(band: $0) }
        + BuiltinFeature.columnNames([
            .stepCount, .stepCadence, .autocorrelationCadence, .stepRegularity, .strideRegularity,
        ])

    /// Trains a model on `set`; the model keeps the set's ``ActivityTrainingSet/schema``.
    ///
    /// - Parameters:
    ///   - kind: The kind of model.
    ///   - set: The labelled windows; its classes become ``classes`` (in ``ActivityType/decidable``
    ///     order, those present).
    ///   - training: What to record about the training.
    ///   - seed: The random forest's seed.
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for an empty set or a set of one class.
    public static func train(
        _ kind: Kind, on set: ActivityTrainingSet, training: TrainingRecord, seed: UInt64 = 0
    ) throws(LocomotionError) -> ActivityModel {
        let classes = ActivityType.decidable.filter { set.activities.contains($0) }
        guard classes.count >= 2, let schema = set.schema else {
            throw .invalidParameter(
                name: "set", value: "windows of \(classes.count) activities",
                requirement: "it must hold windows of at least two activities")
        }
        let labels = set.activities.map { classes.firstIndex(of: $0)! }
        let matrix = set.matrix
        let trained: Trained
        switch kind {
        case .naiveBayes:
            trained = .naiveBayes(
                try GaussianNaiveBayes(
                    fitting: matrix, labels: labels, classCount: classes.count, configuration: .init()))
        case .logisticRegression:
            trained = .logisticRegression(
                try LogisticRegression(
                    fitting: matrix, labels: labels, classCount: classes.count, configuration: .init()))
        case .randomForest:
            var forest = RandomForest.Configuration()
            forest.seed = seed
            trained = .randomForest(
                try RandomForest(fitting: matrix, labels: labels, classCount: classes.count, configuration: forest))
        }
        var record = training
        record.windowsPerClass = classes.map { activity in set.activities.filter { $0 == activity }.count }
        return ActivityModel(
            formatVersion: formatVersion, kind: kind, featureSchema: schema, classes: classes, training: record,
            trained: trained)
    }

    /// Class probabilities for every window of `table`, in ``classes`` order.
    ///
    /// - Throws: ``LocomotionError/Code/schemaMismatch`` when the table was made with another
    ///   schema version or other extraction parameters, or lacks a column (see ``columns(in:)``).
    /// - Complexity: O(*w* · model cost); one buffer for the whole table.
    public func probabilities(_ table: FeatureTable) throws(LocomotionError) -> [[Double]] {
        let columns = try columns(in: table.schema)
        let model = trained.model
        var row = [Double](repeating: .nan, count: columns.count)
        var output = [Double](repeating: 0, count: classes.count)
        var all: [[Double]] = []
        all.reserveCapacity(table.count)
        for index in table.windows.indices {
            let values = table.row(index)
            for (position, column) in columns.enumerated() { row[position] = values[values.startIndex + column] }
            model.predictProbabilities(row[...], into: &output)
            Self.temper(&output, temperature: temperature)
            all.append(output)
        }
        return all
    }

    /// The activity of every window of `table`: the most probable class (the earlier class on a
    /// tie), with high confidence from a probability of 0.8, medium from 0.5, low below.
    ///
    /// - Throws: As ``probabilities(_:)``.
    public func classify(_ table: FeatureTable) throws(LocomotionError) -> [ActivityResult] {
        return try zip(table.windows.indices, probabilities(table)).map { index, probabilities in
            result(probabilities, vector: table[index])
        }
    }

    func result(_ probabilities: [Double], vector: FeatureVector) -> ActivityResult {
        Self.result(
            probabilities, classes: classes,
            decidableClasses: ActivityType.decidable.map { classes.firstIndex(of: $0) },
            evidence: ActivityEvidence(features: vector), start: vector.start, end: vector.end)
    }

    /// The most probable of `classes` (the earlier on a tie) with its confidence, and the
    /// probabilities in ``ActivityType/decidable`` order (`decidableClasses` gives each one's index
    /// among `classes`).
    static func result(
        _ probabilities: [Double], classes: [ActivityType], decidableClasses: [Int?], evidence: ActivityEvidence,
        start: Double, end: Double
    ) -> ActivityResult {
        var best = 0
        for index in probabilities.indices where probabilities[index] > probabilities[best] { best = index }
        return ActivityResult(
            activity: classes[best], confidence: Confidence(probability: probabilities[best]),
            probabilities: ActivityProbabilities(weight: { decidableClasses[$0].map { probabilities[$0] } ?? 0 }),
            evidence: evidence, start: start, end: end)
    }

    /// The position of each of ``featureNames`` in `schema`, after checking that `schema`
    /// describes values made as the training features were.
    ///
    /// - Throws: ``LocomotionError/Code/schemaMismatch``, naming what differs: the schema version,
    ///   unrecorded parameters, the sample rate (when the model was trained on one rate, within
    ///   ``FeatureSchema/Parameters/sampleRateTolerance``), the window, the hop, the gait band,
    ///   the axes, the GPS fix age limit, a missing column, or a column's unit.
    /// - Complexity: O(*f* · *s*) lookups.
    public func columns(in schema: FeatureSchema) throws(LocomotionError) -> [Int] {
        guard schema.version == featureSchemaVersion else {
            throw LocomotionError(
                .schemaMismatch,
                message:
                    "the model was trained on feature schema version \(featureSchemaVersion); the features have version \(schema.version)"
            )
        }
        guard let made = schema.parameters else {
            throw LocomotionError(
                .schemaMismatch,
                message: "the features do not record their extraction parameters (window, hop, rate, bands)")
        }
        let differences = parameters.differences(from: made)
        guard differences.isEmpty else {
            throw LocomotionError(
                .schemaMismatch,
                message:
                    "the features were made with other extraction parameters than the model's training (the model's first): \(differences.joined(separator: "; "))"
            )
        }
        let columns = try ActivityTrainingSet.columns(of: featureNames, in: schema)
        for (descriptor, column) in zip(featureSchema.descriptors, columns)
        where schema.descriptors[column].unit != descriptor.unit {
            throw LocomotionError(
                .schemaMismatch,
                message:
                    "the model reads '\(descriptor.name)' in \(descriptor.unit); the features have it in \(schema.descriptors[column].unit)"
            )
        }
        return columns
    }
}

extension ActivityModel: ActivityClassifier {
    /// The activity of one window.
    ///
    /// - Throws: ``LocomotionError/Code/schemaMismatch`` when the vector lacks a column.
    /// - Complexity: O(*f*²) column lookups plus the model; for many windows prefer
    ///   ``classify(_:)-(FeatureTable)`` or ``prepared(for:)``, which look the columns up once.
    public func classify(_ features: FeatureVector) throws(LocomotionError) -> ActivityResult {
        var bound = try prepared(for: features.schema)
        return bound.classify(features)
    }

    /// The model bound to `schema` (``prepared(for:)``).
    ///
    /// - Throws: As ``prepared(for:)``.
    public func bound(to schema: FeatureSchema) throws(LocomotionError) -> any BoundActivityClassifier {
        try prepared(for: schema)
    }
}
