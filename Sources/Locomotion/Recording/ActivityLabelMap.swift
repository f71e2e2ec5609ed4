import Foundation

/// A label map file: which activity each label value of a recording names, for labels the
/// built-in names (``ActivityType/init(label:)``) do not know.
///
/// The file has one `LABEL,ACTIVITY` per line; `ACTIVITY` is an ``ActivityType`` identifier
/// (`walking`, `running`, `cycling`, `driving`, `stationary`, or `unknown` to leave the label
/// unscored), in any letter case. Blank lines and lines starting with `#` are skipped; spaces
/// around either field are trimmed; a later line for the same label wins.
///
/// ```swift
/// let map = try ActivityLabelMap.read(path: "labels.csv")
/// var options = RecordingAnalysis.Options()
/// options.labelMap = map
/// ```
public enum ActivityLabelMap {
    /// Parses the text of a label map file.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - path: The file's name, for errors.
    /// - Returns: The activity of each label.
    /// - Throws: ``LocomotionError`` with code ``LocomotionError/Code/malformedCell`` naming the
    ///   file and line of the first line that is not `LABEL,ACTIVITY` with a known activity.
    /// - Complexity: O(*n*) in the text's length.
    public static func parse(_ text: String, path: String) throws(LocomotionError) -> [String: ActivityType] {
        var map: [String: ActivityType] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            let parts = trimmed.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let activity = ActivityType(identifier: parts[1].lowercased()) else {
                throw LocomotionError(
                    .malformedCell, message: "expected LABEL,ACTIVITY, not '\(trimmed)'",
                    location: .file(
                        path,
                        line: index + 1))
            }
            map[parts[0]] = activity
        }
        return map
    }

    /// Reads and parses a label map file (see ``parse(_:path:)``).
    ///
    /// - Throws: ``LocomotionError/Code/unreadableFile`` when the file cannot be read as UTF-8,
    ///   else as ``parse(_:path:)``.
    public static func read(path: String) throws(LocomotionError) -> [String: ActivityType] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw LocomotionError.unreadableFile(path: path, reason: "not a readable UTF-8 text file")
        }
        return try parse(text, path: path)
    }
}
