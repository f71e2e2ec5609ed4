import Foundation
import Locomotion
import LocomotionTestSupport

/// `locomotion analyze` end to end on generated week-long and day-long recordings, side by side
/// with `pandas.read_csv` reading the same file.
///
/// The recordings (``ActivityDay``) are 50 Hz time + three-axis acceleration with sparse GPS
/// speed, written once under the temporary folder and deleted after the run unless
/// `LOCOMOTION_BENCH_KEEP=1`. Each is analyzed by the release `locomotion` binary next to this
/// executable, as a child process run through `/usr/bin/time` (its wall time, CPU time and peak
/// resident set, `ru_maxrss` of the child): once pinned to one core with `taskset -c 0` (the
/// throughput target is per core, parsing included) and once free to use every core. pandas
/// reads the file in a Python child the same way.
struct EndToEndBenchmarks: BenchmarkSuite {
    let name = "e2e"
    let summary = "locomotion analyze of a generated 7-day and 1-day 50 Hz recording with sparse GPS vs pandas.read_csv"

    /// The recordings' lengths in days, longest first.
    var days = [7, 1]
    var directory = FileManager.default.temporaryDirectory.appendingPathComponent("locomotion-bench-e2e").path

    func run(settings: MeasurementSettings) throws -> SuiteReport {
        let tool = try ChildRun.locomotionBinary()
        let keep = ProcessInfo.processInfo.environment["LOCOMOTION_BENCH_KEEP"] == "1"
        defer { if !keep { try? FileManager.default.removeItem(atPath: directory) } }
        var table = TextTable(header: [
            "recording", "rows", "reader", "cores", "wall s", "CPU s", "M rows/s (wall)", "M rows/CPU s", "× real time",
            "peak RSS MB",
        ])
        var notes: [String] = []
        var json: [(String, JSONValue)] = []
        var oneCore: [(days: Int, run: ChildRun.Outcome, rows: Int)] = []
        var pandasSkipped: String?
        for length in days {
            let file = try ActivityDay.generate(
                path: "\(directory)/routine-\(length)d-50hz.csv", seconds: length * 86_400)
            // Deleted as soon as it is measured: the week alone is over a gigabyte.
            defer { if !keep { try? FileManager.default.removeItem(atPath: file.path) } }
            notes.append(
                "\(length)-day file: \(file.path), \(String(format: "%.0f", Double(file.bytes) / 1e6)) MB, \(file.rows) rows, "
                    + "\(file.fixes) GPS fixes (generated in \(String(format: "%.1f", file.seconds)) s)")
            let seconds = Double(length) * 86_400
            let out = "\(directory)/analyze-\(length)d.jsonl"
            defer { try? FileManager.default.removeItem(atPath: out) }
            var rowsOfDay: [(String, JSONValue)] = [("rows", .int(file.rows)), ("bytes", .int(file.bytes))]
            for (cores, pinned) in [("1", true), ("all", false)] {
                let run = try ChildRun.measure(
                    [tool, "analyze", file.path, "--jsonl", "--jobs", "1", "--out", out], pinnedToOneCore: pinned)
                let record = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
                guard run.status == 0, record.contains("\"windows\"") else {
                    throw BenchmarkError.caseFailed(
                        name: "analyze \(file.path)", underlying: CocoaError(.fileReadCorruptFile))
                }
                table.rows.append(row("\(length) d", file.rows, "locomotion analyze", cores, run, seconds: seconds))
                rowsOfDay.append(("analyze" + (pinned ? "OneCore" : "AllCores"), run.json(rows: file.rows)))
                if pinned { oneCore.append((length, run, file.rows)) }
            }
            if length == days.last {
                // Where the time goes, on the shortest file: each stage in a fresh process on one core.
                let stagesFile = "\(directory)/stages.txt"
                defer { try? FileManager.default.removeItem(atPath: stagesFile) }
                _ = try ChildRun.measure(
                    [CommandLine.arguments[0], AnalysisStages.flag, file.path], pinnedToOneCore: true,
                    output: stagesFile)
                let stages = ((try? String(contentsOfFile: stagesFile, encoding: .utf8)) ?? "").split(separator: "\n")
                notes.append(
                    "stages on the \(length)-day file, one core, CPU seconds: " + stages.joined(separator: ", "))
            }
            switch ChildRun.pandas(path: file.path) {
            case .success(let run):
                table.rows.append(row("\(length) d", file.rows, "pandas.read_csv", "1", run, seconds: seconds))
                rowsOfDay.append(("pandasReadCSV", run.json(rows: file.rows)))
            case .failure(let reason):
                pandasSkipped = reason.message
                rowsOfDay.append(("pandasReadCSV", .null))
            }
            json.append(("\(length)d", .object(rowsOfDay)))
        }
        if let pandasSkipped { notes.append("pandas rows skipped: \(pandasSkipped)") }
        notes.append(
            "analyze: the release locomotion binary, --jsonl --jobs 1 --out FILE, under /usr/bin/time; "
                + "\"1\" core: pinned with taskset -c 0; CPU s: user + system; RSS: ru_maxrss of the child; "
                + "× real time: the recording's length / wall s")
        var targets: [TargetResult] = []
        // Per core: the CPU time of the pinned run, which is its wall time on an idle core; on a
        // loaded machine its wall time also counts the waits for the core.
        let slowest = oneCore.min { Double($0.rows) / $0.run.cpuSeconds < Double($1.rows) / $1.run.cpuSeconds }
        if let slowest {
            targets.append(
                TargetResult(
                    key: "e2eRowsPerSecondOneCore",
                    requirement:
                        "at least 2 M rows/s on one core, parsing included: 2e6 / (rows / CPU s of the pinned run) <= 1",
                    limit: 1, worst: 2e6 / (Double(slowest.rows) / slowest.run.cpuSeconds),
                    worstAt: "\(slowest.days)-day file"))
        }
        let largest = oneCore.max { $0.run.peakResidentBytes < $1.run.peakResidentBytes }
        if let largest {
            targets.append(
                TargetResult(
                    key: "e2ePeakResident", requirement: "peak resident set below 200 MB: peak MB / 200 <= 1",
                    limit: 1, worst: Double(largest.run.peakResidentBytes) / 200e6, worstAt: "\(largest.days)-day file")
            )
        }
        if oneCore.count >= 2 {
            let peaks = oneCore.map { Double($0.run.peakResidentBytes) }
            targets.append(
                TargetResult(
                    key: "e2eResidentGrowth",
                    requirement: "the 7-day and 1-day runs within 10 % in RSS: larger / smaller peak <= 1.1",
                    limit: 1.1, worst: peaks.max()! / max(peaks.min()!, 1), worstAt: "7-day vs 1-day"))
        }
        return SuiteReport(
            title: "End to end: locomotion analyze of generated recordings", notes: notes, table: table,
            json: [(name, .object(json))], targets: targets)
    }

