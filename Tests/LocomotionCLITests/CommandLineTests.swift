import Foundation
import Locomotion
@_spi(Testing) import LocomotionCLI
import LocomotionTestSupport
import Testing

@Suite("locomotion command line")
struct CommandLineTests {
    @Test(arguments: [
        ["frobnicate"], [], ["spectrum"], ["spectrum", "--bogus", "f.csv"], ["spectrum", "f.csv", "--window", "-1"],
        ["spectrum", "f.csv", "--band", "3-1"], ["demo", "extra"],
    ])
    func usageErrorsExitWithStatus2(arguments: [String]) {
        #expect(LocomotionTool.run(arguments) == 2)
    }

    @Test func bandsAreReadWithTheirSignsAndExponents() throws {
        func band(_ text: String) throws -> ClosedRange<Double>? {
            try Option.band(text, name: "band")
        }
        #expect(try band("0.6-2.5") == 0.6...2.5)
        #expect(try band("0.6...2.5") == 0.6...2.5)
        #expect(try band("1e-3-2") == 0.001...2)
        #expect(try band("1e-3...2e0") == 0.001...2)
        #expect(try band("none") == nil)
        for bad in ["-1-2", "-1...2", "0-inf", "nan-2", "2-1", "1-1", "0.6-2.5-3", "1", "-", "a-b"] {
            #expect(throws: UsageError.self, "\(bad)") { try band(bad) }
        }
    }

    @Test func helpSucceeds() {
        #expect(LocomotionTool.run(["--help"]) == 0)
        #expect(LocomotionTool.run(["spectrum", "--help"]) == 0)
    }

    @Test func aMissingFileIsADataErrorNotAUsageError() {
        #expect(LocomotionTool.run(["spectrum", "/nonexistent.csv"]) == 1)
    }

    @Test func demoAnalyzesTheDefaultSessionAndWritesItsReport() throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).html")
        let commute = report.deletingPathExtension().appendingPathExtension("html").path.replacingOccurrences(
            of: ".html", with: "-commute.html")
        defer {
            try? FileManager.default.removeItem(at: report)
            try? FileManager.default.removeItem(atPath: commute)
        }
        #expect(LocomotionTool.run(["demo", "--report", report.path]) == 0)
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<svg"))
        // The simulated commute's report shows its trip, under a name that is the same in every run.
        let commuteHTML = try String(contentsOfFile: commute, encoding: .utf8)
        #expect(commuteHTML.contains("Trips"))
        #expect(commuteHTML.contains("\(DemoCommand.commuteName) (simulated, seed 1)"))
    }
}

