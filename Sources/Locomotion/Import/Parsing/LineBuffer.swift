import Foundation

/// The lines of a file (or of text held in memory), found in a buffer that is refilled a block at a
/// time: memory stays at one block plus the longest line, however long the file.
///
/// A line is the bytes before a line feed (a carriage return before it stays, for the parser to
/// drop); the last line needs no line feed. Lines are numbered from 1.
///
/// Threading: one thread at a time.
final class LineBuffer {
    /// The bytes held; the unread ones are `start..<end`.
    private(set) var bytes: UnsafeMutableBufferPointer<UInt8>
    /// The first unread byte.
    private(set) var start = 0
    /// One past the last byte held.
    private(set) var end = 0
    /// Whether the file's last byte is in the buffer (always, for text in memory).
    private(set) var reachedEndOfFile = false
    /// The number of the line ``next()`` returned last (0 before the first).
    private(set) var lineNumber = 0
    /// Bytes consumed so far, line feeds included, for progress.
    private(set) var bytesConsumed = 0
    /// The longest line accepted, in bytes (``RecordingReadOptions/maximumLineBytes``).
    let maximumLineBytes: Int
    /// The file or text's name, for errors.
    let source: String
    private let file: ReadableFile?

    private static let blockSize = 1 << 20

    /// Lines read from `file`, the first block read at once.
    ///
    /// - Throws: `LocomotionError.unreadableFile` for an I/O error.
    init(file: ReadableFile, maximumLineBytes: Int) throws(LocomotionError) {
        self.file = file
        self.source = file.path
        self.maximumLineBytes = maximumLineBytes
        // A file smaller than a block gets a buffer of its size (plus the byte that finds its end);
        // the buffer still grows if the file does.
        bytes = .allocate(capacity: min(Self.blockSize, max(file.byteCount.map { $0 + 1 } ?? Self.blockSize, 4096)))
        try refill()
    }

    /// The lines of `text`, named `source` in errors.
    init(text: some Collection<UInt8>, source: String, maximumLineBytes: Int) {
        self.file = nil
        self.source = source
        self.maximumLineBytes = maximumLineBytes
        bytes = .allocate(capacity: max(text.count, 1))
        end = bytes.initialize(fromContentsOf: text)
        reachedEndOfFile = true
    }

    deinit { bytes.deallocate() }

    /// The unread bytes held (valid until the next call that reads).
    var unread: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[start..<end]) }

    /// The byte range in ``bytes`` of the next line (without its line feed), or `nil` at the end.
    ///
    /// - Throws: `LocomotionError.limitExceeded` for a line longer than ``maximumLineBytes``,
    ///   `.unreadableFile` for an I/O error.
    /// - Complexity: O(line length), amortised.
    func next() throws(LocomotionError) -> Range<Int>? {
        while true {
            if start < end, let newline = memchr(bytes.baseAddress! + start, 0x0A, end - start) {
                let lineEnd = newline.assumingMemoryBound(to: UInt8.self) - bytes.baseAddress!
                guard lineEnd - start <= maximumLineBytes else { throw lineTooLong(lineNumber + 1) }
                let line = start..<lineEnd
                bytesConsumed += lineEnd + 1 - start
                start = lineEnd + 1
                lineNumber += 1
                return line
            }
            if reachedEndOfFile {
                guard start < end else { return nil }
                guard end - start <= maximumLineBytes else { throw lineTooLong(lineNumber + 1) }
                let line = start..<end
                bytesConsumed += end - start
                start = end
                lineNumber += 1
                return line
            }
            try refill()
        }
    }

    /// Marks the `lineCount` lines that end before `offset` as read, for a caller that found them in
    /// ``unread`` itself.
    ///
    /// - Precondition: `offset` lies in `start...end`, just after a line feed.
    func consume(upTo offset: Int, lineCount: Int) {
        precondition(offset >= start && offset <= end, "consuming bytes that are not held")
        bytesConsumed += offset - start
        start = offset
        lineNumber += lineCount
    }

    /// Reads more of the file when less than a quarter of a block is held, so a caller that looks
    /// for many lines at once finds them.
    func refillIfLow() throws(LocomotionError) {
        if !reachedEndOfFile, end - start < bytes.count / 4 { try refill() }
    }

    /// The error for a line longer than ``maximumLineBytes``.
    func lineTooLong(_ line: Int) -> LocomotionError {
        .limitExceeded(path: source, line: line, what: "the line's length", limit: maximumLineBytes, unit: "bytes")
    }

    /// Moves the unread bytes to the front of the buffer (growing it for a very long line) and
    /// reads more of the file after them.
    private func refill() throws(LocomotionError) {
        guard let file else {
            reachedEndOfFile = true
            return
        }
        let pending = end - start
        if start > 0 {
            if pending > 0 { memmove(bytes.baseAddress!, bytes.baseAddress! + start, pending) }
            (start, end) = (0, pending)
        }
        if end == bytes.count {
            // The buffer holds one unfinished line: grow it, but not without bound.
            guard pending <= maximumLineBytes else { throw lineTooLong(lineNumber + 1) }
            let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count * 2)
            memcpy(larger.baseAddress!, bytes.baseAddress!, end)
            bytes.deallocate()
            bytes = larger
        }
        let received = try file.readSome(into: bytes.baseAddress! + end, count: bytes.count - end)
        if received == 0 { reachedEndOfFile = true }
        end += received
    }
}
