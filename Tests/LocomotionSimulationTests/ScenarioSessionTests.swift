import Foundation
import Locomotion
import LocomotionSimulation
import Testing

@Suite("Scenario sessions")
struct ScenarioSessionTests {
    @Test(arguments: ScenarioName.allCases) func theSameSeedGivesTheSameCSV(_ name: ScenarioName) {
        let first = Scenario.session(name, duration: name.minimumDuration, seed: 42)
        let second = Scenario.session(name, duration: name.minimumDuration, seed: 42)
        #expect(first.csv == second.csv)
        #expect(first.activityReports == second.activityReports)
    }

    @Test func differentSeedsGiveDifferentSessions() {
        let a = Scenario.sidewalkWalk(duration: 30, seed: 1)
        let b = Scenario.sidewalkWalk(duration: 30, seed: 2)
        #expect(a.csv != b.csv)
        #expect(a.recording.acceleration?.x != b.recording.acceleration?.x)
        #expect(a.recording.speed != b.recording.speed)
    }

    @Test func theWrittenCSVReadsBack() throws {
        let session = Scenario.commute(duration: 300, seed: 9)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("simulated-\(UUID().uuidString).csv")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try session.write(to: path)
        let loaded = try RecordingReader.read(path: path)
        #expect(loaded.report.skippedRows.isEmpty)
        #expect(loaded.recording.count == session.recording.count)
        // Bit for bit: written again, the recording read back is the same text.
        #expect(RecordingWriter.csv(loaded.recording) == session.csv)
        #expect(loaded.recording.rotationRate != nil && loaded.recording.cadence != nil)
        #expect(try SimulatedSession.activityReports(in: loaded.recording) == session.activityReports)
        #expect(loaded.recording.labels?.first == "walking")
    }

    @Test(arguments: ScenarioName.allCases) func aScenarioHasItsDurationColumnsAndTruth(_ name: ScenarioName) throws {
        let session = Scenario.session(name)
        let recording = session.recording
        #expect(abs(Double(recording.count) / 50 - name.defaultDuration) < 1e-9)
        let rate = try #require(recording.samplingAnalysis()).sampleRate
        #expect(abs(rate - 50) < 1e-6)
        #expect(session.truth.first?.start == 0 && session.truth.last?.end == name.defaultDuration)
        #expect(!session.steadySpans.isEmpty)
        // At rest the phone reads about 1 g; the mean |a| stays near it.
        let magnitude = try #require(recording.accelerationMagnitude)
        let mean = magnitude.reduce(0, +) / Double(magnitude.count)
        #expect(abs(mean - 1) < 0.06)
        // One fix per second at most, from whole seconds.
        let fixes = try recording.locationFixes()
        #expect(fixes.count <= Int(name.defaultDuration))
        #expect(fixes.allSatisfy { $0.time == $0.time.rounded() })
        // Events come in time order, reports included.
        let times = try session.events().map(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func secondsOverrideTheDurationAboveTheMinimum() {
        #expect(Scenario.sidewalkWalk(duration: 45).recording.duration == 45 - 0.02)
        #expect(Scenario.trafficJam(duration: 10).truth.last?.end == ScenarioName.trafficJam.minimumDuration)
        let sprint = Scenario.sprintToBus(duration: 200)
        #expect(sprint.truth.map(\.activity) == [.running, .stationary])
        #expect(sprint.truth[0].end == 15 && sprint.truth[1].end == 200)
    }

    @Test func theDocumentedExampleRuns() throws {
        let session = Scenario.session(.trafficJam, seed: 7)
        var votes = VoteFusion.Configuration()
        votes.operatingSystemVotes = .trafficJam
        var detector = try ActivityDetector(
            sampleRate: session.sampleRate, classifier: .voteFusion(try VoteFusion(configuration: votes)),
            hasGyroscope: true)
        let decisions = try detector.process(session.events())
        let jam = try #require(session.steadySpan("jam"))
        let inJam = decisions.filter { jam.contains(start: $0.result.start, end: $0.result.end) }
        #expect(inJam.count > 50 && inJam.allSatisfy { $0.committed == .driving })
    }

    @Test func scenariosAreNamedByNameOrLetter() {
        #expect(ScenarioName(argument: "C") == .trafficJam)
        #expect(ScenarioName(argument: "sprint-to-bus") == .sprintToBus)
        #expect(ScenarioName(argument: "COMMUTE") == .commute)
        #expect(ScenarioName(argument: "i") == nil)
        #expect(ScenarioName.allCases.compactMap(\.letter) == ["A", "B", "C", "D", "E", "F", "G", "H"])
    }

    @Test func theGPSIsDeniedInTheCarParkAndNearZeroOnTheTreadmill() throws {
        let carPark = try Scenario.carParkWalk().recording.locationFixes()
        #expect(!carPark.isEmpty && carPark.allSatisfy { $0.speed == -1 && $0.speedAccuracy == -1 })
        let treadmill = try Scenario.treadmillWalk().recording.locationFixes()
        #expect(treadmill.allSatisfy { $0.speed >= 0 && $0.speed < 1 })
    }
}
