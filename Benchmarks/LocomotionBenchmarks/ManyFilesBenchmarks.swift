import Foundation

/// `locomotion analyze` over a folder of 20 generated recordings with `--jobs 1` and `--jobs 2`:
/// the speed-up from one core to two, and whether the outputs are byte-identical.
///
/// Two ratios are reported. The core ratio compares `--jobs 1` pinned to one core
/// (`taskset -c 0`) with `--jobs 2` on two cores: one core against two. The jobs ratio compares
/// `--jobs 1` and `--jobs 2` both free to use every core; it is smaller, since with one job the
/// CSV parser already spreads each chunk over the cores.
struct ManyFilesBenchmarks: BenchmarkSuite {
    let name = "files"
    let summary = "locomotion analyze --jobs 1 vs --jobs 2 over 20 generated files: speed-up and identical output"

    var fileCount = 20
    /// Each file's length in hours.
    var hours = 2
    var directory = FileManager.default.temporaryDirectory.appendingPathComponent("locomotion-bench-files").path

    func run(settings: MeasurementSettings) throws -> SuiteReport {
        let tool = try ChildRun.locomotionBinary()
        let keep = ProcessInfo.processInfo.environment["LOCOMOTION_BENCH_KEEP"] == "1"
        let folder = "\(directory)/recordings"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { if !keep { try? FileManager.default.removeItem(atPath: directory) } }
        // Two hours each, starting at a different hour of the routine's day from 6:00 (walks,
        // drives, desk time) and with its own seed.
        var rows = 0
        for index in 0..<fileCount {
            let file = try ActivityDay.generate(
                path: "\(folder)/participant-\(String(format: "%02d", index)).csv", seconds: hours * 3600,
                startingAt: (6 + index % 13) * 3600, seed: UInt64(100 + index))
            rows += file.rows
        }
        var table = TextTable(header: ["run", "cores", "wall s", "CPU s", "M rows/s", "peak RSS MB"])
        var outputs: [String: Data] = [:]
        var runs: [String: ChildRun.Outcome] = [:]
        for (label, jobs, pinned) in [("jobs 1, one core", 1, true), ("jobs 1", 1, false), ("jobs 2", 2, false)] {
            let out = "\(directory)/jobs-\(jobs)-\(pinned ? "pinned" : "free").jsonl"
            let run = try ChildRun.measure(
                [tool, "analyze", folder, "--jsonl", "--jobs", "\(jobs)", "--out", out], pinnedToOneCore: pinned)
            guard run.status == 0 else {
                throw BenchmarkError.caseFailed(
                    name: "analyze --jobs \(jobs)", underlying: CocoaError(.fileReadUnknown))
            }
            outputs[label] = FileManager.default.contents(atPath: out)
            runs[label] = run
            table.rows.append([
                "--jobs \(jobs)", pinned ? "1" : "all", String(format: "%.2f", run.wallSeconds),
                String(format: "%.2f", run.cpuSeconds), String(format: "%.2f", Double(rows) / run.wallSeconds / 1e6),
                String(format: "%.1f", Double(run.peakResidentBytes) / 1e6),
            ])
        }
        let identical = Set(outputs.values).count == 1 && outputs.count == 3
        let coreRatio = runs["jobs 1, one core"]!.wallSeconds / runs["jobs 2"]!.wallSeconds
        let jobsRatio = runs["jobs 1"]!.wallSeconds / runs["jobs 2"]!.wallSeconds
        let notes = [
            "\(fileCount) files of \(hours) h at 50 Hz with sparse GPS (\(rows) rows in all), "
                + "locomotion analyze DIR --jsonl --out FILE under /usr/bin/time",
            String(format: "speed-up, one core (--jobs 1, taskset -c 0) to two (--jobs 2): %.2f×", coreRatio),
            String(format: "speed-up, --jobs 1 to --jobs 2, both on every core: %.2f×", jobsRatio),
            "outputs byte-identical across the three runs: \(identical ? "yes" : "NO")",
        ]
        let json: [(String, JSONValue)] = [
            ("files", .int(fileCount)), ("rows", .int(rows)), ("coreSpeedUp", .number(coreRatio, decimals: 3)),
            ("jobsSpeedUp", .number(jobsRatio, decimals: 3)), ("identical", .bool(identical)),
        ]
        return SuiteReport(
            title: "Many files: locomotion analyze over \(fileCount) recordings", notes: notes, table: table,
            json: [(name, .object(json))],
            targets: [
                TargetResult(
                    key: "filesIdenticalOutput", requirement: "outputs identical for every --jobs: differing runs <= 0",
                    limit: 0, worst: identical ? 0 : 1, worstAt: "--jobs 1 and 2"),
                TargetResult(
                    key: "filesCoreSpeedUp", requirement: "near-linear from one core to two: 1.8 / speed-up <= 1",
                    limit: 1, worst: 1.8 / coreRatio, worstAt: "\(fileCount) files"),
            ])
    }
}
