import Foundation
import Locomotion
import LocomotionTestSupport

/// Feature extraction speed: the default feature set per window through
/// the allocation-free `FeatureExtractor.extractBuffers` (under the public span form) on one thread, for
/// several window lengths and sample rates, side by side with the numpy reference
/// (`Benchmarks/features_reference.py`, vectorised over all windows at once) on the same
/// generated windows when numpy is installed. Before timing, the two outputs are compared value by
/// value (NaN must match NaN), every one of the 38 columns; they must agree within 1e-9 relative.
/// Both sides are also timed without the five gait features.
///
/// It also times the streaming extractor (one `append` per sample, a window every hop) and counts
/// the heap allocations of the steady-state streaming path with valgrind when it is installed:
/// a process streams *N* windows and another 2*N*; the difference in their allocation counts,
/// divided by *N*, is the allocations per window.
struct FeatureBenchmarks: BenchmarkSuite {
    let name = "features"
    let summary = "default feature set per window: FeatureExtractor vs a numpy reference; streaming allocations"

    /// The (sample rate in Hz, samples per window) cases; each window lasts `samples / rate` s.
    var cases: [(rate: Double, samples: Int)] = [(50, 128), (50, 256), (50, 512), (25, 64), (100, 256), (200, 512)]
    /// Distinct generated windows per case.
    var windowCount = 2_000
    /// The required windows per second for 128 samples at 50 Hz, one thread.
    var requiredWindowsPerSecond = 300_000.0
    /// The largest allowed Swift / numpy time per window.
    var numpyRatioLimit = 0.2
    /// The largest allowed relative difference between Swift and numpy values.
    var agreementLimit = 1e-9

    /// The flag that makes the executable only stream windows, for the allocation count.
    static let streamOnlyFlag = "--feature-stream-only"

    struct Row {
        var rate: Double
        var samples: Int
        var swiftNs: Double
        /// The default set without the gait features (the columns numpy also computes).
        var withoutGaitNs: Double
        var numpyNs: Double?
        /// numpy without the gait features.
        var numpyWithoutGaitNs: Double?
        var maxRelativeError: Double?
        var mismatchedMissing: Int
        /// Consecutive windows of one signal at a hop of half the window, reusing the overlap
        /// (the path of batch and streamed extraction) and computing each window afresh.
        var consecutiveNs = Double.nan
        var consecutiveDirectNs = Double.nan

        var json: JSONValue {
            .object([
                ("rateHz", .number(rate, decimals: 0)), ("samples", .int(samples)),
                ("swiftNsPerWindow", .number(swiftNs)), ("withoutGaitNsPerWindow", .number(withoutGaitNs)),
                ("windowsPerSecond", .number(1e9 / swiftNs, decimals: 0)),
                ("numpyNsPerWindow", numpyNs.map { .number($0) } ?? .null),
                ("swiftOverNumpy", numpyNs.map { .number(swiftNs / $0, decimals: 4) } ?? .null),
                ("numpyWithoutGaitNsPerWindow", numpyWithoutGaitNs.map { .number($0) } ?? .null),
                (
                    "withoutGaitOverNumpyWithoutGait",
                    numpyWithoutGaitNs.map { .number(withoutGaitNs / $0, decimals: 4) } ?? .null
                ),
                ("maxRelativeError", maxRelativeError.map { .string(String(format: "%.2e", $0)) } ?? .null),
                ("consecutiveNsPerWindow", .number(consecutiveNs)),
                ("consecutiveDirectNsPerWindow", .number(consecutiveDirectNs)),
                ("consecutiveWindowsPerSecond", .number(1e9 / consecutiveNs, decimals: 0)),
            ])
        }
    }

