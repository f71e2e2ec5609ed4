import Foundation

/// Where a command's output goes: standard output, or with `--out FILE` a file that appears only
/// when the command finishes (it is written as `FILE.partial-<pid>` and renamed), so a job that is
/// killed midway never leaves a results file that looks complete.
///
/// Threading: not thread-safe; one thread (or one lock holder) writes at a time.
final class CommandOutput {
    private let path: String?
    private let partial: String?
    private let handle: FileHandle?
    private var buffer = ""

    /// Standard output with `path == nil`, else a new partial file next to `path`; `nil` when that
    /// file cannot be created.
    init?(path: String?) {
        self.path = path
        guard let path else {
            partial = nil
            handle = nil
            return
        }
        let partial = "\(path).partial-\(ProcessInfo.processInfo.processIdentifier)"
        guard FileManager.default.createFile(atPath: partial, contents: nil),
            let handle = FileHandle(forWritingAtPath: partial)
        else { return nil }
        self.partial = partial
        self.handle = handle
    }

    /// Appends `text` (buffered).
    func write(_ text: String) {
        buffer += text
        if buffer.utf8.count >= 1 << 16 { flush() }
    }

    private func flush() {
        if let handle {
            handle.write(Data(buffer.utf8))
        } else {
            print(buffer, terminator: "")
        }
        buffer = ""
    }

    /// Writes what is buffered and, for a file, moves it to its name. Returns an error message
    /// when the file cannot be put in place.
    func finish() -> String? {
        flush()
        guard let handle, let partial, let path else { return nil }
        try? handle.close()
        guard rename(partial, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: partial)
            return "\(path): cannot write the output: \(reason)"
        }
        return nil
    }
}
