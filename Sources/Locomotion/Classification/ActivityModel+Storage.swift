import Foundation

extension ActivityModel {
    /// The stored fields: each once, the trained parameters under `trained` in the model kind's
    /// own keys.
    enum CodingKeys: String, CodingKey {
        case formatVersion, kind, featureSchema, classes, training, trained, calibration
    }

    /// The keys of `calibration` (format version 4).
    enum CalibrationKeys: String, CodingKey {
        case temperature
    }

    /// Encodes the model in the current format (``formatVersion-swift.type.property``).
    ///
    /// - Throws: The encoder's errors.
    /// - Complexity: O(model size).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatVersion, forKey: .formatVersion)
        try container.encode(kind, forKey: .kind)
        try container.encode(featureSchema, forKey: .featureSchema)
        try container.encode(classes, forKey: .classes)
        try container.encode(training, forKey: .training)
        var calibration = container.nestedContainer(keyedBy: CalibrationKeys.self, forKey: .calibration)
        try calibration.encode(temperature, forKey: .temperature)
        switch trained {
        case .naiveBayes(let model): try container.encode(model, forKey: .trained)
        case .logisticRegression(let model): try container.encode(model, forKey: .trained)
        case .randomForest(let model): try container.encode(model, forKey: .trained)
        }
    }

    /// The model as JSON: keys sorted, so the same model always gives the same bytes.
    ///
    /// - Complexity: O(model size).
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // A trained model holds only finite numbers; encoding cannot fail.
        return try! encoder.encode(self)
    }

    /// Reads a stored model and checks it against the running code.
    ///
    /// Format version 4 (`formatVersion`) stores the kind once, the trained parameters under
    /// `trained` through the kind's explicit keys, and the calibration (`"calibration":
    /// {"temperature": T}`, ``temperature``); the parameters are decoded as the stored kind
    /// says, so a file whose parameters are of another kind is refused as damaged. Version 3 is
    /// the same without the calibration, and is read with temperature 1; ``encoded()`` writes it
    /// again as version 4. Versions 1 and 2 are refused (``LocomotionError/Code/modelVersion``):
    /// read and re-save one with Locomotion 0.5.0 to convert it
    /// (CHANGELOG.md, "Removed").
    ///
    /// - Throws: ``LocomotionError`` with code ``LocomotionError/Code/corruptModel`` for data that is
    ///   not a model (not JSON, truncated, a field missing or malformed, parameters of another
    ///   kind than the stored one, no extraction parameters, inconsistent sizes, or a temperature
    ///   outside ``temperatureRange``),
    ///   ``LocomotionError/Code/modelVersion`` for another format version, and
    ///   ``LocomotionError/Code/schemaMismatch`` for a model trained on another feature schema
    ///   version, on features this code does not compute, or in other units.
    public init(data: Data) throws(LocomotionError) {
        struct Header: Decodable { var formatVersion: Int }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw LocomotionError(.corruptModel, message: "not an activity model: \(Self.reason(error))")
        }
        do {
            switch header.formatVersion {
            case 3, Self.formatVersion: self = try JSONDecoder().decode(ActivityModel.self, from: data)
            default:
                throw LocomotionError(
                    .modelVersion,
                    message:
                        "the model file has format version \(header.formatVersion); this code reads versions 3 to \(Self.formatVersion)"
                )
            }
        } catch let error as LocomotionError {
            throw error
        } catch {
            throw LocomotionError(.corruptModel, message: "the activity model is damaged: \(Self.reason(error))")
        }
        try validate()
    }

    /// Reads a stored model from a file.
    ///
    /// - Throws: ``LocomotionError/Code/invalidData`` when the file cannot be read, else as
    ///   ``init(data:)``.
    public init(contentsOf url: URL) throws(LocomotionError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LocomotionError(
                .invalidData, message: "cannot read the model: \(error.localizedDescription)",
                location: .file(url.path),
                underlying: error)
        }
        do {
            try self.init(data: data)
        } catch {
            throw LocomotionError(
                error.code, message: error.message, location: .file(url.path), parameter: error.parameter,
                value: error.value, expected: error.expected, underlying: error.underlying)
        }
    }

    private func validate() throws(LocomotionError) {
        guard featureSchemaVersion == FeatureSchema.builtinVersion else {
            throw LocomotionError(
                .schemaMismatch,
                message:
                    "the model was trained on feature schema version \(featureSchemaVersion); this code computes version \(FeatureSchema.builtinVersion)"
            )
        }
        let parameters = self.parameters
        // The code's own columns for the model's parameters (the power bands name their columns).
        var configuration = FeatureConfiguration()
        configuration.gaitBand = parameters.gaitBand
        configuration.powerBands = parameters.powerBands
        let known: FeatureSchema
        do {
            known = try configuration.schema()
        } catch {
            throw LocomotionError(.corruptModel, message: "the activity model's power bands are inconsistent: \(error)")
        }
        for descriptor in featureSchema.descriptors {
            guard let column = known.index(of: descriptor.name) else {
                throw LocomotionError(
                    .schemaMismatch,
                    message: "the model reads a feature '\(descriptor.name)' that this code does not compute")
            }
            guard known.descriptors[column].unit == descriptor.unit else {
                throw LocomotionError(
                    .schemaMismatch,
                    message:
                        "the model reads '\(descriptor.name)' in \(descriptor.unit); this code computes it in \(known.descriptors[column].unit)"
                )
            }
        }
        guard parameters.windowDuration <= Self.largestWindowDuration, parameters.hop <= Self.largestWindowDuration
        else {
            throw LocomotionError(
                .corruptModel,
                message: "the activity model's window of \(parameters.windowDuration.compactDescription) s or hop of "
                    + "\(parameters.hop.compactDescription) s is longer than the "
                    + "\(Self.largestWindowDuration.compactDescription) s a stored model may name")
        }
        guard Self.temperatureRange.contains(temperature) else {
            throw LocomotionError(
                .corruptModel,
                message:
                    "the activity model's calibration temperature \(temperature) is outside \(Self.temperatureRange.lowerBound)...\(Self.temperatureRange.upperBound)"
            )
        }
        let model = trained.model
        guard model.featureCount == featureNames.count, model.classCount == classes.count,
            Set(classes).count == classes.count, !classes.contains(.unknown),
            parameters.windowDuration.isFinite, parameters.windowDuration > 0, parameters.hop.isFinite,
            parameters.hop > 0
        else {
            throw LocomotionError(
                .corruptModel,
                message:
                    "the activity model is inconsistent: \(model.featureCount) inputs for \(featureNames.count) features, \(model.classCount) outputs for \(classes.count) classes"
            )
        }
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        case DecodingError.keyNotFound(let key, _): return "no '\(key.stringValue)' field"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "'\(context.codingPath.map(\.stringValue).joined(separator: "."))': \(context.debugDescription)"
        default: return "\(error)"
        }
    }
}

