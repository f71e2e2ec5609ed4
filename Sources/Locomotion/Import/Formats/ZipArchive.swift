import Foundation

/// A zip archive (PKWARE APPNOTE 6.3) read in place: its central directory is read when it is
/// opened, and one entry at a time is decoded into memory on request, so nothing is unpacked to
/// disk. Stored (method 0) and deflated (method 8) entries are supported, which is what phone apps
/// and desktop zip tools write; ZIP64, encrypted and multi-volume archives are refused with that reason.
///
/// Every entry's CRC-32 is checked after decoding. Errors are `LocomotionError.unreadableFile`
/// naming the archive (or `archive.zip/entry`) and what was wrong.
///
/// Thread safety: an archive holds an open file; use it from one thread at a time.
@_spi(Testing) public final class ZipArchive {
    /// One file in the archive.
    public struct Entry: Sendable, Equatable {
        /// The path inside the archive, with `/` separators.
        public var name: String
        /// 0 (stored) or 8 (deflated); others are refused on reading.
        public var method: UInt16
        /// The general-purpose flags; bit 0 means encrypted.
        var flags: UInt16
        /// The CRC-32 of the decoded data.
        var crc32: UInt32
        /// Bytes stored in the archive.
        var compressedSize: Int
        /// Bytes after decoding.
        var uncompressedSize: Int
        /// Where the entry's local header starts.
        var localHeaderOffset: Int

        /// Whether the entry is a folder rather than a file.
        var isDirectory: Bool { name.hasSuffix("/") }
    }

    /// The archive's path.
    let path: String
    /// The entries, in central-directory order.
    public private(set) var entries: [Entry] = []
    private let file: ReadableFile
    private let size: Int

    /// The largest entry decoded into memory: 256 MiB (about three million rows of a phone's
    /// sensor CSV). A larger recording is read from its folder, which is streamed.
    public static let maximumEntrySize = 1 << 28
    /// The most an entry may expand: its decoded size at most this many times its compressed size
    /// (beyond ``ratioFreeSize``). Sensor CSVs compress about 3–20 times; deflate's ceiling is
    /// about 1,032 (a zip bomb's blank lines).
    public static let maximumExpansion = 200
    /// Entries up to this decoded size (1 MiB) may expand by any ratio.
    static let ratioFreeSize = 1 << 20

    /// Opens `path` and reads its central directory.
    ///
    /// - Throws: `LocomotionError.unreadableFile` when the file cannot be read or is not a zip
    ///   archive this reader supports.
    /// - Complexity: O(size of the central directory).
    public init(path: String) throws(LocomotionError) {
        self.path = path
        file = try ReadableFile(path: path)
        size = file.byteCount ?? 0
        entries = try readCentralDirectory()
    }

    /// Whether the file at `path` starts like a zip archive (a local header or an empty archive).
    static func looksLikeZip(_ prefix: [UInt8]) -> Bool {
        prefix.count >= 4 && prefix[0] == 0x50 && prefix[1] == 0x4B
            && ((prefix[2] == 3 && prefix[3] == 4) || (prefix[2] == 5 && prefix[3] == 6))
    }

    /// The entry named `name` (exact match), if any.
    public func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    /// Decodes one entry into memory.
    ///
    /// - Throws: `LocomotionError.unreadableFile` naming `archive/entry` for an unsupported method,
    ///   an encrypted entry, corrupt data or a CRC mismatch.
    /// - Complexity: O(compressed + decoded size).
    public func contents(of entry: Entry) throws(LocomotionError) -> [UInt8] {
        try contents(of: entry, prefix: nil)
    }

    /// Decodes up to `count` leading bytes of an entry (for format detection): only as much of
    /// the entry as those bytes need is read and decoded, and the CRC is not checked.
    ///
    /// - Throws: As ``contents(of:)``.
    /// - Complexity: O(`count`) for a deflated entry, plus the compressed bytes read.
    public func prefix(of entry: Entry, count: Int) throws(LocomotionError) -> [UInt8] {
        try contents(of: entry, prefix: count)
    }

