import Foundation

extension ActivityModel {
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
    /// Format version 2 (`formatVersion`) stores the whole ``featureSchema``. A version 1 file
    /// stored only the schema version, the feature names, the window and the hop; it is read as
    /// the same model with the descriptors (units, summaries) of this code's built-in features of
    /// those names and the other extraction parameters at their ``FeatureConfiguration``
    /// defaults (0.6–2.5 Hz gait band, 0.3–3, 3–10 and 10–25 Hz power bands, x, y, z axes, 10 s
    /// fix age), which every version 1 model was trained with (`locomotion train` could change
    /// only the window and hop), and no sample rate (any rate accepted, as before).
    /// ``encoded()`` then writes version 2.
    ///
    /// - Throws: ``ActivityError`` with code ``ActivityError/Code/corruptModel`` for data that is
    ///   not a model (not JSON, truncated, a field missing or malformed, no extraction parameters,
    ///   or inconsistent sizes), ``ActivityError/Code/modelVersion`` for another format version,
    ///   and ``ActivityError/Code/schemaMismatch`` for a model trained on another feature schema
    ///   version, on features this code does not compute, or in other units.
    public init(data: Data) throws(ActivityError) {
        struct Header: Decodable { var formatVersion: Int }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw ActivityError(.corruptModel, "not an activity model: \(Self.reason(error))")
        }
        do {
            switch header.formatVersion {
            case Self.formatVersion: self = try JSONDecoder().decode(ActivityModel.self, from: data)
            case 1: self = try Self.migrated(try JSONDecoder().decode(FormatVersion1.self, from: data))
            default:
                throw ActivityError(
                    .modelVersion,
                    "the model file has format version \(header.formatVersion); this code reads versions 1 and \(Self.formatVersion)"
                )
            }
        } catch let error as ActivityError {
            throw error
        } catch {
            throw ActivityError(.corruptModel, "the activity model is damaged: \(Self.reason(error))")
        }
        try validate()
    }

    /// The fields of a format version 1 file.
    private struct FormatVersion1: Decodable {
        var kind: Kind
        var featureSchemaVersion: Int
        var featureNames: [String]
        var classes: [ActivityType]
        var windowDuration: Double
        var hop: Double
        var training: TrainingRecord
        var trained: Trained
    }

    /// A version 1 model in the current format (``init(data:)`` says how).
    private static func migrated(_ old: FormatVersion1) throws(ActivityError) -> ActivityModel {
        var configuration = FeatureConfiguration()
        configuration.windowDuration = old.windowDuration
        configuration.hop = old.hop
        var schema: FeatureSchema
        do {
            schema = try configuration.schema().selecting(old.featureNames)
        } catch {
            throw ActivityError(.schemaMismatch, "the model reads a feature this code does not compute: \(error)")
        }
        schema.version = old.featureSchemaVersion
        return ActivityModel(
            formatVersion: formatVersion, kind: old.kind, featureSchema: schema, classes: old.classes,
            training: old.training, trained: old.trained)
    }

    /// Reads a stored model from a file.
    ///
    /// - Throws: ``ActivityError/Code/invalidData`` when the file cannot be read, else as
    ///   ``init(data:)``.
    public init(contentsOf url: URL) throws(ActivityError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ActivityError(.invalidData, "\(url.path): cannot read the model: \(error.localizedDescription)")
        }
        do {
            try self.init(data: data)
        } catch {
            throw ActivityError(error.code, "\(url.path): \(error.message)")
        }
    }

    private func validate() throws(ActivityError) {
        guard featureSchemaVersion == FeatureSchema.builtinVersion else {
            throw ActivityError(
                .schemaMismatch,
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
            throw ActivityError(.corruptModel, "the activity model's power bands are inconsistent: \(error)")
        }
        for descriptor in featureSchema.descriptors {
            guard let column = known.index(of: descriptor.name) else {
                throw ActivityError(
                    .schemaMismatch, "the model reads a feature '\(descriptor.name)' that this code does not compute")
            }
            guard known.descriptors[column].unit == descriptor.unit else {
                throw ActivityError(
                    .schemaMismatch,
                    "the model reads '\(descriptor.name)' in \(descriptor.unit); this code computes it in \(known.descriptors[column].unit)"
                )
            }
        }
        let model = trained.model
        guard model.featureCount == featureNames.count, model.classCount == classes.count,
            Set(classes).count == classes.count, !classes.contains(.unknown),
            parameters.windowDuration.isFinite, parameters.windowDuration > 0, parameters.hop.isFinite,
            parameters.hop > 0
        else {
            throw ActivityError(
                .corruptModel,
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
    /// - Throws: ``ActivityError/Code/invalidData`` when the resource is missing from the build;
    ///   as ``init(data:)`` when it does not match the running code.
    public static var bundled: ActivityModel {
        get throws(ActivityError) { try bundledModel.get() }
    }

    private static let bundledModel: Result<ActivityModel, ActivityError> = {
        guard
            let url = Bundle.module.url(forResource: "activity-model", withExtension: "json", subdirectory: "Resources")
        else {
            return .failure(ActivityError(.invalidData, "the bundled activity model is missing from the build"))
        }
        return Result { () throws(ActivityError) in try ActivityModel(contentsOf: url) }
    }()
}
