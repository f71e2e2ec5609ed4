import Foundation
import FuzzSupport

/// Stored (uncompressed) archives of a small Sensor Logger and phyphox export, written here with
/// their CRCs, so that mutations start from archives the reader accepts.
func seeds() -> [(name: String, bytes: [UInt8])] {
    let motion = (0..<25).map { "\(1_700_000_000_000_000_000 + $0 * 20_000_000),\(Double($0) * 0.02),9.8,0.1,0.0" }
    let sensorLogger: [(String, String)] = [
        ("TotalAcceleration.csv", (["time,seconds_elapsed,z,y,x"] + motion).joined(separator: "\n")),
        (
            "Gyroscope.csv",
            (["time,seconds_elapsed,z,y,x"] + motion.map { $0.replacingOccurrences(of: "9.8", with: "0.3") })
                .joined(separator: "\n")
        ),
        (
            "Metadata.csv",
            "version,device name,recording epoch time,platform\n3,Fuzz,1700000000000,android"
        ),
        ("Location.csv", "time,seconds_elapsed,speed,speedAccuracy\n1700000000100000000,0.1,1.2,0.5"),
    ]
    let phyphox: [(String, String)] = [
        (
            "Accelerometer.csv",
            "\"Time (s)\",\"Acceleration x (m/s^2)\",\"Acceleration y (m/s^2)\",\"Acceleration z (m/s^2)\"\n"
                + (0..<25).map { "\(Double($0) / 100),0.0,4.9,9.8" }.joined(separator: "\n")
        ),
        ("meta/time.csv", "event,experiment time,system time\nSTART,0,1700000000.0"),
    ]
    return [("sensorlogger-stored", zip(sensorLogger)), ("phyphox-stored", zip(phyphox))]
}

/// A zip archive of `files`, stored without compression.
func zip(_ files: [(name: String, text: String)]) -> [UInt8] {
    func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
    var archive: [UInt8] = []
    var directory: [UInt8] = []
    for (name, text) in files {
        let body = Array(text.utf8)
        let crc = crc32(body)
        let offset = UInt32(archive.count)
        let common =
            le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + le32(crc) + le32(UInt32(body.count))
            + le32(UInt32(body.count)) + le16(name.utf8.count) + le16(0)
        archive += le32(0x0403_4B50) + common + Array(name.utf8) + body
        directory +=
            le32(0x0201_4B50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset)
            + Array(name.utf8)
    }
    let start = UInt32(archive.count)
    return archive + directory + le32(0x0605_4B50) + le16(0) + le16(0) + le16(files.count) + le16(files.count)
        + le32(UInt32(directory.count)) + le32(start) + le16(0)
}

/// CRC-32 (ISO-HDLC, the polynomial zip uses), bit by bit: seeds are few and small.
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    if let folder = corpusFolderToWrite { writeCorpus(seeds(), to: folder) }
    return 0
}
