import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// The path of a fixture in `Fixtures/formats`.
private func fixture(_ name: String) throws -> String {
    let base = try #require(Bundle.module.resourceURL)
    return base.appendingPathComponent("Fixtures/formats/\(name)").path
}

private func read(_ name: String, _ options: RecordingReadOptions = .init()) throws -> ImportedRecording {
    try RecordingImporter.read(path: try fixture(name), options: options)
}

/// Writes `bytes` to a fresh temporary file and returns its path.
private func temporaryFile(_ bytes: [UInt8], name: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "locomotion-formats-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
}

@Suite("RecordingFormat: detection from content")
struct RecordingFormatDetectionTests {
    @Test(arguments: [
        ("sensorlogger-android", RecordingFormat.sensorLogger), ("sensorlogger-android.zip", .sensorLogger),
        ("sensorlogger-ios", .sensorLogger), ("sensorlogger-android/Location.csv", .sensorLogger),
        ("phyphox-acceleration.csv", .phyphox), ("phyphox-acceleration-semicolon.csv", .phyphox),
        ("phyphox-location.csv", .phyphox), ("physicstoolbox-gforce.csv", .physicsToolbox),
        ("physicstoolbox-seconds.csv", .physicsToolbox), ("track.gpx", .gpx),
    ])
    func fixturesAreRecognised(name: String, format: RecordingFormat) throws {
        #expect(try RecordingFormat.detect(path: try fixture(name)) == format)
    }

    @Test func theOwnCSVAndItsLookalikesStayCSV() throws {
        for text in ["t,ax,ay,az\n0,0,0,1\n", "time,ax,ay,az\n0,0,0,1\n", "t_s,acc_x_g\n0,1\n"] {
            let path = try temporaryFile(Array(text.utf8), name: "plain.csv")
            #expect(try RecordingFormat.detect(path: path) == .csv, "\(text)")
        }
    }

    @Test func aFolderWithoutAnExportIsRefusedWithItsReason() throws {
        let path = try temporaryFile(Array("x".utf8), name: "notes.txt")
        let folder = (path as NSString).deletingLastPathComponent
        #expect(throws: LocomotionError.self) { try RecordingFormat.detect(path: folder) }
        do {
            _ = try RecordingFormat.detect(path: folder)
        } catch {
            guard error.code == .unreadableFile else { Issue.record("\(error)"); return }
            #expect(error.location == .file(folder) && error.message.contains("no Sensor Logger or phyphox export"))
        }
    }
}

@Suite("ZipArchive")
struct ZipArchiveTests {
    @Test func entriesAreListedAndDecodedWithTheirCRCChecked() throws {
        let archive = try ZipArchive(path: try fixture("sensorlogger-android.zip"))
        let names = archive.entries.map(\.name)
        #expect(names.contains("Walk-2023-11-14_22-13-20/Accelerometer.csv") && names.count == 9)
        let entry = try #require(archive.entry(named: "Walk-2023-11-14_22-13-20/Pedometer.csv"))
        #expect(entry.method == 8)
        let text = String(decoding: try archive.contents(of: entry), as: UTF8.self)
        let original = try String(contentsOfFile: try fixture("sensorlogger-android/Pedometer.csv"), encoding: .utf8)
        #expect(text == original)
    }

    @Test func corruptTruncatedAndForeignFilesGiveReasonsNotCrashes() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try fixture("sensorlogger-android.zip"))))
        // A flipped byte inside the first entry's compressed data: CRC or inflate error.
        var flipped = bytes
        flipped[80] ^= 0xFF
        let flippedArchive = try ZipArchive(path: try temporaryFile(flipped, name: "flipped.zip"))
        #expect(throws: LocomotionError.self) { _ = try flippedArchive.contents(of: flippedArchive.entries[0]) }
        // Truncated: the central directory is gone.
        #expect(throws: LocomotionError.self) {
            _ = try ZipArchive(path: try temporaryFile(Array(bytes.prefix(bytes.count / 2)), name: "cut.zip"))
        }
        #expect(throws: LocomotionError.self) {
            _ = try ZipArchive(path: try temporaryFile(Array("PK\u{3}\u{4}".utf8), name: "tiny.zip"))
        }
        do {
            _ = try ZipArchive(path: try temporaryFile(Array(bytes.prefix(bytes.count / 2)), name: "cut.zip"))
        } catch {
            #expect("\(error)".contains("end-of-central-directory"))
        }
    }

    @Test func inflateChecksTheDeclaredSize() throws {
        // "hello" deflated raw (fixed Huffman), as Python's zlib.compressobj(wbits=-15) writes it.
        let deflated: [UInt8] = [0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00]
        let decoded = try deflated.withUnsafeBytes { try Zlib.inflateRaw($0, expectedSize: 5) }
        #expect(String(decoding: decoded, as: UTF8.self) == "hello")
        #expect(throws: Zlib.Failure.self) {
            _ = try deflated.withUnsafeBytes { try Zlib.inflateRaw($0, expectedSize: 4) }
        }
        #expect(throws: Zlib.Failure.self) {
            _ = try deflated.withUnsafeBytes { try Zlib.inflateRaw($0, expectedSize: 6) }
        }
        #expect(Array("hello".utf8).withUnsafeBytes { Zlib.crc32($0) } == 0x3610_A686)
    }
}

