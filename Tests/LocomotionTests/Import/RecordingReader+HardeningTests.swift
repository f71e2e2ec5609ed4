import Foundation
import Locomotion
import Testing

/// Parses CSV text in strict mode unless options say otherwise.
private func load(_ text: String, _ options: RecordingReadOptions = .init()) throws -> LoadedRecording {
    try RecordingReader.parse(text, source: "f.csv", options: options)
}

/// Writes `bytes` to a temporary file and reads it, returning the error's description.
private func readError(_ bytes: [UInt8], _ options: RecordingReadOptions = .init()) throws -> String? {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hardening-\(UUID()).csv").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
        _ = try RecordingReader.read(path: path, options: options)
        return nil
    } catch {
        return error.description.replacingOccurrences(of: path, with: "FILE")
    }
}

@Suite("RecordingReader: limits")
struct RecordingReaderLimitTests {
    @Test func aLineWithoutABreakStopsAtTheLineLimitNamingFileAndLine() throws {
        var options = RecordingReadOptions()
        options.maximumLineBytes = 4096
        // Longer than the limit and than the first block the reader buffers, with no newline.
        let endless = [UInt8](repeating: UInt8(ascii: "t"), count: 3 << 20)
        #expect(try readError(endless, options) == "FILE:1: the line's length exceeds the reader's limit of 4096 bytes")
        let longRow = Array("t,ax,ay,az\n0,0,0,1\n".utf8) + [UInt8](repeating: UInt8(ascii: "1"), count: 5000)
        #expect(try readError(longRow, options) == "FILE:3: the line's length exceeds the reader's limit of 4096 bytes")
        #expect(throws: LocomotionError.self) {
            try load("t,ax,ay,az\n0,0,0," + String(repeating: "1", count: 5000), options)
        }
    }

    @Test func theDefaultLineLimitStopsAHugeHeader() throws {
        let header = [UInt8](repeating: UInt8(ascii: "t"), count: 3 << 20)
        #expect(
            try readError(header)?.hasPrefix("FILE:1: the line's length exceeds the reader's limit of 1048576") == true)
    }

    @Test func columnAndCellLimits() throws {
        var options = RecordingReadOptions()
        options.maximumColumns = 10
        let wide = "t," + (1...20).map { "c\($0)" }.joined(separator: ",") + "\n"
        #expect(
            throws: LocomotionError.limitExceeded(
                path: "f.csv", line: 1, what: "the header's column count (21)", limit: 10, unit: "columns")
        ) {
            try load(wide, options)
        }
        options = RecordingReadOptions()
        options.maximumCellBytes = 8
        #expect(
            throws: LocomotionError.limitExceeded(
                path: "f.csv", line: 3, what: "the text cell in column 'label'", limit: 8, unit: "bytes")
        ) {
            try load("t,ax,ay,az,label\n0,0,0,1,walk\n0.02,0,0,1,walkingfast\n", options)
        }
    }
}

@Suite("RecordingReader: bad text and values")
struct RecordingReaderBadDataTests {
    @Test func invalidUTF8InALabelIsAnErrorOrACountedSkip() throws {
        // Raw bytes through a file: a Swift string would already have repaired them.
        let bytes = Array("t,ax,ay,az,label\n0,0,0,1,walk".utf8) + [0xFF] + Array("\n0.02,0,0,1,walk\n".utf8)
        #expect(try readError(bytes) == "FILE:2: column 'label': 'walk\u{FFFD}' is not valid UTF-8 text")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("utf-\(UUID()).csv").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loaded = try RecordingReader.read(path: path, options: RecordingReadOptions(lenient: true))
        #expect(loaded.recording.labels == ["walk"])
        #expect(loaded.report.skippedRows == [.invalidText: 1])
    }

