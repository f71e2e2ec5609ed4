import Foundation

extension ActivityTrainingSet {
    /// One recording of a training folder.
    public struct Source: Sendable, Hashable {
        /// The file's path.
        public var path: String
        /// Its activity, from the folder name; `nil` for a recording whose labels say.
        public var activity: ActivityType?
        /// Its group for cross-validation: the file name before `__` when it has one, else the
        /// file name without extension.
        public var group: String
    }

    /// The recordings under `paths`: a folder whose sub-folders are named after activities
    /// (`walking/`, `driving/`, ...; Create ML's layout) contributes each CSV file inside them with
    /// that activity; any other CSV file, or a folder of them, contributes recordings whose
    /// per-sample labels give the activity. Sorted by path.
    ///
    /// - Throws: ``LocomotionError/Code/invalidData`` for a path that does not exist, or a folder
    ///   with no CSV file.
    /// - Complexity: O(*f* log *f*) for *f* files found, plus the directory walks.
    public static func sources(in paths: [String]) throws(LocomotionError) -> [Source] {
        let manager = FileManager.default
        var sources: [Source] = []
        func csvFiles(in folder: String) -> [String] {
            ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.lowercased().hasSuffix(".csv") }
                .sorted().map { (folder as NSString).appendingPathComponent($0) }
        }
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw LocomotionError(.invalidData, message: "\(path): no such file or folder")
            }
            guard isFolder.boolValue else {
                sources.append(Source(path: path, activity: nil, group: group(of: path)))
                continue
            }
            let children = ((try? manager.contentsOfDirectory(atPath: path)) ?? []).sorted()
            let activityFolders = children.compactMap { name in ActivityType(identifier: name).map { (name, $0) } }
                .filter { $0.1 != .unknown }
            let before = sources.count
            if activityFolders.isEmpty {
                sources += csvFiles(in: path).map { Source(path: $0, activity: nil, group: group(of: $0)) }
            } else {
                for (name, activity) in activityFolders {
                    let folder = (path as NSString).appendingPathComponent(name)
                    sources += csvFiles(in: folder).map { Source(path: $0, activity: activity, group: group(of: $0)) }
                }
            }
            guard sources.count > before else {
                throw LocomotionError(
                    .invalidData, message: "\(path): no CSV recording in the folder or its activity folders")
            }
        }
        return sources.sorted { $0.path < $1.path }
    }

    private static func group(of path: String) -> String {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return name.components(separatedBy: "__").first ?? name
    }
}
