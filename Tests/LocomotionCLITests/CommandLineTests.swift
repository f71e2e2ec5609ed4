import Testing

@testable import LocomotionCLI

@Suite("locomotion command line")
struct CommandLineTests {
    @Test(arguments: [
        ["frobnicate"], [], ["spectrum"], ["spectrum", "--bogus", "f.csv"], ["spectrum", "f.csv", "--window", "-1"],
        ["spectrum", "f.csv", "--band", "3-1"], ["demo", "extra"],
    ])
    func usageErrorsExitWithStatus2(arguments: [String]) {
        #expect(LocomotionTool.run(arguments) == 2)
    }

    @Test func helpSucceeds() {
        #expect(LocomotionTool.run(["--help"]) == 0)
        #expect(LocomotionTool.run(["spectrum", "--help"]) == 0)
    }

    @Test func aMissingFileIsADataErrorNotAUsageError() {
        #expect(LocomotionTool.run(["spectrum", "/nonexistent.csv"]) == 1)
    }

    @Test func demoRunsOnTheBundledRecording() {
        #expect(LocomotionTool.run(["demo"]) == 0)
    }
}
