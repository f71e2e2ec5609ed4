import Foundation
import Locomotion
import LocomotionTestSupport

/// Parsing speed of recording files: ``RecordingStream`` on a generated 50 Hz time + three-axis
/// file of at least 100 MB, side by side with `pandas.read_csv` (its C parser) on the same file
/// when Python with pandas is installed.
///
/// Each parser reads the whole file `runs` times; the table reports the median. Peak memory of
/// the streaming path is the peak resident set of a fresh process that only streams the file,
/// measured for the full file and for one a tenth of its size, to show it does not grow with the
/// file.
struct CSVBenchmarks: BenchmarkSuite {
    let name = "csv"
    let summary = "recording CSV parsing: RecordingStream vs pandas.read_csv on a 100 MB 50 Hz file"

    /// The generated file's minimum size.
    var minimumBytes = 100 << 20
    /// Full reads per parser.
    var runs = 7
    /// Where generated files are kept between runs.
    var directory = FileManager.default.temporaryDirectory.appendingPathComponent("locomotion-bench").path

    func run(settings: MeasurementSettings) throws -> SuiteReport {
        let large = try Self.generate(minimumBytes: minimumBytes, in: directory)
        let small = try Self.generate(minimumBytes: minimumBytes / 10, in: directory)
        let bytes = Double(large.bytes)

        var swiftSeconds: [Double] = []
        var rows = 0
        for _ in 0..<runs {
            let start = MonotonicClock.now()
            rows = try Self.countRows(path: large.path)
            swiftSeconds.append(Double(MonotonicClock.now() - start) / 1e9)
        }
        let loadStart = MonotonicClock.now()
        let loaded = try RecordingReader.read(path: large.path)
        let loadSeconds = Double(MonotonicClock.now() - loadStart) / 1e9
        blackHole(loaded.recording.count)

        let largePeak = try Self.peakMemoryInFreshProcess(path: large.path)
        let smallPeak = try Self.peakMemoryInFreshProcess(path: small.path)
        let pandas = Self.pandasSeconds(path: large.path, runs: runs)

        let swiftMedian = BatchTimer.median(swiftSeconds)
        var table = TextTable(header: ["parser", "median s", "MB/s", "M rows/s"])
        func row(_ name: String, _ seconds: Double) -> [String] {
            [name, format(seconds, 3), format(bytes / seconds / 1e6, 1), format(Double(rows) / seconds / 1e6, 2)]
        }
        table.rows.append(row("RecordingStream (chunks, constant memory)", swiftMedian))
        table.rows.append(row("RecordingReader.read (whole file in memory)", loadSeconds))
        var notes = [
            "file: \(large.path), \(format(bytes / 1e6, 1)) MB, \(rows) rows (t, ax, ay, az at 50 Hz)",
            "RecordingStream peak resident memory of a process that only streams the file: "
                + "\(format(Double(largePeak) / 1e6, 1)) MB for the full file, "
                + "\(format(Double(smallPeak) / 1e6, 1)) MB for a tenth of it (\(format(Double(small.bytes) / 1e6, 1)) MB)",
        ]
        var targets: [TargetResult] = []
        var json: [(String, JSONValue)] = [
            ("bytes", .int(large.bytes)), ("rows", .int(rows)),
            ("recordingStreamSeconds", .number(swiftMedian, decimals: 4)),
            ("recordingReaderSeconds", .number(loadSeconds, decimals: 4)),
            ("streamPeakResidentBytes", .int(largePeak)), ("streamPeakResidentBytesTenth", .int(smallPeak)),
        ]
        switch pandas {
        case .success(let seconds):
            table.rows.append(row("pandas.read_csv (engine=\"c\")", seconds))
            json.append(("pandasSeconds", .number(seconds, decimals: 4)))
            targets.append(
                TargetResult(
                    key: "streamOverPandas", requirement: "RecordingStream time / pandas.read_csv time <= 1",
                    limit: 1, worst: swiftMedian / seconds, worstAt: "the \(format(bytes / 1e6, 0)) MB file"))
        case .failure(let reason):
            notes.append("pandas column skipped: \(reason.message)")
            json.append(("pandasSeconds", .null))
        }
        let growthRatio = Double(largePeak) / Double(max(smallPeak, 1))
        targets.append(
            TargetResult(
                key: "streamMemoryGrowth",
                requirement: "peak memory of the streaming path independent of file size: "
                    + "peak on the file / peak on a tenth of it <= 1.1",
                limit: 1.1, worst: growthRatio, worstAt: "100 MB vs 10 MB"))
        return SuiteReport(
            title: "CSV: parsing a recording, median of \(runs) full reads", notes: notes, table: table,
            json: [(name, .object(json))], targets: targets)
    }