extension ActivityModel {
    /// The model shipped with the package (`Resources/activity-model.json` of the module),
    /// loaded and checked once.
    ///
    /// - Throws: ``LocomotionError/Code/invalidData`` when the resource is missing from the build;
    ///   as ``init(data:)`` when it does not match the running code.
    public static var bundled: ActivityModel {
        get throws(LocomotionError) { try bundledModel.get() }
    }

    /// Where the bundled model's file is in the build, or `nil` when it is missing.
    @_spi(Testing)
    public static var bundledResourceURL: URL? {
        Bundle.module.url(forResource: "activity-model", withExtension: "json", subdirectory: "Resources")
    }

    private static let bundledModel: Result<ActivityModel, LocomotionError> = {
        guard let url = bundledResourceURL else {
            return .failure(
                LocomotionError(.invalidData, message: "the bundled activity model is missing from the build"))
        }
        return Result { () throws(LocomotionError) in try ActivityModel(contentsOf: url) }
    }()
}

extension ActivityModel.Trained {
    /// The parameters stored under `trained`, decoded as the stored `kind` says.
    init(from container: KeyedDecodingContainer<ActivityModel.CodingKeys>, kind: ActivityModel.Kind) throws {
        switch kind {
        case .naiveBayes: self = .naiveBayes(try container.decode(GaussianNaiveBayes.self, forKey: .trained))
        case .logisticRegression:
            self = .logisticRegression(try container.decode(LogisticRegression.self, forKey: .trained))
        case .randomForest: self = .randomForest(try container.decode(RandomForest.self, forKey: .trained))
        }
    }

    /// The kind of the parameters.
    var kind: ActivityModel.Kind {
        switch self {
        case .naiveBayes: .naiveBayes
        case .logisticRegression: .logisticRegression
        case .randomForest: .randomForest
        }
    }
}
