import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// Parses CSV text in strict mode unless options say otherwise.
private func load(_ text: String, _ options: RecordingReadOptions = .init()) throws -> LoadedRecording {
    try RecordingReader.parse(text, source: "f.csv", options: options)
}

@Suite("RecordingReader: columns")
struct RecordingReaderColumnTests {
    @Test(arguments: [
        "t,ax,ay,az", "T_S,ACC_X,ACC_Y,ACC_Z", "time,acc_x_g,acc_y_g,acc_z_g", "timestamp, ax , ay , az",
        "time_s,accel_x,accel_y,accel_z",
    ])
    func accelerationAliases(header: String) throws {
        let recording = try load("\(header)\n0,1,0,0\n0.02,0,1,0\n0.04,0,0,1\n").recording
        #expect(recording.time == [0, 0.02, 0.04])
        #expect(recording.acceleration == ThreeAxisSeries(x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1]))
        #expect(recording.labels == nil && recording.speed == nil && recording.rotationRate == nil)
    }

    @Test(arguments: [
        ("gx,gy,gz", 1.0), ("gyr_x,gyr_y,gyr_z", 1.0), ("gyr_x_rad_s,gyr_y_rad_s,gyr_z_rad_s", 1.0),
        ("gyr_x_deg_s,gyr_y_deg_s,gyr_z_deg_s", Double.pi / 180),
        ("gyro_x_deg_s,gyro_y_deg_s,gyro_z_deg_s", Double.pi / 180),
    ])
    func rotationRateAliasesAndUnits(header: String, scale: Double) throws {
        let rate = try #require(try load("t,\(header)\n0,90,-180,1\n").recording.rotationRate)
        #expect(rate.x == [90 * scale] && rate.y == [-180 * scale] && rate.z == [scale])
    }

    @Test func unitOptionsApplyOnlyToNamesWithoutAUnit() throws {
        let options = RecordingReadOptions(
            accelerationUnit: .metersPerSecondSquared, rotationRateUnit: .degreesPerSecond)
        let bare = try load("t,ax,ay,az,gx,gy,gz\n0,9.80665,0,-19.6133,180,0,0\n", options).recording
        #expect(bare.acceleration?.x == [1] && bare.acceleration?.z == [-2])
        #expect(bare.rotationRate?.x == [Double.pi])
        let suffixed = try load(
            "t,acc_x_g,acc_y_g,acc_z_g,gyr_x_rad_s,gyr_y_rad_s,gyr_z_rad_s\n0,1,0,0,1,0,0\n", options)
        #expect(suffixed.recording.acceleration?.x == [1] && suffixed.recording.rotationRate?.x == [1])
        let metric = try load("t,acc_x_m_s2,acc_y_m_s2,acc_z_m_s2\n0,9.80665,0,0\n").recording
        #expect(metric.acceleration?.x == [1])
    }

    @Test func linearAccelerationIsItsOwnGroup() throws {
        let loaded = try load("t_s,linacc_x_g,linacc_y_g,linacc_z_g,train_state\n0,0.1,0.2,0.3,moving\n")
        #expect(loaded.recording.acceleration == nil)
        #expect(loaded.recording.linearAcceleration == ThreeAxisSeries(x: [0.1], y: [0.2], z: [0.3]))
        #expect(loaded.recording.extraColumns == [ExtraColumn(name: "train_state", values: ["moving"])])
    }

    @Test func gpsAndPedometerColumnsAreSparse() throws {
        let text = """
            t,ax,ay,az,speed,speed_accuracy,horizontal_accuracy,lat,lon,cadence,steps
            0,0,0,1,1.5,0.5,4,45.1,14.2,1.8,10
            0.5,0,0,1,,,,,,,
            1,0,0,1,-1,-1,12,45.2,14.3,nan,12
            """
        let recording = try load(text).recording
        #expect(recording.speed?[0] == 1.5 && recording.speed?[1].isNaN == true && recording.speed?[2] == -1)
        #expect(recording.speedAccuracy?[2] == -1 && recording.horizontalAccuracy?[2] == 12)
        #expect(recording.latitude?[0] == 45.1 && recording.longitude?[2] == 14.3)
        #expect(recording.cadence?[0] == 1.8 && recording.cadence?[2].isNaN == true && recording.steps?[2] == 12)
    }

