import Foundation
@_spi(Testing) import Locomotion
import Testing

@Suite struct RecordingAnalysisTests {
    @Test func theBundledWalkIsOneWalkWithItsStepsOnFoot() throws {
        let analysis = try TestRecordings.bundledWalk().analyzeActivities()
        let walking = try #require(analysis.timeline.segments.first { $0.activity == .walking })
        #expect(walking.duration > 55)
        #expect(analysis.timeline.segments.filter { $0.activity == .walking }.count == 1)
        #expect(analysis.steps.count <= analysis.detectedSteps.count && analysis.steps.count > 90)
        #expect(analysis.steps.allSatisfy { step in walking.start <= step.time && step.time <= walking.end })
        #expect((1.4...2.0).contains(try #require(analysis.meanCadence)))
        #expect(try #require(analysis.confusion?.accuracy) > 0.95)
        #expect(analysis.trips.isEmpty && analysis.speedReport == nil)
    }

    @Test func smoothingChoices() throws {
        let recording = try TestRecordings.bundledWalk()
        // Without smoothing and without the in-vehicle stage, the results are the windows' own.
        let raw = try recording.analyzeActivities(.init(smoothing: .none, inVehicle: nil))
        #expect(raw.smoothed == raw.windows)
        let hmm = try recording.analyzeActivities(.init(smoothing: try .hiddenMarkov(hop: 1.28)))
        #expect(hmm.smoothed.count == raw.windows.count)
        #expect(hmm.smoothed.allSatisfy { $0.probabilities != nil && $0.activity != .unknown })
        // The model's memory removes the isolated windows the rules called otherwise.
        let changes = zip(hmm.smoothed, hmm.smoothed.dropFirst()).filter { $0.activity != $1.activity }.count
        let rawChanges = zip(raw.windows, raw.windows.dropFirst()).filter { $0.activity != $1.activity }.count
        #expect(changes < rawChanges)
    }

    @Test func emissionsOfRuleDecisions() {
        let evidence = ActivityEvidence(speed: nil, cadence: nil, accelerationVariance: nil)
        let sure = ActivityResult(activity: .driving, confidence: .high, evidence: evidence, start: 0, end: 1)
        #expect(ActivitySmoothing.emission(of: sure) == [0, 0, 0, 1, 0])
        let unsure = ActivityResult(activity: .walking, confidence: .low, evidence: evidence, start: 0, end: 1)
        let emission = ActivitySmoothing.emission(of: unsure)
        #expect(emission[0] == 0.3 && abs(emission.reduce(0, +) - 1) < 1e-12)
        let unknown = ActivityResult(activity: .unknown, confidence: .low, evidence: evidence, start: 0, end: 1)
        #expect(ActivitySmoothing.emission(of: unknown) == [Double](repeating: 0.2, count: 5))
    }
}
