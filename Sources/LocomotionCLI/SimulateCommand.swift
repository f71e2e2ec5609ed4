import Foundation
import Locomotion
import LocomotionSimulation

/// `locomotion simulate`: writes a seeded synthetic session of one of the scenarios as CSV.
@_spi(Testing) public enum SimulateCommand {
    static var summary: String {
        let width = ScenarioName.allCases.map(\.rawValue.count).max() ?? 0
        let list = ScenarioName.allCases.map { name in
            let letter = name.letter.map { "\($0) " } ?? "  "
            let padded = name.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
            return "  \(letter)\(padded)  \(name.summary) (\(Int(name.defaultDuration)) s)"
        }.joined(separator: "\n")
        return """
            usage: locomotion simulate SCENARIO [--seconds N] [--seed S] [--out FILE]

            Writes a simulated session in the recording CSV format: 50 Hz acceleration in g (with
            gravity, in the phone's frame) and rotation rate, GPS fixes once a second, pedometer
            cadence where the scenario has one, the true activity as the label, and the operating
            system's activity reports in the os_activity and os_confidence columns. The same seed
            gives the same file, byte for byte.
              SCENARIO      a name or its letter:
            \(list)
            """
    }

    /// The longest session `--seconds` may ask for.
    static let maximumSeconds: Double = 86_400

    @_spi(Testing) public static var command: Command {
        Command(
            name: "simulate", summary: summary,
            options: [
                .option(
                    "seconds", "N", .seconds(default: nil), "the duration (raised to its minimum; at most 86400)",
                    shownDefault: "the scenario's"),
                .option("seed", "S", .text(default: "\(Scenario.defaultSeed)"), "a whole number"),
                SharedOptions.out,
            ])
    }

    static func run(_ arguments: [String]) -> Int32 {
        command.run(arguments, parse: parse) { _, settings in
            let session = Scenario.session(settings.name, duration: settings.seconds, seed: settings.seed)
            if let out = settings.out {
                do throws(OutputPath.Refusal) {
                    let output = try CommandOutput(path: out)
                    output.write(session.csv)
                    if let failure = output.finish() { return command.fail(failure) }
                } catch {
                    return command.fail(error.message)
                }
            } else {
                FileHandle.standardOutput.write(Data(session.csv.utf8))
            }
            return ExitStatus.success
        }
    }

    static func parse(_ parsed: Arguments) throws(UsageError) -> (
        name: ScenarioName, seconds: Double?, seed: UInt64, out: String?
    ) {
        let name: ScenarioName
        let seconds: Double?
        let seed: UInt64
        guard parsed.positional.count == 1 else {
            throw UsageError(
                message: parsed.positional.isEmpty
                    ? "simulate needs a SCENARIO" : "simulate takes one SCENARIO, not \(parsed.positional.count)")
        }
        guard let scenario = ScenarioName(argument: parsed.positional[0]) else {
            throw UsageError(message: "unknown scenario '\(parsed.positional[0])'")
        }
        name = scenario
        seconds = parsed.number("seconds")
        // The session is made whole in memory (about 200 bytes a row at 50 Hz): a day at most.
        if let seconds, seconds > maximumSeconds {
            throw UsageError(
                message:
                    "--seconds takes at most \(Int(maximumSeconds)) (one day), not '\(parsed.value("seconds")!)'")
        }
        if let text = parsed.value("seed") {
            guard let value = UInt64(text) else {
                throw UsageError(message: "--seed takes a whole number from 0 to \(UInt64.max), not '\(text)'")
            }
            seed = value
        } else {
            seed = Scenario.defaultSeed
        }
        return (name, seconds, seed, parsed.value("out"))
    }
}
