import Foundation
@_spi(Testing) import Locomotion
import Testing

/// Deflate data written by hand with the fixed Huffman code (RFC 1951, 3.2.6): literals, and
/// runs that repeat the previous byte 258 times (length code 285, distance code 0), so a test
/// can make an entry of any decoded size from a few bytes per kilobyte.
struct FixedHuffmanWriter {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    private mutating func bits(_ value: Int, _ count: Int) {
        for index in 0..<count {
            if bitCount % 8 == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8((value >> index) & 1) << UInt8(bitCount % 8)
            bitCount += 1
        }
    }

    /// A Huffman code is written from its most significant bit.
    private mutating func code(_ value: Int, _ count: Int) {
        for index in stride(from: count - 1, through: 0, by: -1) { bits((value >> index) & 1, 1) }
    }

    /// Starts a fixed-Huffman block; `final` marks the stream's last.
    mutating func block(final: Bool) {
        bits(final ? 1 : 0, 1)
        bits(1, 2)
    }

    mutating func literals(_ text: String) {
        for byte in text.utf8 {
            if byte < 144 { code(0x30 + Int(byte), 8) } else { code(0x190 + Int(byte) - 144, 9) }
        }
    }

    /// Repeats the previous byte 258 × `count` times.
    mutating func repeats(_ count: Int) {
        for _ in 0..<count {
            code(0xC5, 8)  // length 258
            code(0, 5)  // distance 1
        }
    }

    mutating func endBlock() { code(0, 7) }

    /// A block of the reserved type 3: invalid data for any decoder that reaches it.
    mutating func invalidBlock() { bits(0b111, 3) }
}

/// A zip archive of deflated entries whose declared sizes and CRCs are given, true or not.
func zipArchive(_ entries: [(name: String, data: [UInt8], size: Int, crc: UInt32)]) -> [UInt8] {
    func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }
    var archive: [UInt8] = []
    var directory: [UInt8] = []
    for entry in entries {
        let name = Array(entry.name.utf8)
        let common =
            le16(20) + le16(0) + le16(8) + le16(0) + le16(0) + le32(Int(entry.crc)) + le32(entry.data.count)
            + le32(entry.size) + le16(name.count) + le16(0)
        directory +=
            le32(0x0201_4B50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0)
            + le32(archive.count) + name
        archive += le32(0x0403_4B50) + common + name + entry.data
    }
    let directoryOffset = archive.count
    return archive + directory + le32(0x0605_4B50) + le16(0) + le16(0) + le16(entries.count)
        + le16(entries.count) + le32(directory.count) + le32(directoryOffset) + le16(0)
}

@Suite("Bounded expansions: zip entries and resampling")
struct ExpansionBoundsTests {
    static func archive(_ entries: [(name: String, data: [UInt8], size: Int, crc: UInt32)]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bounds-\(UUID().uuidString).zip")
            .path
        try Data(zipArchive(entries)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Blank lines: one line feed and `runs` × 258 more.
    static func blankLines(runs: Int) -> [UInt8] {
        var writer = FixedHuffmanWriter()
        writer.block(final: true)
        writer.literals("\n")
        writer.repeats(runs)
        writer.endBlock()
        return writer.bytes
    }

    @Test func anEntryDeclaringMoreThanTheLimitIsRefusedBeforeItIsDecoded() throws {
        let path = try Self.archive([("Accelerometer.csv", Self.blankLines(runs: 10), 1 << 30, 0)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let archive = try ZipArchive(path: path)
        let error = #expect(throws: LocomotionError.self) { try archive.contents(of: archive.entries[0]) }
        #expect(error?.description.contains("at most \(ZipArchive.maximumEntrySize) are read") == true, "\(error!)")
    }

    @Test func anEntryExpandingMoreThanTheRatioIsRefusedBeforeItIsDecoded() throws {
        // 10 KB declaring 50 MB: 5,000 times, beyond deflate's own ceiling.
        let data = Self.blankLines(runs: 6000)
        let path = try Self.archive([("Accelerometer.csv", data, 50_000_000, 0)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let archive = try ZipArchive(path: path)
        let error = #expect(throws: LocomotionError.self) { try archive.contents(of: archive.entries[0]) }
        #expect(error?.description.contains("at most \(ZipArchive.maximumExpansion) times") == true, "\(error!)")
    }

    @Test func decodingStopsWhereTheDeclaredSizeEndsWhateverTheDataHolds() throws {
        // 1,000 bytes declared, 10 MB in the data.
        let path = try Self.archive([("Accelerometer.csv", Self.blankLines(runs: 40_000), 1000, 0)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let archive = try ZipArchive(path: path)
        let error = #expect(throws: LocomotionError.self) { try archive.contents(of: archive.entries[0]) }
        #expect(error?.description.contains("decodes to more than its declared 1000 bytes") == true, "\(error!)")
    }

    @Test func detectionDecodesAPrefixNotTheEntry() throws {
        // A Sensor Logger header, 1 MB of repeats, then data no decoder can read: detection,
        // which reads 4 KiB, never reaches it; reading the whole entry does.
        var writer = FixedHuffmanWriter()
        writer.block(final: false)
        writer.literals("time,seconds_elapsed,z,y,x\n1700000000000000000,0,0.1,0.2,0.3\n")
        writer.repeats(4000)
        writer.endBlock()
        writer.invalidBlock()
        let declared = 61 + 4000 * 258
        let path = try Self.archive([("export/Accelerometer.csv", writer.bytes, declared, 0)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let archive = try ZipArchive(path: path)
        let prefix = try archive.prefix(of: archive.entries[0], count: 4096)
        #expect(prefix.count == 4096)
        #expect(String(decoding: prefix.prefix(20), as: UTF8.self) == "time,seconds_elapsed")
        #expect(try RecordingFormat.detect(path: path) == .sensorLogger)
        #expect(throws: LocomotionError.self) { try archive.contents(of: archive.entries[0]) }
    }

    @Test func upsamplingBeyondTheLimitIsRefusedBeforeAnyRowIsMade() throws {
        let error = #expect(throws: LocomotionError.self) {
            try RecordingResampler(sampleRate: 1000, inputRate: 1, maximumGap: 5)
        }
        #expect(error?.code == .invalidParameter && error?.parameter == "sampleRate")
        #expect(throws: Never.self) { try RecordingResampler(sampleRate: 100, inputRate: 1, maximumGap: 5) }
    }

    @Test func aWholeRecordingsGridIsSizedBeforeItIsMade() throws {
        // 27.8 hours at 1 Hz: 100 Hz would make 10 million rows.
        let count = 100_000
        let recording = Recording(
            source: "slow", time: (0..<count).map(Double.init),
            acceleration: ThreeAxisSeries(
                x: Array(repeating: 0, count: count), y: Array(repeating: 0, count: count),
                z: Array(repeating: 1, count: count)))
        let error = #expect(throws: LocomotionError.self) { try recording.resampling(to: 100) }
        #expect(error?.code == .limitExceeded, "\(error!)")
        #expect(error?.description.contains("9999901 rows") == true, "\(error!)")
        // The estimate is the grid made: a recording with a gap, resampled within the limit.
        let gapped = recording[rows: 0..<300]
        var times = gapped.time
        for index in 150..<300 { times[index] += 100.5 }
        let split = Recording(source: "gapped", time: times, acceleration: gapped.acceleration)
        let resampled = try split.resampling(to: 10)
        #expect(
            Double(resampled.recording.count)
                == split.resampledRowCount(sampleRate: 10, maximumGap: resampled.report.maximumGap))
    }
}
