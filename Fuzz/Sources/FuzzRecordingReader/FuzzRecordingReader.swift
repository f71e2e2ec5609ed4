import Foundation
import FuzzSupport
import Locomotion

// The CSV reader fed arbitrary bytes. The first byte picks the mode (strict or lenient, a group
// column, the line limit, the chunk size); the rest is the file. Beyond "no crash" it checks:
// - the whole-file read and a second read in small chunks give the same rows, bit for bit, and
//   the same report, or both fail. The second read is the same file streamed (inputs of odd
//   length, and text that is not UTF-8) or the same text parsed from memory (even length): one
//   second read per input instead of both, as the two differ only in where the bytes come from
//   and the fuzzer reaches either by adding a byte;
// - every error is a LocomotionError that names the file;
// - lenient: every line after the header is a row, a blank line or a counted skip; a file that
//   reads strictly reads the same leniently with nothing skipped;
// - rows: the count matches the report, times are finite and never go backwards (within a group);
// - resampling (to half, a third of or twice the estimated rate): the whole recording and its
//   chunks through one RecordingResampler give the same rows, bit for bit, or the same error;
//   the rows match the report and their times never go backwards (skipped when resampling would
//   compute more than `resamplingWorkBudget` kernel weights, to keep each input cheap).

/// Every value of a recording, as bit patterns per column, so NaN compares equal to itself.
struct RecordingBits: Equatable {
    var columns: [String: [UInt64]] = [:]
    var text: [String: [String]] = [:]
    var rows = 0

    mutating func append(_ recording: Recording) {
        rows += recording.count
        func add(_ name: String, _ values: [Double]?) {
            guard let values, !values.isEmpty else { return }
            columns[name, default: []].append(contentsOf: values.map(\.bitPattern))
        }
        add("time", recording.time)
        for (name, series) in [
            ("acceleration", recording.acceleration), ("linear", recording.linearAcceleration),
            ("rotation", recording.rotationRate),
        ] {
            add(name + ".x", series?.x)
            add(name + ".y", series?.y)
            add(name + ".z", series?.z)
        }
        for (name, values) in [
            ("speed", recording.speed), ("speedAccuracy", recording.speedAccuracy),
            ("horizontalAccuracy", recording.horizontalAccuracy), ("latitude", recording.latitude),
            ("longitude", recording.longitude), ("cadence", recording.cadence), ("steps", recording.steps),
        ] {
            add(name, values)
        }
        if let labels = recording.labels, !labels.isEmpty { text["labels", default: []].append(contentsOf: labels) }
        // By position too: several columns may share a header name (or have none).
        for (index, extra) in recording.extraColumns.enumerated() where !extra.values.isEmpty {
            text["extra.\(index).\(extra.name)", default: []].append(contentsOf: extra.values)
        }
    }
}

struct ReadOutcome {
    var bits = RecordingBits()
    var report = RecordingReadReport()
    var groups: [String] = []
    /// The rows read, as one recording (a whole read) or as the chunks (a stream without groups).
    var recordings: [Recording] = []
}

func checkRows(_ recording: Recording, grouped: Bool, path: String) {
    for (index, time) in recording.time.enumerated() {
        require(time.isFinite, "\(path): a non-finite time \(time) at row \(index)")
        if !grouped, index > 0 {
            require(time >= recording.time[index - 1], "\(path): time goes backwards at row \(index)")
        }
    }
}

/// The whole file at once.
func readWhole(path: String, options: RecordingReadOptions) throws(LocomotionError) -> ReadOutcome {
    var outcome = ReadOutcome()
    if options.groupColumn != nil {
        let read = try RecordingReader.readGroups(path: path, options: options)
        for group in read.groups {
            checkRows(group.recording, grouped: false, path: path)
            outcome.bits.append(group.recording)
            outcome.groups.append(group.name)
        }
        outcome.report = read.report
    } else {
        let loaded = try RecordingReader.read(path: path, options: options)
        checkRows(loaded.recording, grouped: false, path: path)
        outcome.bits.append(loaded.recording)
        outcome.recordings = [loaded.recording]
        outcome.report = loaded.report
    }
    require(
        outcome.bits.rows == outcome.report.rowsRead,
        "\(path): \(outcome.bits.rows) rows, report says \(outcome.report.rowsRead)")
    return outcome
}

/// The same file (or text) chunk by chunk.
func readChunks(_ stream: RecordingStream, maxRows: Int) throws(LocomotionError) -> ReadOutcome {
    var outcome = ReadOutcome()
    while let chunk = try stream.nextChunk(maximumRowCount: maxRows) {
        require(chunk.count >= 1 && chunk.count <= maxRows, "a chunk of \(chunk.count) rows (at most \(maxRows))")
        checkRows(chunk, grouped: stream.options.groupColumn != nil, path: stream.path)
        outcome.bits.append(chunk)
        if stream.options.groupColumn == nil { outcome.recordings.append(chunk) }
        if let group = stream.group, outcome.groups.last != group { outcome.groups.append(group) }
    }
    outcome.report = stream.report
    return outcome
}

