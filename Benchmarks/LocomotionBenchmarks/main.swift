// LocomotionBenchmarks: performance measurements for Locomotion, run with `make bench`
// (release build). `make bench ARGS=--json` prints the same data as JSON.

import Foundation

/// What the command line asked for.
struct BenchmarkOptions {
    /// Print JSON instead of tables.
    var json = false
    /// The suites to run, in order; every suite when none was named (only the matrix when a
    /// matrix option was given).
    var suites: [any BenchmarkSuite] = []
    /// What `--filter`, `--rates`, `--windows`, `--check` and `--write-baseline` asked of the matrix.
    var matrix = MatrixOptions()
    /// The rounds and batch length.
    var settings = MeasurementSettings.standard
}

/// The outcome of reading the command line.
enum ParsedCommandLine {
    case run(BenchmarkOptions)
    case streamOnly(String)
    case analysisStages(String)
    case featureStreamOnly(Int, wisdom: String?)
    case featureLoop(Int, rate: Double, samples: Int, [String])
    case writeRecording(path: String, seconds: Int, start: Int)
    case detectorStreamOnly(Int, classifier: String)
    case soak(hours: Double, compareHours: Double)
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
        case Soak.flag:
            // The soak run: HOURS of simulated session, then the batch check over COMPARE hours.
            guard let hours = remaining.popFirst().flatMap({ Double($0) }), hours > 0,
                let compare = remaining.popFirst().flatMap({ Double($0) }), compare > 0
            else { return .invalid("\(argument) needs HOURS and COMPARE-HOURS, both positive") }
            return .soak(hours: hours, compareHours: compare)
        case FeatureBenchmarks.streamOnlyFlag:
            // Internal: stream windows in a fresh process so valgrind can count its allocations.
            guard let count = remaining.popFirst().flatMap({ Int($0) }) else {
                return .invalid("\(argument) needs a count")
            }
            // An optional file of FFTW wisdom follows, so that planning measures nothing.
            return .featureStreamOnly(count, wisdom: remaining.popFirst())
        case AnalysisStages.flag:
            // Internal: time each stage of the analysis on one file, in a fresh process.
            guard let path = remaining.popFirst() else { return .invalid("\(argument) needs a file") }
            return .analysisStages(path)
        case DetectorAllocations.streamOnlyFlag:
            // Internal: stream samples through a detector in a fresh process for valgrind.
            guard let count = remaining.popFirst().flatMap({ Int($0) }), let classifier = remaining.popFirst(),
                DetectorAllocations.classifiers.contains(classifier)
            else { return .invalid("\(argument) needs a window count and rules or model") }
            return .detectorStreamOnly(count, classifier: classifier)
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
        case ActivityDay.writeFlag:
            // Internal: write SECONDS of the end-to-end suite's routine from START seconds after
            // midnight, the file a profiler's `locomotion analyze` reads.
            guard let path = remaining.popFirst(), let seconds = remaining.popFirst().flatMap({ Int($0) }),
                seconds > 0, let start = remaining.popFirst().flatMap({ Int($0) }), start >= 0
            else { return .invalid("\(argument) needs a file, SECONDS > 0 and START >= 0") }
            return .writeRecording(path: path, seconds: seconds, start: start)
        case "-h", "--help":
            return .help
        case "--filter", "--rates", "--windows", "--check", "--write-baseline", "--rounds", "--batch-ms", "--confirm",
            "--inject-slowdown":
            guard let value = remaining.popFirst() else { return .invalid("\(argument) needs a value") }
            if let message = apply(argument, value, to: &options) { return .invalid(message) }
        case "--no-python":
            options.matrix.python = false
        case "--smoke":
            // One short round of every matrix kernel at one cell: it must build and run.
            options.settings = MeasurementSettings(batchNanoseconds: 100_000, batchCount: 1)
            options.matrix.python = false
            options.matrix.rates = [50]
            options.matrix.windows = [2.56]
            options.matrix.isCustomized = true
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
    if options.suites.isEmpty {
        options.suites = options.matrix.isCustomized ? [MatrixBenchmarks()] : BenchmarkSuites.all
    }
    options.suites = options.suites.map { suite in
        guard suite is MatrixBenchmarks else { return suite }
        var matrix = MatrixBenchmarks()
        matrix.options = options.matrix
        return matrix
    }
    return .run(options)
}