    @Test func aRowSkippedForInvalidTextDoesNotMoveTheOrderCheck() throws {
        // The skipped row's time (9) lies ahead of the next row's (0.04): the next row is in order
        // with the last row kept (0), so only the bad row is skipped.
        let bytes =
            Array("t,ax,ay,az,label\n0,0,0,1,walk\n9,0,0,1,walk".utf8) + [0xFF] + Array("\n0.04,0,0,1,walk\n".utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("order-\(UUID()).csv").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loaded = try RecordingReader.read(path: path, options: RecordingReadOptions(lenient: true))
        #expect(loaded.recording.time == [0, 0.04])
        #expect(loaded.report.skippedRows == [.invalidText: 1])
    }

    @Test func invalidUTF8InAnExtraColumnOfALongFileIsFound() throws {
        // Enough rows for the parallel path; the bad cell is deep inside.
        var bytes = Array("t,ax,ay,az,note\n".utf8)
        for row in 0..<5000 {
            bytes +=
                Array("\(Double(row) / 50),0,0,1,".utf8) + (row == 4321 ? [0xC3, 0x28] : Array("ok".utf8)) + [0x0A]
        }
        #expect(try readError(bytes) == "FILE:4323: column 'note': '\u{FFFD}(' is not valid UTF-8 text")
    }

    @Test func invalidUTF8InTheHeaderIsAnError() throws {
        let bytes = Array("t,ax,ay,az,l".utf8) + [0xE9] + Array("gende\n0,0,0,1,x\n".utf8)
        #expect(
            try readError(bytes)
                == "FILE: cannot read the file: the header (line 1) is not valid UTF-8 text; save the file as UTF-8")
    }

    @Test func anUnterminatedQuoteIsAnErrorOrACountedSkip() throws {
        let text = "t,ax,ay,az,label\n0,0,0,1,\"walk\n0.02,0,0,1,walk\n"
        #expect(
            throws: LocomotionError.malformedCell(
                path: "f.csv", line: 2, column: "label", value: "walk",
                expected: "closed by a quote on the same line (a quoted cell may not span lines)")
        ) { try load(text) }
        let lenient = try load(text, RecordingReadOptions(lenient: true))
        #expect(lenient.recording.time == [0.02] && lenient.report.skippedRows == [.unterminatedQuote: 1])
        #expect(throws: LocomotionError.self) { try load("t,ax,ay,az,\"label\n0,0,0,1,w\n") }
    }

    @Test func impossibleDatesAreMalformedTimes() {
        for time in ["2024-02-30T00:00:00Z", "2024-02-01T00:00:00+25:00"] {
            #expect(throws: LocomotionError.self, "\(time)") { try load("t,ax,ay,az\n\(time),0,0,1\n") }
        }
    }

    @Test func aLatitudeOrLongitudeOutOfRangeIsAnErrorOrACountedSkip() throws {
        let text = "t,ax,ay,az,lat,lon\n0,0,0,1,45,10\n0.02,0,0,1,200,10\n0.04,0,0,1,45,-190\n0.06,0,0,1,,\n"
        #expect(
            throws: LocomotionError.malformedCell(
                path: "f.csv", line: 3, column: "lat", value: "200", expected: "a number in -90...90")
        ) { try load(text) }
        let lenient = try load(text, RecordingReadOptions(lenient: true))
        #expect(lenient.recording.time == [0, 0.06])
        #expect(lenient.report.skippedRows == [.outOfRange: 2])
        #expect(lenient.recording.latitude?.first == 45 && lenient.recording.latitude?.last?.isNaN == true)
    }
}

@Suite("RecordingReader: first errors say what the file is")
struct RecordingReaderFirstErrorTests {
    @Test(arguments: [
        ("t;ax;ay;az\n0;0;0;1\n", "its cells are separated by ';', not commas"),
        ("t\tax\tay\taz\n0\t0\t0\t1\n", "its cells are separated by tabs, not commas"),
        ("# phone export\nt,ax,ay,az\n0,0,0,1\n", "line 1 is a comment ('#…')"),
        ("sep=,\nt,ax,ay,az\n0,0,0,1\n", "line 1 is a spreadsheet's 'sep=,' hint"),
        ("\u{FEFF}\u{FEFF}t,ax,ay,az\n0,0,0,1\n", "it starts with two UTF-8 byte-order marks"),
    ])
    func textThatIsNotOurCSV(text: String, reason: String) throws {
        let message = try readError(Array(text.utf8))
        #expect(message?.hasPrefix("FILE: cannot read the file: \(reason)") == true, "\(message ?? "no error")")
    }

