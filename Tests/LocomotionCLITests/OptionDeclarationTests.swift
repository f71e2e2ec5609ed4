import Foundation
import Locomotion
@_spi(Testing) import LocomotionCLI
import Testing

/// Each command declares its options once; its usage, parsing and validation come from that
/// declaration, and a usage error is one line.
@Suite("locomotion: option declarations and one-line usage errors")
struct OptionDeclarationTests {
    @Test(arguments: [
        ["analyze", "--shard", "3/3"], ["classify", "f.csv", "--window", "-1"],
        ["train", "d", "--out", "m.json", "--kind", "tree"],
        ["speed", "f.csv", "--motion-model", "bicycle"], ["steps", "f.csv", "--bogus"], ["frobnicate"],
        ["analyze", "--json", "--csv"], ["fuse", "--speed", "nan"],
    ])
    func aUsageErrorIsOneLineNamingTheProblemAndTheHelp(_ arguments: [String]) throws {
        let result = try OutputConventionTests.run(arguments)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        let lines = result.errors.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(lines.count == 1, "\(result.errors)")
        let named = arguments.count > 1 ? arguments[1...].last { $0.hasPrefix("--") }! : "'\(arguments[0])'"
        #expect(result.errors.contains(named), "\(result.errors)")
        #expect(result.errors.contains("--help"), "\(result.errors)")
    }

    @Test func everyCommandDeclaresEachOptionOnceAndListsIt() {
        #expect(LocomotionTool.commands.count == 14)
        for command in LocomotionTool.commands {
            let names = command.declarations.map(\.name)
            #expect(Set(names).count == names.count, "\(command.name) declares an option twice")
            let usage = command.usage
            #expect(usage.hasPrefix("usage: locomotion \(command.name)"), "\(command.name)")
            for option in command.declarations {
                #expect(usage.contains("--\(option.name)") != option.hidden, "\(command.name) --\(option.name)")
                if let shown = option.defaultText, !option.hidden {
                    #expect(usage.contains("(default \(shown))"), "\(command.name) --\(option.name)")
                }
            }
        }
    }

    @Test func windowAndHopDefaultsComeFromTheLibrary() throws {
        let library = FeatureConfiguration()
        for command in LocomotionTool.commands {
            let arguments = try Arguments([], declarations: command.declarations)
            if command.declarations.contains(where: { $0.name == "window" }) {
                #expect(arguments.number("window") == library.windowDuration, "\(command.name)")
            }
            if command.declarations.contains(where: { $0.name == "hop" }) {
                #expect(arguments.number("hop") == library.hop, "\(command.name)")
            }
        }
        #expect(try Arguments(["--hop", "0.5"], command: ClassifyCommand.command).number("hop") == 0.5)
    }

    @Test func modelMeansAModelFileEverywhere() {
        for command in LocomotionTool.commands {
            for option in command.declarations where option.name == "model" && !option.hidden {
                #expect(option.placeholder == "FILE", "\(command.name)")
            }
        }
        #expect(TrainCommand.command.declarations.contains { $0.name == "kind" })
        #expect(SpeedCommand.command.declarations.contains { $0.name == "motion-model" })
    }

    @Test func everyValueIsCheckedAgainstItsDeclaredKind() throws {
        for command in LocomotionTool.commands {
            for option in command.declarations {
                let bad: String
                switch option.value {
                case .seconds, .positiveNumber, .number: bad = "not-a-number"
                case .wholeNumber: bad = "-7"
                case .band: bad = "3-1"
                case .choice: bad = "no-such-choice"
                case .flag, .text: continue
                }
                let arguments = try Arguments(["--\(option.name)", bad], declarations: command.declarations)
                do {
                    try arguments.check()
                    Issue.record("\(command.name) --\(option.name) \(bad) was accepted")
                } catch {
                    #expect(error.message.hasPrefix("--\(option.name) takes"), "\(error.message)")
                }
            }
        }
    }

    @Test func theOldSpellingsStillWorkWithANote() throws {
        let trained = try TrainCommand.parse(
            Arguments(["d", "--out", "m.json", "--model", "bayes"], command: TrainCommand.command))
        #expect(trained.kind == .naiveBayes)
        #expect(
            try TrainCommand.parse(Arguments(["d", "--out", "m.json"], command: TrainCommand.command)).kind
                == .randomForest)
        #expect(throws: UsageError.self) {
            try TrainCommand.parse(
                Arguments(
                    ["d", "--out", "m.json", "--model", "bayes", "--kind", "forest"], command: TrainCommand.command))
        }
        let old = try SpeedCommand.configuration(
            Arguments(["--model", "constant-velocity"], command: SpeedCommand.command))
        let new = try SpeedCommand.configuration(
            Arguments(["--motion-model", "constant-velocity"], command: SpeedCommand.command))
        #expect(old == new)
        #expect(new.model == .constantVelocity)
    }
}
