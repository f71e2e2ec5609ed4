import Foundation

/// The package's root folder (the nearest one above `file` holding `Package.swift`), so that a
/// test reads the repository's files (the README, docs, bundled recordings) wherever under `Tests/`
/// its own file sits.
///
/// - Parameter file: The calling test file's path (the default).
/// - Returns: The root folder.
public func packageRoot(of file: String = #filePath) -> URL {
    var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    while folder.path != "/" {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
        folder.deleteLastPathComponent()
    }
    preconditionFailure("no Package.swift above \(file)")
}
