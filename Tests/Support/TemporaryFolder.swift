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