    private func format(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

    /// Streams `path`, keeping nothing but the row count.
    static func countRows(path: String) throws -> Int {
        var rows = 0
        let stream = try RecordingStream(path: path)
        while let chunk = try stream.nextChunk() { rows += chunk.count }
        return rows
    }

    /// The hidden argument that makes the executable stream one file and print its peak memory.
    static let streamOnlyFlag = "--stream-only"

    /// Reads `path` chunk by chunk, keeping nothing, in this process.
    ///
    /// - Returns: The rows read and the process's peak resident set size in bytes.
    static func streamAndReportPeakMemory(path: String) throws -> String {
        let rows = try countRows(path: path)
        return "\(rows) \(peakResidentBytes())"
    }

    /// This process's peak resident set size in bytes, from `VmHWM` in `/proc/self/status` (0
    /// where that does not exist). Unlike `getrusage`'s `ru_maxrss`, which a process started
    /// with `posix_spawn` inherits from its parent, it starts afresh with the new process image.
    static func peakResidentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        let kibibytes = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) } ?? 0
        return kibibytes * 1024
    }

    /// The peak resident set size (bytes) of a fresh copy of this executable that only streams
    /// `path`: measured in its own process, so nothing else this benchmark allocated counts.
    static func peakMemoryInFreshProcess(path: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = [streamOnlyFlag, path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard process.terminationStatus == 0, fields.count == 2, let peak = Int(fields[1]) else {
            throw BenchmarkError.caseFailed(name: "stream \(path)", underlying: CocoaError(.fileReadUnknown))
        }
        return peak
    }

    /// Writes (once) a seeded 50 Hz recording of at least `minimumBytes`: time in seconds with two
    /// decimals and three axes in g with six, like a phone logger's output.
    static func generate(minimumBytes: Int, in directory: String) throws -> (path: String, bytes: Int) {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = "\(directory)/walk-50hz-\(minimumBytes >> 20)MB.csv"
        if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size >= minimumBytes {
            return (path, size)
        }
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw BenchmarkError.caseFailed(name: "generate \(path)", underlying: CocoaError(.fileWriteUnknown)) }
        defer { try? handle.close() }
        var random = SplitMix64(seed: 50)
        var written = 0
        var row = 0
        var text = "t_s,acc_x_g,acc_y_g,acc_z_g\n"
        while written + text.utf8.count < minimumBytes {
            for _ in 0..<10_000 {
                let t = Double(row) / 50
                let step = sin(2 * Double.pi * 1.8 * t)
                let x = 0.05 * random.nextGaussian()
                let y = 0.2 * step + 0.05 * random.nextGaussian()
                let z = 1 + 0.3 * step + 0.05 * random.nextGaussian()
                text += String(format: "%.2f,%.6f,%.6f,%.6f\n", t, x, y, z)
                row += 1
            }
            try handle.write(contentsOf: Data(text.utf8))
            written += text.utf8.count
            text = ""
        }
        return (path, written)
    }

    struct Skipped: Error { var message: String }

    /// The median seconds `pandas.read_csv` takes over `runs` reads, or why it could not run.
    static func pandasSeconds(path: String, runs: Int) -> Result<Double, Skipped> {
        let script = """
            import sys, time
            try:
                import pandas
            except ImportError:
                print("no pandas"); sys.exit(3)
            times = []
            for _ in range(\(runs)):
                start = time.perf_counter()
                frame = pandas.read_csv(sys.argv[1], engine="c")
                times.append(time.perf_counter() - start)
            times.sort()
            print(times[len(times) // 2], len(frame))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return .failure(Skipped(message: "python3 could not be started")) }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0 else {
            return .failure(
                Skipped(message: process.terminationStatus == 3 ? "pandas is not installed" : "python3 failed: \(text)")
            )
        }
        guard let seconds = text.split(separator: " ").first.flatMap({ Double($0) }) else {
            return .failure(Skipped(message: "unexpected output from python3: \(text)"))
        }
        return .success(seconds)
    }
}