@Suite("locomotion info")
struct InfoCommandTests {
    @Test func aCorruptedLineFailsStrictlyAndIsCountedLeniently() throws {
        let path = try temporaryCSVFile("t,ax,ay,az\n0,0,0,1\n0.02,0,0,1\n0.04,0,#,1\n0.06,0,0,1\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(LocomotionTool.run(["info", path]) == 1)
        #expect(LocomotionTool.run(["info", path, "--lenient"]) == 0)
        #expect(LocomotionTool.run(["info", path, "--lenient", "--json"]) == 0)
    }

    @Test(arguments: [
        ["info"], ["info", "f.csv", "--acc-unit", "furlongs"], ["info", "f.csv", "--column", "nope=x"],
        ["info", "f.csv", "--gap", "0"], ["info", "f.csv", "--labels", "unknown"],
    ])
    func usageErrors(arguments: [String]) {
        #expect(LocomotionTool.run(arguments) == 2)
    }
}

@Suite("locomotion sample rates")
struct SampleRateCommandTests {
    @Test("features, steps and spectrum all read a 204.8 Hz recording (a foot sensor's rate)")
    func theAnalysesShareOneSampleRateRange() throws {
        let rows = (0..<2_048).map { index -> String in
            let time = Double(index) / 204.8
            return "\(time),0,0,\(1 + 0.3 * sin(2 * Double.pi * 1.8 * time))"
        }
        let path = try temporaryCSVFile("t,ax,ay,az\n" + rows.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        for command in ["features", "steps", "spectrum"] {
            #expect(LocomotionTool.run([command, path, "--json"]) == 0, "\(command)")
        }
    }
}

@Suite("locomotion info --group")
struct InfoGroupTests {
    @Test func groupedFilesAreSummarisedPerGroup() throws {
        let path = try temporaryCSVFile("id,t,ax,ay,az\n1,0,0,0,1\n1,1,0,0,1\n2,0,0,0,1\n2,1,0,0,1\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(LocomotionTool.run(["info", path]) == 1)  // time restarts: not one recording
        #expect(LocomotionTool.run(["info", path, "--group", "id"]) == 0)
        #expect(LocomotionTool.run(["info", path, "--group", "id", "--json"]) == 0)
    }

    @Test("--group is listed and accepted only by info and features; the others refuse it as a usage error")
    func groupIsListedOnlyWhereItIsAccepted() throws {
        let path = try temporaryCSVFile("id,t,ax,ay,az\n1,0,0,0,1\n1,1,0,0,1\n2,0,0,0,1\n2,1,0,0,1\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let usages = [
            "info": InfoCommand.command.usage, "features": FeaturesCommand.command.usage,
            "spectrum": SpectrumCommand.command.usage,
            "steps": StepsCommand.command.usage, "evaluate-steps": EvaluateStepsCommand.command.usage,
            "speed": SpeedCommand.command.usage,
            "analyze": AnalyzeCommand.command.usage, "classify": ClassifyCommand.command.usage,
            "train": TrainCommand.command.usage,
            "evaluate": EvaluateCommand.command.usage,
        ]
        for (command, usage) in usages {
            let accepted = command == "info" || command == "features"
            #expect(usage.contains("--group") == accepted, "\(command)")
            if !accepted { #expect(LocomotionTool.run([command, path, "--group", "id"]) == 2, "\(command)") }
        }
    }
}

@Suite("locomotion speed")
struct SpeedCommandTests {
    @Test func smoothsAFileAndReportsSpikes() throws {
        var lines = ["t,speed,speed_accuracy"]
        for second in 0..<60 { lines.append("\(second),\(second == 30 ? 14.0 : 1.4),0.5") }
        let path = try temporaryCSVFile(lines.joined(separator: "\n"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for extra in [
            [], ["--forward"], ["--json"], ["--csv"], ["--spike", "3"], ["--model", "constant-velocity"],
            ["--process-noise", "0.05", "--noise-per-speed", "0.05"],
        ] {
            #expect(LocomotionTool.run(["speed", path] + extra) == 0, "\(extra)")
        }
        let json = try OutputConventionTests.run(["speed", path, "--json"])
        #expect(json.status == 0, "\(json.errors)")
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]],
            "not an array: \(json.output.prefix(80))")
        let summary = try #require(records.first?["summary"] as? [String: Any])
        #expect(summary["rejectedSpikes"] as? Int == 1 && summary["rawSpikes"] as? Int == 1)
        #expect(summary["smoothedSpikes"] as? Int == 0 && summary["spikeThreshold"] as? Double == 2)
        let fixes = try #require(records.first?["fixes"] as? [[String: Any]])
        #expect(fixes.count == 60 && fixes[30]["status"] as? String == "rejectedSpike")
    }

    @Test func theCSVQuotesAFileNameWithACommaAndReadsBack() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ride, \"fast\"-\(UUID()).csv").path
        try "t,speed\n0,1.5\n1,1.6\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let csv = try OutputConventionTests.run(["speed", path, "--csv"])
        #expect(csv.status == 0, "\(csv.errors)")
        let table = try ReferenceTable(text: csv.output, source: "speed.csv")
        #expect(table.header.count == 7 && table.rows.count == 2)
        #expect(table.rows.allSatisfy { $0.count == 7 && $0[0] == path })
        #expect(try table.column(["time_s"], fallback: false) == [0, 1])
    }

