import Foundation

/// The committed reference for `make bench-check`: per matrix cell, the kernel's time divided by
/// FFTW-from-C's at n = 256 in the same rounds, and its allocations per operation.
///
/// Dividing by FFTW's time in the same run cancels most of the difference between machines and
/// between a quiet and a busy moment, so the file is comparable across runs.
struct RegressionBaseline {
    struct Cell {
        var kernel: String
        var cell: String
        var normalized: Double
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
                kernel: $0.kernel.name, cell: $0.cell.key, normalized: $0.normalized,
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
                    kernel: kernel, cell: key, normalized: normalized,
                    allocationsPerOperation: cell["allocationsPerOperation"] as? Double)
            })
    }

    /// The time per operation under which a cell is judged by the looser limit.
    static let subMicrosecond = 1_000.0

    /// The indices of the time-gated rows slower than their limit against this baseline (the
    /// cells a check would fail on time).
    func overLimit(_ rows: [MatrixRow], limit: Double, subMicrosecondLimit: Double) -> [Int] {
        var byKey: [String: Double] = [:]
        for cell in cells { byKey["\(cell.kernel) \(cell.cell)"] = cell.normalized }
        return rows.indices.filter { index in
            let row = rows[index]
            guard !row.kernel.usesEveryCore, let reference = byKey["\(row.kernel.name) \(row.cell.key)"] else {
                return false
            }
            return row.normalized / reference > (row.minimum < Self.subMicrosecond ? subMicrosecondLimit : limit)
        }
    }

    /// Compares `rows` with this baseline: a cell fails when its normalised time (the median of
    /// `passes` passes, each the fastest round over FFTW C's fastest round in the same rounds)
    /// exceeds the baseline's by more than `limit` (a ratio, 1.3 for 30 %), or by more than
    /// `subMicrosecondLimit` when its fastest round takes under a microsecond per operation, or
    /// when it allocates where the baseline did not.
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
                + "limit \(limit)x, \(subMicrosecondLimit)x under \(Int(Self.subMicrosecond)) ns/op"
        ]
        var missing = 0
        for row in rows {
            let key = "\(row.kernel.name) \(row.cell.key)"
            guard let reference = byKey[key] else {
                missing += 1
                continue
            }
            let ratio = row.normalized / reference.normalized
            // A kernel on every core (the CSV stream) moves with the other core's load: its time is
            // reported, not gated; its allocations are.
            if row.kernel.usesEveryCore {
                notes.append(
                    "  not time-gated (runs on every core): \(key) \(String(format: "%.2f", ratio))x the baseline")
            } else if row.minimum < Self.subMicrosecond {
                if ratio > subMicrosecondLimit {
                    notes.append("  slower: \(key) \(String(format: "%.2f", ratio))x the baseline (under 1 µs)")
                }
                if worstShort == nil || ratio > worstShort!.ratio { worstShort = (ratio, key) }
            } else {
                if ratio > limit { notes.append("  slower: \(key) \(String(format: "%.2f", ratio))x the baseline") }
                if worst == nil || ratio > worst!.ratio { worst = (ratio, key) }
            }
            if let now = row.allocationsPerOperation, now > 0, (reference.allocationsPerOperation ?? 0) == 0,
                reference.allocationsPerOperation != nil
            {
                newAllocations.append("\(key) (\(String(format: "%.2f", now)) per op)")
            }
        }
        if missing > 0 { notes.append("  \(missing) cells have no baseline (not checked)") }
        for entry in newAllocations { notes.append("  allocates where the baseline did not: \(entry)") }
        var timing = TargetResult(
            key: "regressionTime",
            requirement: "each cell's time / FFTW C (n = 256) at most \(limit)x the baseline's", limit: limit,
            worst: worst?.ratio, worstAt: worst?.at)
        timing.gates = true
        var shortTiming = TargetResult(
            key: "regressionTimeSubMicrosecond",
            requirement: "each cell under \(Int(Self.subMicrosecond)) ns/op: time / FFTW C (n = 256) at most "
                + "\(subMicrosecondLimit)x the baseline's", limit: subMicrosecondLimit,
            worst: worstShort?.ratio, worstAt: worstShort?.at)
        shortTiming.gates = true
        var allocation = TargetResult(
            key: "regressionAllocations", requirement: "no cell allocates where the baseline did not", limit: 0,
            worst: Double(newAllocations.count), worstAt: newAllocations.first)
        allocation.gates = true
        return (notes, [timing, shortTiming, allocation])
    }
}
