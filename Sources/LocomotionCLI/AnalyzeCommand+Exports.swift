import Foundation
import Locomotion

extension AnalyzeCommand {
    /// The recordings under a folder, in path order (``PathOrder``: each level by name, byte by byte): the folder itself when it is an app's export
    /// (Sensor Logger, phyphox); otherwise its CSV, GPX and zip files and its sub-folders that are
    /// exports, at any depth (the files inside an export folder are not listed on their own).
    static func recordings(inFolder path: String) -> [String] {
        if (try? RecordingFormat.detect(path: path)) != nil { return [path] }
        let names = PathOrder.sorted(
            ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") })
        var found: [String] = []
        for name in names {
            let full = (path as NSString).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                found += recordings(inFolder: full)
            } else if ["csv", "gpx", "zip"].contains((name as NSString).pathExtension.lowercased()) {
                found.append(full)
            }
        }
        return found
    }
}
