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
    /// - Throws: ``ActivityError`` with code ``ActivityError/Code/corruptModel`` for data that is
    ///   not a model (not JSON, truncated, a field missing or malformed, or inconsistent sizes),
    ///   ``ActivityError/Code/modelVersion`` for another format version, and
    ///   ``ActivityError/Code/schemaMismatch`` for a model trained on another feature schema
    ///   version or on features this code does not compute.
    public init(data: Data) throws(ActivityError) {
        struct Header: Decodable { var formatVersion: Int }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw ActivityError(.corruptModel, "not an activity model: \(Self.reason(error))")
        }
        guard header.formatVersion == Self.formatVersion else {
            throw ActivityError(
                .modelVersion,
                "the model file has format version \(header.formatVersion); this code reads version \(Self.formatVersion)")
        }
        do {
            self = try JSONDecoder().decode(ActivityModel.self, from: data)
        } catch {
            throw ActivityError(.corruptModel, "the activity model is damaged: \(Self.reason(error))")
        }
        try validate()
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
                "the model was trained on feature schema version \(featureSchemaVersion); this code computes version \(FeatureSchema.builtinVersion)")
        }
        let known = Set((try? FeatureConfiguration().schema().names) ?? [])
        if let unknown = featureNames.first(where: { !known.contains($0) }) {
            throw ActivityError(.schemaMismatch, "the model reads a feature '\(unknown)' that this code does not compute")
        }
        let model = trained.model
        guard model.featureCount == featureNames.count, model.classCount == classes.count,
            Set(classes).count == classes.count, !classes.contains(.unknown),
            windowDuration.isFinite, windowDuration > 0, hop.isFinite, hop > 0
        else {
            throw ActivityError(
                .corruptModel,
                "the activity model is inconsistent: \(model.featureCount) inputs for \(featureNames.count) features, \(model.classCount) outputs for \(classes.count) classes")
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
        guard let url = Bundle.module.url(forResource: "activity-model", withExtension: "json", subdirectory: "Resources")
        else {
            return .failure(ActivityError(.invalidData, "the bundled activity model is missing from the build"))
        }
        return Result { () throws(ActivityError) in try ActivityModel(contentsOf: url) }
    }()
}