    func run(settings: MeasurementSettings) throws -> SuiteReport {
        var rows: [Row] = []
        var notes: [String] = []
        var numpySkipped: String?
        for (rate, samples) in cases {
            let data = Self.generate(
                windows: windowCount, samples: samples, rate: rate, seed: UInt64(samples) &* 31 &+ UInt64(rate))
            var extractor = try FeatureExtractor(
                configuration: Self.configuration(rate: rate, samples: samples), sampleRate: rate)
            let width = extractor.schema.count
            var values = [Double](repeating: .nan, count: windowCount * width)
            try Self.extractAll(data, samples: samples, extractor: &extractor, into: &values)
            let timings = try BatchTimer.interleaved(
                [
                    Self.timingCase(data, samples: samples, rate: rate, windowCount: windowCount),
                    Self.timingCase(data, samples: samples, rate: rate, windowCount: windowCount, gait: false),
                    Self.consecutiveCase(data, samples: samples, rate: rate, reusesOverlap: true),
                    Self.consecutiveCase(data, samples: samples, rate: rate, reusesOverlap: false),
                ], settings: settings)
            var row = Row(
                rate: rate, samples: samples, swiftNs: timings[0].median, withoutGaitNs: timings[1].median,
                numpyNs: nil, maxRelativeError: nil,
                mismatchedMissing: 0)
            (row.consecutiveNs, row.consecutiveDirectNs) = (timings[2].median, timings[3].median)
            switch Self.numpyReference(
                data, windows: windowCount, samples: samples, rate: rate, schema: extractor.schema)
            {
            case .success(let (seconds, secondsWithoutGait, reference)):
                row.numpyNs = seconds * 1e9 / Double(windowCount)
                row.numpyWithoutGaitNs = secondsWithoutGait * 1e9 / Double(windowCount)
                (row.maxRelativeError, row.mismatchedMissing) = Self.compare(
                    values, reference, width: width, columns: Self.numpyColumns(of: extractor.schema))
            case .failure(let skipped):
                numpySkipped = skipped.message
            }
            rows.append(row)
        }
        let streamingNs = try Self.streamingNsPerWindow(settings: settings)
        let batch = try Self.batchWindowsPerSecond()
        let allocations = Self.streamingAllocationsPerWindow()

        var table = TextTable(header: [
            "rate Hz", "samples", "Swift ns/window", "windows/s", "numpy ns/window", "Swift/numpy", "no gait ns",
            "numpy no gait ns", "no gait/numpy no gait", "max rel. diff", "consecutive ns", "consecutive windows/s",
            "consecutive direct ns",
        ])
        for row in rows {
            table.rows.append([
                format(row.rate, 0), "\(row.samples)", format(row.swiftNs, 0), format(1e9 / row.swiftNs, 0),
                row.numpyNs.map { format($0, 0) } ?? "skipped", row.numpyNs.map { format(row.swiftNs / $0, 3) } ?? "–",
                format(row.withoutGaitNs, 0), row.numpyWithoutGaitNs.map { format($0, 0) } ?? "skipped",
                row.numpyWithoutGaitNs.map { format(row.withoutGaitNs / $0, 3) } ?? "–",
                row.maxRelativeError.map {
                    String(format: "%.1e", $0)
                        + (row.mismatchedMissing > 0 ? " (\(row.mismatchedMissing) NaN mismatches)" : "")
                } ?? "–",
                format(row.consecutiveNs, 0), format(1e9 / row.consecutiveNs, 0), format(row.consecutiveDirectNs, 0),
            ])
        }
        notes.append(
            "default feature set (\(try FeatureConfiguration().schema().count) columns), one thread, \(windowCount) generated three-axis windows per case;"
                + " numpy times one pass over all of them, vectorised over the windows (the gait features' bout rule"
                + " is a Python loop over each window's candidate peaks); every column is compared; \"no gait\" leaves"
                + " the five gait features out on both sides")
        notes.append(
            "Recording.features on a 2 h 50 Hz recording (\(batch.windows) windows of 128, hop 64): "
                + "\(format(batch.serial, 0)) windows/s on 1 thread, \(format(batch.parallel, 0)) on "
                + "\(ProcessInfo.processInfo.activeProcessorCount) (every core); identical tables: \(batch.identical)")
        notes.append(
            "streaming extractor, 128 samples at 50 Hz, hop 64: \(format(streamingNs, 0)) ns per window including 64 appends"
        )
        switch allocations {
        case .success(let result):
            notes.append(
                "streaming allocations (valgrind): \(result.small) allocs for \(result.windows) windows, \(result.large) for \(2 * result.windows):"
                    + " \(format(result.perWindow, 3)) per window in steady state")
        case .failure(let skipped):
            notes.append("allocation count skipped: \(skipped.message)")
        }
        if let numpySkipped { notes.append("numpy column skipped: \(numpySkipped)") }

        let reference = rows.first { $0.rate == 50 && $0.samples == 128 }
        var targets = [
            TargetResult(
                key: "featureWindowsPerSecond128",
                requirement: "ns per 128-sample 50 Hz window <= 1e9 / \(format(requiredWindowsPerSecond, 0))",
                limit: 1e9 / requiredWindowsPerSecond, worst: reference?.swiftNs, worstAt: "128 samples at 50 Hz")
        ]
        let compared = rows.filter { $0.numpyNs != nil }
        if !compared.isEmpty {
            let slowest = compared.max { $0.swiftNs / $0.numpyNs! < $1.swiftNs / $1.numpyNs! }!
            targets.append(
                TargetResult(
                    key: "featureSwiftOverNumpy", requirement: "Swift / numpy time per window <= \(numpyRatioLimit)",
                    limit: numpyRatioLimit,
                    worst: slowest.swiftNs / slowest.numpyNs!,
                    worstAt: "\(slowest.samples) samples at \(format(slowest.rate, 0)) Hz"))
            let worstError = compared.max { ($0.maxRelativeError ?? 0) < ($1.maxRelativeError ?? 0) }!
            targets.append(
                TargetResult(
                    key: "featureNumpyAgreement",
                    requirement: "max relative difference from numpy / 1e-9 <= 1, NaN exactly where numpy has NaN",
                    limit: 1,
                    worst: compared.contains { $0.mismatchedMissing > 0 }
                        ? .infinity : worstError.maxRelativeError.map { $0 / agreementLimit },
                    worstAt: "\(worstError.samples) samples at \(format(worstError.rate, 0)) Hz"))
        }
        if case .success(let result) = allocations {
            targets.append(
                TargetResult(
                    key: "featureStreamingAllocations",
                    requirement: "heap allocations per streamed window in steady state <= 0",
                    limit: 0, worst: result.perWindow, worstAt: "\(result.windows) vs \(2 * result.windows) windows"))
        }
        var json: [(String, JSONValue)] = [
            ("featureBatchWindowsPerSecondOneThread", .number(batch.serial, decimals: 0)),
            ("featureBatchWindowsPerSecondAllCores", .number(batch.parallel, decimals: 0)),
            ("features", .array(rows.map(\.json))), ("featureStreamingNsPerWindow", .number(streamingNs)),
        ]
        if case .success(let result) = allocations {
            json.append(("featureStreamingAllocationsPerWindow", .number(result.perWindow, decimals: 4)))
        }
        return SuiteReport(title: "Feature extraction", notes: notes, table: table, json: json, targets: targets)
    }