@Suite("Sensor Logger exports")
struct SensorLoggerImportTests {
    @Test func aFolderAndItsZipGiveTheSameRecording() throws {
        let folder = try read("sensorlogger-android")
        let zip = try read("sensorlogger-android.zip")
        var zipped = zip.recording
        zipped.source = folder.recording.source
        // NaN (no fix in a row) is not equal to itself: compare the written CSV, which is exact.
        #expect(RecordingWriter.csv(zipped) == RecordingWriter.csv(folder.recording))
        #expect(zipped.count == 99)
        #expect(zip.merge.rowsOutsideCommonSpan == folder.merge.rowsOutsideCommonSpan)
        #expect(zip.loaded.report.rowsRead == folder.loaded.report.rowsRead)
    }

    @Test func androidUnitsSignsAndStreamsAreMergedOnOneTimeBase() throws {
        let imported = try read("sensorlogger-android")
        let recording = imported.recording
        #expect(imported.format == .sensorLogger && imported.platform == "android")
        #expect(imported.startEpochSeconds == 1_700_000_000)
        // Rows: TotalAcceleration's 0.00…2.00 s inside the span of Accelerometer (0.01…1.99) and
        // Gyroscope (0.005…1.985 s): 0.02…1.98, 99 rows; 2 rows left out and counted.
        #expect(recording.count == 99 && imported.merge.rowsOutsideCommonSpan == 2)
        #expect(abs(recording.time[0] - 0.02) < 1e-9)
        let acceleration = try #require(recording.acceleration)
        #expect(acceleration.z.allSatisfy { abs($0 + 1) < 1e-12 })  // +g on Android → −1 g
        let linear = try #require(recording.linearAcceleration)
        // Linear z = 0.1 g · sin(2π i/50) at 0.01 + i/50 s, negated; at 0.02 s halfway between i = 0 and 1.
        let expected = -0.1 * (0 + sin(2 * Double.pi / 50)) / 2
        #expect(abs(linear.z[0] - expected) < 1e-6)
        let rate = try #require(recording.rotationRate)
        #expect(abs(rate.x[0] - 0.1) < 1e-9 && abs(rate.y[0] + 0.2) < 1e-9 && abs(rate.z[0] - 0.3) < 1e-9)

        let fixes = try recording.locationFixes()
        #expect(fixes.count == 2)  // the third fix is after the last row
        #expect(imported.merge.eventsAfterLastRow.values.reduce(0, +) == 1)
        #expect(fixes[0].speed == 1.25 && fixes[0].speedAccuracy == 0.5 && fixes[0].horizontalAccuracy == 4.5)
        #expect(fixes[0].time == 0.5 && fixes[1].speedValidity() == .invalid)
        #expect(recording.steps?.filter { !$0.isNaN } == [2, 4])
        let pressure = try #require(recording.extraColumns.first { $0.name == "pressure_hpa" })
        #expect(pressure.values.filter { !$0.isEmpty } == ["1013.25", "1013.24"])
        let labels = try #require(recording.labels)
        #expect(labels[0] == "" && labels[10] == "walking" && labels.last == "standing")
        #expect(imported.notes.contains { $0.contains("Magnetometer.csv") })
        #expect(imported.merge.omittedCount == 3)
    }

