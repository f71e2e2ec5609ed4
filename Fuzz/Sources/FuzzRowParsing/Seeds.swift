import Foundation
import FuzzSupport

/// Rows under each header (the mode byte's bits 1–2 pick it, bit 0 is lenient), with the
/// decimal forms the parser takes: exponents, signs, NaN, infinities, blanks, quotes.
func seeds() -> [(name: String, bytes: [UInt8])] {
    let walk = (0..<40).map { "\(Double($0) / 50),0.01,-0.02,\(1 + 0.2 * sin(Double($0)))" }.joined(separator: "\n")
    let numbers = "0,1e-3,-2E+2,.5\n0.02,+1.,nan,-inf\n0.04,0x1p3,1_0,\n\n0.06,\"1\",1e400,-0\n"
    let gyroscope = (0..<20).map { "\(Double($0) / 50),0,0,1,0.1,-0.2,0.3" }.joined(separator: "\n")
    let everything = "0,0,0,1,1.4,0.5,1.8,10,walk\n0.02,0,0,1,,,,11,\"walk, slowly\"\n0.01,0,0,1,,,,,\n"
    let dates = "2024-03-01T08:00:00.000Z,0,0,9.81\n2024-03-01T08:00:00.020Z,0,0,9.8\n"
    return [
        modeSeed("walk-strict", mode: 0, walk), modeSeed("numbers-lenient", mode: 1, numbers),
        modeSeed("numbers-strict", mode: 0, numbers), modeSeed("gyroscope", mode: 2, gyroscope),
        modeSeed("every-column-lenient", mode: 5, everything), modeSeed("dates-lenient", mode: 7, dates),
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
