import Foundation
import Locomotion

/// `--set NAME=VALUE`: overrides of the step detector's parameters, for experiments.
enum DetectorOptions {
    static let usage = """
          --placement any|trunk  the detector's preset: any (the defaults) or trunk (a sensor on the
                                 lower back, belt or waist through daily activities: also drops peaks
                                 while the trunk turns by more than about 40 degrees, as when sitting down,
                                 lets weaker and rougher steps join a run that steadier steps confirm,
                                 and spaces candidate peaks by half the step period)
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
            // The type of each parameter, to say what a value must look like before decoding.
            let types = Dictionary(
                Mirror(reflecting: preset).children.compactMap { child in
                    child.label.map { ($0, type(of: child.value)) }
                },
                uniquingKeysWith: { first, _ in first })
            for assignment in assignments {
                let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, object[parts[0]] != nil || optionalNames.contains(parts[0]) else {
                    throw UsageError(message: "--set takes NAME=VALUE with a known parameter name, not '\(assignment)'")
                }
                let (name, text) = (parts[0], parts[1])
                let kind = types[name]
                if kind == ClosedRange<Double>.self || kind == ClosedRange<Double>?.self {
                    let bounds = text.components(separatedBy: "...").compactMap { Double($0) }
                    guard bounds.count == 2, bounds.allSatisfy(\.isFinite), bounds[0] <= bounds[1] else {
                        throw UsageError(
                            message: "--set \(name) takes finite LOW...HIGH with LOW <= HIGH, not '\(text)'")
                    }
                    object[name] = bounds
                } else if kind == Int.self {
                    guard let value = Double(text).flatMap({ Int(exactly: $0) }) else {
                        throw UsageError(message: "--set \(name) takes a whole number, not '\(text)'")
                    }
                    object[name] = value
                } else {
                    guard let value = Double(text), value.isFinite else {
                        throw UsageError(message: "--set \(name) takes a finite number, not '\(text)'")
                    }
                    object[name] = value
                }
            }
            let edited = try JSONSerialization.data(withJSONObject: object)
            let configuration = try JSONDecoder().decode(StepDetectorConfiguration.self, from: edited)
            try configuration.validate()  // a value out of range is a usage error, found before any file is read
            return configuration
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError(message: "--set: \(error)")
        }
    }
}
