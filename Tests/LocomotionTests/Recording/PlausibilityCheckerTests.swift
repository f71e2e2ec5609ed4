import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// ``PlausibilityChecker`` fed whole or by chunks, through every reading path (the package's CSV
/// streamed by `analyze`, a phone export, reference files and group columns).
@Suite("Plausibility checker")
struct PlausibilityCheckerTests {
    static func folder() throws -> String { try temporaryFolder("plausible") }

    /// `seconds` of a 1.8 Hz walk at 50 Hz as the package's CSV, every row written `copies` times,
    /// acceleration multiplied by `scale`.
    static func walkCSV(seconds: Int = 60, copies: Int = 1, scale: Double = 1) -> String {
        var lines = ["time_s,acc_x_g,acc_y_g,acc_z_g"]
        for row in 0..<(seconds * 50) {
            let t = Double(row) * 0.02
            let phase = 2 * Double.pi * 1.8 * t
            let line = String(
                format: "%.3f,%.5f,%.5f,%.5f", t, scale * (0.1 + 0.3 * sin(phase)), scale * 0.05 * cos(t),
                scale * (1 + 0.3 * sin(phase + 1)))
            lines += Array(repeating: line, count: copies)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aRecordingFedInChunksGetsTheNotesOfTheWholeRecording() throws {
        var walk = TestRecordings.plausibleWalk(count: 1000)
        var x = walk.acceleration!.x
        x[333] = 1000  // a spike that lands inside one chunk
        walk.acceleration = ThreeAxisSeries(x: x, y: walk.acceleration!.y, z: walk.acceleration!.z)
        walk.time[500] = walk.time[499]  // a duplicate at a chunk boundary
        walk.steps = (0..<1000).map { $0 == 100 ? 10 : ($0 == 700 ? 5 : .nan) }
        let whole = walk.plausibilityNotes()
        #expect(whole.count == 3, "\(whole)")
        for size in [1, 7, 500, 999] {
            var checker = PlausibilityChecker()
            var start = 0
            while start < walk.count {
                checker.append(walk[rows: start..<min(start + size, walk.count)])
                start += size
            }
            #expect(checker.notes == whole, "chunks of \(size)")
        }
    }

    @Test func everyRowTwiceReportsTheRateOfDistinctTimestampsAndANote() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/twice.csv"
        try Self.walkCSV(copies: 2).write(toFile: path, atomically: true, encoding: .utf8)
        let recording = try RecordingReader.read(path: path).recording
        let rate = try #require(recording.samplingAnalysis()?.sampleRate)
        #expect(abs(rate - 50) < 0.01, "\(rate)")
        #expect(RecordingSummary(try RecordingReader.read(path: path)).sampling?.duplicateTimestamps == 3000)
        // Some rows twice (a 50 Hz file with one row in ten repeated) keeps 50 Hz as well.
        var lines = Self.walkCSV().split(separator: "\n").map(String.init)
        for index in stride(from: lines.count - 1, to: 0, by: -10) { lines.insert(lines[index], at: index) }
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let some = try RecordingReader.read(path: path).recording
        #expect(abs(try #require(some.samplingAnalysis()?.sampleRate) - 50) < 0.01)
        #expect(
            some.plausibilityNotes().first?.hasPrefix("300 of 3300 rows repeat") == true, "\(some.plausibilityNotes())")
    }

