import CFFTWBaseline
import Foundation

/// Where a kernel is measured.
enum MatrixShape {
    /// Every sample rate × window length (n = rate · window samples).
    case rateAndWindow
    /// Every sample rate; the window does not apply.
    case rate
    /// These input sizes (fixes in a sequence, for example); rates and windows do not apply.
    case counts([Int])
    /// One cell.
    case none
}

/// One cell of the matrix.
struct MatrixCell {
    var rate: Double?
    var window: Double?
    var count: Int?

    /// Samples per window, `rate · window` rounded.
    var samples: Int? { rate.flatMap { rate in window.map { Int((rate * $0).rounded()) } } }

    /// The size the growth fit uses: samples per window, else the count, else the rate.
    var size: Double? { samples.map(Double.init) ?? count.map(Double.init) ?? rate }

    /// A short stable key, for `--check` files: `50Hz/2.56s`, `50Hz`, `N=1000` or `-`.
    var key: String {
        switch (rate, window, count) {
        case (let rate?, let window?, _): return "\(Self.number(rate))Hz/\(Self.number(window))s"
        case (let rate?, nil, _): return "\(Self.number(rate))Hz"
        case (nil, _, let count?): return "N=\(count)"
        default: return "-"
        }
    }

    /// The key with the window's samples, for people.
    var label: String { samples.map { "\(key) (n=\($0))" } ?? key }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// A Python baseline job for `Benchmarks/matrix_reference.py`; see its docstring for the kinds.
struct PythonJob {
    var kind: String
    var fields: [(String, JSONValue)] = []
    /// Float64 inputs, written to files whose paths become these fields.
    var files: [(String, [Double])] = []
    /// Int64 inputs, likewise.
    var integerFiles: [(String, [Int])] = []
    /// For `find_peaks`: the Swift peak count, checked against scipy's.
    var expectedPeaks: Int?
}

typealias Skipped = FeatureBenchmarks.Skipped

/// What a kernel's set-up returns for one cell.
struct MatrixCase {
    /// Operations per timed iteration (a block of n samples, N fixes, the file's megabytes):
    /// times and allocations are divided by it.
    var operationScale: Double = 1
    /// Samples each operation consumes, for samples per second; `nil` where it means nothing.
    var samplesPerOperation: Int?
    /// Runs that many iterations and returns the nanoseconds.
    var work: (Int) throws -> UInt64
    /// Baselines timed in the same interleaved rounds, per iteration as `work`.
    var baselines: [(name: String, run: (Int) throws -> UInt64)] = []
    /// A Python baseline, timed after the Swift rounds in one shared interpreter.
    var python: (name: String, job: PythonJob)?
    /// Other baselines measured in their own process: nanoseconds per operation.
    var external: [(name: String, measure: () -> Result<Double, Skipped>)] = []
    /// Frees what the baselines hold.
    var teardown: (() -> Void)?
}

/// A kernel of the matrix.
struct MatrixKernel {
    /// The name `--filter` matches (by prefix, so `classify` selects every classifier).
    var name: String
    /// What one operation is: `sample`, `window`, `fix`, `vector`, `MB`, `transform`.
    var operation: String
    var shape: MatrixShape
    /// The cost growth expected per operation over the cells' sizes, as a power of n: "1"
    /// (constant), "log n", "n", "n log n".
    var expectedGrowth: String
    /// Whether the steady state must allocate nothing per operation.
    var zeroAllocations: Bool
    var summary: String
    var make: (MatrixCell) throws -> MatrixCase

    /// Whether the kernel runs on every core (the CSV stream splits chunks across them).
    var usesEveryCore: Bool { name == "csv" }
}

/// A baseline's time beside the kernel's.
struct BaselineResult {
    var name: String
    /// Nanoseconds per operation, or why there is none.
    var nanoseconds: Result<Double, Skipped>
    /// Kernel time / baseline time: from paired rounds for baselines timed in the same rounds.
    var ratio: Double?
}

/// One measured cell.
struct MatrixRow {
    var kernel: MatrixKernel
    var cell: MatrixCell
    /// Median, fastest and slowest round, in nanoseconds per operation.
    var median: Double
    var minimum: Double
    var maximum: Double
    var samplesPerOperation: Int?
    /// The kernel's fastest round per operation / FFTW-from-C's fastest round at n = 256, same rounds.
    var normalized: Double
    /// The kernel's fastest round per operation, in nanoseconds; for `--check` and
    /// `--write-baseline` the median over the passes (the regression check's second measure).
    var fastest: Double
    var allocationsPerOperation: Double?
    var baselines: [BaselineResult]