    private func format(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

    /// The default configuration with windows of exactly `samples` samples at `rate`, planned
    /// with `.measure` as a long-running process would (the suite times the steady state).
    static func configuration(rate: Double = 50, samples: Int = 128, gait: Bool = true) -> FeatureConfiguration {
        FeatureConfiguration(
            windowDuration: Double(samples) / rate, hop: Double(samples) / rate / 2,
            features: BuiltinFeature.allCases.filter { gait || !$0.isGait }, fftPlanning: .measure)
    }

    /// `windows` windows of walking-like three-axis acceleration (g), laid out window by window,
    /// axis by axis: `data[(w·3 + axis)·samples + i]`.
    static func generate(windows: Int, samples: Int, rate: Double, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed)
        var data = [Double](repeating: 0, count: windows * 3 * samples)
        for window in 0..<windows {
            let step = Double.random(in: 1.2...2.4, using: &random)
            let amplitude = Double.random(in: 0.05...0.4, using: &random)
            let phase = Double.random(in: 0..<(2 * .pi), using: &random)
            for index in 0..<samples {
                let angle = 2 * Double.pi * step * Double(index) / rate + phase
                let base = window * 3 * samples + index
                data[base] = 0.9 + amplitude * sin(angle) + 0.03 * random.nextGaussian()
                data[base + samples] = 0.1 + 0.4 * amplitude * cos(angle) + 0.03 * random.nextGaussian()
                data[base + 2 * samples] = 0.3 + 0.2 * amplitude * sin(2 * angle) + 0.03 * random.nextGaussian()
            }
        }
        return data
    }