    @Test func explicitColumnNamesOverrideAliases() throws {
        let text = "t_s,utc,lat,lon,speed_m_s_device,speed,event\n0,x,1,2,3.5,9,none\n"
        let options = RecordingReadOptions(columnNames: [.speed: "SPEED_M_S_DEVICE", .label: "event"])
        let loaded = try load(text, options)
        #expect(loaded.recording.speed == [3.5])
        #expect(loaded.recording.labels == ["none"])
        // The alias column `speed` is no longer claimed, so it is kept as an extra.
        #expect(loaded.recording.extraColumns.map(\.name) == ["utc", "speed"])
        #expect(throws: LocomotionError.missingColumn(path: "f.csv", quantity: "cadence", accepted: ["cad"])) {
            try load(text, RecordingReadOptions(columnNames: [.cadence: "cad"]))
        }
    }

    @Test func incompleteAxisGroupsAreKeptAsExtrasWithANote() throws {
        let loaded = try load("t_s,unix_ms,acc_x_g,acc_y_g_vertical,acc_z_g\n0,5,0.1,0.9,0.2\n")
        #expect(loaded.recording.acceleration == nil)
        #expect(loaded.recording.extraColumns.map(\.name) == ["unix_ms", "acc_x_g", "acc_y_g_vertical", "acc_z_g"])
        #expect(loaded.layout.notes.count == 1)
        let mapped = try load(
            "t_s,unix_ms,acc_x_g,acc_y_g_vertical,acc_z_g\n0,5,0.1,0.9,0.2\n",
            RecordingReadOptions(columnNames: [.accelerationY: "acc_y_g_vertical"]))
        #expect(mapped.recording.acceleration == ThreeAxisSeries(x: [0.1], y: [0.9], z: [0.2]))
    }

    @Test func labelsAreMapped() throws {
        let text = "t,ax,ay,az,label\n0,0,0,1,1\n1,0,0,1,-1\n2,0,0,1,99\n"
        let recording = try load(text, RecordingReadOptions(labelTranslations: DatasetLabels.uciHAPT)).recording
        #expect(recording.labels == ["walking", "unlabelled", "99"])
    }

    @Test func quotedCellsByteOrderMarkAndCRLF() throws {
        let text = "\u{FEFF}t,ax,ay,az,label,note\r\n0,0,0,1,\"walk, fast\",\"say \"\"hi\"\"\"\r\n0.5,0,0,1,sit,\r\n"
        let recording = try load(text).recording
        #expect(recording.labels == ["walk, fast", "sit"])
        #expect(recording.extraColumns == [ExtraColumn(name: "note", values: ["say \"hi\"", ""])])
    }

    @Test("lines ended by a carriage return alone are refused with the reason, not read as one header")
    func carriageReturnLineEndings() {
        #expect {
            _ = try load("t,ax,ay,az\r0,0,0,1\r0.5,0,0,1\r")
        } throws: { error in
            (error as? LocomotionError)?.description.contains("carriage return alone") ?? false
        }
    }

    @Test func iso8601Timestamps() throws {
        let text = """
            time,speed
            2010-10-03T09:36:30Z,1
            2010-10-03T09:36:41.5Z,2
            2010-10-03 11:36:52+02:00,3
            """
        let time = try load(text).recording.time
        let expected = 1_286_098_590.0  // 2010-10-03T09:36:30Z
        #expect(time == [expected, expected + 11.5, expected + 22])
    }

    @Test func missingTimeColumnAndEmptyFile() {
        #expect(
            throws: LocomotionError.missingColumn(
                path: "f.csv", quantity: "time", accepted: RecordingColumn.time.aliases)
        ) {
            try load("ax,ay,az\n0,0,1\n")
        }
        #expect(throws: LocomotionError.self) { try load("") }
        #expect(throws: LocomotionError.self) { try load("t,ax,t\n0,0,1\n") }  // duplicate column name
    }
}

