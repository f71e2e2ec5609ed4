import Foundation
import Locomotion
@_spi(Testing) import LocomotionCLI
import Testing

/// Writes a 60 s Sensor Logger export (Android layout) of a phone in a walker's pocket: 2 Hz steps
/// on total acceleration at 50 Hz, and a location fix each second at 1.4 m/s.
private func sensorLoggerExport() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locomotion-sl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let g = 9.80665
    var total = "time,seconds_elapsed,z,y,x\n"
    var linear = "time,seconds_elapsed,z,y,x\n"
    for index in 0..<3000 {
        let t = Double(index) / 50
        let bounce = 0.3 * g * sin(2 * Double.pi * 2 * t)
        let ns = 1_700_000_000_000_000_000 + Int(t * 1e9)
        total += "\(ns),\(t),\(0.2 * g),\(g + bounce),\(0.1 * bounce)\n"
        linear += "\(ns),\(t),0,\(bounce),\(0.1 * bounce)\n"
    }
    var location = "time,seconds_elapsed,speedAccuracy,horizontalAccuracy,speed,longitude,latitude\n"
    for second in 0..<60 {
        location +=
            "\(1_700_000_000_000_000_000 + second * 1_000_000_000),\(second),0.3,4,1.4,2.35,\(48.85 + Double(second) * 1.26e-5)\n"
    }
    try total.write(to: folder.appendingPathComponent("TotalAcceleration.csv"), atomically: true, encoding: .utf8)
    try linear.write(to: folder.appendingPathComponent("Accelerometer.csv"), atomically: true, encoding: .utf8)
    try location.write(to: folder.appendingPathComponent("Location.csv"), atomically: true, encoding: .utf8)
    try "version,platform,recording epoch time\n3,android,1700000000000\n".write(
        to: folder.appendingPathComponent("Metadata.csv"), atomically: true, encoding: .utf8)
    return folder.path
}

@Suite("locomotion with phone exports")
struct FormatCommandTests {
    @Test func analyzeAndInfoReadASensorLoggerFolderEndToEnd() throws {
        let folder = try sensorLoggerExport()
        #expect(LocomotionTool.run(["info", folder]) == 0)
        #expect(LocomotionTool.run(["analyze", folder, "--json"]) == 0)
        #expect(LocomotionTool.run(["features", folder, "--json"]) == 0)
        let imported = try RecordingImporter.read(path: folder)
        let analysis = try imported.recording.analyzeActivities()
        #expect(!analysis.timeline.segments.isEmpty)
        #expect(try imported.recording.locationFixes().count == 60)
    }

    @Test func formatIsAUsageOptionAndAWrongFormatIsADataError() throws {
        let folder = try sensorLoggerExport()
        #expect(LocomotionTool.run(["info", folder, "--format", "excel"]) == 2)
        #expect(LocomotionTool.run(["info", folder, "--format", "sensor-logger"]) == 0)
        #expect(LocomotionTool.run(["info", folder, "--format", "gpx"]) == 1)
    }
}
