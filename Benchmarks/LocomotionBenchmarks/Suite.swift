import Foundation

/// A named group of benchmarks, selectable with `--suite <name>`.
///
/// To add a suite (CSV parsing, feature extraction, ...): write a type conforming to this
/// protocol in its own file and add an instance to ``BenchmarkSuites/all``.
protocol BenchmarkSuite {
    /// The name given to `--suite`; also the key of the suite's rows in the JSON output.
    var name: String { get }
    /// One line for `--help`.
    var summary: String { get }
    /// Runs the suite's measurements.
    func run(settings: MeasurementSettings) throws -> SuiteReport
}

/// Every suite the executable knows, in the order they run by default.
enum BenchmarkSuites {
    static var all: [any BenchmarkSuite] {
        [FFTBenchmarks(), CSVBenchmarks(), FeatureBenchmarks(), MatrixBenchmarks()]
    }

    /// Suites that run only when named (`make bench-e2e`): they generate gigabytes and take minutes.
    static var onRequest: [any BenchmarkSuite] { [EndToEndBenchmarks(), ManyFilesBenchmarks()] }

    /// The suite called `name`, if there is one.
    static func named(_ name: String) -> (any BenchmarkSuite)? {
        (all + onRequest).first { $0.name == name }
    }
}

/// What a suite measured, ready for either output format.
struct SuiteReport {
    /// The heading above the suite's table.
    var title: String
    /// Lines printed between the heading and the table (setup facts, sanity checks).
    var notes: [String] = []
    /// The human-readable table.
    var table: TextTable
    /// The suite's top-level JSON members, for example `"fft": [rows]`.
    var json: [(key: String, value: JSONValue)]
    /// The performance targets the suite checks.
    var targets: [TargetResult]
}

/// A performance target and whether this run met it.
struct TargetResult {
    /// The key in the JSON `targets` object.
    var key: String
    /// What is required, for example `heldPlanNs / fftwCNs <= 1.05 for n >= 256`.
    var requirement: String
    /// The largest allowed value.
    var limit: Double
    /// The worst observed value over the rows the target applies to; `nil` if none did.
    var worst: Double?
    /// Which row gave `worst`, for example `n = 512`.
    var worstAt: String?
    /// Whether every applicable row is within `limit`.
    var met: Bool { worst.map { $0 <= limit } ?? false }
    /// Whether a miss makes the run exit with a failure (the regression check's targets).
    var gates = false

    var json: JSONValue {
        .object([
            ("requirement", .string(requirement)),
            ("limit", .number(limit, decimals: 4)),
            ("worst", worst.map { .number($0, decimals: 4) } ?? .null),
            ("worstAt", worstAt.map { .string($0) } ?? .null),
            ("met", .bool(met)),
        ])
    }
}

/// Why a benchmark could not produce a trustworthy number.
enum BenchmarkError: Error, CustomStringConvertible {
    /// FFTW could not allocate or plan the C baseline.
    case baselineUnavailable(count: Int)
    /// The Swift and C transforms disagree, so they are not doing the same work.
    case mismatch(count: Int, difference: Double)
    /// A case's work threw.
    case caseFailed(name: String, underlying: any Error)

    var description: String {
        switch self {
        case .baselineUnavailable(let count):
            return "FFTW could not plan the C baseline for n = \(count)"
        case .mismatch(let count, let difference):
            return "Swift and C spectra differ at n = \(count) (largest difference \(difference))"
        case .caseFailed(let name, let underlying):
            return "\(name) failed: \(underlying)"
        }
    }
}

/// A right-aligned plain-text table.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []

    /// The table with a rule under the header, columns separated by two spaces.
    var rendered: String {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                String(repeating: " ", count: max(widths[column] - cell.count, 0)) + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}

/// A JSON value whose objects keep their members in insertion order.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number printed with at most `decimals` digits after the point; NaN and infinities
    /// become `null`.
    case number(Double, decimals: Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The value as pretty-printed JSON text.
    func serialized(indent: Int = 0) -> String {
        let padding = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .number(let value, let decimals):
            guard value.isFinite else { return "null" }
            let scale = pow(10, Double(decimals))
            let rounded = (value * scale).rounded() / scale
            return rounded == rounded.rounded() && abs(rounded) < 1e15
                ? String(Int(rounded)) : String(rounded)
        case .string(let value): return Self.quoted(value)
        case .array(let values):
            guard !values.isEmpty else { return "[]" }
            let items = values.map { padding + $0.serialized(indent: indent + 1) }
            return "[\n" + items.joined(separator: ",\n") + "\n" + closing + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let items = members.map { padding + Self.quoted($0.0) + ": " + $0.1.serialized(indent: indent + 1) }
            return "{\n" + items.joined(separator: ",\n") + "\n" + closing + "}"
        }
    }

    /// A number with one decimal, the precision of the nanosecond columns.
    static func number(_ value: Double) -> JSONValue { .number(value, decimals: 1) }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