    private func row(
        _ recording: String, _ rows: Int, _ reader: String, _ cores: String, _ run: ChildRun.Outcome, seconds: Double
    ) -> [String] {
        [
            recording, "\(rows)", reader, cores, String(format: "%.2f", run.wallSeconds),
            String(format: "%.2f", run.cpuSeconds), String(format: "%.2f", Double(rows) / run.wallSeconds / 1e6),
            String(format: "%.2f", Double(rows) / run.cpuSeconds / 1e6),
            String(format: "%.0f", seconds / run.wallSeconds),
            String(format: "%.1f", Double(run.peakResidentBytes) / 1e6),
        ]
    }
}

/// A child process measured by `/usr/bin/time`.
enum ChildRun {
    struct Outcome {
        var status: Int32
        var wallSeconds: Double
        /// User plus system time.
        var cpuSeconds: Double
        /// `ru_maxrss` of the child.
        var peakResidentBytes: Int

        func json(rows: Int) -> JSONValue {
            .object([
                ("wallSeconds", .number(wallSeconds, decimals: 3)), ("cpuSeconds", .number(cpuSeconds, decimals: 3)),
                ("rowsPerSecond", .number(Double(rows) / wallSeconds, decimals: 0)),
                ("peakResidentBytes", .int(peakResidentBytes)),
            ])
        }
    }

