import Foundation
import Testing

/// The command line's bad-input matrix: every subcommand run as a process (the `locomotion`
/// binary built next to the tests) with empty, one-line and NaN files, unknown and single-dash
/// options, `-`, `--`, missing and out-of-range values. Each must end with the documented exit
/// status (docs/CLI.md: 0 success, 1 a file or data error, 2 a usage error) — never a signal —
/// and, when it fails, a message on standard error that names the file or the option.
/// docs/Reliability.md lists the same cases.
@Suite("locomotion: bad command lines")
struct BadCommandLineMatrixTests {
    struct Case: Sendable, CustomStringConvertible {
        var arguments: [String]
        var status: Int32
        /// What standard error (for a failure) or standard output (for a success) must contain;
        /// `{dir}` is the folder of the test files.
        var names: String
        var description: String { arguments.joined(separator: " ") }
    }

    /// Test files, made once: empty, a header only, one row, and rows of NaN.
    static let folder: String = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locomotion-matrix-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let files = [
            "empty.csv": "", "header.csv": "t,ax,ay,az\n", "one.csv": "t,ax,ay,az\n0,0,0,1\n",
            "nan.csv": "t,ax,ay,az\n" + (0..<300).map { "\(Double($0) / 50),0,0,nan\n" }.joined(),
            "walk.csv": "t,ax,ay,az\n"
                + (0..<300).map { "\(Double($0) / 50),0,0,\(1 + 0.3 * sin(Double($0) * 0.23))\n" }.joined(),
        ]
        for (name, text) in files {
            let written = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(text.utf8))
            precondition(written, "cannot write the test file \(folder)/\(name)")
        }
        return folder
    }()

    /// The commands that read recordings, each with an option that takes a value and a value out of its range.
    static let readers: [(command: String, option: String, outOfRange: String)] = [
        ("info", "--gap", "0"), ("spectrum", "--window", "-1"), ("speed", "--spike", "-1"), ("steps", "--hop", "0"),
        ("features", "--window", "nan"), ("classify", "--hold", "-3"), ("analyze", "--window", "1e400"),
        ("evaluate", "--hold", "0"), ("train", "--folds", "1"),
    ]

    static let cases: [Case] = {
        var cases: [Case] = []
        for (command, option, outOfRange) in readers {
            // train needs --out before it reads anything; give it one so the files are judged.
            let out = command == "train" ? ["--out", "{dir}/model.json"] : []
            cases += [
                Case(
                    arguments: [command, "{dir}/empty.csv"] + out, status: 1,
                    names: "{dir}/empty.csv: cannot read the file"),
                Case(arguments: [command, "{dir}/nan.csv"] + out, status: 1, names: "{dir}/nan.csv:2: column 'az'"),
                Case(arguments: [command, "-x", "{dir}/one.csv"] + out, status: 2, names: "unknown option -x"),
                Case(
                    arguments: [command, "--bogus", "{dir}/one.csv"] + out, status: 2, names: "unknown option --bogus"),
                Case(arguments: [command, "-"] + out, status: 1, names: " -: "),
                Case(arguments: [command, "-h"], status: 0, names: "usage: locomotion \(command)"),
                Case(
                    arguments: [command, "{dir}/one.csv", option], status: 2, names: "option \(option) needs a value"),
                Case(
                    arguments: [command, "{dir}/one.csv"] + out + [option, outOfRange], status: 2,
                    names: "\(option) takes"),
            ]
            // A bad reading option is a usage error everywhere (evaluate once ended with 1).
            cases.append(
                Case(
                    arguments: [command, "{dir}/one.csv", "--acc-unit", "furlongs"] + out, status: 2,
                    names: "--acc-unit takes g, m/s2, m/s^2 or mps2, not 'furlongs'"))
            if command != "analyze" {  // analyze without a file analyzes the bundled session
                cases.append(Case(arguments: [command, "--"] + out, status: 2, names: "\(command) needs"))
            }
        }
        // Header only and one row: counted and said (info), or too few rows for the analysis.
        cases.append(Case(arguments: ["info", "{dir}/header.csv"], status: 0, names: "rows            0"))
        cases.append(Case(arguments: ["info", "{dir}/one.csv"], status: 0, names: "rows            1"))
        cases.append(Case(arguments: ["info", "{dir}/nan.csv", "--lenient"], status: 0, names: "NaN or infinity: 300"))
        for command in ["spectrum", "steps", "features", "classify", "analyze", "evaluate"] {
            cases.append(
                Case(arguments: [command, "{dir}/one.csv"], status: 1, names: "{dir}/one.csv: 1 rows are too few"))
            cases.append(
                Case(
                    arguments: [command, "{dir}/header.csv"], status: 1, names: "{dir}/header.csv: 0 rows are too few"))
        }
        cases.append(Case(arguments: ["speed", "{dir}/one.csv"], status: 1, names: "{dir}/one.csv: no speed column"))
        // Windows of no time and hops of no sample are refused, with the file (they depend on its rate).
        for command in ["spectrum", "steps", "features"] {
            cases += [
                Case(
                    arguments: [command, "{dir}/walk.csv", "--window", "1e-9"], status: 1,
                    names: "{dir}/walk.csv: windowDuration = 1e-09 is invalid; it must hold at least 4 samples"),
                Case(
                    arguments: [command, "{dir}/walk.csv", "--hop", "1e-9"], status: 1,
                    names: "{dir}/walk.csv: hop = 1e-09 is invalid; it must be at least half a sample"),
            ]
        }
        cases.append(
            Case(
                arguments: ["analyze", "{dir}/walk.csv", "--window", "1e6"], status: 1,
                names: "windowDuration = 1000000 is invalid; it must span at most 1048576 samples when streamed"))
        cases += [
            Case(arguments: ["summarize", "{dir}/one.csv"], status: 1, names: "{dir}/one.csv:1: not a record"),
            Case(arguments: ["summarize", "-"], status: 1, names: "-: No such file"),
            Case(arguments: ["summarize", "{dir}/empty.csv"], status: 1, names: "no records in {dir}/empty.csv"),
            Case(arguments: ["summarize", "--"], status: 2, names: "summarize needs"),
            Case(arguments: ["summarize", "-x"], status: 2, names: "unknown option -x"),
            Case(arguments: ["summarize", "{dir}/one.csv", "--out"], status: 2, names: "option --out needs a value"),
            Case(arguments: ["evaluate-steps", "{dir}/empty.csv", "--vehicle"], status: 1, names: "{dir}/empty.csv"),
            Case(arguments: ["evaluate-steps", "{dir}/one.csv"], status: 2, names: "give --reference"),
            Case(
                arguments: ["evaluate-steps", "{dir}/one.csv", "--reference"], status: 2,
                names: "option --reference needs a value"),
            Case(arguments: ["evaluate-steps", "--"], status: 2, names: "evaluate-steps needs exactly one RECORDING"),
            Case(arguments: ["evaluate-steps", "-x", "{dir}/one.csv"], status: 2, names: "unknown option -x"),
            Case(
                arguments: ["evaluate", "{dir}/one.csv", "--model", "{dir}/empty.csv"], status: 1,
                names: "{dir}/empty.csv: not an activity model"),
            Case(
                arguments: ["evaluate", "{dir}/one.csv", "--model", "{dir}/missing.json"], status: 1,
                names: "{dir}/missing.json"),
            // A model or label map that cannot be read is a file error for every command, named.
            Case(
                arguments: ["classify", "{dir}/one.csv", "--classifier", "model", "--model", "{dir}/empty.csv"],
                status: 1, names: "{dir}/empty.csv: not an activity model"),
            Case(
                arguments: ["analyze", "{dir}/one.csv", "--classifier", "model", "--model", "{dir}/missing.json"],
                status: 1, names: "{dir}/missing.json"),
            Case(
                arguments: ["analyze", "{dir}/one.csv", "--label-map", "{dir}/nan.csv"], status: 1,
                names: "--label-map: {dir}/nan.csv:1: expected LABEL,ACTIVITY"),
            Case(arguments: ["train", "{dir}/one.csv", "--out"], status: 2, names: "option --out needs a value"),
            Case(arguments: ["train", "{dir}/one.csv"], status: 2, names: "train needs --out"),
            Case(arguments: ["fuse", "{dir}/one.csv"], status: 2, names: "fuse takes no FILE"),
            Case(arguments: ["fuse", "--speed"], status: 2, names: "option --speed needs a value"),
            Case(arguments: ["fuse", "--speed", "nan"], status: 2, names: "--speed takes a finite number"),
            Case(arguments: ["fuse", "-x"], status: 2, names: "unknown option -x"),
            Case(arguments: ["fuse"], status: 0, names: "no signal given"),
            Case(arguments: ["simulate", "-"], status: 2, names: "unknown scenario '-'"),
            Case(arguments: ["simulate", "--"], status: 2, names: "simulate needs a SCENARIO"),
            Case(arguments: ["simulate", "commute", "--seconds"], status: 2, names: "option --seconds needs a value"),
            Case(
                arguments: ["simulate", "commute", "--seconds", "-1"], status: 2,
                names: "--seconds takes a positive number"),
            Case(
                arguments: ["simulate", "commute", "--seconds", "1e300"], status: 2,
                names: "--seconds takes at most 86400"),
            Case(arguments: ["simulate", "commute", "--seed", "-1"], status: 2, names: "--seed takes a whole number"),
            Case(arguments: ["demo", "{dir}/one.csv"], status: 2, names: "demo takes no FILE"),
            Case(arguments: ["demo", "-x"], status: 2, names: "unknown option -x"),
            Case(arguments: ["demo", "--report"], status: 2, names: "option --report needs a value"),
            Case(arguments: ["frobnicate"], status: 2, names: "frobnicate"),
            Case(arguments: ["-x"], status: 2, names: "-x"),
            Case(arguments: ["--"], status: 2, names: "--"),
        ]
        return cases
    }()

    /// The `locomotion` binary the package built beside this test bundle.
    static var binary: String {
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // On macOS the tests run inside an .xctest bundle (…/debug/X.xctest/Contents/MacOS).
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("locomotion").path
    }

    @Test(arguments: cases)
    func endsWithTheDocumentedStatusAndNamesTheCulprit(_ input: Case) throws {
        let run = try OutputConventionTests.run(
            input.arguments.map { $0.replacingOccurrences(of: "{dir}", with: Self.folder) })
        #expect(run.reason == .exit, "ended by signal \(run.status): \(run.errors.prefix(300))")
        #expect(run.status == input.status, "status \(run.status): \(run.errors.prefix(300))")
        let message = input.status == 0 ? run.output : run.errors
        let needle = input.names.replacingOccurrences(of: "{dir}", with: Self.folder)
        #expect(message.contains(needle), "expected '\(needle)' in: \(message.prefix(300))")
    }
}
