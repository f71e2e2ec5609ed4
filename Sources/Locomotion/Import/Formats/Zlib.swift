import CZlib

/// Every zlib call of the package, as thin wrappers: raw-deflate decoding and CRC-32. Nothing else
/// in the package imports `CZlib`, so its C surface is visible in this one file.
@_spi(Testing) public enum Zlib {
    /// Why an inflate failed, in words for an error message.
    public struct Failure: Error {
        var reason: String
    }

    /// Decodes raw deflate data (RFC 1951, no zlib or gzip wrapper), as zip archives store it, a
    /// block at a time: memory grows with what is decoded, never with a size the archive declares.
    ///
    /// - Parameters:
    ///   - input: The compressed bytes.
    ///   - expectedSize: The size the archive declares for the decoded data; the output must
    ///     have exactly this many bytes (decoding stops as soon as it has more).
    ///   - prefix: When given, decoding stops after this many bytes and returns them (the rest of
    ///     the entry is neither decoded nor checked).
    /// - Returns: The decoded bytes (at most `prefix` of them).
    /// - Throws: ``Failure`` when the data is corrupt, ends early, or decodes to a size other
    ///   than `expectedSize`.
    /// - Complexity: O(`input.count` + the bytes decoded).
    public static func inflateRaw(_ input: UnsafeRawBufferPointer, expectedSize: Int, prefix: Int? = nil)
        throws(Failure)
        -> [UInt8]
    {
        let wanted = prefix.map { min($0, expectedSize) } ?? expectedSize
        var output: [UInt8] = []
        output.reserveCapacity(min(wanted, 1 << 24))
        var block = [UInt8](repeating: 0, count: 1 << 16)
        var stream = z_stream()
        // -15: a raw deflate stream with a 32 KiB window (negative window bits: no header).
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(reason: "zlib could not start decoding")
        }
        defer { inflateEnd(&stream) }
        let empty: [UInt8] = [0]
        var status = Z_OK
        var message: String?
        empty.withUnsafeBufferPointer { placeholder in
            let source = input.isEmpty ? UnsafeRawBufferPointer(placeholder) : input
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress!.assumingMemoryBound(to: UInt8.self))
            stream.avail_in = UInt32(input.count)
            // One byte beyond the declared size tells "more data than declared" from "exactly".
            while status == Z_OK, output.count <= wanted {
                let produced = block.withUnsafeMutableBufferPointer { destination in
                    stream.next_out = destination.baseAddress!
                    stream.avail_out = UInt32(destination.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    message = stream.msg.map { String(cString: $0) }
                    return destination.count - Int(stream.avail_out)
                }
                output += block[..<min(produced, wanted + 1 - output.count)]
                if produced == 0, status == Z_OK { status = Z_BUF_ERROR }  // no input left, no end
            }
        }
        if let prefix, output.count >= min(prefix, expectedSize) { return Array(output.prefix(prefix)) }
        if output.count > expectedSize {
            throw Failure(reason: "the entry decodes to more than its declared \(expectedSize) bytes")
        }
        guard status == Z_STREAM_END else {
            if status == Z_BUF_ERROR || status == Z_OK {
                throw Failure(reason: "the compressed data ends early (truncated archive?)")
            }
            throw Failure(reason: "corrupt compressed data (\(message ?? "zlib error \(status)"))")
        }
        guard output.count == expectedSize else {
            throw Failure(reason: "the entry decodes to \(output.count) bytes, not its declared \(expectedSize)")
        }
        return output
    }

    /// The CRC-32 (ISO 3309, as zip uses) of `bytes`.
    ///
    /// - Complexity: O(`bytes.count`).
    public static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: uLong = CZlib.crc32(0, nil, 0)
        var offset = 0
        while offset < bytes.count {
            let length = min(bytes.count - offset, Int(Int32.max))
            crc = CZlib.crc32(crc, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset, uInt(length))
            offset += length
        }
        return UInt32(truncatingIfNeeded: crc)
    }
}
