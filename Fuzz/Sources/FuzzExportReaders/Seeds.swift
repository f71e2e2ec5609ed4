import Foundation
import FuzzSupport

/// A small file of each format after its mode byte (bit 0 lenient, bits 1–3 the reader: 0 Physics
/// Toolbox, 1 phyphox, 2 GPX, 3 Sensor Logger, 4 detected).
func seeds() -> [(name: String, bytes: [UInt8])] {
    let clock =
        "time;gFx;gFy;gFz;TgF\n"
        + (0..<30).map { "23:59:59:\(String(9700 + $0 * 10));0,0000;0,1000;1,0000;1,005" }.joined(separator: "\n")
    let seconds =
        "time,gFx,gFy,gFz,TgF\n" + (0..<30).map { "\(Double($0) * 0.005),0.0,0.0,1.0,1.0" }.joined(separator: "\n")
    let phyphox =
        "\"Time (s)\",\"Acceleration x (m/s^2)\",\"Acceleration y (m/s^2)\",\"Acceleration z (m/s^2)\"\n"
        + (0..<30).map { "\(Double($0) / 100),0.0,4.9,\(9.8 + sin(Double($0)))" }.joined(separator: "\n")
    let semicolons =
        "\"Time (s)\";\"Acceleration x (m/s^2)\";\"Acceleration y (m/s^2)\";\"Acceleration z (m/s^2)\"\n"
        + (0..<20).map { "\($0),000E-02;0,0;4,9;9,8" }.joined(separator: "\n")
    let gpx =
        "<?xml version=\"1.0\"?><gpx version=\"1.1\"><trk><trkseg>"
        + (0..<8).map {
            "<trkpt lat=\"45.\($0)\" lon=\"14.0\"><ele>10</ele><time>2010-10-04T05:13:\(10 + $0)Z</time>"
                + "<extensions><speed>1.\($0)</speed></extensions></trkpt>"
        }.joined() + "</trkseg></trk></gpx>"
    let yearOne =
        "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>0001-01-01T00:00:00Z</time></trkpt></trkseg></trk></gpx>"
    let sensorLogger =
        "time,seconds_elapsed,z,y,x\n"
        + (0..<30).map { "\(1_700_000_000_000_000_000 + $0 * 20_000_000),\(Double($0) * 0.02),9.8,0.1,0.0" }
        .joined(separator: "\n")
    return [
        modeSeed("physicstoolbox-clock", mode: 0, clock), modeSeed("physicstoolbox-seconds-lenient", mode: 1, seconds),
        modeSeed("phyphox", mode: 2, phyphox), modeSeed("phyphox-semicolons-lenient", mode: 3, semicolons),
        modeSeed("gpx", mode: 4, gpx), modeSeed("gpx-year-one-lenient", mode: 5, yearOne),
        modeSeed("sensorlogger", mode: 6, sensorLogger), modeSeed("detected-phyphox", mode: 8, phyphox),
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
