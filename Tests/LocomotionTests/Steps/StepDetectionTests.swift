import Foundation
import Locomotion
import Testing

/// A regression test on real data: 37 s of a lower-back sensor from Mobilise-D with reference
/// initial contacts (Fixtures/README-mobilised-d.md). The thresholds are what the detector
/// achieves on this excerpt, so a change that makes it worse fails; the project's targets and
/// the whole-recording numbers are in docs/Accuracy.md.
@Suite("Step detection on a Mobilise-D excerpt")
struct StepFixtureTests {
    static let name = "mobilised-d-HA001-test11-90-127s"

    static func column(_ file: String, _ header: String) throws -> [Double] {
        let url = try #require(Bundle.module.url(forResource: file, withExtension: "csv", subdirectory: "Fixtures"))
        return try ReferenceTable(path: url.path).column([header], fallback: false)
    }

    /// The detection on the excerpt and its matching with the reference inside the reference
    /// bouts (widened by the tolerance, 0.25 s), as `locomotion evaluate-steps --bouts` does.
    static func evaluate(_ configuration: StepDetectorConfiguration) throws -> (StepDetection, StepMatching, [Double]) {
        let url = try #require(
            Bundle.module.url(forResource: Self.name + "_imu", withExtension: "csv", subdirectory: "Fixtures"))
        let recording = try RecordingReader.read(path: url.path).recording
        let detection = try recording.detectSteps(configuration: configuration)
        let reference = try Self.column(Self.name + "_ref-INDIP_initial_contacts", "ic_time_s")
        let starts = try Self.column(Self.name + "_ref-INDIP_walking_bouts", "start_s")
        let ends = try Self.column(Self.name + "_ref-INDIP_walking_bouts", "end_s")
        let tolerance = 0.25
        let inBouts = detection.steps.map(\.time).filter { time in
            zip(starts, ends).contains { (($0 - tolerance)...($1 + tolerance)).contains(time) }
        }
        return (detection, StepMatching(detected: inBouts, reference: reference, tolerance: tolerance), reference)
    }

    @Test func stepsInsideTheReferenceBoutsMatchTheInitialContacts() throws {
        let (detection, matching, reference) = try Self.evaluate(.init())
        #expect(abs(detection.sampleRate - 100) < 0.01)
        #expect(reference.count == 16)
        #expect(abs(try #require(matching.countError)) <= 0.05, "\(matching)")
        #expect(try #require(matching.f1) >= 0.85, "\(matching)")
        // Step times at the vertical initial contact: 0.023 s from the reference on average
        // (the magnitude peaks alone: 0.054 s, all late).
        #expect(try #require(matching.meanAbsoluteOffset) <= 0.03, "\(matching)")
        #expect(abs(try #require(matching.meanOffset)) <= 0.02, "\(matching)")
        // No steps in the middle of the pause between the bouts (99.3–119.9 s); the detector finds
        // two steps just before the second bout, which the reference leaves unannotated.
        #expect(!detection.steps.contains { $0.time > 100.5 && $0.time < 118 })
    }

    /// The trunk preset's posture gate drops the two peaks of sitting down at the end of the
    /// second bout (123.9 and 124.8 s, 0.41 and 0.37 s from the nearest contacts) and keeps every
    /// matched step. The contacts at 123.36 s and the closing one at 125.17 s stay undetected,
    /// so the count falls to 14 of 16.
    @Test func theTrunkPresetDropsTheSittingDownPeaks() throws {
        let (_, defaults, _) = try Self.evaluate(.init())
        let (detection, trunk, _) = try Self.evaluate(.trunk)
        #expect(trunk.truePositives == defaults.truePositives, "\(trunk)")
        #expect(trunk.falsePositives == 0, "\(trunk)")
        #expect(defaults.falsePositives == 2, "\(defaults)")
        #expect(!detection.steps.contains { $0.time > 123.5 && $0.time < 125.5 })
    }
}