    /// Extracts every window of `data` into `values`, row by row.
    static func extractAll(
        _ data: [Double], samples: Int, extractor: inout FeatureExtractor, into values: inout [Double]
    )
        throws
    {
        let width = extractor.schema.count
        let windows = data.count / (3 * samples)
        try data.withUnsafeBufferPointer { data in
            try values.withUnsafeMutableBufferPointer { values in
                for window in 0..<windows {
                    try extract(
                        data, window: window, samples: samples, extractor: &extractor,
                        into: UnsafeMutableBufferPointer(rebasing: values[(window * width)..<((window + 1) * width)]))
                }
            }
        }
    }

    @inline(__always)
    static func extract(
        _ data: UnsafeBufferPointer<Double>, window: Int, samples: Int, extractor: inout FeatureExtractor,
        into row: UnsafeMutableBufferPointer<Double>
    ) throws {
        let base = window * 3 * samples
        func axis(_ index: Int) -> UnsafeBufferPointer<Double> {
            UnsafeBufferPointer(rebasing: data[(base + index * samples)..<(base + (index + 1) * samples)])
        }
        try extractor.extractBuffers(start: 0, end: 1, x: axis(0), y: axis(1), z: axis(2), into: row)
    }

    /// A case that extracts `iterations` consecutive windows of one signal (the generated windows
    /// laid end to end) at a hop of half the window, as batch and streamed extraction do; with
    /// `reusesOverlap` off, each window is computed afresh (the same values, bit for bit).
    static func consecutiveCase(
        _ data: [Double], samples: Int, rate: Double, reusesOverlap: Bool, configuration: FeatureConfiguration? = nil
    ) throws -> BenchmarkCase {
        var extractor = try FeatureExtractor(
            configuration: configuration ?? Self.configuration(rate: rate, samples: samples), sampleRate: rate)
        extractor.reusesOverlap = reusesOverlap
        let windows = data.count / (3 * samples)
        var axes = [[Double]](repeating: [], count: 3)
        for window in 0..<windows {
            for axis in 0..<3 {
                let first = (window * 3 + axis) * samples
                axes[axis] += data[first..<(first + samples)]
            }
        }
        let (hop, count) = (samples / 2, 2 * windows - 1)
        var row = [Double](repeating: 0, count: extractor.schema.count)
        var next = 0
        return BenchmarkCase(name: "consecutive \(reusesOverlap ? "" : "direct "), \(samples) samples at \(rate) Hz") {
            iterations in
            var checksum = 0.0
            let (ax, ay, az) = (axes[0], axes[1], axes[2])
            let elapsed = try ax.withUnsafeBufferPointer { x in
                try ay.withUnsafeBufferPointer { y in
                    try az.withUnsafeBufferPointer { z in
                        try row.withUnsafeMutableBufferPointer { row in
                            try MonotonicClock.elapsed {
                                for _ in 0..<iterations {
                                    let window = (next * hop)..<(next * hop + samples)
                                    try extractor.extractBuffers(
                                        start: 0, end: 1, x: UnsafeBufferPointer(rebasing: x[window]),
                                        y: UnsafeBufferPointer(rebasing: y[window]),
                                        z: UnsafeBufferPointer(rebasing: z[window]),
                                        into: row)
                                    checksum += row[0]
                                    next = next + 1 == count ? 0 : next + 1
                                }
                            }
                        }
                    }
                }
            }
            blackHole(checksum)
            return elapsed
        }
    }