/// Resamples the whole recording and, through one resampler, its chunks: both must give the same
/// rows or the same error.
func checkResampling(whole recording: Recording, chunks: [Recording], factor: Double) {
    guard let sampling = recording.samplingAnalysis() else { return }
    let rate = sampling.sampleRate * factor
    // Bounded work per input: irregular intervals make a span far longer than the median
    // interval suggests, and a grid of millions of rows (see FuzzResampler).
    let work = resamplingWork(
        time: recording.time, rate: rate, inputRate: sampling.sampleRate, maximumGap: sampling.maximumGap)
    guard work <= Double(resamplingWorkBudget) else { return }
    func resample(_ pieces: [Recording]) -> Result<(RecordingBits, RecordingResamplingReport), LocomotionError> {
        Result { () throws(LocomotionError) in
            var resampler = try RecordingResampler(
                sampleRate: rate, inputRate: sampling.sampleRate, maximumGap: sampling.maximumGap)
            var bits = RecordingBits()
            for piece in pieces { bits.append(try resampler.append(piece)) }
            let last = resampler.finish()
            bits.append(last)
            require(
                bits.rows == resampler.report.rowsWritten,
                "\(bits.rows) rows, report says \(resampler.report.rowsWritten)")
            let times = bits.columns["time", default: []].map(Double.init(bitPattern:))
            require(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "resampled time goes backwards")
            return (bits, resampler.report)
        }
    }
    let whole = resample([recording])
    let chunked = resample(chunks)
    switch (whole, chunked) {
    case (.success(let a), .success(let b)):
        require(a.0 == b.0 && a.1 == b.1, "resampled whole and in chunks differ: \(a.1) vs \(b.1)")
    case (.failure(let a), .failure(let b)):
        require(a.description == b.description, "resampling failed differently: \(a) vs \(b)")
    default: require(false, "resampling the whole \(whole) but the chunks \(chunked)")
    }
}

func describe(_ result: Result<ReadOutcome, LocomotionError>) -> String {
    switch result {
    case .success(let outcome):
        let columns = outcome.bits.columns.keys.sorted().map {
            "\($0): \(outcome.bits.columns[$0]!.map(Double.init(bitPattern:)))"
        }
        let text = outcome.bits.text.keys.sorted().map { "\($0): \(outcome.bits.text[$0]!)" }
        return "\(outcome.bits.rows) rows, groups \(outcome.groups), \(outcome.report); "
            + (columns + text).joined(separator: "; ")
    case .failure(let error): return error.description
    }
}

func same(_ a: Result<ReadOutcome, LocomotionError>, _ b: Result<ReadOutcome, LocomotionError>) -> Bool {
    switch (a, b) {
    case (.success(let x), .success(let y)):
        // Chunks of one group may split; the group names then repeat, which `readChunks` folds.
        return x.bits == y.bits && x.report == y.report && x.groups == y.groups
    case (.failure(let x), .failure(let y)): return x.description == y.description
    default: return false
    }
}

// Memory-backed when there is one: the file is written once per input.
let directory =
    FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : FileManager.default.temporaryDirectory.path
let path = "\(directory)/locomotion-fuzz-reader-\(getpid()).csv"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let mode = input.byte()
    let file = Array(input.remaining)
    var options = RecordingReadOptions(lenient: mode & 1 != 0)
    if mode & 2 != 0 { options.groupColumn = "id" }
    // A small limit reaches the limit checks with small inputs; the default the rest of the time.
    if mode & 4 != 0 { options.maximumLineBytes = 64 + Int(mode >> 4) * 16 }
    let maxRows = 1 + Int(mode >> 3 & 7)

    writeFile(path, file)
    let whole = Result { () throws(LocomotionError) in try readWhole(path: path, options: options) }
    let text = file.count % 2 == 0 ? String(validating: file, as: UTF8.self) : nil
    let chunked = Result { () throws(LocomotionError) in
        let stream =
            if let text { try RecordingStream(text: text, source: path, options: options) } else {
                try RecordingStream(path: path, options: options)
            }
        return try readChunks(stream, maxRows: maxRows)
    }
    require(
        same(whole, chunked),
        "whole read \(describe(whole)) but chunks of \(maxRows) \(text == nil ? "from the file" : "from memory") "
            + describe(chunked))
    switch whole {
    case .failure(let error):
        require(error.description.contains(path), "the error does not name the file: \(error)")
    case .success(let outcome):
        if options.groupColumn == nil, case .success(let pieces) = chunked, let recording = outcome.recordings.first {
            checkResampling(whole: recording, chunks: pieces.recordings, factor: [0.5, 1 / 3, 2][Int(mode >> 6) % 3])
        }
        if options.lenient {
            let lines =
                file.split(separator: 0x0A, omittingEmptySubsequences: false).count - (file.last == 0x0A ? 1 : 0)
            let report = outcome.report
            require(
                report.rowsRead + report.blankLines + report.skippedRowCount == lines - 1,
                "\(lines) lines but \(report.rowsRead) rows, \(report.blankLines) blank, \(report.skippedRowCount) skipped"
            )
        } else {
            options.lenient = true
            let lenient = Result { () throws(LocomotionError) in try readWhole(path: path, options: options) }
            guard case .success(let relaxed) = lenient else {
                fatalError("invariant violated: strict read succeeds, lenient fails: \(describe(lenient))")
            }
            require(
                relaxed.bits == outcome.bits && relaxed.report.skippedRowCount == 0,
                "strict and lenient reads of a clean file differ: \(relaxed.report) vs \(outcome.report)")
        }
    }
    return 0
}