    @Test func iosAccelerationIsUserAccelerationPlusGravityWithoutASignChange() throws {
        let imported = try read("sensorlogger-ios")
        #expect(imported.platform == "ios")
        let acceleration = try #require(imported.recording.acceleration)
        #expect(acceleration.z.allSatisfy { abs($0 + 0.9) < 1e-12 })
        #expect(imported.recording.linearAcceleration?.z.allSatisfy { abs($0 - 0.1) < 1e-12 } == true)
        #expect(imported.recording.rotationRate?.x.first == 0.1)
    }

    @Test func aBadCellNamesTheFileInsideTheArchiveAndItsLine() throws {
        let text = "time,seconds_elapsed,z,y,x\n1,0.0,1,2,3\n2,0.02,1,oops,3\n"
        let folder = (try temporaryFile(Array(text.utf8), name: "Accelerometer.csv") as NSString)
            .deletingLastPathComponent
        do {
            _ = try RecordingImporter.read(path: folder)
            Issue.record("a malformed cell was accepted")
        } catch {
            #expect(
                error
                    == .malformedCell(
                        path: folder + "/Accelerometer.csv", line: 3, column: "y", value: "oops", expected: "a number"))
        }
        var lenient = RecordingReadOptions()
        lenient.lenient = true
        let imported = try RecordingImporter.read(path: folder, options: lenient)
        #expect(imported.recording.count == 1 && imported.loaded.report.skippedRows[.malformedNumber] == 1)
        #expect(
            imported.files.first { $0.role == "linear acceleration" }?.report.firstSkippedLine[.malformedNumber] == 3)
    }

    @Test func theFormatCanBeForcedAndAWrongOneIsRefused() throws {
        var options = RecordingReadOptions()
        options.format = .gpx
        #expect(throws: LocomotionError.self) { _ = try read("sensorlogger-android", options) }
        options.format = .csv
        #expect(throws: LocomotionError.self) { _ = try read("phyphox-location.csv", options) }
        options.format = .sensorLogger
        #expect(try read("sensorlogger-android.zip", options).recording.count == 99)
    }
}

@Suite("Physics Toolbox, phyphox and GPX files")
struct AppFileImportTests {
    @Test func physicsToolboxClockTimesCrossMidnightWithDecimalCommasAndSigns() throws {
        let imported = try read("physicstoolbox-gforce.csv")
        let recording = imported.recording
        #expect(recording.count == 5)
        let expected = [86_399.98, 86_399.99, 86_400.0, 86_400.011, 86_400.02]
        #expect(zip(recording.time, expected).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(recording.acceleration?.z == [-1, -1, -1, -1, -1])
        #expect(recording.acceleration?.y.allSatisfy { abs($0 + 0.1) < 1e-12 } == true)
        #expect(recording.extraColumns.map(\.name) == ["TgF"])
        #expect(try read("physicstoolbox-seconds.csv").recording.time == [0, 0.005, 0.012])
    }

    @Test func physicsToolboxBadStampsAreErrorsOrCountedRows() throws {
        let text = "time;gFx;gFy;gFz;TgF\n10:00:00:0000;0;0;1;1\n10:00:0x:0010;0;0;1;1\n10:00:00:0020;0;0;1;1\n"
        let path = try temporaryFile(Array(text.utf8), name: "ptb.csv")
        #expect(throws: LocomotionError.self) { _ = try RecordingImporter.read(path: path) }
        do {
            _ = try RecordingImporter.read(path: path)
        } catch {
            guard error.code == .malformedCell else { Issue.record("\(error)"); return }
            #expect(error.location?.line == 3 && error.location?.column == "t_s" && error.value == "10:00:0x:0010")
        }
        var lenient = RecordingReadOptions()
        lenient.lenient = true
        let imported = try RecordingImporter.read(path: path, options: lenient)
        #expect(imported.recording.count == 2 && imported.loaded.report.skippedRowCount == 1)
    }

    @Test func exportsWithWindowsLineEndsReadAsWithUnixOnes() throws {
        // "\r\n" is one Swift Character: each line must still be a line.
        let text = "time;gFx;gFy;gFz;TgF\n10:00:00:0000;0;0;1;1\n10:00:00:0010;0;0;1;1\n10:00:00:0020;0;0;1;1\n"
        let unix = try RecordingImporter.read(path: try temporaryFile(Array(text.utf8), name: "ptb-lf.csv"))
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        let windows = try RecordingImporter.read(path: try temporaryFile(Array(crlf.utf8), name: "ptb-crlf.csv"))
        #expect(unix.recording.count == 3 && windows.recording.count == 3)
        #expect(windows.recording.time == unix.recording.time)
        #expect(windows.recording.acceleration == unix.recording.acceleration)
    }