    @Test(arguments: [
        ([0x1F, 0x8B, 0x08, 0x00, 0x0A] as [UInt8], "it is gzip-compressed"),
        ([0x50, 0x4B, 0x03, 0x04, 0x0A], "it is a ZIP archive"),
        ([0xFF, 0xFE, 0x74, 0x00, 0x2C, 0x00], "it is UTF-16 text"),
        ([0x74, 0x00, 0x2C, 0x00, 0x61, 0x00], "it holds NUL bytes"),
        ([0x74, 0x2C, 0x0D, 0x00, 0x00, 0x00, 0x0D, 0x01], "it holds NUL bytes"),
    ])
    func filesThatAreNotText(bytes: [UInt8], reason: String) throws {
        let message = try readError(bytes)
        #expect(message?.hasPrefix("FILE: cannot read the file: \(reason)") == true, "\(message ?? "no error")")
    }

    @Test func backwardsTimeHintsAtAGroupColumn() {
        let error = #expect(throws: LocomotionError.self) {
            try load("t,ax,ay,az,case_id\n0,0,0,1,a\n1,0,0,1,a\n0,0,0,1,b\n")
        }
        #expect(error?.description.contains("group column") == true)
        // The library names no command-line option; the command line adds its own.
        #expect(error?.description.contains("--") == false)
    }
}

@Suite("RecordingReader: notes on what may be misread")
struct RecordingPlausibilityTests {
    @Test func aColumnNamedWithItsUnitWinsOverABareNameAndTheOtherIsNoted() throws {
        let loaded = try load("t,ax,ay,az,acc_x_g,acc_y_g,acc_z_g\n0,9.8,0,0,1,0,0\n")
        #expect(loaded.recording.acceleration?.x == [1])
        #expect(loaded.recording.extraColumns.map(\.name) == ["ax", "ay", "az"])
        #expect(loaded.layout.notes.count == 1)
        #expect(loaded.layout.notes.first?.contains("ax (accelerationX is read from acc_x_g)") == true)
        // Alone, a bare name is used as before, without a note.
        #expect(try load("t,ax,ay,az\n0,1,0,0\n").layout.notes.isEmpty)
    }

    static func recording(interval: Double, start: Double = 0, scale: Double = 1) -> Recording {
        let count = 200
        return Recording(
            source: "r", time: (0..<count).map { start + Double($0) * interval },
            acceleration: ThreeAxisSeries(
                x: Array(repeating: 0.1 * scale, count: count), y: Array(repeating: 0, count: count),
                z: (0..<count).map { (1 + 0.2 * sin(Double($0))) * scale }))
    }

    @Test(arguments: [
        (20.0, "milliseconds"), (20_000.0, "microseconds"), (20_000_000.0, "nanoseconds"),
    ])
    func timestampsInASmallerUnitAreNoted(interval: Double, unit: String) {
        let notes = Self.recording(interval: interval, start: 1.7e9 * interval / 0.02).plausibilityNotes()
        #expect(notes.count == 1)
        #expect(notes.first?.contains("timestamps look like \(unit), not seconds (that would be 50 Hz)") == true)
    }

    @Test(arguments: [(9.80665, "m/s²"), (1000.0, "milli-g")])
    func accelerationInAnotherUnitIsNoted(scale: Double, unit: String) {
        let notes = Self.recording(interval: 0.02, scale: scale).plausibilityNotes()
        #expect(notes.count == 1 && notes.first?.contains("the values look like \(unit), not g") == true)
    }

    @Test func aPlausibleRecordingHasNoNotes() {
        #expect(Self.recording(interval: 0.02).plausibilityNotes().isEmpty)
        #expect(Self.recording(interval: 0.002).plausibilityNotes().isEmpty)
    }

    @Test func messagesCarryNoFloatNoise() {
        let error = LocomotionError.invalidParameter(
            name: "sampleRate", value: "204.79213598198322", requirement: "it must be in 10...200 Hz")
        #expect(error.description == "sampleRate = 204.792 is invalid; it must be in 10...200 Hz")
        #expect(
            LocomotionError.invalidParameter(name: "count", value: "1234567", requirement: "r").description
                == "count = 1234567 is invalid; r")
        #expect(1_700_000_000.021.compactDescription == "1700000000.021")
        #expect(1.7e18.compactDescription == "1700000000000000000" && 1e300.compactDescription == "1e+300")
        #expect(5e-8.compactDescription == "5e-08" && Double.nan.compactDescription == "nan")
    }
}