    var json: JSONValue {
        .object([
            ("kernel", .string(kernel.name)), ("cell", .string(cell.key)), ("operation", .string(kernel.operation)),
            ("rateHz", cell.rate.map { .number($0, decimals: 3) } ?? .null),
            ("windowSeconds", cell.window.map { .number($0, decimals: 3) } ?? .null),
            ("samples", cell.samples.map { .int($0) } ?? .null), ("count", cell.count.map { .int($0) } ?? .null),
            ("nsPerOperation", .number(median, decimals: 2)), ("minNs", .number(minimum, decimals: 2)),
            ("maxNs", .number(maximum, decimals: 2)), ("operationsPerSecond", .number(1e9 / median, decimals: 0)),
            ("samplesPerSecond", samplesPerOperation.map { .number(Double($0) * 1e9 / median, decimals: 0) } ?? .null),
            ("overFFTWC256", .number(normalized, decimals: 4)), ("fastestNs", .number(fastest, decimals: 2)),
            ("allocationsPerOperation", allocationsPerOperation.map { .number($0, decimals: 4) } ?? .null),
            (
                "baselines",
                .array(
                    baselines.map { baseline in
                        switch baseline.nanoseconds {
                        case .success(let ns):
                            return .object([
                                ("name", .string(baseline.name)), ("nsPerOperation", .number(ns, decimals: 2)),
                                ("kernelOverBaseline", baseline.ratio.map { .number($0, decimals: 4) } ?? .null),
                            ])
                        case .failure(let skipped):
                            return .object([("name", .string(baseline.name)), ("skipped", .string(skipped.message))])
                        }
                    })
            ),
        ])
    }
}

/// The matrix's command-line options.
struct MatrixOptions {
    /// Kernel name prefixes; every kernel when empty.
    var filters: [String] = []
    var rates: [Double] = [10, 25, 50, 100, 200]
    var windows: [Double] = [1, 2.56, 5, 10]
    /// Run the Python baselines (pandas included; off with `--no-python` and `--smoke`).
    var python = true
    /// Cross-check the detector's allocations with valgrind (with the Python baselines).
    var valgrind: Bool { python }
    /// A baseline file to compare with; the run fails on a regression.
    var checkFile: String?
    /// A baseline file to write.
    var baselineFile: String?
    /// The largest allowed slow-down against the baseline file, as a ratio.
    var regressionLimit = 1.3
    /// The limit for cells whose fastest round is under a microsecond per operation, or whose
    /// kernel allocates (`RegressionBaseline.usesLooseLimit`): a busy machine moves their time by
    /// more than 20 % (measured in docs/Benchmarks.md); a cell over it is measured again
    /// (``confirmationPasses``) before it fails.
    var subMicrosecondRegressionLimit = 1.45
    /// Passes over the matrix for `--check` and `--write-baseline`: each cell's normalised time
    /// is the median of the passes, so one disturbed pass neither fails the check nor becomes the
    /// reference.
    var regressionPasses = 3
    /// Further passes for each cell over its limit after the regular passes (``--confirm``); the
    /// cell is then judged on the median of all its passes.
    var confirmationPasses = 4
    /// Kernels made slower on purpose, by name: each counted operation does this many times
    /// its work (``--inject-slowdown``, for showing that the check fails on a regression).
    var injectedSlowdowns: [String: Double] = [:]

    /// Whether any option narrowed or redirected the matrix (then it runs alone by default).
    var isCustomized = false

    func selects(_ kernel: MatrixKernel) -> Bool {
        filters.isEmpty
            || filters.contains { kernel.name == $0 || kernel.name.hasPrefix($0 + ".") || kernel.name.hasPrefix($0) }
    }

    func cells(_ shape: MatrixShape) -> [MatrixCell] {
        switch shape {
        case .rateAndWindow: return rates.flatMap { rate in windows.map { MatrixCell(rate: rate, window: $0) } }
        case .rate: return rates.map { MatrixCell(rate: $0) }
        case .counts(let counts): return counts.map { MatrixCell(count: $0) }
        case .none: return [MatrixCell()]
        }
    }
}

/// Every kernel of the hot path over sample rates and window lengths, with baselines in the same
/// run, allocation counts per operation, the cost growth fitted across the cells, and a
/// regression check against a committed file (`make bench-check`).
struct MatrixBenchmarks: BenchmarkSuite {
    let name = "matrix"
    let summary = "every kernel over rates x windows: ns/op, spread, baselines, allocations, growth"
    var options = MatrixOptions()