    @Test func errorsAndUsage() throws {
        let path = try temporaryCSVFile("t,ax,ay,az\n0,0,0,1\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(LocomotionTool.run(["speed", path]) == 1)  // no speed column
        #expect(LocomotionTool.run(["speed"]) == 2)
        #expect(LocomotionTool.run(["speed", path, "--json", "--csv"]) == 2)
        #expect(LocomotionTool.run(["speed", path, "--spike", "-1"]) == 2)
        #expect(LocomotionTool.run(["speed", path, "--model", "bogus"]) == 2)
        #expect(LocomotionTool.run(["speed", path, "--process-noise", "-1"]) == 2)
    }
}

@Suite("locomotion steps and evaluate-steps")
struct StepsCommandTests {
    /// A 30 s walk at 1.8 steps/s on a 50 Hz grid: a pulse per step along z.
    static func walkingFile() throws -> (path: String, steps: [Double]) {
        var text = "t,ax,ay,az,label\n"
        let steps = stride(from: 0.5, to: 29.5, by: 1 / 1.8).map { $0 }
        for index in 0..<1_500 {
            let t = Double(index) / 50
            let pulse = steps.map { step -> Double in
                let d = t - step
                return 0.3 * exp(-d * d / 0.0072) - 0.15 * exp(-(d - 0.2) * (d - 0.2) / 0.02)
            }.reduce(0, +)
            let label = t < 10 ? "5" : "1"
            text += String(format: "%.2f,0,0,%.5f,%@\n", t, 1 + pulse, label)
        }
        return (try temporaryCSVFile(text), steps)
    }

    @Test func stepsPrintsATableAndJSON() throws {
        let (path, _) = try Self.walkingFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(LocomotionTool.run(["steps", path]) == 0)
        #expect(LocomotionTool.run(["steps", path, "--json", "--window", "5", "--hop", "5"]) == 0)
        #expect(LocomotionTool.run(["steps", path, "--set", "minimumRegularity=0.6"]) == 0)
        #expect(
            LocomotionTool.run(["steps", path, "--placement", "trunk", "--set", "maximumVerticalDeficit=0.3"]) == 0)
        #expect(LocomotionTool.run(["steps", path, "--placement", "pocket"]) == 2)
    }