    struct Skipped: Error { var message: String }

    /// The release `locomotion` next to this executable (`make bench-e2e` builds both).
    static func locomotionBinary() throws -> String {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent()
            .appendingPathComponent("locomotion").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchmarkError.caseFailed(
                name: "locomotion binary \(path) (build it: swift build -c release --product locomotion)",
                underlying: CocoaError(.fileNoSuchFile))
        }
        return path
    }

    /// Runs `arguments` under `/usr/bin/time` (and `taskset -c 0` when pinned), its standard
    /// output written to `output` (discarded when `nil`).
    static func measure(_ arguments: [String], pinnedToOneCore: Bool, output: String? = nil) throws -> Outcome {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("time-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments =
            ["-f", "%e %U %S %M", "-o", report] + (pinnedToOneCore ? ["taskset", "-c", "0"] : []) + arguments
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: nil),
                let handle = FileHandle(forWritingAtPath: output)
            else {
                throw BenchmarkError.caseFailed(name: "create \(output)", underlying: CocoaError(.fileWriteUnknown))
            }
            process.standardOutput = handle
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let fields =
            ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: "\n").last?
            .split(separator: " ").compactMap { Double($0) } ?? []
        guard fields.count == 4 else {
            throw BenchmarkError.caseFailed(
                name: arguments.joined(separator: " "), underlying: CocoaError(.fileReadUnknown))
        }
        return Outcome(
            status: process.terminationStatus, wallSeconds: fields[0], cpuSeconds: fields[1] + fields[2],
            peakResidentBytes: Int(fields[3]) * 1024)
    }

    /// `pandas.read_csv(path, engine="c")` in a Python child, measured as ``measure(_:pinnedToOneCore:)``
    /// (pinned: its C parser runs on one thread anyway).
    static func pandas(path: String) -> Result<Outcome, Skipped> {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", "import pandas"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        do { try check.run() } catch { return .failure(Skipped(message: "python3 could not be started")) }
        check.waitUntilExit()
        guard check.terminationStatus == 0 else { return .failure(Skipped(message: "pandas is not installed")) }
        let script = "import sys, pandas; frame = pandas.read_csv(sys.argv[1], engine='c'); print(len(frame))"
        do {
            let run = try measure(["/usr/bin/env", "python3", "-c", script, path], pinnedToOneCore: true)
            return run.status == 0 ? .success(run) : .failure(Skipped(message: "python3 failed (status \(run.status))"))
        } catch {
            return .failure(Skipped(message: "\(error)"))
        }
    }
}

/// A generated recording: 50 Hz acceleration (t in s with two decimals, axes in g
/// with six) through a daily routine — night and desk hours still, walks, two drives, a run —
/// and a GPS speed every 10 s while moving and every 60 s while still, the other rows' speed
/// cell empty. Seeded: the same days give the same bytes.
enum ActivityDay {
    static let rate = 50
    /// `LocomotionBenchmarks --write-recording FILE SECONDS START` writes a stretch of the routine
    /// (for profiling `locomotion analyze` on a file anyone can make again).
    static let writeFlag = "--write-recording"

