import Foundation
import Locomotion

/// `locomotion fuse`: the vote fusion's decision for one set of signal values, with its votes.
@_spi(Testing) public enum FuseCommand {
    static let summary = """
        usage: locomotion fuse [--speed M/S] [--cadence STEPS/S] [--variance G2]
                               [--os FLAGS [--os-confidence low|medium|high] [--os-rule traffic-jam|cycling]]
                               [--json]

        Prints the vote fusion's activity, confidence and score for the given signals, and every
        vote behind them. A signal left out (or a negative speed: an invalid GPS fix) casts no vote.
        """

    @_spi(Testing) public static let command = Command(
        name: "fuse", summary: summary,
        options: [
            .option("speed", "M/S", .number(unit: "m/s", default: nil), "GPS speed in m/s"),
            .option(
                "cadence", "STEPS/S", .number(unit: "steps/s", default: nil),
                "cadence in steps/s (0 when no steps)"),
            .option(
                "variance", "G2", .number(unit: "g²", default: nil), "variance of the acceleration magnitude in g²"),
            .option(
                "os", "FLAGS", .text(default: nil),
                "the operating system's activity flags, comma-separated: any of\nstationary, walking, running, automotive, cycling, unknown\n('' for all false)"
            ),
            .option(
                "os-confidence", "L", .choice(["low", "medium", "high"], default: "high"), "the report's confidence"),
            .option(
                "os-rule", "R", .choice(["traffic-jam", "cycling"], default: "cycling"),
                "how the report votes: traffic-jam (automotive +2 driving, else\nwalking +2) or cycling (cycling +3, automotive +2, walking +2,\nflags reduced automotive > running > walking > cycling >\nstationary)"
            ),
            .flag("json", "print the decision as JSON"),
        ])

    static func run(_ arguments: [String]) -> Int32 {
        command.run(arguments) { (parsed) throws(UsageError) in
            guard parsed.positional.isEmpty else {
                throw UsageError(message: "fuse takes no FILE, only options (got '\(parsed.positional[0])')")
            }
            return try decide(parsed)
        } body: { parsed, decision in
            if parsed.flag("json") {
                CommandSupport.printJSON(decision)
            } else {
                print(render(decision), terminator: "")
            }
            return ExitStatus.success
        }
    }

    static func decide(_ parsed: Arguments) throws(UsageError) -> VoteFusionDecision {
        let speed = parsed.number("speed")
        let cadence = parsed.number("cadence")
        let variance = parsed.number("variance")
        if let cadence, cadence < 0 {
            throw UsageError(message: "--cadence cannot be negative (\(cadence))")
        }
        if let variance, variance < 0 { throw UsageError(message: "--variance cannot be negative (\(variance))") }
        var configuration = VoteFusion.Configuration()
        var report: MotionActivityReport?
        if let flags = parsed.value("os") {
            let confidenceText = parsed.text("os-confidence")!
            guard let confidence = Confidence(identifier: confidenceText) else {
                throw UsageError(message: "--os-confidence takes low, medium or high, not '\(confidenceText)'")
            }
            do {
                report = MotionActivityReport(
                    flags: try MotionActivityFlags(identifiers: flags), confidence: confidence, start: 0)
            } catch {
                throw UsageError(message: "--os: \(error.message)")
            }
            switch parsed.text("os-rule")! {
            case "traffic-jam": configuration.operatingSystemVotes = .trafficJam
            case "cycling": configuration.operatingSystemVotes = .withCycling
            case let other: throw UsageError(message: "--os-rule takes traffic-jam or cycling, not '\(other)'")
            }
        } else if parsed.value("os-confidence") != nil || parsed.value("os-rule") != nil {
            throw UsageError(message: "--os-confidence and --os-rule need --os")
        }
        let fusion: VoteFusion
        do { fusion = try VoteFusion(configuration: configuration) } catch { preconditionFailure("\(error)") }
        let evidence = ActivityEvidence(speed: speed, cadence: cadence, accelerationVariance: variance)
        return fusion.decide(evidence, report: report)
    }

    /// The decision as text: the activity, confidence and score, then one line per vote and the tally.
    static func render(_ decision: VoteFusionDecision) -> String {
        var lines = ["\(decision.activity) (\(decision.confidence) confidence, score \(decision.score))"]
        if decision.isTie {
            let tied = decision.tally.filter { $0.score == decision.score }.map(\.activity.identifier)
            lines.append("  tie between \(tied.joined(separator: " and ")): no activity wins")
        }
        lines.append("votes")
        if decision.votes.isEmpty { lines.append("  none (no signal given)") }
        for vote in decision.votes {
            lines.append(
                "  \(vote.source.rawValue.padding(toLength: 22, withPad: " ", startingAt: 0)) \(vote.activity) +\(vote.weight)"
            )
        }
        let tally = decision.tally.map { "\($0.activity) \($0.score)" }
        lines.append("tally  \(tally.isEmpty ? "none" : tally.joined(separator: ", "))")
        return lines.joined(separator: "\n") + "\n"
    }
}
