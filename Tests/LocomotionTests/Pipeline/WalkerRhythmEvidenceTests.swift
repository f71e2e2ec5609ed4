import Foundation
import Testing

@testable import Locomotion

/// The walker's rhythm as walking evidence (``WalkerRhythmEvidence``): which window results it may
/// turn into walking, and only while a slow rhythm is recent.
@Suite struct WalkerRhythmEvidenceTests {
    let evidence = WalkerRhythmEvidence()

    func result(_ activity: ActivityType, _ confidence: Confidence = .low, speed: Double? = nil, end: Double = 20)
        -> ActivityResult
    {
        ActivityResult(
            activity: activity, confidence: confidence,
            evidence: ActivityEvidence(speed: speed, cadence: nil, accelerationVariance: 0.0004),
            start: end - 2.56, end: end)
    }

    @Test func aRecentSlowRhythmMakesStillAndGaitlessWindowsWalking() {
        let rhythm = (period: 1.4, lastStep: 17.0)
        for activity in [ActivityType.stationary, .driving] {
            let turned = evidence.adjusted(result(activity), rhythm: rhythm)
            #expect(turned.activity == .walking)
            #expect(turned.confidence == .low)
            #expect(turned.start == 17.44 && turned.end == 20)
        }
        #expect(evidence.adjusted(result(.stationary, .high), rhythm: rhythm).activity == .walking)
    }

    @Test func noRhythmABriskOneOrAnOldOneChangesNothing() {
        #expect(evidence.adjusted(result(.stationary), rhythm: nil).activity == .stationary)
        // 0.6 s: 100 steps/min, a walker the classifier's own rules serve.
        #expect(evidence.adjusted(result(.stationary), rhythm: (period: 0.6, lastStep: 19)).activity == .stationary)
        #expect(evidence.adjusted(result(.stationary), rhythm: (period: 0.8, lastStep: 19)).activity == .stationary)
        // The last confirmed step 6 s before the window's end: the walker has stopped.
        #expect(evidence.adjusted(result(.driving), rhythm: (period: 1.4, lastStep: 14)).activity == .driving)
        #expect(evidence.adjusted(result(.driving), rhythm: (period: 1.4, lastStep: 14.6)).activity == .walking)
    }

    @Test func strongerDecisionsAndVehicleSpeedsAreKept() {
        let rhythm = (period: 1.4, lastStep: 19.0)
        for activity in [ActivityType.cycling, .running, .unknown] {
            #expect(evidence.adjusted(result(activity), rhythm: rhythm).activity == activity)
        }
        #expect(evidence.adjusted(result(.driving, .medium), rhythm: rhythm).activity == .driving)
        #expect(evidence.adjusted(result(.driving, .high), rhythm: rhythm).activity == .driving)
        #expect(evidence.adjusted(result(.driving, speed: 5), rhythm: rhythm).activity == .driving)
        #expect(evidence.adjusted(result(.stationary, speed: 3), rhythm: rhythm).activity == .stationary)
        #expect(evidence.adjusted(result(.stationary, speed: 1.2), rhythm: rhythm).activity == .walking)
    }

    /// A simulated walker at 45 steps/min (0.1 g heel strikes, one or two steps per 2.56 s window):
    /// the detector finds the steps, and only the rhythm makes them on foot — without it the
    /// windows read as driving without gait. (With the in-vehicle stage, which this evidence does
    /// not feed, the same minute is taken for a ride: docs/Accuracy.md.)
    @Test func aVerySlowWalkerIsOnFoot() throws {
        let (recording, truth) = GaitSimulation.walking(rate: 50, duration: 60, cadence: 0.75, amplitude: 0.1)
        var options = RecordingAnalysis.Options()
        options.inVehicle = nil
        let analysis = try recording.analyzeActivities(options)
        options.walkerRhythmEvidence = false
        let without = try recording.analyzeActivities(options)
        #expect(analysis.detectedSteps.count >= truth.count - 3)
        #expect(without.detectedSteps.count == analysis.detectedSteps.count)
        #expect(analysis.steps.count >= truth.count - 8)
        #expect(without.steps.count <= 5)
        #expect(analysis.timeline.segments.contains { $0.activity == .walking && $0.end - $0.start >= 40 })
    }

    /// Simulated road vibration and a phone at rest teach the detector no rhythm: nothing turns walking.
    @Test func ridesAndRestGainNoWalking() throws {
        for recording in [
            GaitSimulation.vehicle(rate: 50, duration: 300), GaitSimulation.still(rate: 50, duration: 120),
        ] {
            let analysis = try recording.analyzeActivities()
            #expect(analysis.steps.isEmpty)
            #expect(!analysis.windows.contains { $0.activity == .walking })
        }
    }
}