    /// What the person does from `start` to `end` seconds into each day.
    enum Activity { case still, walking, running, driving }
    static let routine: [(start: Double, end: Double, activity: Activity)] = [
        (0, 7 * 3600, .still), (7 * 3600, 7.33 * 3600, .walking), (7.33 * 3600, 8 * 3600, .driving),
        (8 * 3600, 8.17 * 3600, .walking), (8.17 * 3600, 12 * 3600, .still), (12 * 3600, 12.5 * 3600, .walking),
        (12.5 * 3600, 17 * 3600, .still), (17 * 3600, 17.17 * 3600, .walking), (17.17 * 3600, 17.83 * 3600, .driving),
        (17.83 * 3600, 18 * 3600, .walking), (18 * 3600, 18.5 * 3600, .running), (18.5 * 3600, 24 * 3600, .still),
    ]

    /// Writes `seconds` of the routine from `start` seconds after the first midnight (the time
    /// column counts from there) to `path`, or reuses the file a kept run left there.
    static func generate(path: String, seconds: Int, startingAt start: Int = 0, seed: UInt64 = 7) throws
        -> (path: String, bytes: Int, rows: Int, fixes: Int, seconds: Double)
    {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let started = MonotonicClock.now()
        let rowsPerDay = 86_400 * rate
        let firstRow = start * rate
        let rows = seconds * rate
        /// Whether row `row` (in routine phase `phase`) carries a GPS speed.
        func hasFix(_ row: Int, _ phase: Int) -> Bool {
            row % ((routine[phase].activity == .still ? 60 : 10) * rate) == 0
        }
        /// Each row's number (from the first midnight) and routine phase, in order.
        func forEachRow(_ body: (_ row: Int, _ phase: Int) throws -> Void) rethrows {
            var phase = 0
            for row in firstRow..<(firstRow + rows) {
                if row % rowsPerDay == 0 { phase = 0 }
                while Double(row % rowsPerDay) / Double(rate) >= routine[phase].end { phase += 1 }
                try body(row, phase)
            }
        }
        if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > 0 {
            var fixes = 0
            forEachRow { row, phase in if hasFix(row, phase) { fixes += 1 } }
            return (path, size, rows, fixes, 0)
        }
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw BenchmarkError.caseFailed(name: "generate \(path)", underlying: CocoaError(.fileWriteUnknown)) }
        defer { try? handle.close() }
        var random = SplitMix64(seed: seed)
        var buffer: [UInt8] = Array("t_s,acc_x_g,acc_y_g,acc_z_g,speed_mps\n".utf8)
        buffer.reserveCapacity(1 << 22)
        var bytes = 0
        var fixes = 0
        try forEachRow { row, phase in
            let (x, y, z, speed) = sample(routine[phase].activity, at: Double(row) / Double(rate), random: &random)
            appendFixed(row * 100 / rate, decimals: 2, to: &buffer)
            buffer.append(0x2C)
            appendFixed(Int((x * 1e6).rounded()), decimals: 6, to: &buffer)
            buffer.append(0x2C)
            appendFixed(Int((y * 1e6).rounded()), decimals: 6, to: &buffer)
            buffer.append(0x2C)
            appendFixed(Int((z * 1e6).rounded()), decimals: 6, to: &buffer)
            buffer.append(0x2C)
            if hasFix(row, phase) {
                appendFixed(Int((speed * 100).rounded()), decimals: 2, to: &buffer)
                fixes += 1
            }
            buffer.append(0x0A)
            if buffer.count >= 1 << 22 {
                try handle.write(contentsOf: buffer)
                bytes += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: buffer)
        bytes += buffer.count
        return (path, bytes, rows, fixes, Double(MonotonicClock.now() - started) / 1e9)
    }

