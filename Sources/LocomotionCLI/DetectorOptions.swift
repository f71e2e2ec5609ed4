import Foundation
import Locomotion

/// `--set NAME=VALUE`: overrides of the step detector's parameters, for experiments.
enum DetectorOptions {
    static let usage = """
          --placement any|trunk  the detector's preset: any (the defaults) or trunk (a sensor on the
                                 lower back, belt or waist through daily activities: also drops peaks
                                 while the trunk turns by more than about 40 degrees, as when sitting down,
                                 and lets weaker steps join a run that steadier steps confirm)
          --set NAME=VALUE       override a step detector parameter (repeatable), for example
                                 --set minimumRegularity=0.4; names as in StepDetectorConfiguration:
                                 \(parameterNames.joined(separator: ", "))
        """

    static var parameterNames: [String] {
        guard let data = try? JSONEncoder().encode(StepDetectorConfiguration()),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [] }
        return Set(object.keys).union(optionalNames).sorted()
    }

    /// Parameters that are `nil` by default, so absent from the encoded defaults.
    static let optionalNames: Set<String> = ["maximumGap", "maximumVerticalDeficit"]

    /// The option names this parser reads.
    static let names: Set<String> = ["set", "placement"]

    /// The preset named by `--placement` (the defaults without it) with the `--set` overrides applied.
    static func parse(_ arguments: Arguments) throws(UsageError) -> StepDetectorConfiguration {
        let preset: StepDetectorConfiguration
        switch arguments.value("placement") {
        case nil, "any": preset = StepDetectorConfiguration()
        case "trunk": preset = .trunk
        case let other?: throw UsageError(message: "--placement takes any or trunk, not '\(other)'")
        }
        let assignments = arguments.values("set")
        guard !assignments.isEmpty else { return preset }
        do {
            let data = try JSONEncoder().encode(preset)
            guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw UsageError(message: "cannot encode the detector's parameters")
            }
            for assignment in assignments {
                let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, object[parts[0]] != nil || optionalNames.contains(parts[0]) else {
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
