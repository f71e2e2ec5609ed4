import Foundation
import FuzzSupport

/// Small recordings in the shapes the reader accepts, each after its mode byte (bit 0 lenient,
/// bit 1 the `id` group column, bit 2 a small line limit, bits 3–5 the chunk size).
func seeds() -> [(name: String, bytes: [UInt8])] {
    func walk(_ rows: Int, header: String, row: (Int, Double) -> String) -> String {
        ([header] + (0..<rows).map { row($0, Double($0) / 50) }).joined(separator: "\n") + "\n"
    }
    let plain = walk(60, header: "t,ax,ay,az") { index, t in
        "\(t),0.01,-0.02,\(1 + 0.2 * sin(2 * Double.pi * 1.8 * t))"
    }
    let full = walk(
        30,
        header:
            "time_s,acc_x_g,acc_y_g,acc_z_g,gyr_x_rad_s,gyr_y_rad_s,gyr_z_rad_s,speed,speed_accuracy,lat,lon,cadence,label,note"
    ) { index, t in
        let speed = index % 10 == 0 ? "1.4" : (index % 10 == 5 ? "-1" : "")
        return "\(t),0,0.1,0.98,0.01,0,-0.02,\(speed),0.5,45.8,15.9,\(index % 4 == 0 ? "1.8" : ""),walk,\"a,b\""
    }
    let grouped =
        "id,t,ax,ay,az,label\n"
        + (0..<40).map { "\($0 < 20 ? "u1" : "u2"),\(Double($0 % 20) / 50),0,0,1,still" }
        .joined(separator: "\n") + "\n"
    let dates =
        "timestamp,ax,ay,az\n"
        + (0..<20).map { "2024-03-01T08:00:\(String(format2: $0)).500+01:00,0,0,1" }
        .joined(separator: "\n") + "\n"
    let messy =
        "t,ax,ay,az,label\r\n0,0,0,1,walk\r\n\r\n0.02,0,x,1,walk\r\n0.04,0,0,1\r\n0.06,nan,0,1,run\r\n0.05,0,0,1,run\r\n"
    let mixed = "\u{FEFF}T , AX , AY , AZ , Speed\n0,0,0,9.81,\n0.02,0,0,9.8,3\n0.04,1e300,-inf,9.8,\n"
    return [
        modeSeed("plain-strict", mode: 0, plain), modeSeed("plain-lenient-chunks", mode: 0x19, plain),
        modeSeed("every-column-lenient", mode: 1, full), modeSeed("every-column-small-lines", mode: 0x24, full),
        modeSeed("grouped", mode: 2, grouped), modeSeed("grouped-lenient-chunks", mode: 0x0B, grouped),
        modeSeed("dates", mode: 0, dates), modeSeed("messy-lenient", mode: 1, messy),
        modeSeed("messy-strict", mode: 0, messy),
        modeSeed("bom-spaces-units", mode: 1, mixed), modeSeed("header-only", mode: 0, "t,ax,ay,az\n"),
    ]
}

extension String {
    /// Two digits, zero-padded.
    init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    if let folder = corpusFolderToWrite { writeCorpus(seeds(), to: folder) }
    return 0
}