    /// One sample of `activity`: acceleration in g and the GPS speed in m/s.
    static func sample(_ activity: Activity, at t: Double, random: inout SplitMix64)
        -> (x: Double, y: Double, z: Double, speed: Double)
    {
        func noise(_ sigma: Double) -> Double { sigma * random.nextGaussian() }
        switch activity {
        case .still:
            return (noise(0.004), noise(0.004), 1 + noise(0.004), max(0, noise(0.2)))
        case .walking:
            let step = sin(2 * .pi * 1.8 * t)
            return (
                0.08 * sin(2 * .pi * 0.9 * t) + noise(0.03), 0.15 * step + noise(0.03),
                1 + 0.3 * step + 0.1 * sin(2 * .pi * 3.6 * t) + noise(0.03), 1.4 + noise(0.2)
            )
        case .running:
            let step = sin(2 * .pi * 2.7 * t)
            return (
                0.2 * sin(2 * .pi * 1.35 * t) + noise(0.08), 0.4 * step + noise(0.08),
                1 + 0.9 * step + 0.3 * sin(2 * .pi * 5.4 * t) + noise(0.08), 3.2 + noise(0.3)
            )
        case .driving:
            return (
                0.03 * sin(2 * .pi * 0.2 * t) + noise(0.03), noise(0.03),
                1 + 0.02 * sin(2 * .pi * 14 * t) + noise(0.04), 14 + 4 * sin(2 * .pi * t / 300) + noise(0.5)
            )
        }
    }

    /// Appends `value / 10^decimals` with exactly `decimals` digits after the point.
    static func appendFixed(_ value: Int, decimals: Int, to buffer: inout [UInt8]) {
        if value < 0 { buffer.append(0x2D) }
        var magnitude = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { digits in
            repeat {
                digits[count] = UInt8(magnitude % 10) + 0x30
                magnitude /= 10
                count += 1
            } while magnitude > 0 || count <= decimals
            for index in stride(from: count - 1, through: 0, by: -1) {
                if index == decimals - 1 { buffer.append(0x2E) }
                buffer.append(digits[index])
            }
        }
    }
}

/// Where `analyze`'s time goes: the same file read again and again, each time through one more
/// stage of the pipeline, in this process (run pinned to one core by the e2e suite).
enum AnalysisStages {
    /// The hidden argument that runs the stages on one file and prints a line per stage.
    static let flag = "--e2e-stages"

    /// CPU seconds of this process (user and system) for: parsing alone; parsing and the step
    /// detector; parsing and the feature windows (extraction of every window); the whole analysis
    /// (`RecordingImporter.analyzeActivities`).
    static func run(path: String) throws -> String {
        // CPU time rather than wall time: on a loaded machine the wall time counts waits for the core.
        func cpuSeconds() -> Double {
            var now = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
            return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        }
        func timed(_ body: () throws -> Void) rethrows -> Double {
            let start = cpuSeconds()
            try body()
            return cpuSeconds() - start
        }
        var rows = 0
        let parse = try timed {
            let stream = try RecordingStream(path: path)
            while let chunk = try stream.nextChunk() { rows += chunk.count }
        }
        var steps: [Step] = []
        let parseAndSteps = try timed {
            var detector = try StepDetector(sampleRate: 50)
            let stream = try RecordingStream(path: path)
            while let chunk = try stream.nextChunk() {
                try detector.process(times: chunk.time, acceleration: chunk.acceleration!, into: &steps)
                steps.removeAll(keepingCapacity: true)
            }
        }
        var windows = 0
        let parseAndFeatures = try timed {
            var extractor = try StreamingFeatureExtractor(sampleRate: 50)
            let stream = try RecordingStream(path: path)
            while let chunk = try stream.nextChunk() {
                let acceleration = chunk.acceleration!
                for row in 0..<chunk.count {
                    let completed = try extractor.append(
                        time: chunk.time[row], x: acceleration.x[row], y: acceleration.y[row], z: acceleration.z[row])
                    if completed { windows += 1 }
                }
            }
        }
        var windowCount = 0
        let whole = try timed { windowCount = try RecordingImporter.analyzeActivities(path: path).summary.windowCount }
        blackHole(windows + windowCount)
        return [
            "rows \(rows) windows \(windowCount)",
            String(format: "parse %.3f", parse), String(format: "parse+steps %.3f", parseAndSteps),
            String(format: "parse+features %.3f", parseAndFeatures), String(format: "analysis %.3f", whole),
        ].joined(separator: "\n")
    }
}
