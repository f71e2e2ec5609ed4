import Foundation
import Locomotion

/// `--set NAME=VALUE`: overrides of the step detector's parameters, for experiments.
enum DetectorOptions {
    static let usage = """
          --placement any|trunk  the detector's preset: any (the defaults) or trunk (a sensor on the
                                 lower back, belt or waist through daily activities: also drops peaks
                                 while the trunk turns by more than about 40 degrees, as when sitting down,
                                 and spaces candidate peaks by half the step period)
          --set NAME=VALUE       override a step detector parameter (repeatable), for example
                                 --set context.minimumRegularity=0.4 (or minimumRegularity=0.4: every
                                 name is unique); names as in StepDetectorConfiguration:
                                 \(parameters.map(\.path).joined(separator: ", "))
        """

    /// One parameter: its path (`group.name`, or `name` at the top level) and type.
    struct Parameter {
        var group: String?
        var name: String
        var type: Any.Type
        var path: String { group.map { "\($0).\(name)" } ?? name }
    }

    /// Every parameter of the configuration, from its stored properties (optional ones included).
    static let parameters: [Parameter] = {
        var result: [Parameter] = []
        for child in Mirror(reflecting: StepDetectorConfiguration()).children {
            guard let label = child.label else { continue }
            let members = Mirror(reflecting: child.value).children
            if members.isEmpty || Mirror(reflecting: child.value).displayStyle != .struct {
                result.append(Parameter(group: nil, name: label, type: type(of: child.value)))
            } else {
                for member in members {
                    if let name = member.label {
                        result.append(Parameter(group: label, name: name, type: type(of: member.value)))
                    }
                }
            }
        }
        return result.sorted { $0.path < $1.path }
    }()

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
                guard parts.count == 2,
                    let parameter = parameters.first(where: { $0.path == parts[0] || $0.name == parts[0] })
                else {
                    throw UsageError(message: "--set takes NAME=VALUE with a known parameter name, not '\(assignment)'")
                }
                let value = try parse(parts[1], for: parameter)
                if let group = parameter.group {
                    var members = object[group] as? [String: Any] ?? [:]
                    members[parameter.name] = value
                    object[group] = members
                } else {
                    object[parameter.name] = value
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

    /// The JSON value of `text` for `parameter`, checked against its type.
    private static func parse(_ text: String, for parameter: Parameter) throws(UsageError) -> Any {
        let (name, kind) = (parameter.path, parameter.type)
        if kind == ClosedRange<Double>.self || kind == ClosedRange<Double>?.self {
            let bounds = text.components(separatedBy: "...").compactMap { Double($0) }
            guard bounds.count == 2, bounds.allSatisfy(\.isFinite), bounds[0] <= bounds[1] else {
                throw UsageError(message: "--set \(name) takes finite LOW...HIGH with LOW <= HIGH, not '\(text)'")
            }
            return bounds
        }
        if kind == Int.self {
            guard let value = Double(text).flatMap({ Int(exactly: $0) }) else {
                throw UsageError(message: "--set \(name) takes a whole number, not '\(text)'")
            }
            return value
        }
        guard let value = Double(text), value.isFinite else {
            throw UsageError(message: "--set \(name) takes a finite number, not '\(text)'")
        }
        return value
    }
}
