import Foundation
import Locomotion

/// `locomotion summarize RESULTS...`: merges the JSON Lines of `analyze --jsonl` runs (the shards
/// of a cluster job) into the summary table one `analyze` run prints.
@_spi(Testing) public enum SummarizeCommand {
    static let summary = """
        usage: locomotion summarize RESULTS... [--out FILE]

        Reads the JSON Lines that 'locomotion analyze --jsonl' writes (one record per file, from
        any number of runs, such as the shards of --shard K/N) and prints the summary table that
        one 'analyze' run over all those files prints: a row per file in path order (component by
        component, as analyze lists a folder), then the count of files and of failures. A DIR
        stands for the .jsonl files under it. A file named in more than one record is noted on
        standard error (each record still gets its row).
        """

    @_spi(Testing) public static let command = Command(
        name: "summarize", summary: summary,
        options: [.option("out", "FILE", .text(default: nil), "write the table to FILE instead of standard output")],
        footer: """
            exit status: 0 every file analyzed, 1 a record of a failed file or a results file that
            cannot be read, 2 a usage error
            """)

    static func run(_ arguments: [String]) -> Int32 {
        command.run(arguments) { (parsed) throws(UsageError) in
            guard !parsed.positional.isEmpty else { throw UsageError(message: "summarize needs RESULTS files") }
        } body: { parsed, _ in
            run(parsed)
        }
    }

    static func run(_ parsed: Arguments) -> Int32 {
        var reports: [AnalyzeCommand.Report] = []
        var inputs = parsed.positional
        for path in parsed.positional {
            do {
                for file in try resultFiles(path) {
                    inputs.append(file)
                    let records = try read(file)
                    // A shard of more shards than files is empty; say so, since it adds nothing.
                    if records.isEmpty { printError("locomotion summarize: note: \(file) holds no records") }
                    reports += records
                }
            } catch {
                return command.fail(error.message)
            }
        }
        guard !reports.isEmpty else {
            return command.fail("no records in \(parsed.positional.joined(separator: " ")); nothing to summarize")
        }
        reports = sorted(reports)
        var counts: [String: Int] = [:]
        for report in reports { counts[report.file, default: 0] += 1 }
        for report in reports where counts[report.file, default: 0] > 1 {
            printError("locomotion summarize: note: \(report.file) has \(counts[report.file]!) records")
            counts[report.file] = 0
        }
        let output: CommandOutput
        do throws(OutputPath.Refusal) {
            output = try CommandOutput(path: parsed.value("out"), inputs: inputs)
        } catch {
            return command.fail(error.message)
        }
        output.write(AnalyzeCommand.summary(reports))
        if let failure = output.finish() {
            return command.fail(failure)
        }
        return reports.contains { $0.error != nil } ? ExitStatus.failure : ExitStatus.success
    }

    /// A results file that cannot be read or holds a line that is not a record.
    @_spi(Testing) public struct ReadError: Error {
        @_spi(Testing) public var message: String
    }

    /// `path` itself, or the `.jsonl` files under a folder, in path order.
    static func resultFiles(_ path: String) throws(ReadError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ReadError(message: "\(path): No such file or directory")
        }
        guard isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
        return PathOrder.sorted(
            names.filter { $0.hasSuffix(".jsonl") }.map { (path as NSString).appendingPathComponent($0) })
    }

    /// The records of one JSON Lines file (``RecordingAnalysisRecord/records(jsonLines:path:)``).
    @_spi(Testing) public static func read(_ path: String) throws(ReadError) -> [RecordingAnalysisRecord] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(message: "\(path): cannot read the file")
        }
        do {
            return try RecordingAnalysisRecord.records(jsonLines: data, path: path)
        } catch {
            throw ReadError(message: error.description)
        }
    }

    /// The records in path order of their files (records of the same file keep their order).
    static func sorted(_ reports: [AnalyzeCommand.Report]) -> [AnalyzeCommand.Report] {
        reports.sorted { PathOrder.precedes($0.file, $1.file) }
    }
}
