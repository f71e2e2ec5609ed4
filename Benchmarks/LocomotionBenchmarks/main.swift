// LocomotionBenchmarks: performance measurements for Locomotion, run with `make bench`
// (release build). `make bench ARGS=--json` prints the same data as JSON.

import Foundation

/// What the command line asked for.
struct BenchmarkOptions {
    /// Print JSON instead of tables.
    var json = false
    /// The suites to run, in order; every suite when none was named.
    var suites: [any BenchmarkSuite] = []
}

/// The outcome of reading the command line.
enum ParsedCommandLine {
    case run(BenchmarkOptions)
    case streamOnly(String)
    case featureStreamOnly(Int, wisdom: String?)
    case featureLoop(Int, rate: Double, samples: Int, [String])
    case help
    case invalid(String)
}

/// Reads `arguments` (without the program name).
func parseCommandLine(_ arguments: [String]) -> ParsedCommandLine {
    var options = BenchmarkOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        switch argument {
        case "--json":
            options.json = true
        case CSVBenchmarks.streamOnlyFlag:
            // Internal: stream one file in a fresh process so its peak memory can be read.
            guard let path = remaining.popFirst() else { return .invalid("\(argument) needs a file") }
            return .streamOnly(path)
        case FeatureBenchmarks.streamOnlyFlag:
            // Internal: stream windows in a fresh process so valgrind can count its allocations.
            guard let count = remaining.popFirst().flatMap({ Int($0) }) else {
                return .invalid("\(argument) needs a count")
            }
            // An optional file of FFTW wisdom follows, so that planning measures nothing.
            return .featureStreamOnly(count, wisdom: remaining.popFirst())
        case FeatureBenchmarks.loopFlag:
            // Internal: extract features in a loop for a profiler; optional RATE/SAMPLES (for
            // example 25/64) and feature names follow.
            guard let count = remaining.popFirst().flatMap({ Int($0) }) else {
                return .invalid("\(argument) needs a count")
            }
            var shape = (50.0, 128)
            if let first = remaining.first, first.contains("/") {
                let parts = first.split(separator: "/")
                guard parts.count == 2, let rate = Double(parts[0]), let samples = Int(parts[1]) else {
                    return .invalid("\(argument): expected RATE/SAMPLES, got \(first)")
                }
                shape = (rate, samples)
                remaining.removeFirst()
            }
            return .featureLoop(count, rate: shape.0, samples: shape.1, Array(remaining))
        case "-h", "--help":
            return .help
        case _ where argument == "--suite" || argument.hasPrefix("--suite="):
            let name: String
            if argument == "--suite" {
                guard let next = remaining.popFirst() else { return .invalid("--suite needs a suite name") }
                name = next
            } else {
                name = String(argument.dropFirst("--suite=".count))
            }
            guard let suite = BenchmarkSuites.named(name) else { return .invalid("unknown suite '\(name)'") }
            if !options.suites.contains(where: { $0.name == suite.name }) { options.suites.append(suite) }
        default:
            return .invalid("unknown argument '\(argument)'")
        }
    }
    if options.suites.isEmpty { options.suites = BenchmarkSuites.all }
    return .run(options)
}

let usage = """
    USAGE: LocomotionBenchmarks [--json] [--suite <name>]...

    Times Locomotion's hot paths. Build in release mode first (`make bench` does).

    OPTIONS:
      --json            Print one JSON object instead of tables.
      --suite <name>    Run only this suite (repeatable). Default: all suites.
      -h, --help        Show this help.

    SUITES:
    \(BenchmarkSuites.all.map { "  \($0.name.padding(toLength: 16, withPad: " ", startingAt: 0))  \($0.summary)" }.joined(separator: "\n"))

    """

func printToStandardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Formats finished suite reports for a person.
func humanReadable(_ reports: [SuiteReport]) -> String {
    reports.map { report in
        var lines = [report.title, ""]
        lines += report.notes
        lines += ["", report.table.rendered, "", "Targets:"]
        for target in report.targets {
            let worst = target.worst.map { "worst \(String(format: "%.3f", $0))" } ?? "no applicable rows"
            let location = target.worstAt.map { " at \($0)" } ?? ""
            lines.append("  \(target.requirement): \(target.met ? "met" : "NOT met") (\(worst)\(location))")
        }
        return lines.joined(separator: "\n")
    }.joined(separator: "\n\n")
}

/// Formats finished suite reports as one JSON object: `machine`, each suite's members, then
/// `targets`.
func jsonText(_ reports: [SuiteReport], machine: String) -> String {
    let members = reports.flatMap { $0.json.map { ($0.key, $0.value) } }
    let targets = reports.flatMap { $0.targets.map { ($0.key, $0.json) } }
    return JSONValue.object([("machine", .string(machine))] + members + [("targets", .object(targets))]).serialized()
}

switch parseCommandLine(Array(CommandLine.arguments.dropFirst())) {
case .help:
    print(usage, terminator: "")
case .invalid(let message):
    printToStandardError("error: \(message)\n")
    printToStandardError(usage)
    exit(2)
case .streamOnly(let path):
    do {
        print(try CSVBenchmarks.streamAndReportPeakMemory(path: path))
    } catch {
        printToStandardError("error: \(error)")
        exit(1)
    }
case .featureStreamOnly(let windows, let wisdom):
    do {
        print(try FeatureBenchmarks.streamOnly(windows: windows, wisdomFile: wisdom))
    } catch {
        printToStandardError("error: \(error)")
        exit(1)
    }
case .featureLoop(let passes, let rate, let samples, let names):
    do {
        print(
            try FeatureBenchmarks.loop(passes: passes, rate: rate, samples: samples, featureNames: names),
            "ns per window")
    } catch {
        printToStandardError("error: \(error)")
        exit(1)
    }
case .run(let options):
    do {
        let machine = Machine.summary
        if !options.json { print("Machine: \(machine)\n") }
        let reports = try options.suites.map { try $0.run(settings: .standard) }
        print(options.json ? jsonText(reports, machine: machine) : humanReadable(reports))
    } catch {
        printToStandardError("error: \(error)")
        exit(1)
    }
}
