import Foundation

/// The committed reference for `make bench-check`: per matrix cell, the kernel's time divided by
/// FFTW-from-C's at n = 256 in the same rounds, its own fastest round, and its allocations per
/// operation.
///
/// Dividing by FFTW's time in the same run cancels most of the difference between machines and
/// between a quiet and a busy moment, so the file is comparable across runs. The ratio to the
/// baseline is then divided by the machine factor (the median cell's ratio, ``machineFactor(_:)``),
/// which cancels what slows every kernel together. The own fastest round, over the baseline's and
/// its own machine factor, is reported beside a cell over its limit; judging on the smaller of the
/// two passed a 1.4× slow-down, so it is not judged on (docs/Benchmarks.md).
struct RegressionBaseline {
    struct Cell {
        var kernel: String
        var cell: String
        var normalized: Double
        /// The fastest round, ns per operation; `nil` in a file from before it was written.
        var fastest: Double?
        var allocationsPerOperation: Double?
    }

    var machine: String
    var rounds: Int
    var cells: [Cell]

    init(rows: [MatrixRow], machine: String, settings: MeasurementSettings) {
        self.machine = machine
        rounds = settings.batchCount
        cells = rows.map {
            Cell(
                kernel: $0.kernel.name, cell: $0.cell.key, normalized: $0.normalized, fastest: $0.fastest,
                allocationsPerOperation: $0.allocationsPerOperation)
        }
    }

    private init(machine: String, rounds: Int, cells: [Cell]) {
        self.machine = machine
        self.rounds = rounds
        self.cells = cells
    }

