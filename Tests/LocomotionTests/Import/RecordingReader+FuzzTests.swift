import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// Seeded fuzzing of the CSV reader: mutated recordings and random bytes must give rows or a
/// typed error, never a trap, and in lenient mode every line is a row, a blank line or a counted skip.
@Suite("RecordingReader: seeded fuzzing")
struct RecordingReaderFuzzTests {
    static let seedText = """
        t,ax,ay,az,gx,gy,gz,speed,lat,lon,label,note
        0,0,0,1,0.1,0,0,1.5,45.1,14.2,walk,"a,b"
        0.02,0.1,0,0.98,0,0,0,,,,walk,x
        0.04,0,0.2,1.02,0,0.1,0,-1,45.2,14.3,run,""
        2024-01-01T00:00:00Z,0,0,1,0,0,0,nan,,,still,y

        """

    static let alphabet: [UInt8] =
        Array(",\"\n\r-+.eE0123456789 \tnaNinf#;TZ:".utf8) + [0x00, 0xC3, 0xFF, 0xEF, 0xBB, 0xBF]

    static func mutate(_ base: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = base
        for _ in 0..<(1 + Int(random.next() % 8)) {
            let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
            switch random.next() % 4 {
            case 0 where !bytes.isEmpty: bytes.remove(at: position)
            case 1: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: position)
            case 2 where !bytes.isEmpty: bytes[position] = UInt8(truncatingIfNeeded: random.next())
            default:  // duplicate a run
                let end = min(bytes.count, position + Int(random.next() % 40))
                bytes.insert(contentsOf: bytes[position..<end], at: position)
            }
        }
        return bytes
    }

    @Test(arguments: [1, 2, 3, 4])
    func mutatedRecordingsNeverTrap(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID()).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var (rowsRead, errors) = (0, 0)
        for iteration in 0..<400 {
            let bytes =
                iteration % 10 == 0
                ? (0..<Int(random.next() % 200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                : Self.mutate(Array(Self.seedText.utf8), &random)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            for lenient in [false, true] {
                var options = RecordingReadOptions(lenient: lenient)
                options.maximumLineBytes = 256
                do {
                    let loaded = try RecordingReader.read(path: path, options: options)
                    rowsRead += loaded.recording.count
                    #expect(loaded.recording.count == loaded.report.rowsRead)
                    if lenient {
                        // Every line after the header is a row, a blank line or a counted skip.
                        let lines =
                            bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
                            - (bytes.last == 0x0A ? 1 : 0)
                        #expect(
                            loaded.report.rowsRead + loaded.report.blankLines + loaded.report.skippedRowCount
                                == lines - 1, "seed \(seed) iteration \(iteration)")
                    }
                } catch {
                    errors += 1
                    #expect(!error.description.isEmpty)
                }
            }
        }
        #expect(rowsRead > 0 && errors > 0)  // the mutations reach both outcomes
    }
}
