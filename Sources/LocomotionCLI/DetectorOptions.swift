import Foundation
import Locomotion

/// `--set NAME=VALUE`: overrides of the step detector's parameters, for experiments.
enum DetectorOptions {
    static let usage = """
          --set NAME=VALUE       override a step detector parameter (repeatable), for example
                                 --set minimumRegularity=0.4; names as in StepDetectorConfiguration:
                                 \(parameterNames.joined(separator: ", "))
        """

    static var parameterNames: [String] {
        guard let data = try? JSONEncoder().encode(StepDetectorConfiguration()),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [] }
        return object.keys.sorted()
    }

    /// The default configuration with the `--set` overrides applied.
    static func parse(_ arguments: Arguments) throws(UsageError) -> StepDetectorConfiguration {
        let assignments = arguments.values("set")
        guard !assignments.isEmpty else { return StepDetectorConfiguration() }
        do {
            let data = try JSONEncoder().encode(StepDetectorConfiguration())
            guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw UsageError(message: "cannot encode the detector's parameters")
            }
            for assignment in assignments {
                let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, object[parts[0]] != nil || parts[0] == "maximumGap" else {
                    throw UsageError(message: "--set takes NAME=VALUE with a known parameter name, not '\(assignment)'")
                }
                if parts[1].contains("..."), case let bounds = parts[1].components(separatedBy: "..."),
                    bounds.count == 2, let low = Double(bounds[0]), let high = Double(bounds[1]), low <= high
                {
                    object[parts[0]] = [low, high]
                } else if let value = Double(parts[1]) {
                    object[parts[0]] = value
                } else {
                    throw UsageError(message: "--set \(parts[0]) takes a number (or LOW...HIGH), not '\(parts[1])'")
                }
            }
            let edited = try JSONSerialization.data(withJSONObject: object)
            return try JSONDecoder().decode(StepDetectorConfiguration.self, from: edited)
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError(message: "--set: \(error)")
        }
    }
}
