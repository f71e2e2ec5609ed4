import Foundation
import Locomotion

/// `--set NAME=VALUE`: overrides of the step detector's parameters, for experiments.
@_spi(Testing) public enum DetectorOptions {
    /// The step detector's options, declared once.
    @_spi(Testing) public static let options: [Option] = [
        .option(
            "placement", "any|trunk", .choice(["any", "trunk"], default: "any"),
            "the detector's preset: any (the defaults) or trunk (a sensor on the\nlower back, belt or waist through daily activities: also drops peaks\nwhile the trunk turns by more than about 40 degrees, as when sitting down,\nand spaces candidate peaks by half the step period)"
        ),
        .option(
            "set", "NAME=VALUE", .text(default: nil),
            "override a step detector parameter (repeatable), for example\n--set context.minimumRegularity=0.4 (or minimumRegularity=0.4: every\nname is unique); names as in StepDetectorConfiguration:\n"
                + parameters.map(\.path).joined(separator: ", "), repeatable: true),
    ]

    /// Every parameter of the configuration, sorted by path (as the usage lists them).
    static let parameters = StepDetectorConfiguration.parameters.sorted { $0.path < $1.path }

    /// The preset named by `--placement` (the defaults without it) with the `--set` overrides applied.
    @_spi(Testing) public static func parse(_ arguments: Arguments) throws(UsageError) -> StepDetectorConfiguration {
        let preset: StepDetectorConfiguration
        switch arguments.text("placement") {
        case "any": preset = StepDetectorConfiguration()
        case "trunk": preset = .trunk
        default: preconditionFailure("--placement is checked against its declaration")
        }
        var configuration = preset
        for assignment in arguments.values("set") {
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let parameter = StepDetectorConfiguration.parameter(named: parts[0]) else {
                throw UsageError(message: "--set takes NAME=VALUE with a known parameter name, not '\(assignment)'")
            }
            do {
                try parameter.set(parsing: parts[1], in: &configuration)
            } catch {
                throw UsageError(
                    message: "--set \(parameter.path) takes \(parameter.kind.expected), not '\(parts[1])'")
            }
        }
        do {
            try configuration.validate()  // a value out of range is a usage error, found before any file is read
        } catch {
            throw UsageError(message: "--set: \(error)")
        }
        return configuration
    }
}