    @Test func theStreamedAnalysisNotesWhatTheWholeReadNotes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/metres.csv"
        // m/s² in columns named as g, every row twice: two notes.
        try Self.walkCSV(copies: 2, scale: 9.80665).write(toFile: path, atomically: true, encoding: .utf8)
        let imported = try RecordingImporter.read(path: path)
        #expect(imported.plausibilityNotes.count == 2, "\(imported.plausibilityNotes)")
        #expect(imported.plausibilityNotes.contains { $0.contains("the values look like m/s², not g") })
        var reading = RecordingReadOptions()
        reading.resampling = .asRecorded
        let (summary, _) = try RecordingImporter.analyzeActivities(path: path, reading: reading)
        #expect(summary.plausibilityNotes == imported.plausibilityNotes)
        // A plausible file streams with no note.
        try Self.walkCSV().write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try RecordingImporter.analyzeActivities(path: path).summary.plausibilityNotes.isEmpty)
    }

    @Test func aSensorLoggerExportInGIsNoted() throws {
        let base = try #require(Bundle.module.resourceURL).appendingPathComponent(
            "Fixtures/formats/sensorlogger-android"
        ).path
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = folder + "/export"
        try FileManager.default.copyItem(atPath: base, toPath: export)
        #expect(
            !(try RecordingImporter.read(path: export).plausibilityNotes.contains { $0.contains("median acceleration") })
        )
        // TotalAcceleration.csv written in g where Sensor Logger writes m/s².
        let total = export + "/TotalAcceleration.csv"
        let lines = try String(contentsOfFile: total, encoding: .utf8).split(separator: "\n").map(String.init)
        let inG =
            [lines[0]]
            + lines.dropFirst().enumerated().map { index, line in
                let cells = line.split(separator: ",").map(String.init)
                return "\(cells[0]),\(cells[1]),\(1 + 0.2 * sin(Double(index))),\(0.1 * cos(Double(index))),0.05"
            }
        try inG.joined(separator: "\n").write(toFile: total, atomically: true, encoding: .utf8)
        let notes = try RecordingImporter.read(path: export).plausibilityNotes
        #expect(notes.contains { $0.contains("the values look like g read as m/s²") }, "\(notes)")
    }

    @Test func aStepCountRisingAMillionStepsASecondIsNoted() {
        var walk = TestRecordings.plausibleWalk()
        walk.steps = (0..<200).map { $0 == 50 ? 10 : ($0 == 100 ? 1_000_010 : ($0 == 150 ? 1_000_012 : .nan)) }
        let notes = walk.plausibilityNotes()
        #expect(notes.count == 1, "\(notes)")
        #expect(notes.first?.hasPrefix("the pedometer's step count rises faster than 10 steps/s 1 times") == true)
        // Two steps a second is no note.
        walk.steps = (0..<200).map { $0 % 50 == 0 ? Double($0) / 25 : .nan }
        #expect(walk.plausibilityNotes().isEmpty)
    }

    @Test func recurringGroupsAreNotedAndTheListIsCapped() {
        #expect(PlausibilityChecker.recurringGroupNotes(["a", "b", "c"]).isEmpty)
        let notes = PlausibilityChecker.recurringGroupNotes(["a", "b", "a", "c", "b", "a"])
        #expect(
            notes == [
                "2 group values recur after other groups: 'a' (3 runs), 'b' (2 runs); each run is read as a recording "
                    + "of its own with the same name (sort the file by the column?)"
            ])
        let many = PlausibilityChecker.recurringGroupNotes((0..<40).map { "g\($0 % 20)" })
        #expect(many.first?.contains("'g9' (2 runs) and 10 more;") == true, "\(many)")
    }

    @Test func referenceFilesWithDuplicatesOverlapsOrNoTimesAreNoted() {
        #expect(PlausibilityChecker.referenceTimeNotes([0.5, 1.0, 1.5], source: "ref.csv").isEmpty)
        #expect(PlausibilityChecker.referenceTimeNotes([0.5, .nan, 1.5], source: "ref.csv").isEmpty)
        let repeated = PlausibilityChecker.referenceTimeNotes([0.5, 1.0, 1.0, 1.5, 1.5], source: "ref.csv")
        #expect(repeated.count == 1 && repeated[0].hasPrefix("ref.csv: 2 reference times repeat"), "\(repeated)")
        let untimed = PlausibilityChecker.referenceTimeNotes([.nan, .nan], source: "ref.csv")
        #expect(untimed.count == 1 && untimed[0].contains("none of the 2 reference steps is timed"))
        let backwards = PlausibilityChecker.referenceTimeNotes([2, 1, 3], source: "ref.csv")
        #expect(backwards.count == 1 && backwards[0].contains("go backwards 1 times"))
        #expect(PlausibilityChecker.boutNotes([0...5, 6...9], source: "b.csv").isEmpty)
        let overlapping = PlausibilityChecker.boutNotes([0...5, 4...9, 20...30, 0...5], source: "b.csv")
        #expect(overlapping.count == 1 && overlapping[0].hasPrefix("b.csv: 2 of 4 reference bouts overlap"))
    }
}

