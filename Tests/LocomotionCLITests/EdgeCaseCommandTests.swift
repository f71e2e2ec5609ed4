import Foundation
import Locomotion
@_spi(Testing) import LocomotionCLI
import LocomotionTestSupport
import Testing

/// What the command line refuses or prints at the edges (docs/Reliability.md): nothing to score,
/// absurd model windows, invalid dates, empty label lists, too many feature windows, dates and
/// numbers outside ordinary ranges.
@Suite("Command line edge cases")
struct EdgeCaseCommandTests {
    static func folder() throws -> String { try temporaryFolder("edges") }

    /// Ten seconds at 50 Hz, without labels.
    static func unlabelled(in folder: String) throws -> String {
        let path = folder + "/still.csv"
        let rows = (0..<500).map { String(format: "%.2f,0.01,%.3f,0.99", Double($0) * 0.02, 0.01 * sin(Double($0))) }
        try (["t,ax,ay,az"] + rows).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func evaluateWithNothingToScoreFails() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(LocomotionTool.run(["evaluate", try Self.unlabelled(in: folder)]) == 1)
    }

    @Test func aModelWithAnAbsurdWindowIsRefusedWhenLoaded() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = String(decoding: try ActivityModel.bundled.encoded(), as: UTF8.self)
        let path = folder + "/model.json"
        for (window, accepted) in [("2.56", true), ("1e9", false), ("600", true), ("601", false)] {
            let edited = text.replacingOccurrences(
                of: #""windowDuration"\s*:\s*2\.56"#, with: "\"windowDuration\":\(window)", options: .regularExpression)
            #expect(edited.contains("\"windowDuration\":\(window)"))
            try edited.write(toFile: path, atomically: true, encoding: .utf8)
            let model = Result { try ActivityModel(contentsOf: URL(fileURLWithPath: path)) }
            #expect(((try? model.get()) != nil) == accepted, "windowDuration \(window)")
        }
        // The file written last names 601 s: a file error (1), as every damaged model.
        #expect(
            LocomotionTool.run(["classify", try Self.unlabelled(in: folder), "--classifier", "model", "--model", path])
                == 1)
        #expect(LocomotionTool.run(["train", folder, "--out", folder + "/m.json", "--window", "601"]) == 2)
    }

    /// The library's messages name a reading option as the library sets it; the command line
    /// words them with its flags, so its notes and errors read as before.
    @Test func libraryMessagesNameReadingOptionsByTheirFlags() {
        for suggestion in ReadOptionSuggestion.allCases {
            #expect(!suggestion.phrase.contains("--"))
            #expect(commandLineWording("use \(suggestion.phrase), or not") == "use \(suggestion.flag), or not")
        }
        #expect(
            commandLineWording("read them with \(ReadOptionSuggestion.rotationRateInDegreesPerSecond.phrase).")
                == "read them with --gyro-unit deg/s.")
        #expect(commandLineWording("nothing to replace") == "nothing to replace")
    }

    @Test func datesAreCheckedAgainstTheCalendar() {
        for good in ["2024-02-29", "2000-02-29", "0001-01-01", "9999-12-31", "2023-12-31"] {
            #expect(CalendarText.isDate(good), "\(good)")
        }
        for bad in [
            "abc", "2024-02-30", "2023-02-29", "1900-02-29", "2024-13-01", "2024-00-10", "2024-1-5", "0000-01-01",
            "2024-02-3x", "", "+024-01-01",
        ] {
            #expect(!CalendarText.isDate(bad), "\(bad)")
        }
        for bad in ["abc", "2024-02-30"] {
            #expect(LocomotionTool.run(["train", "/nonexistent", "--out", "/tmp/never.json", "--date", bad]) == 2)
        }
    }

    @Test func timesPrintInTheProlepticGregorianCalendarOrAsSeconds() {
        #expect(CalendarText.iso8601(epochSeconds: 0) == "1970-01-01T00:00:00Z")
        #expect(CalendarText.iso8601(epochSeconds: 1_700_000_000.9) == "2023-11-14T22:13:20Z")
        #expect(CalendarText.iso8601(epochSeconds: -1) == "1969-12-31T23:59:59Z")
        // Year 1, as GPX writes it (Foundation's formatter would print 0001-01-03).
        #expect(CalendarText.iso8601(epochSeconds: -62_135_596_800 + 36_000) == "0001-01-01T10:00:00Z")
        #expect(CalendarText.iso8601(epochSeconds: 951_782_400) == "2000-02-29T00:00:00Z")
        #expect(CalendarText.iso8601(epochSeconds: 253_402_300_799) == "9999-12-31T23:59:59Z")
        #expect(CalendarText.iso8601(epochSeconds: 1e300) == "1e+300 s from 1970-01-01 (outside years 1–9999)")
        #expect(CalendarText.iso8601(epochSeconds: .nan).hasSuffix("(outside years 1–9999)"))
    }

    @Test func emptyLabelListsAreUsageErrors() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.unlabelled(in: folder)
        #expect(LocomotionTool.run(["evaluate-steps", path, "--still-labels", ""]) == 2)
        #expect(LocomotionTool.run(["evaluate-steps", path, "--walking-labels", " , "]) == 2)
    }

    @Test func featuresRefusesMoreWindowsThanItHolds() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Ten seconds at 20 Hz, and ten more 30 hours later: 1.08 M windows at a hop of 0.1 s.
        let path = folder + "/long.csv"
        let rows = [0.0, 108_000].flatMap { start in
            (0..<200).map { String(format: "%.2f,0.01,%.3f,0.99", start + Double($0) * 0.05, 0.01 * sin(Double($0))) }
        }
        try (["t,ax,ay,az"] + rows).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(LocomotionTool.run(["features", path, "--hop", "0.1", "--json"]) == 1)
        #expect(LocomotionTool.run(["features", path, "--hop", "0.2", "--json"]) == 0)
        #expect(FeaturesCommand.largestWindowCount == 1 << 20)
    }

    @Test func aSpeedOf1e300PrintsWithAnExponentEverywhere() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/speeds.csv"
        let rows = (0..<20).map { "\($0),\($0 == 5 ? "1e300" : "1.5"),48.85,2.35" }
        try (["t,speed,latitude,longitude"] + rows).joined(separator: "\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        let run = try PipeInputTests.run(["speed", path], input: nil)
        #expect(run.status == 0, "\(run.errors)")
        // The fix's innovation (10^300 σ) and the list of rejected spikes printed 300 digits.
        let words = run.output.replacingOccurrences(of: path, with: "").split(whereSeparator: \.isWhitespace)
        let longest = words.map(\.count).max() ?? 0
        #expect(longest < 40, "\(run.output)")
        #expect(run.output.contains("1.000e+300"))
    }

    @Test func aGPXTrackAloneIsRefusedWithTheSpeedCommandAndTheOtherFilesStillRun() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let walk = try OutputSafetyTests.folder()
        defer { try? FileManager.default.removeItem(atPath: walk.folder) }
        try FileManager.default.copyItem(atPath: walk.walk, toPath: folder + "/walk.csv")
        let points = (0..<30).map {
            #"<trkpt lat="48.85" lon="2.35"><time>2024-05-01T10:00:\#(String(format: "%02d", $0))Z</time></trkpt>"#
        }
        try (#"<?xml version="1.0"?><gpx version="1.1"><trk><trkseg>"# + points.joined() + "</trkseg></trk></gpx>\n")
            .write(
                toFile: folder + "/track.gpx", atomically: true, encoding: .utf8)
        let alone = try PipeInputTests.run(["analyze", folder + "/track.gpx"], input: nil)
        #expect(alone.status == 1)
        #expect(alone.errors.contains("a GPX track holds positions and times, no acceleration"), "\(alone.errors)")
        #expect(alone.errors.contains("locomotion speed \(folder)/track.gpx"), "\(alone.errors)")
        // A folder collects the track too: it fails alone, the recording beside it is analyzed.
        let both = try PipeInputTests.run(["analyze", folder, "--jsonl"], input: nil)
        #expect(both.status == 1)
        #expect(both.output.contains("walk.csv") && both.output.contains("\"windows\""), "\(both.output)")
        #expect(both.errors.contains("no acceleration"), "\(both.errors)")
    }
}
