import Foundation

/// The leading bytes of a stream (a pipe, a FIFO, a character device), read ahead for format
/// detection and held, with the open descriptor, until a ``ReadableFile`` of the same stream takes
/// them over (``ReadableFile/prefix(path:count:holder:)``).
///
/// A stream is known by its device and inode, so `/dev/stdin`, `/proc/self/fd/0` and `/dev/fd/0`
/// are one stream. The registry holds its prefixes weakly: one that nobody holds or takes over
/// closes its descriptor.
///
/// Threading: the registry is guarded by a lock; one prefix is read by one thread at a time.
final class StreamPrefix: @unchecked Sendable {
    /// A file's device and inode.
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private final class Weak {
        weak var prefix: StreamPrefix?
        init(_ prefix: StreamPrefix) { self.prefix = prefix }
    }

    private nonisolated(unsafe) static var pending: [Identity: Weak] = [:]
    private static let lock = NSLock()

    let identity: Identity
    let path: String
    /// The open descriptor; -1 once a ``ReadableFile`` took it over.
    private(set) var descriptor: Int32
    /// The bytes read ahead.
    private(set) var bytes: [UInt8] = []
    private var reachedEnd = false

    private init(identity: Identity, path: String, descriptor: Int32) {
        self.identity = identity
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The identity of `path` when it is a stream (neither a regular file nor a folder); `nil`
    /// otherwise, or when it cannot be looked at (opening it then says why).
    static func streamIdentity(path: String) -> Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let kind = status.st_mode & S_IFMT
        guard kind != S_IFREG, kind != S_IFDIR else { return nil }
        return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// The prefix held for the stream `path` names, opening the stream when none is; `nil` when
    /// `path` is not a stream.
    ///
    /// - Throws: `LocomotionError.unreadableFile` when the stream cannot be opened.
    static func find(path: String) throws(LocomotionError) -> StreamPrefix? {
        guard let identity = streamIdentity(path: path) else { return nil }
        lock.lock()
        if let held = pending[identity]?.prefix, held.descriptor >= 0 {
            lock.unlock()
            return held
        }
        lock.unlock()
        // Opening a FIFO waits for its writer: outside the lock.
        var descriptor: Int32
        repeat { descriptor = open(path, O_RDONLY) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw ReadableFile.systemError(path: path) }
        let prefix = StreamPrefix(identity: identity, path: path, descriptor: descriptor)
        lock.lock()
        defer { lock.unlock() }
        pending = pending.filter { $0.value.prefix != nil }
        pending[identity] = Weak(prefix)
        return prefix
    }

    /// Takes over the prefix held for the stream `path` names: its descriptor and bytes, which
    /// the caller now owns; `nil` when none is held.
    static func adopt(path: String) -> (descriptor: Int32, bytes: [UInt8])? {
        guard let identity = streamIdentity(path: path) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let held = pending.removeValue(forKey: identity)?.prefix, held.descriptor >= 0 else { return nil }
        let taken = (held.descriptor, held.bytes)
        held.descriptor = -1
        held.bytes = []
        return taken
    }

    /// Up to `count` leading bytes, reading more from the stream when fewer are held.
    ///
    /// - Throws: `LocomotionError.unreadableFile` for an I/O error, or when the stream was
    ///   already taken over.
    func bytes(upTo count: Int) throws(LocomotionError) -> [UInt8] {
        guard descriptor >= 0 else {
            throw .unreadableFile(path: path, reason: "the stream was already read; a pipe can be read only once")
        }
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < count, !reachedEnd {
            let wanted = min(count - bytes.count, block.count)
            let received = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, wanted) }
            if received > 0 {
                bytes += block[..<received]
            } else if received == 0 {
                reachedEnd = true
            } else if errno != EINTR {
                throw ReadableFile.systemError(path: path)
            }
        }
        return Array(bytes.prefix(count))
    }
}