    /// The reference every cell is normalised by: FFTW from C at this length, in the same rounds.
    static let referenceLength = 256

    func run(settings: MeasurementSettings) throws -> SuiteReport {
        let referenceInput = MatrixData.magnitude(count: Self.referenceLength, rate: 50)
        guard
            let reference = referenceInput.withUnsafeBufferPointer({
                cfftw_baseline_create(Int32(Self.referenceLength), $0.baseAddress!)
            })
        else { throw BenchmarkError.baselineUnavailable(count: Self.referenceLength) }
        defer { cfftw_baseline_destroy(reference) }
        let referenceCase = BenchmarkCase(name: "FFTW C, n = \(Self.referenceLength)") {
            UInt64(cfftw_baseline_run(reference, Int64($0)))
        }
        let counting = AllocationCounter.isAvailable

        var rows: [MatrixRow] = []
        var skippedCells: [String] = []
        var pythonJobs: [(row: Int, name: String, job: PythonJob)] = []
        // A baseline file and a check take the median of several passes per cell, so one lucky or
        // unlucky pass neither becomes the reference nor fails the check.
        let passes = options.baselineFile == nil && options.checkFile == nil ? 1 : options.regressionPasses
        var passNormalized: [String: [Double]] = [:]
        var passFastest: [String: [Double]] = [:]
        for pass in 0..<passes {
            if pass > 0 {
                for row in rows {
                    passNormalized["\(row.kernel.name) \(row.cell.key)", default: []].append(row.normalized)
                    passFastest["\(row.kernel.name) \(row.cell.key)", default: []].append(row.fastest)
                }
                rows = []
                skippedCells = []
                pythonJobs = []
            }
            for kernel in MatrixKernel.all where options.selects(kernel) {
                for cell in options.cells(kernel.shape) {
                    let measured: MeasuredCell
                    do {
                        measured = try measure(
                            kernel, cell, settings: settings, reference: referenceCase, counting: counting)
                    } catch let error as CellSetUpError {
                        skippedCells.append("\(kernel.name) \(cell.key): not measured (\(error.underlying))")
                        continue
                    }
                    rows.append(measured.row)
                    if let python = measured.python {
                        if options.python {
                            pythonJobs.append((rows.count - 1, python.name, python.job))
                        } else {
                            rows[rows.count - 1].baselines.append(
                                BaselineResult(
                                    name: python.name, nanoseconds: .failure(Skipped(message: "Python baselines off")),
                                    ratio: nil))
                        }
                    }
                }
            }
        }
        do {
            for index in rows.indices {
                let key = "\(rows[index].kernel.name) \(rows[index].cell.key)"
                passNormalized[key, default: []].append(rows[index].normalized)
                rows[index].normalized = BatchTimer.median(passNormalized[key]!)
                passFastest[key, default: []].append(rows[index].fastest)
                rows[index].fastest = BatchTimer.median(passFastest[key]!)
            }
        }
        var confirmationNotes: [String] = []
        if let checkFile = options.checkFile, options.confirmationPasses > 0 {
            // A cell over its limit is measured again, alone, several times and judged on the
            // median of all its passes: a busy machine slows a cell in one pass or two, a
            // regression in every one.
            let baseline = try RegressionBaseline.read(from: checkFile)
            let suspects = baseline.overLimit(
                rows, limit: options.regressionLimit, subMicrosecondLimit: options.subMicrosecondRegressionLimit)
            for index in suspects {
                let key = "\(rows[index].kernel.name) \(rows[index].cell.key)"
                let before = rows[index].normalized
                for _ in 0..<options.confirmationPasses {
                    let again = try measure(
                        rows[index].kernel, rows[index].cell, settings: settings, reference: referenceCase,
                        counting: false)
                    passNormalized[key, default: []].append(again.row.normalized)
                    passFastest[key, default: []].append(again.row.fastest)
                }
                rows[index].normalized = BatchTimer.median(passNormalized[key]!)
                rows[index].fastest = BatchTimer.median(passFastest[key]!)
                confirmationNotes.append(
                    "  re-measured \(key) \(options.confirmationPasses) more times: /FFTW256 median "
                        + "\(String(format: "%.3f", before)) over \(passes) passes, "
                        + "\(String(format: "%.3f", rows[index].normalized)) over \(passNormalized[key]!.count) "
                        + "(\(passNormalized[key]!.map { String(format: "%.3f", $0) }.joined(separator: " "))); "
                        + "fastest round, ns/op: \(passFastest[key]!.map { Self.format($0) }.joined(separator: " "))")
            }
        }
        var notes = [
            "ns/op: median of \(settings.batchCount) rounds (min and max beside it); each round runs one "
                + "~\(String(format: "%.1f", Double(settings.batchNanoseconds) / 1e6)) ms batch of the kernel, "
                + "its in-process baselines and FFTW C at n = \(Self.referenceLength), back to back",
            "/FFTW256: the kernel's fastest round per op / the fastest round of FFTW from C at n = \(Self.referenceLength) in the same rounds "
                + "(interference only adds time, so the fastest rounds are the steadiest) — "
                + "the machine-independent number --check compares",
            counting
                ? "allocs/op: heap allocations counted by the benchmark's malloc hook over one warm batch, per op"
                : "allocs/op: not counted (the malloc hook needs Linux with glibc)",
        ]
        notes += skippedCells
        let pythonNotes = Self.runPython(pythonJobs, into: &rows)
        notes += pythonNotes
        var valgrindJSON: [(String, JSONValue)] = []
        if options.valgrind, rows.contains(where: { $0.kernel.name.hasPrefix("detector") }) {
            for classifier in DetectorAllocations.classifiers {
                switch DetectorAllocations.perSample(classifier: classifier) {
                case .success(let counted):
                    notes.append(
                        "valgrind, ActivityDetector (\(classifier)) at 50 Hz, 2.56 s windows: \(counted.small) allocations "
                            + "streaming 200 windows, \(counted.large) streaming 400: "
                            + "\(String(format: "%.3f", counted.perSample)) per sample")
                    valgrindJSON.append((classifier, .number(counted.perSample, decimals: 4)))
                case .failure(let skipped):
                    notes.append("valgrind count of the detector skipped: \(skipped.message)")
                }
            }
        }

        let growth = Self.growth(rows)
        var table = TextTable(header: [
            "kernel", "cell", "op", "ns/op", "min", "max", "samples/s", "/FFTW256", "allocs/op",
            "baselines (kernel/baseline)",
        ])
        for row in rows {
            table.rows.append([
                row.kernel.name, row.cell.label, row.kernel.operation, Self.format(row.median),
                Self.format(row.minimum),
                Self.format(row.maximum),
                row.samplesPerOperation.map { Self.format(Double($0) * 1e9 / row.median) } ?? "-",
                String(format: "%.3f", row.normalized),
                row.allocationsPerOperation.map { Self.format($0, decimals: 3) } ?? "-",
                row.baselines.map { baseline in
                    switch baseline.nanoseconds {
                    case .success(let ns):
                        return "\(baseline.name) \(Self.format(ns)) ns"
                            + (baseline.ratio.map { " (\(String(format: "%.3f", $0)))" } ?? "")
                    case .failure: return "\(baseline.name) skipped"
                    }
                }.joined(separator: "; "),
            ])
        }
        notes.append("")
        notes.append("Cost growth per operation, fitted slope of log(ns/op) on log(size) (size = n, N or the rate):")
        for fit in growth {
            notes.append(
                "  \(fit.kernel.padding(toLength: 28, withPad: " ", startingAt: 0)) slope \(String(format: "%+.2f", fit.slope))"
                    + " over \(fit.cells) cells, sizes \(Self.format(fit.smallest))–\(Self.format(fit.largest))"
                    + " (expected per op: \(fit.expected))")
        }

        var targets: [TargetResult] = []
        if counting {
            let required = rows.filter { $0.kernel.zeroAllocations }
            let worst = required.max { ($0.allocationsPerOperation ?? 0) < ($1.allocationsPerOperation ?? 0) }
            targets.append(
                TargetResult(
                    key: "matrixZeroAllocations",
                    requirement: "allocations per op = 0 for the steady-state kernels ("
                        + Set(required.map(\.kernel.name)).sorted().joined(separator: ", ") + ")",
                    limit: 0, worst: worst?.allocationsPerOperation,
                    worstAt: worst.map { "\($0.kernel.name) \($0.cell.key)" }))
        }
        if let baselineFile = options.baselineFile {
            try RegressionBaseline(rows: rows, machine: Machine.summary, settings: settings).write(to: baselineFile)
            notes.append(
                "wrote the regression baseline \(baselineFile) (\(rows.count) cells, /FFTW256 the median of \(passes) passes)"
            )
        }
        if let checkFile = options.checkFile {
            let check = try RegressionBaseline.read(from: checkFile).check(
                rows, limit: options.regressionLimit, subMicrosecondLimit: options.subMicrosecondRegressionLimit,
                passes: passes)
            notes += check.notes
            notes += confirmationNotes
            targets += check.targets
        }

        let growthJSON = JSONValue.object(
            growth.map { fit in
                (
                    fit.kernel,
                    .object([
                        ("slope", .number(fit.slope, decimals: 3)), ("expected", .string(fit.expected)),
                        ("cells", .int(fit.cells)),
                    ])
                )
            })
        return SuiteReport(
            title: "Matrix: every kernel over sample rates and window lengths, ns per operation (median)",
            notes: notes, table: table,
            json: [
                (name, .array(rows.map(\.json))), ("matrixGrowth", growthJSON),
                ("detectorValgrindAllocationsPerSample", .object(valgrindJSON)),
            ], targets: targets)
    }

