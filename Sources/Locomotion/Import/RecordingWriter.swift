import Foundation

/// Writes recordings in the format ``RecordingReader`` reads, with the package's canonical
/// header names (`t_s`, `acc_x_g`, …, `gyr_x_rad_s`, `speed`, `label`, then extra columns).
///
/// Numbers are written in the shortest form that reads back to the same `Double`, so a
/// recording survives a write and a read bit for bit; NaN (no value in a sparse column) is an
/// empty cell. Text cells and header names holding a comma, quote or line break are quoted as
/// RFC 4180 says (``CSVQuoting``).
///
/// For large outputs, create a writer and ``append(_:)`` chunks; memory stays proportional to
/// one chunk.
public final class RecordingWriter {
    private let handle: FileHandle
    private let path: String
    private let columns: [String]

    /// Creates (or truncates) the file at `path` and writes the header for `template`'s columns.
    ///
    /// - Throws: `LocomotionError.unreadableFile` when the file cannot be created.
    public init(path: String, columnsOf template: Recording) throws(LocomotionError) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw .unreadableFile(path: path, reason: "cannot create the file for writing")
        }
        self.handle = handle
        self.path = path
        self.columns = Self.header(of: template)
        try write(CSVQuoting.record(columns))
    }

    deinit { try? handle.close() }

    /// Appends the rows of `chunk`, which must have the columns of the template.
    ///
    /// - Throws: `LocomotionError.invalidParameter` when the columns differ,
    ///   `.unreadableFile` on an I/O error.
    /// - Complexity: O(rows × columns).
    public func append(_ chunk: Recording) throws(LocomotionError) {
        guard Self.header(of: chunk) == columns else {
            throw .invalidParameter(
                name: "chunk", value: Self.header(of: chunk).joined(separator: ","),
                requirement: "it must have the columns \(columns.joined(separator: ",")) of \(path)")
        }
        try write(Self.rows(of: chunk))
    }

    /// Flushes and closes the file.
    ///
    /// - Throws: `LocomotionError.unreadableFile` on an I/O error.
    public func close() throws(LocomotionError) {
        do { try handle.close() } catch { throw .unreadableFile(path: path, reason: error.localizedDescription) }
    }

    private func write(_ text: String) throws(LocomotionError) {
        do { try handle.write(contentsOf: Data(text.utf8)) } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
    }

    /// The whole recording as CSV text.
    ///
    /// - Complexity: O(rows × columns).
    public static func csv(_ recording: Recording) -> String {
        CSVQuoting.record(header(of: recording)) + rows(of: recording)
    }

    /// Writes the whole recording to `path`.
    ///
    /// - Throws: `LocomotionError.unreadableFile` on an I/O error.
    /// - Complexity: O(rows × columns).
    public static func write(_ recording: Recording, to path: String) throws(LocomotionError) {
        let writer = try RecordingWriter(path: path, columnsOf: recording)
        try writer.append(recording)
        try writer.close()
    }

    private static func header(of recording: Recording) -> [String] {
        recording.numericColumns.map(\.column.canonicalName) + (recording.labels == nil ? [] : ["label"])
            + recording.extraColumns.map(\.name)
    }

    private static func rows(of recording: Recording) -> String {
        let numeric = recording.numericColumns.map(\.values)
        let text = (recording.labels.map { [$0] } ?? []) + recording.extraColumns.map(\.values)
        var output = ""
        output.reserveCapacity(recording.count * 12 * (numeric.count + text.count))
        for row in 0..<recording.count {
            for (index, column) in numeric.enumerated() {
                if index > 0 { output.append(",") }
                let value = column[row]
                if !value.isNaN { output.append(value.description) }
            }
            for column in text {
                output.append(",")
                output.append(CSVQuoting.field(column[row]))
            }
            output.append("\n")
        }
        return output
    }
}
