import Foundation

/// A file opened for reading: every `open(2)`, `read(2)` and `pread(2)` of the package's readers
/// goes through here, so the C surface of file input is in one place.
///
/// A call interrupted by a signal before it read anything fails with `EINTR`; that is not an
/// error of the file, so it is retried. A read may return fewer bytes than asked for (a pipe, a
/// slow file system); callers treat each read as the next piece, and ``bytes(upTo:)`` and
/// ``bytes(count:atOffset:)`` loop until they have what they need.
///
/// A stream (a pipe, process substitution's `/dev/fd/N`, a FIFO, `/dev/stdin`) can be read only
/// once, so a format is detected from a prefix read ahead with ``prefix(path:count:)``, which stays
/// open with its bytes held; the next ``init(path:)`` of the same stream (the same device and
/// inode) takes over that descriptor and replays the bytes before reading on. Nothing is lost, and
/// a FIFO whose writer has finished is never opened a second time (which would wait for a writer
/// for ever).
///
/// Threading: one thread at a time (the sequential reads share the descriptor's position).
@_spi(Testing) public final class ReadableFile {
    /// The path, for error messages.
    let path: String
    /// The size in bytes of a regular file; `nil` for a pipe or device, whose size is unknown.
    public let byteCount: Int?
    /// Reads that a signal interrupted and that were retried (for tests and diagnostics).
    public private(set) var interruptedReads = 0
    private let descriptor: Int32
    /// Bytes a prefix read ahead that are returned before the descriptor is read again.
    private var replay: [UInt8] = []
    private var replayed = 0

    /// Opens `path` read-only; for a stream whose prefix was read ahead, takes that over.
    ///
    /// - Throws: `LocomotionError.unreadableFile` with the system's reason ("No such file or
    ///   directory", "Permission denied").
    public init(path: String) throws(LocomotionError) {
        self.path = path
        if let ahead = StreamPrefix.adopt(path: path) {
            descriptor = ahead.descriptor
            replay = ahead.bytes
            byteCount = nil
            return
        }
        var descriptor: Int32
        repeat { descriptor = open(path, O_RDONLY) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw Self.systemError(path: path) }
        var status = stat()
        let isRegular = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        self.descriptor = descriptor
        self.byteCount = isRegular ? Int(status.st_size) : nil
    }

    deinit { close(descriptor) }

    /// Up to `count` leading bytes of `path`, for format detection. A stream's bytes are kept,
    /// with its descriptor, for the next ``init(path:)`` of it for as long as `holder` lives (a
    /// later call for the same stream returns the same bytes, reading more if it asks for more).
    ///
    /// - Parameters:
    ///   - path: A file or a stream.
    ///   - count: The most bytes returned.
    ///   - holder: Keeps a stream's prefix; `nil` for a regular file (read again from the start).
    /// - Throws: As ``init(path:)`` and ``readSome(into:count:)``.
    static func prefix(path: String, count: Int, holder: inout [StreamPrefix]) throws(LocomotionError) -> [UInt8] {
        guard let ahead = try StreamPrefix.find(path: path) else {
            return try ReadableFile(path: path).bytes(upTo: count)
        }
        holder.append(ahead)
        return try ahead.bytes(upTo: count)
    }

    /// Reads up to `count` bytes at the file's position into `destination`.
    ///
    /// - Returns: The number of bytes read, fewer than `count` when fewer were available; 0 at
    ///   the end of the file.
    /// - Throws: `LocomotionError.unreadableFile` with the system's reason ("Is a directory").
    func readSome(into destination: UnsafeMutableRawPointer, count: Int) throws(LocomotionError) -> Int {
        if replayed < replay.count {
            let taken = min(count, replay.count - replayed)
            replay.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress! + replayed, byteCount: taken) }
            replayed += taken
            if replayed == replay.count { (replay, replayed) = ([], 0) }
            return taken
        }
        while true {
            let received = read(descriptor, destination, count)
            if received >= 0 { return received }
            guard errno == EINTR else { throw Self.systemError(path: path) }
            interruptedReads += 1
        }
    }

    /// Reads exactly `count` bytes from `offset` (the file's position is unchanged).
    ///
    /// - Returns: The bytes read; fewer than `count` only when the file ends first.
    /// - Throws: `LocomotionError.unreadableFile` with the system's reason.
    func bytes(count: Int, atOffset offset: Int) throws(LocomotionError) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let received = result.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done))
            }
            if received > 0 {
                done += received
            } else if received == 0 {
                return Array(result[..<done])
            } else if errno == EINTR {
                interruptedReads += 1
            } else {
                throw Self.systemError(path: path)
            }
        }
        return result
    }

    /// Reads up to `count` bytes from the file's position, fewer only when the file ends first.
    ///
    /// - Throws: As ``readSome(into:count:)``.
    /// - Complexity: O(`count`).
    public func bytes(upTo count: Int) throws(LocomotionError) -> [UInt8] {
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { block.deallocate() }
        var done = 0
        while done < count {
            let received = try readSome(into: block.baseAddress! + done, count: count - done)
            guard received > 0 else { break }
            done += received
        }
        return Array(block[..<done])
    }

    /// The rest of the file from its position, whole.
    ///
    /// - Throws: As ``readSome(into:count:)``.
    /// - Complexity: O(the bytes read).
    public func remainingBytes() throws(LocomotionError) -> [UInt8] {
        var result: [UInt8] = []
        if let byteCount { result.reserveCapacity(byteCount) }
        // Blocks of 1 MiB, or of the file's size and a byte when it is smaller (the byte sees
        // the end in one read): a file of a few hundred bytes then allocates no megabyte.
        let block = min(1 << 20, (byteCount ?? 1 << 20) + 1)
        while true {
            let piece = try bytes(upTo: block)
            result += piece
            if piece.count < block { return result }
        }
    }

    /// The error for the call that just failed, with `errno`'s reason.
    static func systemError(path: String) -> LocomotionError {
        .unreadableFile(path: path, reason: String(cString: strerror(errno)))
    }
}
