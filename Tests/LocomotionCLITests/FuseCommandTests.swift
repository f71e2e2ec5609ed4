import Locomotion
import Testing

@_spi(Testing) @testable import LocomotionCLI

@Suite("locomotion fuse")
struct FuseCommandTests {
    func decide(_ arguments: [String]) throws -> VoteFusionDecision {
        try FuseCommand.decide(
            Arguments(arguments, command: FuseCommand.command))
    }

    @Test func theTrafficJamIsATieUntilTheSystemSaysAutomotive() throws {
        let jam = ["--speed", "0.8", "--cadence", "0", "--variance", "0.015"]
        let tie = try decide(jam)
        #expect(tie.activity == .unknown && tie.confidence == .low)
        #expect(FuseCommand.render(tie).contains("tie between walking and driving"))
        let resolved = try decide(jam + ["--os", "automotive,stationary", "--os-rule", "traffic-jam"])
        #expect(resolved.activity == .driving && resolved.score == 4)
        #expect(FuseCommand.render(resolved).hasPrefix("driving (medium confidence, score 4)\n"))
        #expect(FuseCommand.render(resolved).contains("operating_system       driving +2"))
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
        #expect(FuseCommand.render(try decide([])).contains("none (no signal given)"))
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