@Suite("RecordingReader: errors and lenient mode")
struct RecordingReaderErrorTests {
    static let corrupted = """
        t,ax,ay,az,speed
        0,0,0,1,
        0.02,0,zero,1,

        0.04,0,0,nan,
        0.06,0,0,1,inf
        0.08,0,0,
        0.10,,0,1,
        -0.01,0,0,1,
        xyz,0,0,1,
        0.12,0,0,1,1.5
        """

    @Test(arguments: [
        (3, "ay", "zero", RowProblem.malformedNumber), (5, "az", "nan", .nonFiniteNumber),
        (6, "speed", "inf", .nonFiniteNumber), (8, "ax", "", .missingValue), (10, "t", "xyz", .malformedTime),
    ])
    func strictModeNamesTheLineAndColumn(line: Int, column: String, value: String, problem: RowProblem) throws {
        // Keep only the header, the good first row and the row under test.
        let lines = Self.corrupted.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let text = [lines[0], lines[1]] + Array(repeating: "", count: line - 3) + [lines[line - 1]]
        let error = #expect(throws: LocomotionError.self) { try load(text.joined(separator: "\n")) }
        guard let error, error.code == .malformedCell else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(
            error.location == .file("f.csv", line: line, column: column) && error.value == value)
        #expect(problem != .wrongCellCount)  // every case here is a cell problem
    }

    @Test func strictModeReportsCellCountAndBackwardsTime() {
        #expect(throws: LocomotionError.wrongCellCount(path: "f.csv", line: 3, found: 4, expected: 5)) {
            try load("t,ax,ay,az,speed\n0,0,0,1,\n0.08,0,0,\n")
        }
        #expect(throws: LocomotionError.timeGoesBackwards(path: "f.csv", line: 3, previous: 0.1, current: 0.01)) {
            try load("t,ax,ay,az,speed\n0.1,0,0,1,\n0.01,0,0,1,\n")
        }
    }

    @Test func lenientModeSkipsAndCountsEveryBadRow() throws {
        let loaded = try load(Self.corrupted, RecordingReadOptions(lenient: true))
        #expect(loaded.recording.time == [0, 0.12])
        #expect(loaded.recording.speed?[1] == 1.5)
        #expect(loaded.report.rowsRead == 2)
        #expect(loaded.report.blankLines == 1)
        #expect(
            loaded.report.skippedRows == [
                .malformedNumber: 1, .nonFiniteNumber: 2, .wrongCellCount: 1, .missingValue: 1, .timeGoesBackwards: 1,
                .malformedTime: 1,
            ])
        #expect(loaded.report.skippedRowCount == 7)
        #expect(loaded.report.firstSkippedLine[.nonFiniteNumber] == 5)
        #expect(loaded.report.firstSkippedLine[.timeGoesBackwards] == 9)
    }

    @Test func readingAFileThatDoesNotExist() {
        #expect(throws: LocomotionError.self) { try RecordingReader.read(path: "/nonexistent/walk.csv") }
    }
}

