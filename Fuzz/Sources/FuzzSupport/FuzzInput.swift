#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Reads a fuzzer's input as a sequence of small numbers; past the end every read gives zero,
/// so every input decodes to something.
public struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    /// Wraps libFuzzer's buffer (valid for the duration of one `LLVMFuzzerTestOneInput` call).
    public init(_ data: UnsafePointer<UInt8>?, _ count: Int) {
        bytes = UnsafeBufferPointer(start: count == 0 ? nil : data, count: count)
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position >= bytes.count }

    /// The bytes not yet read.
    public var remaining: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[min(position, bytes.count)...])
    }

    /// The next byte.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// The next two bytes, little-endian, as a signed number.
    public mutating func int16() -> Int16 {
        let low = UInt16(byte())
        return Int16(bitPattern: low | UInt16(byte()) << 8)
    }
}

/// Stops the fuzzer with a message when an invariant does not hold: libFuzzer reports the trap
/// as a crash and saves the input.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}

/// The folder named by `LOCOMOTION_FUZZ_WRITE_CORPUS`, when set: the targets then write their
/// seed corpus there (from synthetic data they make themselves) and exit, instead of fuzzing.
/// `make fuzz-corpus` uses it to regenerate Fuzz/Corpus.
public var corpusFolderToWrite: String? {
    guard let folder = getenv("LOCOMOTION_FUZZ_WRITE_CORPUS") else { return nil }
    return String(cString: folder)
}

/// Replaces the file at `path` with `bytes` (no sync to disk: it only has to be read back).
public func writeFile(_ path: String, _ bytes: some Collection<UInt8>) {
    let bytes = Array(bytes)
    guard let file = fopen(path, "wb"), fwrite(bytes, 1, bytes.count, file) == bytes.count, fclose(file) == 0 else {
        fatalError("cannot write \(path)")
    }
}

/// A seed whose first byte picks the target's mode and whose rest is `text` in UTF-8.
public func modeSeed(_ name: String, mode: UInt8, _ text: String) -> (name: String, bytes: [UInt8]) {
    (name, [mode] + Array(text.utf8))
}

/// Writes each seed to `folder/<name>` and exits.
public func writeCorpus(_ seeds: [(name: String, bytes: [UInt8])], to folder: String) -> Never {
    for seed in seeds { writeFile(folder + "/" + seed.name, seed.bytes) }
    print("wrote \(seeds.count) seeds to \(folder)")
    exit(0)
}
