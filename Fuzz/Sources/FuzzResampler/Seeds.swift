import Foundation
import FuzzSupport

/// Recordings in the resampler's three-bytes-a-row form after the mode byte: a steady 50 Hz, a
/// jittered 100 Hz with repeated times, a 10 Hz stream with a gap, and a 5 Hz one upsampled.
func seeds() -> [(name: String, bytes: [UInt8])] {
    func rows(_ count: Int, step: (Int) -> UInt8) -> [UInt8] {
        (0..<count).flatMap { [step($0), UInt8(bitPattern: Int8(20 * sin(Double($0) / 3))), UInt8($0 % 7)] }
    }
    return [
        ("steady-50hz-to-25", [2 | 16 << 3 & 0xF8] + rows(200) { _ in 8 }),
        ("jitter-duplicates-100hz-to-50", [3 | 5 << 3] + rows(300) { $0 % 17 == 0 ? 0 : ($0 % 2 == 0 ? 3 : 5) }),
        ("gap-10hz-to-100", [4 | 20 << 3] + rows(120) { $0 == 60 ? 255 : 40 }),
        ("5hz-to-200", [5 | 1 << 3] + rows(60) { _ in 80 }),
    ]
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    if let folder = corpusFolderToWrite { writeCorpus(seeds(), to: folder) }
    return 0
}
