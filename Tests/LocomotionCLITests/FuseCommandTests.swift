import Foundation
import Locomotion
@_spi(Testing) import LocomotionCLI
import Testing

@Suite("locomotion fuse")
struct FuseCommandTests {
    /// The decision `locomotion fuse` prints for `arguments`, read back from its `--json`, and the
    /// text it prints without.
    struct Fused {
        var decision: VoteFusionDecision
        var text: String
    }

    func fuse(_ arguments: [String]) throws -> Fused {
        let json = try OutputConventionTests.run(["fuse"] + arguments + ["--json"])
        try #require(json.status == 0, "\(json.errors)")
        let text = try OutputConventionTests.run(["fuse"] + arguments)
        try #require(text.status == 0, "\(text.errors)")
        return Fused(
            decision: try JSONDecoder().decode(VoteFusionDecision.self, from: Data(json.output.utf8)), text: text.output
        )
    }

    func decide(_ arguments: [String]) throws -> VoteFusionDecision { try fuse(arguments).decision }

    @Test func theTrafficJamIsATieUntilTheSystemSaysAutomotive() throws {
        let jam = ["--speed", "0.8", "--cadence", "0", "--variance", "0.015"]
        let tie = try fuse(jam)
        #expect(tie.decision.activity == .unknown && tie.decision.confidence == .low)
        #expect(tie.text.contains("tie between walking and driving"))
        let resolved = try fuse(jam + ["--os", "automotive,stationary", "--os-rule", "traffic-jam"])
        #expect(resolved.decision.activity == .driving && resolved.decision.score == 4)
        #expect(resolved.text.hasPrefix("driving (medium confidence, score 4)\n"))
        #expect(resolved.text.contains("operating_system       driving +2"))
    }

    @Test func cyclingWithACyclingReport() throws {
        let decision = try decide(["--speed", "6", "--cadence", "0", "--variance", "0.03", "--os", "cycling"])
        #expect(decision.activity == .cycling)
        let faster = try decide(["--speed", "7", "--cadence", "0", "--variance", "0.03", "--os", "cycling"])
        #expect(faster.activity == .driving)
    }

    @Test func aNegativeSpeedIsAnInvalidFixAndCastsNoVote() throws {
        let decision = try decide(["--speed", "-1", "--cadence", "1.6", "--variance", "0.04"])
        #expect(decision.activity == .walking && decision.confidence == .medium)
        #expect(try fuse([]).text.contains("none (no signal given)"))
    }

    @Test(arguments: [
        ["--speed", "fast"], ["--speed", "nan"], ["--variance", "-0.1"], ["--cadence", "-2"],
        ["--os", "driving"], ["--os", "walking", "--os-confidence", "sure"], ["--os-rule", "cycling"],
        ["--os", "walking", "--os-rule", "other"], ["extra.csv"], ["--unknown"],
    ])
    func usageErrorsExitWithStatus2(arguments: [String]) {
        #expect(LocomotionTool.run(["fuse"] + arguments) == 2)
    }

    @Test func printsAndExitsZero() {
        #expect(LocomotionTool.run(["fuse", "--speed", "30", "--cadence", "0", "--variance", "0.008"]) == 0)
        #expect(LocomotionTool.run(["fuse", "--speed", "1.5", "--json"]) == 0)
        #expect(LocomotionTool.run(["fuse", "--help"]) == 0)
    }
}

@Suite("command-line conventions")
struct ConventionTests {
    @Test func helpVersionAndDashes() throws {
        #expect(LocomotionTool.run(["--version"]) == 0)
        #expect(LocomotionTool.run(["analyze", "-h"]) == 0)
        #expect(LocomotionTool.run(["spectrum", "-x", "f.csv"]) == 2)
        // After "--" a name that looks like an option is a file name: a data error, not a usage error.
        #expect(LocomotionTool.run(["spectrum", "--", "-x.csv"]) == 1)
        let parsed = try Arguments(["--json", "--", "--json", "-h"], declarations: [.flag("json", "")])
        #expect(parsed.flag("json") && !parsed.flag("help") && parsed.positional == ["--json", "-h"])
        #expect(try Arguments(["-"], declarations: []).positional == ["-"])
    }
}
