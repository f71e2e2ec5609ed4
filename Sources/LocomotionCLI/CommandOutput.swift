import Foundation

/// Where a command's output goes: standard output, or with `--out FILE` a file that appears only
/// when the command finishes (it is written as `FILE.partial-<pid>` and renamed), so a job that is
/// killed midway never leaves a results file that looks complete. The path is checked first
/// (``OutputPath``): never a device, FIFO, directory or an input of the same run.
///
/// Threading: not thread-safe; one thread (or one lock holder) writes at a time.
final class CommandOutput {
    private let path: String?
    private let partial: String?
    private let handle: FileHandle?
    private var buffer = ""

    /// Standard output with `path == nil`, else a new partial file next to `path` (next to the
    /// file a symbolic link names).
    ///
    /// - Parameters:
    ///   - path: `--out FILE`, or `nil` for standard output.
    ///   - inputs: The files the run reads, which the output must not replace.
    /// - Throws: ``OutputPath/Refusal`` when `path` may not be written (``OutputPath``) or the
    ///   partial file cannot be created.
    init(path: String?, inputs: [String] = []) throws(OutputPath.Refusal) {
        guard let path else {
            self.path = nil
            partial = nil
            handle = nil
            return
        }
        let target = try OutputPath.checked(path, inputs: inputs)
        let partial = "\(target).partial-\(ProcessInfo.processInfo.processIdentifier)"
        // A stale partial file of an earlier run with the same process id goes; O_EXCL then makes
        // sure the output is a new file of ours, not a link planted under that name.
        var stale = stat()
        if lstat(partial, &stale) == 0, stale.st_mode & S_IFMT == S_IFREG { unlink(partial) }
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        guard descriptor >= 0 else {
            throw OutputPath.Refusal(
                message: "\(path): cannot create the output file: \(String(cString: strerror(errno)))")
        }
        self.path = target
        self.partial = partial
        self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
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