    @Test func evaluateStepsAgainstAReference() throws {
        let (path, steps) = try Self.walkingFile()
        let reference = try temporaryCSVFile(
            "ic_time_s\n" + steps.map { String(format: "%.3f", $0) }.joined(separator: "\n") + "\n\n")
        let bouts = try temporaryCSVFile("start_s,end_s\n5,25\n")
        defer {
            for file in [path, reference, bouts] { try? FileManager.default.removeItem(atPath: file) }
        }
        #expect(LocomotionTool.run(["evaluate-steps", path, "--reference", reference]) == 0)
        #expect(
            LocomotionTool.run(["evaluate-steps", path, "--reference", reference, "--bouts", bouts, "--json"]) == 0)
        #expect(
            LocomotionTool.run([
                "evaluate-steps", path, "--still-labels", "4,5,6", "--walking-labels", "1", "--vehicle",
            ])
                == 0)
    }

    @Test(arguments: [
        ["steps"], ["steps", "f.csv", "--window", "0"], ["steps", "f.csv", "--set", "nonsense=1"],
        ["steps", "f.csv", "--set", "minimumProminence=abc"], ["evaluate-steps"], ["evaluate-steps", "f.csv"],
        ["evaluate-steps", "a.csv", "b.csv", "--vehicle"], ["evaluate-steps", "f.csv", "--bouts", "b.csv"],
        ["evaluate-steps", "f.csv", "--vehicle", "--tolerance", "-1"],
    ])
    func usageErrors(arguments: [String]) {
        #expect(LocomotionTool.run(arguments) == 2)
    }

    @Test func dataErrorsExitWithStatus1AndParameterRangesWith2() throws {
        let (path, _) = try Self.walkingFile()
        let bad = try temporaryCSVFile("ic_time_s\n1.0\nabc\n")
        defer {
            for file in [path, bad] { try? FileManager.default.removeItem(atPath: file) }
        }
        #expect(LocomotionTool.run(["steps", "/nonexistent.csv"]) == 1)
        #expect(LocomotionTool.run(["evaluate-steps", "/nonexistent.csv", "--vehicle"]) == 1)
        #expect(LocomotionTool.run(["evaluate-steps", path, "--reference", bad]) == 1)
        #expect(LocomotionTool.run(["evaluate-steps", path, "--reference", "/nonexistent.csv"]) == 1)
        // A detector parameter out of its range is a usage error, found before any file is read.
        #expect(LocomotionTool.run(["steps", path, "--set", "minimumRunLength=0"]) == 2)
    }

    @Test(arguments: ["start_s,end_s\n10,2\n", "start_s,end_s\nnan,5\n", "start_s,end_s\n1,\n"])
    func aBoutWithoutBoundsOrEndingBeforeItStartsIsADataError(bouts text: String) throws {
        let (path, steps) = try Self.walkingFile()
        let reference = try temporaryCSVFile(
            "ic_time_s\n" + steps.map { "\($0)" }.joined(separator: "\n"))
        let bouts = try temporaryCSVFile(text)
        defer {
            for file in [path, reference, bouts] { try? FileManager.default.removeItem(atPath: file) }
        }
        #expect(LocomotionTool.run(["evaluate-steps", path, "--reference", reference, "--bouts", bouts]) == 1)
        #expect(throws: LocomotionError.self) { try ReferenceTable(path: bouts).bouts(widenedBy: 0.25) }
    }

    @Test("a reference that is a directory or missing is named with the system's reason")
    func unreadableReferencesSayWhy() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reference-\(UUID()).csv").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (path, reason) in [(directory, "Is a directory"), (directory + "-missing", "No such file or directory")] {
            #expect {
                _ = try ReferenceTable(path: path)
            } throws: { error in
                (error as? LocomotionError)?.description.contains("cannot read the file: \(reason)") ?? false
            }
        }
    }

    @Test(arguments: [
        ("lowPassCutoff=nan", "lowPassCutoff takes a finite number"),
        ("minimumRunLength=2.5", "minimumRunLength takes a whole number"),
        ("minimumRunLength=1e308", "minimumRunLength takes a whole number"),
        ("stepPeriods=1", "stepPeriods takes finite LOW...HIGH"),
        ("initialContactSearch=0...inf", "initialContactSearch takes finite LOW...HIGH"),
        ("maximumGap=inf", "maximumGap takes a finite number"),
    ])
    func setValuesOfTheWrongShapeAreNamedUsageErrors(assignment: String, message: String) throws {
        let arguments = try Arguments(["--set", assignment], declarations: DetectorOptions.options)
        #expect(throws: UsageError.self) { try DetectorOptions.parse(arguments) }
        do {
            _ = try DetectorOptions.parse(arguments)
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
        #expect(LocomotionTool.run(["steps", "f.csv", "--set", assignment]) == 2)
    }

    @Test func setValuesOfTheRightShapeStillParse() throws {
        let arguments = try Arguments(
            ["--set", "maximumGap=0.2", "--set", "minimumRunLength=3", "--set", "initialContactSearch=0...0"],
            declarations: DetectorOptions.options)
        let configuration = try DetectorOptions.parse(arguments)
        #expect(configuration.maximumGap == 0.2 && configuration.bout.minimumRunLength == 3)
        #expect(configuration.timing.initialContactSearch == 0...0)
    }

    @Test func referenceErrorsNameTheLineOfTheFileAfterBlankLines() throws {
        let path = try temporaryCSVFile("ic_time_s\n1.0\n\n\n2.0\nxyz\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            throws: LocomotionError.malformedCell(
                path: path, line: 6, column: "ic_time_s", value: "xyz", expected: "a number of seconds")
        ) {
            try ReferenceTable(path: path).column(["ic_time_s"])
        }
    }
}

@Suite("locomotion features")
struct FeaturesCommandTests {
    static let demo: String? = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/LocomotionCLI/Resources/uci-hapt-walk-exp01.csv").standardized.path

    @Test(arguments: [
        ["features"], ["features", "f.csv", "--window", "0"], ["features", "f.csv", "--hop", "x"],
        ["features", "f.csv", "--threads", "0"], ["features", "f.csv", "--gait-band", "2-1"],
        ["features", "f.csv", "--bogus"],
    ])
    func usageErrors(arguments: [String]) {
        #expect(LocomotionTool.run(arguments) == 2)
    }

