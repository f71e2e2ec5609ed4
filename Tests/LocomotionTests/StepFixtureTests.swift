import Foundation
import Testing

@testable import Locomotion

/// A regression test on real data: 37 s of a lower-back sensor from Mobilise-D with reference
/// initial contacts (Fixtures/README-mobilised-d.md). The thresholds are what the detector
/// achieves on this excerpt, so a change that makes it worse fails; the project's targets and
/// the whole-recording numbers are in docs/Accuracy.md.
@Suite("Step detection on a Mobilise-D excerpt")
struct StepFixtureTests {
    static let name = "mobilised-d-HA001-test11-90-127s"

    static func column(_ file: String, _ header: String) throws -> [Double] {
        let url = try #require(Bundle.module.url(forResource: file, withExtension: "csv", subdirectory: "Fixtures"))
        let lines = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline)
        let index = try #require(lines[0].split(separator: ",").firstIndex { $0 == header })
        return lines.dropFirst().map {
            Double($0.split(separator: ",", omittingEmptySubsequences: false)[index]) ?? .nan
        }
    }

    @Test func stepsInsideTheReferenceBoutsMatchTheInitialContacts() throws {
        let url = try #require(
            Bundle.module.url(forResource: Self.name + "_imu", withExtension: "csv", subdirectory: "Fixtures"))
        let recording = try RecordingReader.read(path: url.path).recording
        let detection = try recording.detectSteps()
        #expect(abs(detection.sampleRate - 100) < 0.01)
        let reference = try Self.column(Self.name + "_ref-INDIP_initial_contacts", "ic_time_s")
        let starts = try Self.column(Self.name + "_ref-INDIP_walking_bouts", "start_s")
        let ends = try Self.column(Self.name + "_ref-INDIP_walking_bouts", "end_s")
        let tolerance = 0.25
        let inBouts = detection.steps.map(\.time).filter { time in
            zip(starts, ends).contains { (($0 - tolerance)...($1 + tolerance)).contains(time) }
        }
        let matching = StepMatching(detected: inBouts, reference: reference, tolerance: tolerance)
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
}