    func write(to path: String) throws {
        let json = JSONValue.object([
            ("machine", .string(machine)), ("rounds", .int(rounds)),
            ("reference", .string("FFTW from C, n = \(MatrixBenchmarks.referenceLength), same rounds")),
            (
                "cells",
                .array(
                    cells.map {
                        .object([
                            ("kernel", .string($0.kernel)), ("cell", .string($0.cell)),
                            ("overFFTWC256", .number($0.normalized, decimals: 4)),
                            ("fastestNs", $0.fastest.map { .number($0, decimals: 2) } ?? .null),
                            (
                                "allocationsPerOperation",
                                $0.allocationsPerOperation.map { .number($0, decimals: 4) } ?? .null
                            ),
                        ])
                    })
            ),
        ])
        try (json.serialized() + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }

    struct FormatError: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path) is not a regression baseline written by --write-baseline" }
    }

    static func read(from path: String) throws -> RegressionBaseline {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let cells = object["cells"] as? [[String: Any]]
        else { throw FormatError(path: path) }
        return RegressionBaseline(
            machine: object["machine"] as? String ?? "unknown", rounds: object["rounds"] as? Int ?? 0,
            cells: try cells.map { cell in
                guard let kernel = cell["kernel"] as? String, let key = cell["cell"] as? String,
                    let normalized = cell["overFFTWC256"] as? Double
                else { throw FormatError(path: path) }
                return Cell(
                    kernel: kernel, cell: key, normalized: normalized, fastest: cell["fastestNs"] as? Double,
                    allocationsPerOperation: cell["allocationsPerOperation"] as? Double)
            })
    }

    /// The time per operation under which a cell is judged by the looser limit.
    static let subMicrosecond = 1_000.0

    /// Whether `row` is judged by the looser limit: its fastest round is under a microsecond per
    /// operation (a few hundred instructions, which a busy machine's cache and scheduler noise
    /// moves by more than 20 %), or its kernel allocated per operation when the baseline was
    /// written (the allocator's page faults and trims depend on the other processes: `peaks`, 36
    /// allocations a window, ran 1.41× its baseline over seven passes of one plain check while the
    /// test suite ran beside it, docs/Benchmarks.md).
    func usesLooseLimit(_ row: MatrixRow) -> Bool {
        guard row.minimum >= Self.subMicrosecond else { return true }
        let reference = cells.first { $0.kernel == row.kernel.name && $0.cell == row.cell.key }
        return (reference?.allocationsPerOperation ?? 0) > 0
    }

    /// The fewest time-gated cells a machine factor is taken from; a check of fewer cells (a
    /// `--filter`ed one) compares each cell with FFTW from C alone (factor 1).
    static let minimumCellsForMachineFactor = 8

    /// Each time-gated row's normalised time over the baseline's (`fastest`: its own fastest round
    /// over the baseline's), by row index; rows without a baseline (or without the fastest round,
    /// for `fastest`) and kernels on every core left out.
    private func gatedRatios(_ rows: [MatrixRow], fastest: Bool) -> [Int: Double] {
        var byKey: [String: Cell] = [:]
        for cell in cells { byKey["\(cell.kernel) \(cell.cell)"] = cell }
        var ratios: [Int: Double] = [:]
        for index in rows.indices {
            let row = rows[index]
            guard !row.kernel.usesEveryCore, let reference = byKey["\(row.kernel.name) \(row.cell.key)"] else {
                continue
            }
            if !fastest {
                ratios[index] = row.normalized / reference.normalized
            } else if let time = reference.fastest {
                ratios[index] = row.fastest / time
            }
        }
        return ratios
    }

    /// The machine factor of one measure: the median, over the time-gated cells, of each cell's
    /// ratio to the baseline. A busy machine (a build on the other virtual core) or another day's
    /// machine moves the Swift kernels against FFTW from C together (by 1–12 % in
    /// docs/Benchmarks.md); the median cell moves with them, and a regression of a few kernels
    /// leaves it where it is.
    /// 1 when fewer than ``minimumCellsForMachineFactor`` cells are gated.
    func machineFactor(_ rows: [MatrixRow], fastest: Bool = false) -> Double {
        let ratios = Array(gatedRatios(rows, fastest: fastest).values)
        guard ratios.count >= Self.minimumCellsForMachineFactor else { return 1 }
        return BatchTimer.median(ratios)
    }

    /// Each time-gated row's judged ratio, by row index: its normalised time over the baseline's
    /// divided by the machine factor (`judged`); beside it, its fastest round over the baseline's
    /// divided by that measure's machine factor (`own`), when the baseline has it.
    func judgedRatios(_ rows: [MatrixRow]) -> [Int: (judged: Double, own: Double?)] {
        let (overFFTW, own) = (gatedRatios(rows, fastest: false), gatedRatios(rows, fastest: true))
        let (factor, ownFactor) = (machineFactor(rows), machineFactor(rows, fastest: true))
        var judged: [Int: (Double, Double?)] = [:]
        for (index, ratio) in overFFTW {
            judged[index] = (ratio / factor, own[index].map { $0 / ownFactor })
        }
        return judged
    }

    /// The indices of the time-gated rows slower than their limit against this baseline (the
    /// cells a check would fail on time).
    func overLimit(_ rows: [MatrixRow], limit: Double, subMicrosecondLimit: Double) -> [Int] {
        judgedRatios(rows).filter { index, ratios in
            ratios.judged > (usesLooseLimit(rows[index]) ? subMicrosecondLimit : limit)
        }.keys.sorted()
    }

    /// Compares `rows` with this baseline: a cell fails when its judged ratio
    /// (``judgedRatios(_:)``: the median of `passes` passes of its fastest round over FFTW C's
    /// fastest round in the same rounds, over the baseline's and over the machine factor) exceeds
    /// `limit` (1.3 for 30 %), or `subMicrosecondLimit`
    /// for a cell under ``usesLooseLimit(_:)``, or when it allocates where
    /// the baseline did not; the run also fails when the machine factor against FFTW exceeds
    /// `limit` (every kernel slower).
    func check(_ rows: [MatrixRow], limit: Double, subMicrosecondLimit: Double, passes: Int) -> (
        notes: [String], targets: [TargetResult]
    ) {
        var byKey: [String: Cell] = [:]
        for cell in cells { byKey["\(cell.kernel) \(cell.cell)"] = cell }
        var worst: (ratio: Double, at: String)?
        var worstShort: (ratio: Double, at: String)?
        var newAllocations: [String] = []
        var notes = [
            "regression check against a baseline from: \(machine); each cell the median of \(passes) passes; "
                + "limit \(limit)x, \(subMicrosecondLimit)x under \(Int(Self.subMicrosecond)) ns/op or allocating per op"
        ]
        var missing = 0
        let factor = machineFactor(rows)
        let judged = judgedRatios(rows)
        notes.append(
            "  machine factors: \(String(format: "%.3f", factor)) (the median cell's time / FFTW C over the baseline's), "
                + "\(String(format: "%.3f", machineFactor(rows, fastest: true))) (its own fastest round over the "
                + "baseline's); each cell is judged on its time / FFTW C over the baseline's and the first factor")
        var faster: [String] = []
        for (index, row) in rows.enumerated() {
            let key = "\(row.kernel.name) \(row.cell.key)"
            guard let reference = byKey[key] else {
                missing += 1
                continue
            }
            let ratios = judged[index]
            let ratio = ratios?.judged ?? row.normalized / reference.normalized / factor
            let both =
                ratios.map { r in
                    " (own time "
                        + (r.own.map { String(format: "%.2f", $0) + "x" } ?? "not in the baseline") + ")"
                } ?? ""
            // A kernel on every core (the CSV stream) moves with the other core's load: its time is
            // reported, not gated; its allocations are.
            if row.kernel.usesEveryCore {
                notes.append(
                    "  not time-gated (runs on every core): \(key) \(String(format: "%.2f", ratio))x the baseline")
            } else if usesLooseLimit(row) {
                if ratio > subMicrosecondLimit {
                    notes.append(
                        "  slower: \(key) \(String(format: "%.2f", ratio))x the baseline (under 1 µs or allocating)\(both)"
                    )
                }
                if worstShort == nil || ratio > worstShort!.ratio { worstShort = (ratio, key) }
            } else {
                if ratio > limit {
                    notes.append("  slower: \(key) \(String(format: "%.2f", ratio))x the baseline\(both)")
                }
                if worst == nil || ratio > worst!.ratio { worst = (ratio, key) }
            }
            if !row.kernel.usesEveryCore, ratio < 1 / limit {
                faster.append("\(key) \(String(format: "%.2f", ratio))x")
            }
            if let now = row.allocationsPerOperation, now > 0, (reference.allocationsPerOperation ?? 0) == 0,
                reference.allocationsPerOperation != nil
            {
                newAllocations.append("\(key) (\(String(format: "%.2f", now)) per op)")
            }
        }
        if missing > 0 { notes.append("  \(missing) cells have no baseline (not checked)") }
        if !faster.isEmpty {
            notes.append(
                "  faster than the baseline by more than the limit (a later regression would hide under it; "
                    + "rewrite the baseline with make bench-baseline): " + faster.joined(separator: ", "))
        }
        for entry in newAllocations { notes.append("  allocates where the baseline did not: \(entry)") }
        var timing = TargetResult(
            key: "regressionTime",
            requirement: "each cell's time / FFTW C (n = 256) at most \(limit)x the baseline's, over the machine "
                + "factor (the median cell's ratio)",
            limit: limit,
            worst: worst?.ratio, worstAt: worst?.at)
        timing.gates = true
        var shortTiming = TargetResult(
            key: "regressionTimeSubMicrosecond",
            requirement: "each cell under \(Int(Self.subMicrosecond)) ns/op or allocating per op at most "
                + "\(subMicrosecondLimit)x the baseline (judged as the cells above)", limit: subMicrosecondLimit,
            worst: worstShort?.ratio, worstAt: worstShort?.at)
        shortTiming.gates = true
        var machine = TargetResult(
            key: "regressionMachineFactor",
            requirement:
                "the median cell's time / FFTW C (n = 256) at most \(limit)x the baseline's (every kernel slower)",
            limit: limit, worst: factor, worstAt: "median of the time-gated cells")
        machine.gates = true
        var allocation = TargetResult(
            key: "regressionAllocations", requirement: "no cell allocates where the baseline did not", limit: 0,
            worst: Double(newAllocations.count), worstAt: newAllocations.first)
        allocation.gates = true
        return (notes, [timing, shortTiming, machine, allocation])
    }
}