    /// One cell's measurement, and its Python job when the kernel has one.
    struct MeasuredCell {
        var row: MatrixRow
        var python: (name: String, job: PythonJob)?
    }

    /// A kernel's set-up failed for a cell: the cell is reported as not measured.
    struct CellSetUpError: Error {
        var underlying: any Error
    }

    /// Times `kernel` at `cell` with its in-process baselines and the reference in interleaved
    /// rounds; counts its allocations per operation when `counting`.
    func measure(
        _ kernel: MatrixKernel, _ cell: MatrixCell, settings: MeasurementSettings, reference: BenchmarkCase,
        counting: Bool
    ) throws -> MeasuredCell {
        var setup: MatrixCase
        do { setup = try kernel.make(cell) } catch { throw CellSetUpError(underlying: error) }
        defer { setup.teardown?() }
        if let factor = options.injectedSlowdowns[kernel.name] {
            // For testing the check: the kernel does `factor` times its work per counted operation.
            let work = setup.work
            setup.work = { iterations in try work(Int((Double(iterations) * factor).rounded(.up))) }
        }
        let cases =
            [BenchmarkCase(name: "\(kernel.name) \(cell.key)", runBatch: setup.work)]
            + setup.baselines.map { BenchmarkCase(name: "\($0.name) \(cell.key)", runBatch: $0.run) } + [reference]
        let timings = try BatchTimer.interleaved(cases, settings: settings)
        let scale = setup.operationScale
        let own = timings[0]
        var allocations: Double?
        if counting {
            let iterations = max(own.iterationsPerBatch, 1)
            if kernel.zeroAllocations, let samples = setup.samplesPerOperation {
                // A streaming kernel's first windows set up its state (a short
                // --smoke batch holds only a few): count the steady state after
                // 8,192 samples, 160 windows at 50 Hz with the default hop.
                _ = try setup.work(max(8_192 / max(samples, 1), 1))
            }
            let counted = try AllocationCounter.allocations { _ = try setup.work(iterations) }
            allocations = Double(counted) / (Double(iterations) * scale)
        }
        var baselines = setup.baselines.indices.map { index in
            BaselineResult(
                name: setup.baselines[index].name, nanoseconds: .success(timings[index + 1].median / scale),
                ratio: own.pairedRatio(to: timings[index + 1]))
        }
        let median = own.median / scale
        for external in setup.external where options.python {
            let measured = external.measure()
            baselines.append(
                BaselineResult(name: external.name, nanoseconds: measured, ratio: try? median / measured.get()))
        }
        let row = MatrixRow(
            kernel: kernel, cell: cell, median: median, minimum: own.perBatch.min()! / scale,
            maximum: own.perBatch.max()! / scale, samplesPerOperation: setup.samplesPerOperation,
            normalized: own.perBatch.min()! / timings.last!.perBatch.min()! / scale,
            fastest: own.perBatch.min()! / scale,
            allocationsPerOperation: allocations, baselines: baselines)
        return MeasuredCell(row: row, python: setup.python)
    }

