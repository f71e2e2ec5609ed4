import Foundation
@_spi(Testing) import Locomotion
import Testing

/// File input through a named pipe, where reads are short and a signal can interrupt a read that
/// waits for the writer (EINTR).
@Suite("ReadableFile: interrupted and short reads")
struct ReadableFileTests {
    /// A named pipe in the temporary folder.
    static func makePipe() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID()).csv").path
        try #require(mkfifo(path, 0o600) == 0)
        return path
    }

    /// Runs `body` with SIGUSR1 unblocked on this thread (the test runner's worker threads block
    /// signals) and handled by a handler that does nothing, installed without `SA_RESTART`, so a
    /// `read(2)` waiting when the signal arrives fails with EINTR instead of being restarted.
    static func interruptible<T>(_ body: () throws -> T) rethrows -> T {
        installInterruptingHandler()
        var signals = sigset_t()
        var previous = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGUSR1)
        pthread_sigmask(SIG_UNBLOCK, &signals, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    private static func installInterruptingHandler() {
        var action = sigaction()
        #if os(Linux)
            action.__sigaction_handler.sa_handler = { _ in }
        #else
            action.__sigaction_u.__sa_handler = { _ in }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGUSR1, &action, nil)
        // A reader that fails closes the pipe early: the writer should then get EPIPE, not end the
        // test process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Flags shared between the reading test and its writer thread.
    final class Progress: @unchecked Sendable {
        private let lock = NSLock()
        private var isDone = false
        var done: Bool {
            get { lock.withLock { isDone } }
            set { lock.withLock { isDone = newValue } }
        }
    }

    /// Opens `path` for writing on another thread, writes `first`, then signals `reader` every 5 ms
    /// until `progress` is done or `signals` have been sent, then writes `rest` in small pieces and
    /// closes the pipe.
    static func startWriter(
        writing first: String, thenSignal reader: pthread_t, signals: Int, progress: Progress, rest: String,
        to path: String
    ) -> Thread {
        let thread = Thread {
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            _ = first.withCString { write(descriptor, $0, strlen($0)) }
            var sent = 0
            while !progress.done, sent < signals {
                usleep(5_000)
                pthread_kill(reader, SIGUSR1)
                sent += 1
            }
            let bytes = Array(rest.utf8)
            for piece in stride(from: 0, to: bytes.count, by: 700) {
                _ = bytes[piece..<min(piece + 700, bytes.count)].withUnsafeBytes {
                    write(descriptor, $0.baseAddress, $0.count)
                }
            }
            close(descriptor)
        }
        thread.start()
        return thread
    }

    @Test func aSignalInterruptsAPlainReadOfAPipe() throws {
        // The control: without a retry, the setup makes read(2) fail with EINTR, so the tests
        // below exercise the retry and not a quiet pipe.
        try Self.interruptible(Self.plainRead)
    }

    static func plainRead() throws {
        let path = try Self.makePipe()
        defer { unlink(path) }
        let progress = Progress()
        let writer = Self.startWriter(
            writing: "", thenSignal: pthread_self(), signals: 400, progress: progress, rest: "x", to: path)
        var descriptor: Int32
        repeat { descriptor = open(path, O_RDONLY) } while descriptor < 0 && errno == EINTR
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var byte: UInt8 = 0
        let received = read(descriptor, &byte, 1)
        let error = errno
        progress.done = true
        while writer.isExecuting { usleep(1_000) }
        #expect(received == -1 && error == EINTR)
    }

    /// Reads a pipe with `read` (given its path) on this thread while a writer thread writes
    /// `first`, signals this thread 20 times (until the read is done), then writes `rest`.
    static func readPipe<T>(writing first: String, then rest: String, _ read: (String) throws -> T) throws -> T {
        try interruptible {
            let path = try makePipe()
            defer { unlink(path) }
            let progress = Progress()
            let writer = startWriter(
                writing: first, thenSignal: pthread_self(), signals: 20, progress: progress, rest: rest, to: path)
            defer {
                progress.done = true
                while writer.isExecuting { usleep(1_000) }
            }
            return try read(path)
        }
    }

    @Test func interruptedReadsAreRetriedAndShortReadsJoined() throws {
        let text = "t,ax,ay,az\n" + (0..<2_000).map { "\(Double($0) / 50),0.1,0.2,0.97\n" }.joined()
        let (bytes, interruptions, size) = try Self.readPipe(writing: "t,ax,", then: String(text.dropFirst(5))) {
            let file = try ReadableFile(path: $0)
            return (try file.bytes(upTo: 1 << 20), file.interruptedReads, file.byteCount)  // joins the short reads
        }
        #expect(interruptions > 0)
        #expect(bytes == Array(text.utf8))
        #expect(size == nil)  // a pipe has no size
    }

    @Test func aRecordingStreamReadsAPipeThroughInterruptions() throws {
        let rows = (0..<5_000).map { "\(Double($0) / 50),0.1,0.2,0.97\n" }.joined()
        let (recording, skipped) = try Self.readPipe(writing: "t,ax,ay,az\n0,0,0,1\n", then: rows) {
            let stream = try RecordingStream(path: $0)
            return (try stream.readAll(), stream.report.skippedRowCount)
        }
        #expect(recording.count == 5_001)
        #expect(recording.time.last == 4999.0 / 50)
        #expect(skipped == 0)
    }

    /// A file read whole (its blocks sized by the file when it is shorter than a megabyte) gives
    /// every byte, at the sizes where the block size changes.
    @Test(arguments: [0, 1, 4095, 4096, 1 << 20 - 1, 1 << 20, 1 << 20 + 1, 2 << 20 + 7])
    func remainingBytesReadsEveryByte(size: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("whole-\(UUID()).bin").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try ReadableFile(path: path).remainingBytes() == bytes)
        let file = try ReadableFile(path: path)
        let head = try file.bytes(upTo: min(size, 3))
        #expect(try head + file.remainingBytes() == bytes)
    }
}
