import Foundation
@_spi(Testing) import Locomotion
import Testing

@Suite("Recording columns, CSV quoting and reference tables")
struct RecordingColumnsTests {
    /// A recording with every numeric column, each column's values distinct from the others'.
    static func everyColumn(rows: Int = 4) -> Recording {
        func column(_ offset: Double) -> [Double] { (0..<rows).map { offset + Double($0) / 100 } }
        func axes(_ offset: Double) -> ThreeAxisSeries {
            ThreeAxisSeries(x: column(offset), y: column(offset + 1), z: column(offset + 2))
        }
        return Recording(
            source: "all", time: (0..<rows).map { Double($0) / 50 }, acceleration: axes(10),
            linearAcceleration: axes(20), gravity: axes(25),
            rotationRate: axes(30), speed: column(40), speedAccuracy: column(41), horizontalAccuracy: column(42),
            latitude: column(43), longitude: column(44), cadence: column(45), steps: column(46),
            labels: (0..<rows).map { "walk, \"fast\" \($0)" },
            extraColumns: [ExtraColumn(name: "note,1", values: (0..<rows).map { "n\($0)" })])
    }

    @Test func everyNumericQuantityHasItsValuesAndOnlyLabelHasNone() {
        let recording = Self.everyColumn()
        let numeric = RecordingColumn.allCases.filter { $0 != .label }
        #expect(numeric.allSatisfy { recording.values(of: $0)?.count == 4 })
        #expect(Set(numeric.map { recording.values(of: $0)!.first! }).count == numeric.count)  // no column twice
        #expect(recording.values(of: .label) == nil)
        #expect(recording.values(of: .rotationRateY) == recording.rotationRate?.y)
        #expect(recording.numericColumns.map(\.column) == numeric)
        #expect(Recording(source: "t", time: [0, 1]).values(of: .speed) == nil)
    }

    @Test func slicingAndAppendingKeepEveryColumn() {
        let recording = Self.everyColumn(rows: 6)
        var joined = recording[rows: 0..<2]
        joined.append(contentsOf: recording[rows: 2..<6])
        #expect(joined == recording)
        #expect(recording[rows: 1..<3].values(of: .steps) == [46.01, 46.02])
    }