    /// The slope of log(ns/op) on log(size) for each kernel measured at three sizes or more.
    static func growth(_ rows: [MatrixRow]) -> [(
        kernel: String, slope: Double, expected: String, cells: Int, smallest: Double, largest: Double
    )] {
        var order: [String] = []
        var points: [String: [(Double, Double)]] = [:]
        var expected: [String: String] = [:]
        for row in rows {
            guard let size = row.cell.size, row.median > 0 else { continue }
            if points[row.kernel.name] == nil { order.append(row.kernel.name) }
            points[row.kernel.name, default: []].append((log(size), log(row.median)))
            expected[row.kernel.name] = row.kernel.expectedGrowth
        }
        return order.compactMap { name in
            let values = points[name]!
            guard Set(values.map(\.0)).count >= 3 else { return nil }
            let count = Double(values.count)
            let meanX = values.map(\.0).reduce(0, +) / count
            let meanY = values.map(\.1).reduce(0, +) / count
            let sxy = values.map { ($0.0 - meanX) * ($0.1 - meanY) }.reduce(0, +)
            let sxx = values.map { ($0.0 - meanX) * ($0.0 - meanX) }.reduce(0, +)
            return (
                name, sxy / sxx, expected[name]!, values.count, exp(values.map(\.0).min()!), exp(values.map(\.0).max()!)
            )
        }
    }