    /// A case that extracts `iterations` windows, cycling through the generated ones.
    static func timingCase(_ data: [Double], samples: Int, rate: Double, windowCount: Int, gait: Bool = true) throws
        -> BenchmarkCase
    {
        var extractor = try FeatureExtractor(
            configuration: configuration(rate: rate, samples: samples, gait: gait), sampleRate: rate)
        var row = [Double](repeating: 0, count: extractor.schema.count)
        return BenchmarkCase(name: "features\(gait ? "" : " without gait"), \(samples) samples at \(rate) Hz") {
            iterations in
            var checksum = 0.0
            let elapsed = try data.withUnsafeBufferPointer { data in
                try row.withUnsafeMutableBufferPointer { row in
                    try MonotonicClock.elapsed {
                        for iteration in 0..<iterations {
                            try extract(
                                data, window: iteration % windowCount, samples: samples, extractor: &extractor,
                                into: row)
                            checksum += row[0]
                        }
                    }
                }
            }
            blackHole(checksum)
            return elapsed
        }
    }

    /// The Swift schema's column of each numpy column: the reference computes every default feature.
    static func numpyColumns(of schema: FeatureSchema) -> [Int] { Array(schema.names.indices) }

    /// The largest relative difference over values both sides have, and how many values are
    /// missing on one side only; `swift` rows hold the whole schema, `numpy` rows only `columns`.
    static func compare(_ swift: [Double], _ numpy: [Double], width: Int, columns: [Int]) -> (Double, Int) {
        var worst = 0.0
        var mismatched = 0
        let pairs = numpy.indices.lazy.map { index in
            (swift[index / columns.count * width + columns[index % columns.count]], numpy[index])
        }
        for (a, b) in pairs {
            if a.isNaN || b.isNaN {
                if a.isNaN != b.isNaN { mismatched += 1 }
                continue
            }
            let scale = max(abs(a), abs(b))
            if scale > 0 { worst = max(worst, abs(a - b) / scale) }
        }
        return (worst, mismatched)
    }

    struct Skipped: Error { var message: String }