    private func contents(of entry: Entry, prefix: Int?) throws(LocomotionError) -> [UInt8] {
        let where_ = "\(path)/\(entry.name)"
        guard entry.flags & 1 == 0 else { throw .unreadableFile(path: where_, reason: "the entry is encrypted") }
        // Checked before anything is read or allocated; decoding stops at the declared size too,
        // so a false declaration cannot make it decode more.
        guard prefix != nil || entry.uncompressedSize <= Self.maximumEntrySize else {
            throw .unreadableFile(
                path: where_,
                reason: "the entry is \(entry.uncompressedSize) bytes; at most \(Self.maximumEntrySize) are read "
                    + "from an archive (unpack it and give the folder)")
        }
        guard
            prefix != nil || entry.uncompressedSize <= Self.ratioFreeSize
                || entry.uncompressedSize / max(entry.compressedSize, 1) < Self.maximumExpansion
        else {
            throw .unreadableFile(
                path: where_,
                reason: "the entry would expand \(entry.uncompressedSize / max(entry.compressedSize, 1)) times "
                    + "(\(entry.compressedSize) to \(entry.uncompressedSize) bytes); at most \(Self.maximumExpansion) "
                    + "times is read (a zip bomb?)")
        }
        let header = try bytes(at: entry.localHeaderOffset, count: 30, what: "local header")
        guard Self.uint32(header, 0) == 0x0403_4B50 else {
            throw .unreadableFile(path: where_, reason: "no local header at offset \(entry.localHeaderOffset)")
        }
        let dataOffset = entry.localHeaderOffset + 30 + Int(Self.uint16(header, 26)) + Int(Self.uint16(header, 28))
        // A prefix needs at most its own length of stored bytes, or deflate's worst case (5 bytes
        // per 64 KiB block, plus the block headers) more than that.
        let needed = prefix.map { min(entry.compressedSize, entry.method == 0 ? $0 : $0 + $0 / 8 + 1024) }
        let stored = try bytes(at: dataOffset, count: needed ?? entry.compressedSize, what: "entry data")
        let decoded: [UInt8]
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.uncompressedSize else {
                throw .unreadableFile(path: where_, reason: "a stored entry whose two sizes differ")
            }
            if prefix != nil { return stored }
            decoded = stored
        case 8:
            let result = stored.withUnsafeBytes { raw in
                Result { () throws(Zlib.Failure) in
                    try Zlib.inflateRaw(raw, expectedSize: entry.uncompressedSize, prefix: prefix)
                }
            }
            switch result {
            case .success(let bytes):
                if prefix != nil { return bytes }
                decoded = bytes
            case .failure(let failure): throw .unreadableFile(path: where_, reason: failure.reason)
            }
        default:
            throw .unreadableFile(
                path: where_, reason: "compression method \(entry.method) is not supported (only stored and deflate)")
        }
        let crc = decoded.withUnsafeBytes { Zlib.crc32($0) }
        guard crc == entry.crc32 else {
            throw .unreadableFile(
                path: where_,
                reason: String(
                    format: "CRC-32 mismatch (%08x, the archive says %08x): the data is corrupt", crc, entry.crc32))
        }
        return decoded
    }

    // MARK: Central directory

    private func readCentralDirectory() throws(LocomotionError) -> [Entry] {
        guard size >= 22 else {
            throw .unreadableFile(path: path, reason: "too short for a zip archive (\(size) bytes)")
        }
        // The end-of-central-directory record: 22 bytes plus a comment of up to 65,535 bytes.
        let tailLength = min(size, 22 + 65_535)
        let tail = try bytes(at: size - tailLength, count: tailLength, what: "end of the archive")
        var recordStart: Int?
        var index = tail.count - 22
        while index >= 0 {
            if Self.uint32(tail, index) == 0x0605_4B50 {
                recordStart = index
                break
            }
            index -= 1
        }
        guard let record = recordStart else {
            throw .unreadableFile(
                path: path, reason: "no end-of-central-directory record: not a zip archive, or truncated")
        }
        let disk = Self.uint16(tail, record + 4)
        let directoryDisk = Self.uint16(tail, record + 6)
        let count = Int(Self.uint16(tail, record + 10))
        let directorySize = Int(Self.uint32(tail, record + 12))
        let directoryOffset = Int(Self.uint32(tail, record + 16))
        guard disk == 0, directoryDisk == 0 else {
            throw .unreadableFile(path: path, reason: "multi-volume zip archives are not supported")
        }
        guard count != 0xFFFF, directorySize != 0xFFFF_FFFF, directoryOffset != 0xFFFF_FFFF else {
            throw .unreadableFile(path: path, reason: "ZIP64 archives are not supported")
        }
        let directory = try bytes(at: directoryOffset, count: directorySize, what: "central directory")
        var entries: [Entry] = []
        var position = 0
        for number in 0..<count {
            guard position + 46 <= directory.count, Self.uint32(directory, position) == 0x0201_4B50 else {
                throw .unreadableFile(
                    path: path, reason: "central directory entry \(number + 1) of \(count) is damaged")
            }
            let nameLength = Int(Self.uint16(directory, position + 28))
            let extraLength = Int(Self.uint16(directory, position + 30))
            let commentLength = Int(Self.uint16(directory, position + 32))
            guard position + 46 + nameLength <= directory.count else {
                throw .unreadableFile(
                    path: path, reason: "central directory entry \(number + 1) of \(count) is damaged")
            }
            let compressed = Int(Self.uint32(directory, position + 20))
            let uncompressed = Int(Self.uint32(directory, position + 24))
            let offset = Int(Self.uint32(directory, position + 42))
            guard compressed != 0xFFFF_FFFF, uncompressed != 0xFFFF_FFFF, offset != 0xFFFF_FFFF else {
                throw .unreadableFile(path: path, reason: "ZIP64 archives are not supported")
            }
            let name = String(decoding: directory[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
            entries.append(
                Entry(
                    name: name.replacingOccurrences(of: "\\", with: "/"), method: Self.uint16(directory, position + 10),
                    flags: Self.uint16(directory, position + 8), crc32: Self.uint32(directory, position + 16),
                    compressedSize: compressed, uncompressedSize: uncompressed, localHeaderOffset: offset))
            position += 46 + nameLength + extraLength + commentLength
        }
        return entries
    }

    /// `count` bytes from `offset`, or an error naming what was being read.
    private func bytes(at offset: Int, count: Int, what: String) throws(LocomotionError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else {
            throw .unreadableFile(
                path: path, reason: "the \(what) (\(count) bytes at offset \(offset)) lies beyond the end of the file")
        }
        let bytes = try file.bytes(count: count, atOffset: offset)
        guard bytes.count == count else {
            throw .unreadableFile(path: path, reason: "the file ends inside the \(what)")
        }
        return bytes
    }

    private static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}
