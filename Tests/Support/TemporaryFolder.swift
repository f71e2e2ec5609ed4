import Foundation

/// A new, empty folder under the system's temporary folder, named `prefix` and a UUID, so tests
/// that write files never share one. The caller removes it when it wants to.
///
/// - Parameter prefix: The start of the folder's name (for example "edges").
/// - Returns: The folder's path.
/// - Throws: What `FileManager.createDirectory` throws.
public func temporaryFolder(_ prefix: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A new CSV file under the system's temporary folder holding `text`, named with a UUID, so tests
/// never share one. The caller removes it when it wants to.
///
/// - Parameter text: The file's contents, written as UTF-8.
/// - Returns: The file's path.
/// - Throws: What `String.write(toFile:atomically:encoding:)` throws.
public func temporaryCSVFile(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("locomotion-\(UUID().uuidString).csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}
