import Foundation

/// What a path holds for the importers: one file, or the files of an export folder or zip archive.
///
/// Files in a folder or archive are found by their base name (`Accelerometer.csv`), up to two
/// folder levels deep (an archive often wraps the export in a folder; phyphox keeps `meta/`).
/// macOS resource forks (`__MACOSX/`, `._*`) are ignored.
final class ExportContainer {
    /// One file of the container.
    struct File {
        /// The path inside the container (`meta/device.csv`), or the file name for a single file.
        var name: String
        /// The name shown in errors: `folder/Accelerometer.csv` or `export.zip/Accelerometer.csv`.
        var displayPath: String
        /// The file on disk, when it is not inside an archive.
        var diskPath: String?
        /// The archive entry, when it is inside one.
        var entry: ZipArchive.Entry?
        /// The base name, `Accelerometer.csv`.
        var baseName: String { name.split(separator: "/").last.map(String.init) ?? name }
    }

    /// The path as given.
    let path: String
    /// The files, in name order.
    let files: [File]
    /// Whether the path is a folder or an archive (rather than one file).
    let isCollection: Bool
    private let archive: ZipArchive?
    /// The detected format.
    private(set) var format: RecordingFormat = .csv
    /// A stream's prefix read for detection, kept for its reader (``ReadableFile``).
    private var streamPrefixes: [StreamPrefix] = []

    private init(path: String, files: [File], isCollection: Bool, archive: ZipArchive?) {
        self.path = path
        self.files = files.sorted { $0.name < $1.name }
        self.isCollection = isCollection
        self.archive = archive
    }

    /// Opens `path` and recognises its format.
    ///
    /// - Throws: `LocomotionError.unreadableFile` when the path cannot be read, or is a folder or
    ///   archive without a recognisable export.
    static func open(path: String) throws(LocomotionError) -> ExportContainer {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(ENOENT)))
        }
        let container: ExportContainer
        var held: [StreamPrefix] = []
        if isDirectory.boolValue {
            container = ExportContainer(path: path, files: try folderFiles(path), isCollection: true, archive: nil)
        } else if ZipArchive.looksLikeZip(try ReadableFile.prefix(path: path, count: 4, holder: &held)) {
            guard held.isEmpty else {
                throw .unreadableFile(
                    path: path,
                    reason: "a zip archive cannot be read from a pipe (it is read from its end); save it to a file")
            }
            let archive = try ZipArchive(path: path)
            let files = archive.entries.filter { !$0.isDirectory && !isIgnored($0.name) && depth($0.name) <= 2 }.map {
                File(name: $0.name, displayPath: "\(path)/\($0.name)", diskPath: nil, entry: $0)
            }
            container = ExportContainer(path: path, files: files, isCollection: true, archive: archive)
        } else {
            let name = (path as NSString).lastPathComponent
            container = ExportContainer(
                path: path, files: [File(name: name, displayPath: path, diskPath: path, entry: nil)],
                isCollection: false,
                archive: nil)
        }
        container.streamPrefixes = held
        container.format = try container.detectFormat()
        return container
    }

    /// The file whose base name is `baseName` (case-insensitive), if any.
    ///
    /// - Throws: `LocomotionError.unreadableFile` when the container holds two such files (two
    ///   recordings in one folder).
    func file(named baseName: String) throws(LocomotionError) -> File? {
        let matches = files.filter { $0.baseName.lowercased() == baseName.lowercased() }
        guard matches.count <= 1 else {
            throw .unreadableFile(
                path: path,
                reason:
                    "it holds \(matches.count) files named \(baseName) (\(matches.map(\.name).joined(separator: ", "))); "
                    + "give the folder of one recording")
        }
        return matches.first
    }

    /// The whole text of a file (an archive entry is decoded in memory).
    ///
    /// - Throws: `LocomotionError.unreadableFile` for an I/O or archive error, or text that is
    ///   not UTF-8.
    func text(of file: File) throws(LocomotionError) -> String {
        let bytes: [UInt8]
        if let entry = file.entry, let archive {
            bytes = try archive.contents(of: entry)
        } else {
            bytes = try ReadableFile(path: file.diskPath ?? file.displayPath).remainingBytes()
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadableFile(path: file.displayPath, reason: "the file is not UTF-8 text")
        }
        return text
    }

    /// Up to `count` leading bytes of a file, as text (invalid UTF-8 repaired), for detection.
    func prefix(of file: File, count: Int = 4096) throws(LocomotionError) -> String {
        if let diskPath = file.diskPath {
            return String(
                decoding: try ReadableFile.prefix(path: diskPath, count: count, holder: &streamPrefixes), as: UTF8.self)
        }
        guard let entry = file.entry, let archive else { return "" }
        return String(decoding: try archive.prefix(of: entry, count: count), as: UTF8.self)
    }

    // MARK: Detection

    private func detectFormat() throws(LocomotionError) -> RecordingFormat {
        guard isCollection else {
            return RecordingFormat.detect(prefix: try prefix(of: files[0])) ?? .csv
        }
        let names = Set(files.map { $0.baseName.lowercased() })
        let folders = Set(files.map { $0.name.lowercased() })
        if folders.contains(where: { $0.hasSuffix("meta/device.csv") || $0.hasSuffix("meta/time.csv") })
            || names.contains("raw data.csv")
        {
            return .phyphox
        }
        if names.contains("metadata.csv") || !names.isDisjoint(with: SensorLoggerLayout.sensorFileNames) {
            // Confirm from one file's header: Sensor Logger's files start with `time,seconds_elapsed`.
            let candidates = files.filter { SensorLoggerLayout.sensorFileNames.contains($0.baseName.lowercased()) }
            if let smallest = candidates.min(by: {
                ($0.entry?.uncompressedSize ?? 0) < ($1.entry?.uncompressedSize ?? 0)
            }) {
                let detected = RecordingFormat.detect(prefix: try prefix(of: smallest))
                if detected == .sensorLogger { return .sensorLogger }
                if detected == .phyphox { return .phyphox }
            } else if names.contains("metadata.csv") {
                return .sensorLogger
            }
        }
        for file in files where file.baseName.lowercased().hasSuffix(".csv") {
            if let detected = RecordingFormat.detect(prefix: try prefix(of: file)), detected == .phyphox {
                return .phyphox
            }
        }
        throw .unreadableFile(
            path: path,
            reason: "no Sensor Logger or phyphox export found in it (looked for "
                + "Metadata.csv, Accelerometer.csv, Location.csv, … or a CSV whose header starts with \"Time (s)\")")
    }

    // MARK: Files

    private static func isIgnored(_ name: String) -> Bool {
        name.hasPrefix("__MACOSX/") || name.split(separator: "/").last?.hasPrefix("._") == true
            || name.split(separator: "/").last?.hasPrefix(".") == true
    }

    private static func depth(_ name: String) -> Int { name.split(separator: "/").count - 1 }

    private static func folderFiles(_ path: String) throws(LocomotionError) -> [File] {
        guard let enumerator = FileManager.default.enumerator(atPath: path) else {
            throw .unreadableFile(path: path, reason: "the folder cannot be listed")
        }
        var files: [File] = []
        while let name = enumerator.nextObject() as? String {
            guard depth(name) <= 2, !isIgnored(name) else { continue }
            let full = (path as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            files.append(File(name: name, displayPath: full, diskPath: full, entry: nil))
        }
        return files
    }
}