/// The clipping note (``AccelerationClipping`` read by ``PlausibilityChecker``).
@Suite("Plausibility checker: clipping")
struct PlausibilityClippingTests {
    /// 20 s of a 1 Hz, 3 g swing on x at 200 Hz (gravity on z), clipped at ±`limit` g when given.
    static func swing(clippedAt limit: Double?) -> Recording {
        let n = 4000
        let time = (0..<n).map { Double($0) / 200 }
        let x = time.map { t -> Double in
            let value = 3 * sin(2 * Double.pi * t)
            return limit.map { min(max(value, -$0), $0) } ?? value
        }
        return Recording(
            source: "swing", time: time,
            acceleration: ThreeAxisSeries(
                x: x, y: [Double](repeating: 0, count: n), z: [Double](repeating: 1, count: n)))
    }

    @Test func aClippedRecordingIsNotedWithItsRangeAndShareWholeOrInChunks() throws {
        let clipped = Self.swing(clippedAt: 2)
        let whole = clipped.plausibilityNotes()
        let note = try #require(whole.first { $0.contains("clipped") }, "\(whole)")
        // |3 sin| ≥ 2 for 1 − (2/π) asin(2/3) of the time: 53.5 % (the rows with |x| at 2 g).
        let expected = AccelerationClipping(
            x: clipped.acceleration!.x, y: clipped.acceleration!.y, z: clipped.acceleration!.z)
        #expect(expected.range == 2 && abs(expected.clippedShare - 0.535) < 0.01)
        #expect(note.contains("±2 g"), "\(note)")
        #expect(note.contains("\(expected.clippedSampleCount) of 4000 rows"), "\(note)")
        #expect(note.contains(String(format: "(%.1f %%)", 100 * expected.clippedShare)), "\(note)")
        for size in [1, 3, 999, 2500] {
            var checker = PlausibilityChecker()
            var start = 0
            while start < clipped.count {
                checker.append(clipped[rows: start..<min(start + size, clipped.count)])
                start += size
            }
            #expect(checker.notes == whole, "chunks of \(size)")
        }
    }

    @Test func anUnclippedSwingOrAStillPhoneHasNoClippingNote() {
        #expect(!Self.swing(clippedAt: nil).plausibilityNotes().contains { $0.contains("clipped") })
        var still = Self.swing(clippedAt: nil)
        still.acceleration = ThreeAxisSeries(
            x: [Double](repeating: 0, count: still.count), y: [Double](repeating: 0, count: still.count),
            z: [Double](repeating: 1, count: still.count))
        #expect(!still.plausibilityNotes().contains { $0.contains("clipped") })
    }

    @Test func theOnePassAccumulatorAgreesWithRowsInAnyOrderOfPeaks() {
        // A peak that rises by less than the tolerance keeps the rows already on the rail; one that
        // rises by more drops them.
        var rows: [(Double, Double, Double)] = [(2, 0, 1), (2, 0, 1), (2.00005, 0, 1), (0, 0, 1)]
        var accumulator = AccelerationClipping.Accumulator()
        for row in rows { accumulator.append(row.0, row.1, row.2) }
        #expect(accumulator.clipping.range == 2.00005 && accumulator.clipping.clippedSampleCount == 3)
        rows.append((2.5, 0, 1))
        accumulator.append(2.5, 0, 1)
        #expect(!accumulator.clipping.isClipped)
        let x = rows.map(\.0)
        #expect(AccelerationClipping(x: x, y: rows.map(\.1), z: rows.map(\.2)) == accumulator.clipping)
    }
}