    @Test func theJSONListIsTheSchema() throws {
        let schema = try FeatureConfiguration().schema()
        let text = CommandSupport.jsonText(FeaturesCommand.Listing(schema))
        let listing = try JSONDecoder().decode(FeaturesCommand.Listing.self, from: Data(text.utf8))
        #expect(listing.version == schema.version)
        #expect(listing.features == schema.descriptors)
        #expect(LocomotionTool.run(["features", "--list", "--json"]) == 0)
    }

    @Test func listAndHelpSucceed() {
        #expect(LocomotionTool.run(["features", "--list"]) == 0)
        #expect(LocomotionTool.run(["features", "--list", "--per-axis"]) == 0)
        #expect(LocomotionTool.run(["features", "--help"]) == 0)
        #expect(LocomotionTool.run(["features", "/nonexistent.csv"]) == 1)
    }

    @Test func theListNamesEveryFeatureWithItsUnit() throws {
        let schema = try FeatureConfiguration().schema()
        let text = FeaturesCommand.list(schema)
        for descriptor in schema.descriptors {
            #expect(text.contains(descriptor.name) && text.contains(descriptor.summary))
        }
    }

    @Test func csvHasOneRowPerWindowWithLabelsAndEmptyCellsForMissingValues() throws {
        let recording = Recording(
            source: "walk", time: (0..<300).map { Double($0) / 50 },
            acceleration: ThreeAxisSeries(
                x: (0..<300).map { 1 + 0.2 * sin(Double($0) * 0.23) }, y: Array(repeating: 0, count: 300),
                z: (0..<300).map { 0.1 * cos(Double($0) * 0.5) }),
            labels: (0..<300).map { $0 < 100 ? "sitting" : "walking" })
        let table = try recording.features(sampleRate: 50)
        let text = FeaturesCommand.csv([("walk", table)], schema: table.schema)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1 + table.count)
        #expect(lines[0].hasPrefix("file,start_s,end_s,label,acc_mag_mean,"))
        #expect(lines[1].split(separator: ",", omittingEmptySubsequences: false)[3] == "sitting")  // 100 of 128 rows
        #expect(lines[2].split(separator: ",", omittingEmptySubsequences: false)[3] == "walking")  // 92 of 128 rows
        #expect(lines[1].hasSuffix(",,,,,,"))  // no gyroscope, GPS or pedometer
        let json = FeaturesCommand.json([("walk", table)])
        #expect(json.contains("\"schemaVersion\" : 3") && json.contains("null"))
        #expect(
            lines[0].contains(
                ",gait_step_count,gait_step_cadence,gait_autocorrelation_cadence,gait_step_regularity,"
                    + "gait_stride_regularity,"))
    }

    @Test func walkingWindowsOfTheBundledExcerptShowAProminentGaitPeak() throws {
        var options = RecordingReadOptions()
        options.labelTranslations = DatasetLabels.uciHAPT
        let recording = try RecordingReader.read(path: try #require(Self.demo), options: options).recording
        let table = try recording.features()
        let gait = try #require(table.schema.index(of: "acc_mag_gait_frequency"))
        let prominence = try #require(table.schema.index(of: "acc_mag_gait_prominence"))
        let walking = table.windows.indices.filter { table.windows[$0].majorityLabel == "walking" }
        #expect(walking.count >= 30)
        let inBand = walking.filter { (1.4...2.5).contains(table.row($0)[table.row($0).startIndex + gait]) }
        #expect(Double(inBand.count) >= 0.95 * Double(walking.count))
        let prominent = walking.filter { table.row($0)[table.row($0).startIndex + prominence] > 10 }
        #expect(Double(prominent.count) >= 0.9 * Double(walking.count))
    }

    @Test func runsOnTheBundledRecording() throws {
        let path = try #require(Self.demo)
        #expect(LocomotionTool.run(["features", path, "--labels", "hapt"]) == 0)
        #expect(LocomotionTool.run(["features", path, "--json", "--per-axis", "--threads", "1"]) == 0)
    }
}
