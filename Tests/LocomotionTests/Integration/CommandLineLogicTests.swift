import Foundation
import Locomotion
import Testing

/// What the command line once computed itself and the library now provides: the label map file,
/// the hysteresis preset, the labelling rule of scoring, model evaluation and the analysis record.
@Suite("library logic the command line calls")
struct CommandLineLogicTests {
    @Test func theLabelMapParserReadsLinesSkipsCommentsAndNamesABadLine() throws {
        let map = try ActivityLabelMap.parse("# comment\n\n walk , Walking\nbus,driving\nbus,cycling\n", path: "m.csv")
        #expect(map == ["walk": .walking, "bus": .cycling])
        #expect(throws: LocomotionError.self) { try ActivityLabelMap.parse("walk,walking\nfly\n", path: "m.csv") }
        do {
            _ = try ActivityLabelMap.parse("walk,walking\nbus,teleporting\n", path: "m.csv")
            Issue.record("a line with an unknown activity was accepted")
        } catch {
            #expect(error.description == "m.csv:2: expected LABEL,ACTIVITY, not 'bus,teleporting'")
        }
        #expect(throws: LocomotionError.self) { try ActivityLabelMap.read(path: "/nonexistent/labels.csv") }
    }

    @Test func theHysteresisPresetLeavesDrivingTwiceAsSlowlyAndFiveSecondsIsTheDefault() {
        #expect(ActivityHysteresis.Configuration.holding(5) == ActivityHysteresis.Configuration())
        let preset = ActivityHysteresis.Configuration.holding(3)
        #expect(preset.holdTime == 3)
        #expect(preset.holdTime(leaving: .driving) == 6)
        #expect(preset.holdTime(leaving: .walking) == 3)
    }

    /// 20 s at 50 Hz: walking for 10 s, then sitting.
    static func twoLabelRecording() -> Recording {
        let time = (0..<1000).map { Double($0) / 50 }
        let z = time.map { 1 + 0.3 * sin(2 * Double.pi * 1.8 * $0) }
        return Recording(
            source: "two-labels", time: time,
            acceleration: ThreeAxisSeries(x: time.map { _ in 0 }, y: time.map { _ in 0 }, z: z),
            labels: time.map { $0 < 10 ? "walking" : "sitting" })
    }

    @Test func windowsWhoseSamplesCarryTwoLabelsAreNotScored() throws {
        let recording = Self.twoLabelRecording()
        let model = try ActivityModel.bundled
        let table = try recording.features(model.featureConfiguration)
        let results = try model.classify(table)
        let truths = ActivityTrainingSet.truths(of: table, recording: recording)
        let confusion = ActivityConfusion(results: results, truths: truths)
        let unanimous = table.windows.filter { $0.end < 10 || $0.start >= 10 }.count
        #expect(unanimous < table.count)  // some windows straddle the change
        #expect(confusion.total == unanimous)
        #expect(try model.evaluate(on: recording) == confusion)
        // A whole-file activity scores every window.
        #expect(try model.evaluate(on: recording, activity: .walking).total == table.count)
    }

    @Test func anAnalysisRecordRoundTripsThroughJSONLines() throws {
        let recording = Self.twoLabelRecording()
        let summary = try recording.analyzeActivities().summary
        let record = RecordingAnalysisRecord(summary)
        #expect(record.windows == summary.windowCount)
        #expect(record.confusion == summary.confusion)
        let failed = RecordingAnalysisRecord(file: "broken.csv", error: "broken.csv:2: bad")
        let text = record.jsonLine + "\n\n" + failed.jsonLine + "\n"
        #expect(!record.jsonLine.contains("\n"))
        let back = try RecordingAnalysisRecord.records(jsonLines: Data(text.utf8), path: "r.jsonl")
        #expect(back == [record, failed])
        do {
            _ = try RecordingAnalysisRecord.records(jsonLines: Data((text + "{\"file\":1}\n").utf8), path: "r.jsonl")
            Issue.record("a line that is not a record was accepted")
        } catch {
            #expect(error.description.hasPrefix("r.jsonl:4: not a record"))
        }
    }
}
