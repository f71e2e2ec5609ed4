import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

@Suite("Phone exports: clock ranges and streams of another time")
struct ExportDefectsTests {
    static func folder() throws -> String { try temporaryFolder("exports") }

    @Test func physicsToolboxClockTimesAreRangeChecked() throws {
        #expect(PhysicsToolboxLayout.seconds("25:00:10:0000") == nil)
        #expect(PhysicsToolboxLayout.seconds("24:00:00:0000") == nil)
        #expect(PhysicsToolboxLayout.seconds("12:60:00") == nil)
        #expect(PhysicsToolboxLayout.seconds("1.5:00:00") == nil)
        let last = try #require(PhysicsToolboxLayout.seconds("23:59:59:9990"))
        #expect(abs(last - 86_399.999) < 1e-6)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/toolbox.csv"
        let rows = ["time;gFx;gFy;gFz;TgF", "10:00:10:0000;0,0;0,1;1,0;1,005", "25:00:10:0100;0,0;0,1;1,0;1,005"]
        try rows.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: LocomotionError.self) { try RecordingImporter.read(path: path) }
        #expect(error?.location?.line == 3, "\(error!)")
    }

    @Test func aMotionStreamOfAnotherTimeIsDroppedAndReportedNotAllowedToEmptyTheRecording() throws {
        let base = try #require(Bundle.module.resourceURL).appendingPathComponent(
            "Fixtures/formats/sensorlogger-android"
        )
        .path
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = folder + "/export"
        try FileManager.default.copyItem(atPath: base, toPath: export)
        let original = try RecordingImporter.read(path: export)
        #expect(original.merge.droppedStreams.isEmpty)
        // The gyroscope a day later.
        let gyroscope = export + "/Gyroscope.csv"
        let lines = try String(contentsOfFile: gyroscope, encoding: .utf8).split(separator: "\n").map(String.init)
        let shifted =
            [lines[0]]
            + lines.dropFirst().map { line in
                var cells = line.split(separator: ",").map(String.init)
                cells[0] = String(Int64(cells[0])! + 86_400_000_000_000)
                cells[1] = String(Double(cells[1])! + 86_400)
                return cells.joined(separator: ",")
            }
        try (shifted.joined(separator: "\n") + "\n").write(toFile: gyroscope, atomically: true, encoding: .utf8)
        let imported = try RecordingImporter.read(path: export)
        #expect(imported.recording.count == original.recording.count)
        #expect(imported.recording.rotationRate == nil)
        #expect(imported.merge.droppedStreams == [gyroscope: lines.count - 1])
        #expect(imported.notes.contains { $0.contains("samples of \(gyroscope) left out") }, "\(imported.notes)")
        #expect(imported.merge.eventsPlaced == original.merge.eventsPlaced)
        #expect(imported.merge.omittedCount == original.merge.omittedCount + lines.count - 1)
    }
}