/// Applies one valued option to `options`; returns an error message when the value is invalid.
func apply(_ argument: String, _ value: String, to options: inout BenchmarkOptions) -> String? {
    func numbers(_ text: String) -> [Double]? {
        let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil && $0! > 0 }) else { return nil }
        return values.map { $0! }
    }
    options.matrix.isCustomized = true
    switch argument {
    case "--filter":
        let names = value.split(separator: ",").map(String.init)
        guard let unknown = names.first(where: { name in !MatrixKernel.all.contains { $0.name.hasPrefix(name) } })
        else {
            options.matrix.filters += names
            return nil
        }
        return
            "--filter: no kernel starts with '\(unknown)' (kernels: \(MatrixKernel.all.map(\.name).joined(separator: ", ")))"
    case "--rates":
        guard let rates = numbers(value) else { return "--rates needs positive numbers separated by commas" }
        options.matrix.rates = rates
    case "--windows":
        guard let windows = numbers(value) else { return "--windows needs positive seconds separated by commas" }
        options.matrix.windows = windows
    case "--check":
        options.matrix.checkFile = value
    case "--write-baseline":
        options.matrix.baselineFile = value
    case "--confirm":
        guard let passes = Int(value), passes >= 0 else { return "--confirm needs a whole number of at least 0" }
        options.matrix.confirmationPasses = passes
    case "--inject-slowdown":
        let parts = value.split(separator: "=")
        guard parts.count == 2, let factor = Double(parts[1]), factor >= 1,
            MatrixKernel.all.contains(where: { $0.name == parts[0] })
        else { return "--inject-slowdown needs KERNEL=FACTOR with a kernel's full name and a factor of at least 1" }
        options.matrix.injectedSlowdowns[String(parts[0])] = factor
    case "--rounds":
        guard let rounds = Int(value), rounds >= 1 else { return "--rounds needs a whole number of at least 1" }
        options.settings.batchCount = rounds
    case "--batch-ms":
        guard let milliseconds = Double(value), milliseconds > 0 else { return "--batch-ms needs a positive number" }
        options.settings.batchNanoseconds = UInt64(milliseconds * 1e6)
    default:
        return "unknown argument '\(argument)'"
    }
    return nil
}

let usage = """
    USAGE: LocomotionBenchmarks [--json] [--suite <name>]... [matrix options]

    Times Locomotion's hot paths. Build in release mode first (`make bench` does).

    OPTIONS:
      --json            Print one JSON object instead of tables.
      --suite <name>    Run only this suite (repeatable). Default: all suites (only the matrix
                        when a matrix option is given).
      --rounds <n>      Rounds per case (default 31); the median, min and max are over rounds.
      --batch-ms <ms>   The length one batch aims for (default 3).
      -h, --help        Show this help.
      --write-recording <file> <seconds> <start>
                        Instead of the suites: write <seconds> of the e2e suite's 50 Hz routine
                        from <start> seconds after midnight to <file> (for profilers).
      --soak <hours> <compare-hours>
                        Instead of the suites: the streaming detector over <hours> of simulated
                        50 Hz session (resident memory per hour), then the first <compare-hours>
                        against the batch path; exit 1 when they differ (`make soak`).

    MATRIX OPTIONS:
      --filter <names>  Only kernels whose name starts with one of these (comma-separated),
                        for example fft,classify,detector.rules.
      --rates <Hz,...>  Sample rates (default 10,25,50,100,200).
      --windows <s,...> Window lengths in seconds (default 1,2.56,5,10).
      --no-python       Skip the numpy, scipy, scikit-learn and pandas baselines.
      --check <file>    Compare with a baseline file over three passes (each cell's median);
                        exit 1 when a cell is more than 30 % slower (45 % under 1 µs per op or
                        for a kernel that allocates), or allocates where it did not. A cell is
                        judged on its time relative to FFTW C in the same rounds, over the
                        baseline's and over the median cell's ratio (the machine factor). A cell
                        over its limit is measured --confirm more times and judged on the
                        median of all its passes.
      --confirm <n>     Re-measurements of a cell over its limit (default 4; 0 judges at once).
      --inject-slowdown <kernel>=<factor>
                        Make a kernel do <factor> times its work per operation (repeatable), to
                        show that --check fails on a regression.
      --write-baseline <file>  Write the baseline file from this run.
      --smoke           One short round of every kernel at 50 Hz, 2.56 s, no Python (for CI).

    SUITES:
    \(BenchmarkSuites.all.map { "  \($0.name.padding(toLength: 16, withPad: " ", startingAt: 0))  \($0.summary)" }.joined(separator: "\n"))

    SUITES RUN ONLY WHEN NAMED (minutes; generated files deleted unless LOCOMOTION_BENCH_KEEP=1):
    \(BenchmarkSuites.onRequest.map { "  \($0.name.padding(toLength: 16, withPad: " ", startingAt: 0))  \($0.summary)" }.joined(separator: "\n"))

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
case .analysisStages(let path):
    do {
        print(try AnalysisStages.run(path: path))
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
case .writeRecording(let path, let seconds, let start):
    do {
        let file = try ActivityDay.generate(path: path, seconds: seconds, startingAt: start)
        print("\(file.path): \(file.rows) rows, \(file.fixes) GPS fixes, \(file.bytes) bytes")
    } catch {
        printToStandardError("error: \(error)")
        exit(1)
    }
case .detectorStreamOnly(let windows, let classifier):
    do {
        print(try DetectorAllocations.streamOnly(windows: windows, classifier: classifier))
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
case .soak(let hours, let compareHours):
    do {
        if try !Soak.run(hours: hours, compareHours: compareHours) {
            printToStandardError("error: the streaming detector and the batch path differ")
            exit(1)
        }
    } catch {
        printToStandardError("error: \(error)")
        exit(1)
    }
case .run(let options):
    do {
        let machine = Machine.summary
        if !options.json { print("Machine: \(machine)\n") }
        let reports = try options.suites.map { try $0.run(settings: options.settings) }
        print(options.json ? jsonText(reports, machine: machine) : humanReadable(reports))
        if reports.flatMap(\.targets).contains(where: { $0.gates && !$0.met }) {
            printToStandardError("error: the regression check failed")
            exit(1)
        }
    } catch {
        printToStandardError("error: \(error)")
        exit(1)
    }
}