    /// Runs every Python job in one interpreter and adds the results to `rows`; returns notes.
    static func runPython(_ jobs: [(row: Int, name: String, job: PythonJob)], into rows: inout [MatrixRow]) -> [String]
    {
        guard !jobs.isEmpty else { return [] }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("locomotion-bench/matrix")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var requests: [JSONValue] = []
        for (index, entry) in jobs.enumerated() {
            var members: [(String, JSONValue)] = [("id", .string("\(index)")), ("kind", .string(entry.job.kind))]
            members += entry.job.fields
            for (field, values) in entry.job.files {
                let path = directory.appendingPathComponent("\(index)-\(field).f64").path
                _ = FileManager.default.createFile(atPath: path, contents: values.withUnsafeBytes { Data($0) })
                members.append((field, .string(path)))
            }
            for (field, values) in entry.job.integerFiles {
                let path = directory.appendingPathComponent("\(index)-\(field).i64").path
                let wide = values.map { Int64($0).littleEndian }
                _ = FileManager.default.createFile(atPath: path, contents: wide.withUnsafeBytes { Data($0) })
                members.append((field, .string(path)))
            }
            requests.append(.object(members))
        }
        let request = directory.appendingPathComponent("request.json")
        let text = JSONValue.object([("repeats", .int(5)), ("jobs", .array(requests))]).serialized()
        func skipAll(_ message: String) -> [String] {
            for entry in jobs {
                rows[entry.row].baselines.append(
                    BaselineResult(name: entry.name, nanoseconds: .failure(Skipped(message: message)), ratio: nil))
            }
            return ["Python baselines skipped: \(message)"]
        }
        guard (try? text.write(to: request, atomically: true, encoding: .utf8)) != nil else {
            return skipAll("could not write \(request.path)")
        }
        guard
            let (status, output) = FeatureBenchmarks.runCommand(
                ["python3", scriptPath, request.path], capturing: .standardOutput)
        else { return skipAll("python3 could not be started") }
        guard status == 0, let data = output.data(using: .utf8),
            let parsed = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let results = parsed["results"] as? [String: [String: Any]]
        else { return skipAll("matrix_reference.py failed (status \(status)): \(output.prefix(200))") }
        var notes: [String] = []
        var reasons = Set<String>()
        for (index, entry) in jobs.enumerated() {
            let result = results["\(index)"] ?? ["skipped": "no result"]
            let measured: Result<Double, Skipped>
            if let ns = result["ns"] as? Double {
                measured = .success(ns)
            } else {
                let reason = result["skipped"] as? String ?? "no result"
                reasons.insert("\(entry.name): \(reason)")
                measured = .failure(Skipped(message: reason))
            }
            if let expected = entry.job.expectedPeaks, let peaks = result["peaks"] as? Int, peaks != expected {
                notes.append(
                    "find_peaks disagrees at \(rows[entry.row].cell.key): scipy \(peaks) peaks, Swift \(expected)")
            }
            let median = rows[entry.row].median
            rows[entry.row].baselines.append(
                BaselineResult(name: entry.name, nanoseconds: measured, ratio: try? median / measured.get()))
        }
        notes += reasons.sorted().map { "skipped baseline — \($0)" }
        return notes
    }

    /// `Benchmarks/matrix_reference.py`.
    static var scriptPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("matrix_reference.py").path
    }

    static func format(_ value: Double, decimals: Int? = nil) -> String {
        if let decimals { return String(format: "%.\(decimals)f", value) }
        if value >= 1e6 { return String(format: "%.3g", value) }
        return String(format: value >= 100 ? "%.0f" : "%.1f", value)
    }
}
