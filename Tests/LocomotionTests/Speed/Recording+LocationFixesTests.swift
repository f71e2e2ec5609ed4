import Locomotion
import Testing

@Suite("Recording.locationFixes")
struct RecordingLocationFixesTests {
    @Test func rowsWithASpeedAreFixesAndEmptyCellsAreNotReported() throws {
        let text = """
            t,speed,speed_accuracy,horizontal_accuracy,lat,lon
            0,1.5,0.4,5,45.1,14.2
            1,,,,,
            2,-1,-1,,45.2,
            3,2.5,,8,45.3,14.3
            """
        let fixes = try RecordingReader.parse(text, source: "gps.csv").recording.locationFixes()
        #expect(fixes.map(\.time) == [0, 2, 3])
        #expect(fixes[0].speedAccuracy == 0.4 && fixes[0].horizontalAccuracy == 5)
        #expect(fixes[0].coordinate == (try LocationFix.Coordinate(latitude: 45.1, longitude: 14.2)))
        #expect(fixes[1].speedValidity() == .invalid && fixes[1].coordinate == nil)
        #expect(fixes[2].speedAccuracy == nil && fixes[2].validSpeed == 2.5)
    }

    @Test func noSpeedColumnMeansNoFixesAndBadCoordinatesAreErrors() throws {
        #expect(try RecordingReader.parse("t,ax,ay,az\n0,0,0,1\n", source: "a.csv").recording.locationFixes().isEmpty)
        // The reader refuses a latitude out of range (a counted skip in lenient mode) ...
        #expect(
            throws: LocomotionError.malformedCell(
                path: "b.csv", line: 2, column: "lat", value: "95", expected: "a number in -90...90")
        ) { try RecordingReader.parse("t,speed,lat,lon\n7,1,95,0\n", source: "b.csv") }
        // ... and a recording made in code with one is refused when its fixes are built.
        let outOfRange = Recording(source: "b", time: [7], speed: [1], latitude: [95], longitude: [0])
        #expect(throws: LocomotionError.self) { try outOfRange.locationFixes() }
    }
}
