import Foundation

/// Helpers the format readers share: reading one CSV of an export with ``RecordingStream``'s
/// checks, summing read reports, and describing a merged recording's columns.
enum ImportSupport {
    /// The most names a note lists before "and N more": an archive of 20,000 entries must not
    /// make a note of hundreds of kilobytes.
    static let listedNames = 10

    /// `names` joined by commas, the first ``listedNames`` of them and then "and N more".
    static func listed(_ names: [String]) -> String {
        let shown = names.prefix(listedNames).joined(separator: ", ")
        return names.count > listedNames ? "\(shown) and \(names.count - listedNames) more" : shown
    }

    /// Reads one file of a container as the package's CSV.
    ///
    /// A file on disk that needs no rewriting is streamed from disk in chunks; an archive entry,
    /// or a file that `rewrite` must convert first, is read as text in memory.
    ///
    /// - Throws: Everything ``RecordingStream`` throws, naming `file.displayPath`.
    static func read(
        _ file: ExportContainer.File, in container: ExportContainer, options: RecordingReadOptions,
        rewrite: ((String) throws(LocomotionError) -> String)? = nil
    ) throws(LocomotionError) -> LoadedRecording {
        if rewrite == nil, let diskPath = file.diskPath {
            let stream = try RecordingStream(path: diskPath, options: options)
            let recording = try stream.readAll()
            return LoadedRecording(recording: recording, layout: stream.layout, report: stream.report)
        }
        var text = try container.text(of: file)
        if let rewrite { text = try rewrite(text) }
        return try RecordingReader.parse(text, source: file.displayPath, options: options)
    }

    /// The reports of several files added up; the first skipped line of each reason is the
    /// first file's that had one.
    static func sum(_ reports: [RecordingReadReport]) -> RecordingReadReport {
        var total = RecordingReadReport()
        for report in reports {
            total.rowsRead += report.rowsRead
            total.blankLines += report.blankLines
            for (problem, count) in report.skippedRows { total.skippedRows[problem, default: 0] += count }
            for (problem, line) in report.firstSkippedLine where total.firstSkippedLine[problem] == nil {
                total.firstSkippedLine[problem] = line
            }
        }
        return total
    }

    /// A layout describing a merged recording's columns by their canonical names, with the unit
    /// and file each came from.
    static func layout(for recording: Recording, sources: [RecordingColumn: String]) -> RecordingLayout {
        let csv = RecordingWriter.csv(recording[rows: 0..<0])
        let header =
            csv.split(separator: "\n", maxSplits: 1).first.map {
                CSVQuoting.cells(of: $0)
            } ?? []
        var layout = (try? RecordingLayout(header: header, options: .init(), source: recording.source)) ?? .empty
        for index in layout.mappings.indices {
            if let source = sources[layout.mappings[index].column] { layout.mappings[index].sourceUnit = source }
        }
        return layout
    }

    /// The per-file options of an export: the caller's strictness and label map, with the column
    /// names and units the format fixes.
    static func options(
        from options: RecordingReadOptions, columns: [RecordingColumn: String],
        acceleration: AccelerationUnit = .metersPerSecondSquared
    ) -> RecordingReadOptions {
        RecordingReadOptions(
            accelerationUnit: acceleration, rotationRateUnit: .radiansPerSecond, columnNames: columns,
            labelTranslations: options.labelTranslations, lenient: options.lenient)
    }

    /// `series` times `factor`, axis by axis.
    static func scaled(_ series: ThreeAxisSeries, by factor: Double) -> ThreeAxisSeries {
        factor == 1
            ? series
            : ThreeAxisSeries(
                x: series.x.map { $0 * factor }, y: series.y.map { $0 * factor }, z: series.z.map { $0 * factor })
    }

    /// The cells of an extra column, when the recording has it (case-insensitive name).
    static func extra(_ recording: Recording, named name: String) -> [String]? {
        recording.extraColumns.first { $0.name.lowercased() == name.lowercased() }?.values
    }
}