    /// The script next to this suite's folder.
    static var scriptPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("features_reference.py").path
    }

    /// Runs the numpy reference on `data`: the median seconds of one pass over every window, with
    /// and without the gait features, and its values.
    static func numpyReference(_ data: [Double], windows: Int, samples: Int, rate: Double, schema: FeatureSchema)
        -> Result<
            (Double, Double, [Double]), Skipped
        >
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("locomotion-bench")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let input = directory.appendingPathComponent("features-\(samples)-\(Int(rate)).in").path
        let output = directory.appendingPathComponent("features-\(samples)-\(Int(rate)).out").path
        let bytes = data.withUnsafeBytes { Data($0) }
        guard FileManager.default.createFile(atPath: input, contents: bytes) else {
            return .failure(Skipped(message: "could not write \(input)"))
        }
        let run = runCommand(
            [
                "python3", scriptPath, input, output, "--windows", "\(windows)", "--samples", "\(samples)", "--rate",
                "\(rate)",
            ], capturing: .standardOutput)
        guard let (status, text) = run else { return .failure(Skipped(message: "python3 could not be started")) }
        guard status == 0 else {
            return .failure(Skipped(message: status == 3 ? "numpy is not installed" : "python3 failed: \(text)"))
        }
        struct Output: Decodable {
            var seconds: Double
            var secondsWithoutGait: Double
            var features: [String]
        }
        guard let parsed = try? JSONDecoder().decode(Output.self, from: Data(text.utf8)),
            let reference = FileManager.default.contents(atPath: output),
            reference.count == windows * numpyColumns(of: schema).count * 8,
            parsed.features == numpyColumns(of: schema).map({ schema.names[$0] })
        else { return .failure(Skipped(message: "unexpected output from the numpy reference: \(text)")) }
        let values = reference.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
        return .success((parsed.seconds, parsed.secondsWithoutGait, values))
    }

    /// Windows per second of batch extraction over a generated two-hour recording, on one thread
    /// and on every core (the best of three runs each), and whether the two tables are identical.
    static func batchWindowsPerSecond() throws -> (windows: Int, serial: Double, parallel: Double, identical: Bool) {
        let count = 50 * 7_200 / 128 * 128  // whole generated windows
        let data = generate(windows: count / 128, samples: 128, rate: 50, seed: 5)
        let time = (0..<count).map { Double($0) / 50 }
        func axis(_ index: Int) -> [Double] {
            (0..<count).map { data[($0 / 128) * 384 + index * 128 + $0 % 128] }
        }
        let recording = Recording(
            source: "generated", time: time, acceleration: ThreeAxisSeries(x: axis(0), y: axis(1), z: axis(2)))
        func best(threads: Int?) throws -> (Double, FeatureTable) {
            var fastest = Double.infinity
            var table: FeatureTable?
            for _ in 0..<3 {
                let start = MonotonicClock.now()
                table = try recording.features(Self.configuration(), sampleRate: 50, threadCount: threads)
                fastest = min(fastest, Double(MonotonicClock.now() - start) / 1e9)
            }
            return (fastest, table!)
        }
        let (serialSeconds, serial) = try best(threads: 1)
        let (parallelSeconds, parallel) = try best(threads: nil)
        let identical =
            serial.windows == parallel.windows
            && zip(serial.values, parallel.values).allSatisfy { $0.bitPattern == $1.bitPattern }
        return (serial.count, Double(serial.count) / serialSeconds, Double(serial.count) / parallelSeconds, identical)
    }

    /// Which output of a command to read.
    enum Stream { case standardOutput, standardError }

    /// Runs `arguments` through `/usr/bin/env` and returns its exit status and the text of one
    /// of its outputs (the other is discarded), or `nil` when it could not be started.
    static func runCommand(_ arguments: [String], capturing stream: Stream) -> (Int32, String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = stream == .standardOutput ? pipe : FileHandle.nullDevice
        process.standardError = stream == .standardError ? pipe : FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// Nanoseconds per window of the streaming extractor at 128 samples, 50 Hz, hop 64.
    static func streamingNsPerWindow(settings: MeasurementSettings) throws -> Double {
        // Precomputed samples, so the loop times the extractor and not the signal generation.
        let windows = 64
        let data = generate(windows: windows, samples: 128, rate: 50, seed: 11)
        let count = windows * 128
        var samples = [(x: Double, y: Double, z: Double)]()
        samples.reserveCapacity(count)
        for window in 0..<windows {
            let base = window * 3 * 128
            for index in 0..<128 {
                samples.append((data[base + index], data[base + 128 + index], data[base + 256 + index]))
            }
        }
        var stream = try StreamingFeatureExtractor(configuration: Self.configuration(), sampleRate: 50)
        var sample = 0
        let timing = try BatchTimer.interleaved(
            [
                BenchmarkCase(name: "streaming") { iterations in
                    var checksum = 0.0
                    // A local copy: the captured variable would be checked for exclusive access on
                    // every call.
                    var local = stream
                    var position = sample
                    let elapsed = try samples.withUnsafeBufferPointer { samples in
                        try MonotonicClock.elapsed {
                            for _ in 0..<iterations {
                                for _ in 0..<64 {
                                    let value = samples[position % count]
                                    if try local.append(time: Double(position) / 50, x: value.x, y: value.y, z: value.z)
                                    {
                                        checksum += local.values[0]
                                    }
                                    position += 1
                                }
                            }
                        }
                    }
                    stream = local
                    sample = position
                    blackHole(checksum)
                    return elapsed
                }
            ], settings: settings)[0]
        return timing.median
    }

    /// Streams `windows` windows (after one window of warm-up) and returns the windows produced:
    /// the body of the process valgrind watches.
    static func streamOnly(windows: Int, wisdomFile: String? = nil) throws -> Int {
        if let wisdomFile { FFTWisdom.import(try String(contentsOfFile: wisdomFile, encoding: .utf8)) }
        var stream = try StreamingFeatureExtractor(
            configuration: Self.configuration(), sampleRate: 50, hasGyroscope: true)
        var produced = 0
        var sample = 0
        while produced < windows + 1 {
            let angle = Double(sample) * 0.226
            if try stream.append(
                time: Double(sample) / 50, x: 0.9 + 0.3 * sin(angle), y: 0.1 * cos(angle),
                z: 0.3 + 0.01 * sin(7 * angle),
                rotationRate: (0.2 * sin(angle), 0.1, 0.05 * cos(angle)))
            {
                produced += 1
            }
            sample += 1
        }
        return produced
    }

    /// Allocations per streamed window, from valgrind's heap summary of two runs. Both runs
    /// import this process's FFTW wisdom first: the extractor plans with `.measure`, whose timing
    /// runs allocate a varying number of blocks, while a plan found in wisdom allocates the same
    /// every time.
    static func streamingAllocationsPerWindow(windows: Int = 500) -> Result<
        (windows: Int, small: Int, large: Int, perWindow: Double), Skipped
    > {
        // This process has planned the streaming extractor's lengths already (50 Hz, 128 samples).
        let wisdom = FileManager.default.temporaryDirectory.appendingPathComponent(
            "locomotion-bench-wisdom-\(ProcessInfo.processInfo.processIdentifier).txt")
        defer { try? FileManager.default.removeItem(at: wisdom) }
        guard (try? FFTWisdom.export().write(to: wisdom, atomically: true, encoding: .utf8)) != nil else {
            return .failure(Skipped(message: "could not write FFTW wisdom to \(wisdom.path)"))
        }
        func allocations(_ count: Int) -> Result<Int, Skipped> {
            valgrindAllocations([streamOnlyFlag, "\(count)", wisdom.path])
        }
        switch (allocations(windows), allocations(2 * windows)) {
        case (.success(let small), .success(let large)):
            return .success((windows, small, large, Double(large - small) / Double(windows)))
        case (.failure(let skipped), _), (_, .failure(let skipped)):
            return .failure(skipped)
        }
    }

    /// The heap allocations valgrind's memcheck counts in a run of this executable with
    /// `arguments` (its "total heap usage" line). `--soname-synonyms=somalloc=NONE` makes valgrind
    /// replace the executable's own `malloc` family (the allocation counter's) as well as libc's.
    ///
    /// valgrind 3.19 cannot read the DWARF 5 debug information of a release build ("Possibly
    /// corrupted debuginfo file"), so it runs a copy without it (`strip --strip-debug`; the symbol
    /// table stays), made next to the executable.
    static func valgrindAllocations(_ arguments: [String]) -> Result<Int, Skipped> {
        let executable = CommandLine.arguments[0]
        let copy = executable + "-valgrind"
        guard
            let (stripped, _) = runCommand(
                ["strip", "--strip-debug", "-o", copy, executable], capturing: .standardError),
            stripped == 0
        else { return .failure(Skipped(message: "strip could not make a copy without debug information")) }
        let run = runCommand(
            ["valgrind", "--tool=memcheck", "--soname-synonyms=somalloc=NONE", copy] + arguments,
            capturing: .standardError)
        guard let (status, text) = run else { return .failure(Skipped(message: "valgrind could not be started")) }
        guard status == 0 else { return .failure(Skipped(message: "valgrind is not installed or failed")) }
        // "total heap usage: 1,234 allocs, 1,200 frees, 56,789 bytes allocated"
        guard let line = text.split(separator: "\n").first(where: { $0.contains("total heap usage:") }),
            let range = line.range(of: "usage: "), let end = line.range(of: " allocs"),
            let count = Int(line[range.upperBound..<end.lowerBound].replacingOccurrences(of: ",", with: ""))
        else { return .failure(Skipped(message: "could not read valgrind's heap summary")) }
        return .success(count)
    }
}
