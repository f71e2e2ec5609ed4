import Foundation

/// Where a command may write its output (`--out`, `--report`): a regular file, which is replaced,
/// or a new path. Anything else is refused before a byte is written: a directory, a device node
/// (`/dev/null`, a disk), a FIFO or a socket, a symbolic link to one of those or to nothing, and a
/// file the same run reads (compared by device and inode, so `./walk.csv`, a symbolic or a hard
/// link to it are all the same file). Renaming a results file over any of those would destroy it.
///
/// The check happens before the output is opened; a path replaced between the check and the
/// final rename (by another process) is not caught.
@_spi(Testing) public enum OutputPath {
    /// Why an output path was refused; `message` starts with the path.
    public struct Refusal: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The path to write for `path`: `path` itself, or for a symbolic link to a regular file the
    /// file it names (so the link stays a link).
    ///
    /// - Parameters:
    ///   - path: The path the user named.
    ///   - inputs: The files (and folders) the same run reads; paths that do not exist are ignored.
    /// - Throws: ``Refusal`` for an empty path, a path that is not a regular file or new, and an input.
    @_spi(Testing) public static func checked(_ path: String, inputs: [String]) throws(Refusal) -> String {
        guard !path.isEmpty else { throw Refusal(message: "'': an empty output path") }
        var link = stat()
        guard lstat(path, &link) == 0 else {
            guard errno == ENOENT || errno == ENOTDIR else {
                throw Refusal(message: "\(path): cannot use as output: \(String(cString: strerror(errno)))")
            }
            return path  // a new file (a missing folder fails when the file is created)
        }
        let isLink = link.st_mode & S_IFMT == S_IFLNK
        var target = stat()
        guard stat(path, &target) == 0 else {
            throw Refusal(message: "\(path): a symbolic link to nothing; refusing to write the output through it")
        }
        if let kind = kind(of: target.st_mode) {
            throw Refusal(
                message: "\(path): \(isLink ? "a symbolic link to " : "")\(kind), not a regular file; "
                    + "refusing to replace it with the output")
        }
        for input in inputs {
            var read = stat()
            guard stat(input, &read) == 0 else { continue }
            if read.st_dev == target.st_dev, read.st_ino == target.st_ino {
                let same = input == path ? "" : " (\(input))"
                throw Refusal(
                    message: "\(path): is also an input of this run\(same); refusing to overwrite it with the output")
            }
        }
        guard isLink else { return path }
        guard let resolved = realpath(path, nil) else {
            throw Refusal(message: "\(path): cannot resolve the symbolic link: \(String(cString: strerror(errno)))")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What a file of `mode` is, when it is not a regular file.
    private static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }
}