@Suite("RecordingStream")
struct RecordingStreamTests {
    static func syntheticText(rows: Int) -> String {
        var generator = SplitMix64(seed: 11)
        var lines = ["t_s,acc_x_g,acc_y_g,acc_z_g,speed,label,comment"]
        for row in 0..<rows {
            let values = (0..<3).map { _ in Double.random(in: -2...2, using: &generator) }
            let speed = row % 50 == 0 ? String(Double(row) / 100) : ""
            lines.append("\(Double(row) / 50),\(values[0]),\(values[1]),\(values[2]),\(speed),L\(row / 500),c\(row)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [1, 7, 1000, 65_536])
    func chunksConcatenateToTheWholeRecording(chunkRows: Int) throws {
        let text = Self.syntheticText(rows: 2_345)
        let whole = try RecordingReader.parse(text, source: "mem").recording
        let stream = try RecordingStream(text: text, source: "mem")
        var chunks: [Recording] = []
        while let chunk = try stream.nextChunk(maximumRowCount: chunkRows) { chunks.append(chunk) }
        #expect(chunks.allSatisfy { $0.count <= chunkRows })
        var joined = chunks[0]
        for chunk in chunks.dropFirst() { joined.append(contentsOf: chunk) }
        // Compare as written text: Recording's == treats the NaN of an empty speed cell as unequal.
        #expect(RecordingWriter.csv(joined) == RecordingWriter.csv(whole))
        #expect(whole.count == 2_345 && stream.report.rowsRead == 2_345)
    }

    @Test func readsFilesLargerThanItsBuffer() throws {
        let text = Self.syntheticText(rows: 40_000)  // about 2.6 MB: several buffer refills
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("locomotion-stream-\(UUID()).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var progress: [Int] = []
        let fromFile = try RecordingReader.read(path: path) { consumed, total in
            #expect(total == text.utf8.count)
            progress.append(consumed)
        }
        #expect(fromFile.recording.time == (try RecordingReader.parse(text, source: "mem").recording.time))
        #expect(progress.last == text.utf8.count && progress == progress.sorted())
    }

    @Test func aLineLongerThanTheBufferIsReadWithinTheLimit() throws {
        let long = String(repeating: "x", count: 3 << 20)
        let text = "t,ax,ay,az,note\n0,0,0,1,\(long)\n1,0,0,1,short\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("locomotion-long-\(UUID()).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Lines and cells this long exceed the default limits; raised limits let the buffer grow.
        var options = RecordingReadOptions()
        (options.maximumLineBytes, options.maximumCellBytes) = (4 << 20, 4 << 20)
        let recording = try RecordingReader.read(path: path, options: options).recording
        #expect(recording.extraColumns[0].values == [long, "short"])
        #expect(throws: LocomotionError.self) { try RecordingReader.read(path: path) }
    }
}

@Suite("RecordingReader: grouped long-format files")
struct RecordingGroupTests {
    static let table = """
        case_id,label,t_s,acc_x,acc_y,acc_z
        a,walk,0,0,0,1
        a,walk,0.1,0,0,1
        a,walk,0.2,0,0,1
        b,run,0,1,0,0
        b,run,0.1,1,0,0
        a,sit,0,0,1,0
        """

    @Test(arguments: [1, 2, 100])
    func eachRunOfAGroupValueIsOneRecording(chunkRows: Int) throws {
        let stream = try RecordingStream(
            text: Self.table, source: "cases.csv", options: RecordingReadOptions(groupColumn: "case_id"))
        var chunks: [(String?, [Double])] = []
        while let chunk = try stream.nextChunk(maximumRowCount: chunkRows) { chunks.append((stream.group, chunk.time)) }
        #expect(chunks.allSatisfy { $0.1.count <= chunkRows })
        let groups = try RecordingStream(
            text: Self.table, source: "cases.csv", options: RecordingReadOptions(groupColumn: "case_id")
        ).readGroups()
        #expect(groups.map(\.name) == ["a", "b", "a"])
        #expect(groups.map(\.recording.time) == [[0, 0.1, 0.2], [0, 0.1], [0]])
        #expect(groups[1].recording.acceleration?.x == [1, 1] && groups[1].recording.labels == ["run", "run"])
        #expect(groups[0].recording.extraColumns[0] == ExtraColumn(name: "case_id", values: ["a", "a", "a"]))
        #expect(chunks.map(\.0).allSatisfy { $0 != nil })
    }

    @Test func timeMustStillIncreaseWithinAGroup() {
        let text = "case_id,t,ax,ay,az\na,0,0,0,1\na,1,0,0,1\na,0.5,0,0,1\n"
        #expect(throws: LocomotionError.timeGoesBackwards(path: "f.csv", line: 4, previous: 1, current: 0.5)) {
            try RecordingStream(text: text, source: "f.csv", options: RecordingReadOptions(groupColumn: "case_id"))
                .readGroups()
        }
    }

    /// Found by `make fuzz` (FuzzRecordingReader): in lenient mode a skipped row whose group
    /// differed moved the group on without starting a chunk, so the next rows of its group were read
    /// into the chunk (and the recording) of the group before it.
    @Test(arguments: [1, 2, 100])
    func aSkippedRowOfAnotherGroupDoesNotMoveTheGroupOn(chunkRows: Int) throws {
        // Row 5's label is not UTF-8 (the byte 0xFF) and row 8 has a cell too many: both skipped.
        let text = """
            id,t,ax,ay,az,label
            a,0,0,0,1,still
            b,0,0,0,1,still
            c,0.02,0,0,1,still
            b,0.04,0,0,1,st#l
            b,0.06,0,0,1,still
            b,0.08,0,0,1,still
            c,0,0,0,1,x,extra
            c,0.01,0,0,1,still

            """
        let file = Array(text.utf8).map { $0 == UInt8(ascii: "#") ? 0xFF : $0 }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("groups-\(UUID()).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(file).write(to: URL(fileURLWithPath: path))
        let options = RecordingReadOptions(groupColumn: "id", lenient: true)
        let expected: [(name: String, time: [Double])] = [
            ("a", [0]), ("b", [0]), ("c", [0.02]), ("b", [0.06, 0.08]), ("c", [0.01]),
        ]

        let read = try RecordingReader.readGroups(path: path, options: options)
        #expect(read.groups.map(\.name) == expected.map(\.name))
        #expect(read.groups.map(\.recording.time) == expected.map(\.time))
        #expect(read.report.skippedRows == [.invalidText: 1, .wrongCellCount: 1])

        // Chunk by chunk: each chunk holds one group's rows, in the same runs.
        let stream = try RecordingStream(path: path, options: options)
        var runs: [(name: String, time: [Double])] = []
        var previous: String?
        while let chunk = try stream.nextChunk(maximumRowCount: chunkRows) {
            let group = try #require(stream.group)
            if let last = runs.indices.last, group == previous {
                runs[last].time += chunk.time
            } else {
                runs.append((group, chunk.time))
            }
            previous = group
        }
        #expect(runs.map(\.name) == expected.map(\.name))
        #expect(runs.map(\.time) == expected.map(\.time))
    }

    @Test func groupColumnErrors() throws {
        #expect(throws: LocomotionError.self) {
            try RecordingStream(text: Self.table, source: "f.csv", options: RecordingReadOptions(groupColumn: "nope"))
        }
        // A grouped file is several recordings: reading it as one is refused.
        let stream = try RecordingStream(
            text: Self.table, source: "f.csv", options: RecordingReadOptions(groupColumn: "case_id"))
        #expect(throws: LocomotionError.self) { try stream.readAll() }
    }
}

@Suite("RecordingReader: quoting edge cases")
struct RecordingQuotingTests {
    @Test func quotesAnywhereInALineAreResolvedBeforeCellsAreCounted() throws {
        // A bad number before a quoted comma: the error is about the number, not the cell count.
        #expect(
            throws: LocomotionError.malformedCell(
                path: "q.csv", line: 2, column: "ax", value: "abc", expected: "a number")
        ) {
            try RecordingReader.parse("t,ax,ay,az,note\n0,abc,0,1,\"x,y\"\n", source: "q.csv")
        }
        // Quoted numbers are numbers; a quote inside a resolved cell is an ordinary character.
        let recording = try RecordingReader.parse(
            "t,ax,ay,az,note\n\"0.5\",\"1\",0,1,\"\"\"hi\"\"\"\n", source: "q.csv"
        )
        .recording
        #expect(recording.time == [0.5] && recording.acceleration?.x == [1])
        #expect(recording.extraColumns[0].values == ["\"hi\""])
    }
}

@Suite("RecordingStream: parallel parsing")
struct RecordingParallelParsingTests {
    /// 30,000 rows at 50 Hz with labels and an extra column; `damage` rewrites some lines.
    static func text(damage: (Int, inout String) -> Void = { _, _ in }) -> String {
        var generator = SplitMix64(seed: 30)
        var lines = ["t_s,acc_x_g,acc_y_g,acc_z_g,label,note"]
        for row in 0..<30_000 {
            let axes = (0..<3).map { _ in String(format: "%.6f", Double.random(in: -2...2, using: &generator)) }
            var line = "\(Double(row) / 50),\(axes.joined(separator: ",")),\(row / 700 % 3),n\(row % 7)"
            damage(row, &line)
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads with the default chunk size (parallel when it can) and with chunks too small to
    /// split (always sequential); both must agree exactly.
    static func readBothWays(_ text: String, lenient: Bool) throws -> (
        parallel: String, sequential: String, reports: [RecordingReadReport]
    ) {
        let options = RecordingReadOptions(labelTranslations: ["0": "sit", "1": "walk"], lenient: lenient)
        let parallelStream = try RecordingStream(text: text, source: "p.csv", options: options)
        // Chunks of 8,192 rows: the first (which learns the time format) is sequential, the rest
        // can be split across cores.
        var parallel = try #require(try parallelStream.nextChunk(maximumRowCount: 8_192))
        while let chunk = try parallelStream.nextChunk(maximumRowCount: 8_192) { parallel.append(contentsOf: chunk) }
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            #expect(parallelStream.parallelChunkCount > 0)  // the parallel path really ran
        }
        let sequentialStream = try RecordingStream(text: text, source: "p.csv", options: options)
        var sequential = try #require(try sequentialStream.nextChunk(maximumRowCount: 1_000))
        while let chunk = try sequentialStream.nextChunk(maximumRowCount: 1_000) {
            sequential.append(contentsOf: chunk)
        }
        return (
            RecordingWriter.csv(parallel), RecordingWriter.csv(sequential),
            [parallelStream.report, sequentialStream.report]
        )
    }

    @Test(arguments: [
        ("clean", -1, ""), ("bad cell", 20_000, "x"), ("backwards", 15_000, "0.5"), ("blank", 12_000, ""),
        ("quoted", 9_000, "\"q\""), ("short row", 16_385, "3"),
    ])
    func parallelAndSequentialReadsAgree(name: String, row: Int, replacement: String) throws {
        let text = Self.text { index, line in
            guard index == row else { return }
            switch name {
            case "bad cell":
                line = line.replacingOccurrences(of: ",n", with: ",n").split(separator: ",").enumerated()
                    .map { $0.offset == 2 ? replacement : String($0.element) }.joined(separator: ",")
            case "backwards": line = replacement + line.drop { $0 != "," }
            case "blank": line = ""
            case "quoted": line = line.replacingOccurrences(of: ",n", with: ",\"n,") + "\""
            default: line = replacement
            }
        }
        let lenient = try Self.readBothWays(text, lenient: true)
        #expect(lenient.parallel == lenient.sequential, "\(name)")
        #expect(lenient.reports[0] == lenient.reports[1], "\(name)")
        // Strict mode: the same error, naming the same line, however the file was split.
        let options = RecordingReadOptions(labelTranslations: ["0": "sit", "1": "walk"])
        var errors: [LocomotionError?] = []
        for maximumRowCount in [8_192, 1_000] {
            do {
                let stream = try RecordingStream(text: text, source: "p.csv", options: options)
                while try stream.nextChunk(maximumRowCount: maximumRowCount) != nil {}
                errors.append(nil)
            } catch {
                errors.append(error)
            }
        }
        #expect(errors[0] == errors[1], "\(name)")
        #expect((errors[0] == nil) == (name == "clean" || name == "quoted" || name == "blank"), "\(name)")
    }
}

@Suite("RecordingReader: every alias")
struct RecordingAliasTests {
    static let groups: [[RecordingColumn]] = [
        [.accelerationX, .accelerationY, .accelerationZ],
        [.linearAccelerationX, .linearAccelerationY, .linearAccelerationZ],
        [.gravityX, .gravityY, .gravityZ],
        [.rotationRateX, .rotationRateY, .rotationRateZ],
    ]

    @Test(arguments: RecordingColumn.allCases)
    func everyAliasIsRecognisedInAnyCase(column: RecordingColumn) throws {
        let group = Self.groups.first { $0.contains(column) } ?? [column]
        for (index, _) in column.aliases.enumerated() {
            // The whole axis group with the same alias pattern, upper-cased to check case-insensitivity.
            var header = group.map { $0.aliases[index].uppercased() }
            if column != .time { header.insert("t", at: 0) }
            let row = header.map { _ in "1" }
            let loaded = try RecordingReader.parse(
                header.joined(separator: ",") + "\n" + row.joined(separator: ",") + "\n", source: "alias.csv")
            let mapping = try #require(loaded.layout.mapping(of: column), "\(column.aliases[index])")
            #expect(mapping.name == column.aliases[index].uppercased())
            #expect(loaded.recording.extraColumns.isEmpty, "\(column.aliases[index]) left extras")
        }
    }
}