    @Test func aWrittenRecordingWithQuotedTextReadsBackTheSame() throws {
        let recording = Self.everyColumn()
        let csv = RecordingWriter.csv(recording)
        #expect(
            csv.hasPrefix(
                "t_s,acc_x_g,acc_y_g,acc_z_g,linacc_x_g,linacc_y_g,linacc_z_g,gravity_x_g,gravity_y_g,gravity_z_g,gyr_x_rad_s,"
            ))
        let read = try RecordingReader.parse(csv, source: "all").recording
        #expect(read == recording)
    }

    @Test(arguments: [
        ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("two\nlines", "\"two\nlines\""),
        ("cr\r", "\"cr\r\""), ("", ""),
    ])
    func fieldsAreQuotedAsRFC4180Says(text: String, field: String) {
        #expect(CSVQuoting.field(text) == field)
    }

    @Test func aRecordQuotesEachFieldAndEndsTheLine() throws {
        let record = CSVQuoting.record(["a,b", "c", "\"d\""])
        #expect(record == "\"a,b\",c,\"\"\"d\"\"\"\n")
        let cells = CSVQuoting.splitQuotedCells(Array(record.dropLast().utf8)).cells
        #expect(cells.map { String(decoding: $0, as: UTF8.self) } == ["a,b", "c", "\"d\""])
    }

    @Test func theEstimatedRateAndTheMagnitudeFollowChangesToTheirColumns() throws {
        var recording = Self.everyColumn(rows: 200)
        #expect(abs(try #require(recording.estimatedSampleRate) - 50) < 1e-9)
        recording.time = (0..<200).map { Double($0) / 100 }
        #expect(abs(try #require(recording.estimatedSampleRate) - 100) < 1e-9)
        recording.time.append(contentsOf: (200..<400).map { Double($0) / 100 })
        #expect(recording.samplingAnalysis()?.gaps.isEmpty == true)

        let first = try #require(recording.accelerationMagnitude)
        #expect(abs(first[0] - (100.0 + 121 + 144).squareRoot()) < 1e-12)
        recording.acceleration?.x[0] = 0
        #expect(abs(try #require(recording.accelerationMagnitude)[0] - (121.0 + 144).squareRoot()) < 1e-12)
        // Without the acceleration, the user acceleration plus gravity (20 + 25, 21 + 26, 22 + 27 g).
        recording.acceleration = nil
        #expect(
            abs(try #require(recording.accelerationMagnitude)[0] - (45.0 * 45 + 47 * 47 + 49 * 49).squareRoot()) < 1e-12
        )
        recording.gravity = nil
        #expect(recording.accelerationMagnitude == nil)
    }

    @Test func aCopyKeepsItsOwnDerivedValues() throws {
        let original = Self.everyColumn(rows: 200)
        #expect(original.estimatedSampleRate != nil)
        var copy = original
        copy.time = (0..<200).map { Double($0) / 25 }
        #expect(abs(try #require(copy.estimatedSampleRate) - 25) < 1e-9)
        #expect(abs(try #require(original.estimatedSampleRate) - 50) < 1e-9)
    }

    @Test func gapsCountRowsFromOneInTheirJSON() throws {
        let recording = Recording(source: "g", time: [0, 0.02, 0.04, 5, 5.02])
        let gap = try #require(recording.samplingAnalysis()?.gaps.first)
        #expect(gap.rowIndex == 3 && gap.row == 4)
        let json = try #require(String(data: try JSONEncoder().encode(gap), encoding: .utf8))
        #expect(json.contains("\"row\":4") && !json.contains("rowIndex"))
        #expect(try JSONDecoder().decode(RecordingGap.self, from: Data(json.utf8)) == gap)
    }

    @Test func referenceTablesReadQuotedCellsCRLFAndNameTheirLines() throws {
        let table = try ReferenceTable(
            text: "\"ic_time_s\",note\r\n1.5,\"left, heel\"\r\n\r\n2.5,\r\nnan,x\r\n", source: "ref.csv")
        #expect(table.header == ["ic_time_s", "note"])
        #expect(table.rows[0] == ["1.5", "left, heel"])
        #expect(table.lines == [2, 4, 5])
        let times = try table.column(["ic_time_s"])
        #expect(times.count == 3 && times[0] == 1.5 && times[1] == 2.5 && times[2].isNaN)
        #expect(throws: LocomotionError.missingColumn(path: "ref.csv", quantity: "start_s", accepted: ["start_s"])) {
            try table.bouts(widenedBy: 0)
        }
        #expect(throws: LocomotionError.self) {
            try ReferenceTable(text: "start_s,end_s\n1,2\n", source: "b.csv").bouts(widenedBy: -1)
        }
        #expect(
            throws: LocomotionError.limitExceeded(
                path: "long.csv", line: 2, what: "the line's length", limit: 8, unit: "bytes")
        ) {
            try ReferenceTable(text: "t\n123456789\n", source: "long.csv", maximumLineBytes: 8)
        }
        #expect(throws: LocomotionError.tooShort(path: "empty.csv", rows: 0, required: 1, purpose: "a header")) {
            try ReferenceTable(text: "\n \n", source: "empty.csv")
        }
    }

    @Test func onlyACallerWhoNeedsFixesIsToldTheSpeedColumnIsMissing() throws {
        let walk = Recording(source: "walk.csv", time: [0, 1])
        #expect(try walk.locationFixes().isEmpty)
        #expect(
            throws: LocomotionError.missingColumn(
                path: "walk.csv", quantity: "speed", accepted: RecordingColumn.speed.aliases)
        ) { try walk.locationFixes(requireSpeedColumn: true) }
        let ride = Recording(source: "ride.csv", time: [0, 1], speed: [.nan, 3])
        #expect(try ride.locationFixes(requireSpeedColumn: true).count == 1)
    }
}