    @Test func phyphoxCommaAndSemicolonExportsAgree() throws {
        let comma = try read("phyphox-acceleration.csv").recording
        let semicolon = try read("phyphox-acceleration-semicolon.csv").recording
        #expect(comma.count == 20 && comma.time == semicolon.time && comma.acceleration == semicolon.acceleration)
        #expect(comma.acceleration?.z.allSatisfy { abs($0 + 1) < 1e-9 } == true)
        #expect(comma.acceleration?.y.allSatisfy { abs($0 + 0.5) < 1e-9 } == true)
        let location = try read("phyphox-location.csv").recording
        let fixes = try location.locationFixes()
        #expect(fixes.map(\.speed) == [1.2, 1.3] && fixes[0].horizontalAccuracy == 5 && fixes[0].speedAccuracy == nil)
    }

    @Test func gpxSpeedsComeFromExtensionsOrPositionsAndUntimedPointsAreCounted() throws {
        #expect(throws: LocomotionError.self) { _ = try read("track.gpx") }
        do {
            _ = try read("track.gpx")
        } catch let error as LocomotionError {
            guard error.code == .malformedCell else { Issue.record("\(error)"); return }
            #expect(error.location?.line == 15 && error.location?.column == "time")
        }
        var lenient = RecordingReadOptions()
        lenient.lenient = true
        let imported = try read("track.gpx", lenient)
        let recording = imported.recording
        #expect(imported.loaded.report.skippedRows == [.missingValue: 1])
        #expect(recording.count == 5 && recording.time[0] == 1_286_169_199)
        let speed = try #require(recording.speed)
        #expect(speed[0] == 1.5 && speed[1] == 1.25)
        // 0.0009° of latitude in 10 s: 100.08 m on the IUGG mean sphere.
        let metres = 0.0009 * Double.pi / 180 * 6_371_008.8
        #expect(abs(speed[2] - metres / 10) < 1e-6 && abs(speed[3] - metres / 10) < 1e-6)
        #expect(recording.extraColumns.first { $0.name == "segment" }?.values == ["1", "1", "2", "2", "2"])
        #expect(recording.extraColumns.first { $0.name == "elevation_m" }?.values.first == "10.5")
    }
}

@Suite("Phone formats: fuzzed")
struct RecordingImporterFuzzTests {
    /// Mutates bytes (replace, delete, duplicate a line) and reads the result: every outcome is a
    /// recording or a `LocomotionError`, never a crash; the untouched file reads.
    @Test(arguments: [
        "physicstoolbox-gforce.csv", "phyphox-acceleration-semicolon.csv", "track.gpx", "sensorlogger-android.zip",
        "sensorlogger-android/Location.csv",
    ])
    func mutatedFilesNeverCrash(name: String) throws {
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: try fixture(name))))
        var generator = SplitMix64(seed: UInt64(name.utf8.count) &* 7919)
        var failures = 0
        let alphabet = Array(";,.:-0123456789\n\"<>/ eE".utf8) + [0x00, 0xFF]
        for round in 0..<60 {
            var bytes = original
            for _ in 0..<(1 + round % 4) {
                let position = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[position] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                case 1: bytes.remove(at: position)
                default: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
                }
            }
            let extensionName = (name as NSString).pathExtension
            let path = try temporaryFile(bytes, name: name.contains("/") ? "Location.csv" : "fuzz.\(extensionName)")
            for lenient in [false, true] {
                var options = RecordingReadOptions()
                options.lenient = lenient
                do {
                    let imported = try RecordingImporter.read(path: path, options: options)
                    #expect(imported.recording.time.count == imported.recording.count)
                } catch {
                    failures += 1
                    #expect(!"\(error)".isEmpty)
                }
            }
        }
        var lenient = RecordingReadOptions()
        lenient.lenient = true
        #expect(try RecordingImporter.read(path: try fixture(name), options: lenient).recording.count > 0)
        #expect(failures > 0, "mutations never produced an error: the fuzzing does not reach the parser")
    }
}
