import Foundation
@_spi(Testing) import Locomotion
import Testing

/// The walker's rhythm as walking evidence (``WalkerRhythmEvidence``): which window results it may
/// turn into walking, and only while a rhythm is recent (slow rhythms 5.5 s, brisker ones 2.5 s
/// plus two periods, not through a postural transition).
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

    @Test func noRhythmOrAnOldOneChangesNothing() {
        #expect(evidence.adjusted(result(.stationary), rhythm: nil).activity == .stationary)
        // The last confirmed step 6 s before the window's end: the walker has stopped.
        #expect(evidence.adjusted(result(.driving), rhythm: (period: 1.4, lastStep: 14)).activity == .driving)
        #expect(evidence.adjusted(result(.driving), rhythm: (period: 1.4, lastStep: 14.6)).activity == .walking)
        // Faster than 200 steps/min: no walk's rhythm.
        #expect(evidence.adjusted(result(.stationary), rhythm: (period: 0.25, lastStep: 19.5)).activity == .stationary)
    }

    /// A brisker rhythm (80–105 steps/min, short bouts between pauses) reaches 2.5 s plus two of its
    /// periods past its last confirmed step, and gives way to a window whose gravity swings by more
    /// than 15° (a walker sitting down after the walk).
    @Test func aBriskerRhythmReachesTwoPeriodsPastItsLatency() {
        // 0.6 s (100 steps/min): reach 3.7 s.
        #expect(evidence.adjusted(result(.driving), rhythm: (period: 0.6, lastStep: 16.4)).activity == .walking)
        #expect(evidence.adjusted(result(.stationary), rhythm: (period: 0.6, lastStep: 16.4)).activity == .walking)
        #expect(evidence.adjusted(result(.driving), rhythm: (period: 0.6, lastStep: 16.2)).activity == .driving)
        // 0.8 s: reach 4.1 s; the slow tier's 5.5 s would have kept it.
        #expect(evidence.adjusted(result(.driving), rhythm: (period: 0.8, lastStep: 15.95)).activity == .walking)
        #expect(evidence.adjusted(result(.driving), rhythm: (period: 0.8, lastStep: 15.5)).activity == .driving)
        // The sway gate: brisker rhythms only; NaN (no gravity) passes.
        let brisk = (period: 0.6, lastStep: 19.0)
        #expect(evidence.adjusted(result(.driving), rhythm: brisk, sway: 14).activity == .walking)
        #expect(evidence.adjusted(result(.driving), rhythm: brisk, sway: 40).activity == .driving)
        #expect(evidence.adjusted(result(.driving), rhythm: brisk, sway: .nan).activity == .walking)
        #expect(evidence.adjusted(result(.driving), rhythm: (period: 1.4, lastStep: 19), sway: 40).activity == .walking)
        // Stronger decisions stay at every period.
        #expect(evidence.adjusted(result(.driving, .medium), rhythm: brisk).activity == .driving)
        #expect(evidence.adjusted(result(.unknown), rhythm: brisk).activity == .unknown)
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

    @Test func onlyAVerySlowRecentRhythmIsOnFootForTheVehicleStage() {
        #expect(!evidence.isOnFootForVehicleStage(at: 20, rhythm: nil))
        // 1.0–1.1 s (55–60 steps/min): a vehicle body's bounce (about 1 Hz on air springs) reaches it.
        #expect(!evidence.isOnFootForVehicleStage(at: 20, rhythm: (period: 1.0, lastStep: 19)))
        #expect(!evidence.isOnFootForVehicleStage(at: 20, rhythm: (period: 1.15, lastStep: 19)))
        #expect(evidence.isOnFootForVehicleStage(at: 20, rhythm: (period: 1.2, lastStep: 19)))
        #expect(evidence.isOnFootForVehicleStage(at: 20, rhythm: (period: 1.4, lastStep: 14.5)))
        #expect(!evidence.isOnFootForVehicleStage(at: 20, rhythm: (period: 1.4, lastStep: 14.4)))
    }

    /// The in-vehicle stage over `recording` with `walkerOnFoot` set by `hint(time)`; whether it is
    /// inside a vehicle at each whole second.
    static func insideBySecond(_ recording: Recording, hint: (Double) -> Bool) throws -> [Bool] {
        var stage = try InVehicleStage(options: InVehicleOptions(), gravityIncluded: true)
        var inside: [Bool] = []
        let a = try #require(recording.acceleration)
        for row in recording.time.indices {
            let time = recording.time[row]
            stage.walkerOnFoot = hint(time)
            try stage.append(time: time, x: a.x[row], y: a.y[row], z: a.z[row])
            if time >= Double(inside.count) { inside.append(stage.inVehicle) }
        }
        return inside
    }

    /// Over simulated road vibration: the hint keeps the stage out of a ride while it stands (one
    /// on-foot window among the 30 that enter one), and held for longer than 13 windows of 14
    /// it ends a ride; without it the stage is as it was.
    @Test func theHintKeepsTheStageOutOfARideAndEndsOne() throws {
        let ride = GaitSimulation.vehicle(rate: 50, duration: 240)
        let plain = try Self.insideBySecond(ride) { _ in false }
        let entered = try #require(plain.firstIndex(of: true))
        #expect(entered >= 25 && entered <= 60)
        #expect(plain[entered...].allSatisfy { $0 })
        // Standing for the first 60 s: no ride until 30 s of evidence after it.
        let walkedFirst = try Self.insideBySecond(ride) { $0 < 60 }
        #expect(walkedFirst[..<60].allSatisfy { !$0 })
        #expect(walkedFirst[100...].allSatisfy { $0 })
        // Standing for 20 s inside the ride: the ride ends within it.
        let start = entered + 60
        let walked = try Self.insideBySecond(ride) { $0 >= Double(start) && $0 < Double(start + 20) }
        #expect(walked[..<start] == plain[..<start])
        #expect(walked[(start + 14)...(start + 20)].allSatisfy { !$0 })
        // Standing for 8 s inside the ride (a bus's short regular sway): not enough to end it.
        let short = try Self.insideBySecond(ride) { $0 >= Double(start) && $0 < Double(start + 8) }
        #expect(short[..<(start + 8)] == plain[..<(start + 8)])
        #expect(short[(start + 8)...].allSatisfy { $0 })
    }

    /// A sustained vehicle speed (15 m/s, a fix a second) outweighs the hint: no walker at
    /// 50 steps/min covers it, so the stage enters the ride at once, with or without the hint.
    @Test func aSustainedVehicleSpeedOutweighsTheHint() throws {
        let ride = GaitSimulation.vehicle(rate: 50, duration: 90)
        let a = try #require(ride.acceleration)
        var withHint: [Bool] = []
        for hint in [false, true] {
            var stage = try InVehicleStage(options: InVehicleOptions(), gravityIncluded: true)
            var nextFix = 0.0
            for row in ride.time.indices {
                let time = ride.time[row]
                if time >= nextFix {
                    stage.append(fix: try LocationFix(time: time, speed: 15, speedAccuracy: 0.5))
                    nextFix += 1
                }
                stage.walkerOnFoot = hint
                try stage.append(time: time, x: a.x[row], y: a.y[row], z: a.z[row])
            }
            withHint.append(stage.inVehicle)
        }
        #expect(withHint == [true, true])
    }

    /// A simulated walker at 45 steps/min, two minutes, with the in-vehicle stage: the accelerometer
    /// evidence alone takes the walk for a ride; with the walker's rhythm it is not one, so the
    /// steps count as on foot.
    @Test func aVerySlowWalkerIsNotTakenForARide() throws {
        let (recording, truth) = GaitSimulation.walking(rate: 50, duration: 120, cadence: 0.75, amplitude: 0.1)
        var options = RecordingAnalysis.Options()
        let analysis = try recording.analyzeActivities(options)
        options.walkerRhythmInVehicleStage = false
        let without = try recording.analyzeActivities(options)
        #expect(without.detectedSteps.count == analysis.detectedSteps.count)
        #expect(analysis.detectedSteps.count >= truth.count - 3)
        #expect(without.steps.count <= truth.count / 4)
        #expect(analysis.steps.count >= truth.count / 2)
        #expect(!analysis.timeline.segments.contains { $0.activity == .driving })
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

/// With the in-vehicle stage, the hysteresis leaves driving after its ordinary hold (5 s), not
/// the 10 s that keeps a car's ride through a red light without the stage: a walker's 7 s bout
/// after a pause the accelerometer read as "moderate without gait" is walking.
@Suite struct LeavingDrivingHoldTests {
    /// Driving (low confidence, the accelerometer alone) for windows ending before 30 s, walking
    /// until 37 s, then stationary.
    struct ScriptedClassifier: ActivityClassifier {
        func classify(_ features: FeatureVector) throws(LocomotionError) -> ActivityResult {
            let activity: ActivityType = features.end < 30 ? .driving : features.end < 37 ? .walking : .stationary
            return ActivityResult(
                activity: activity, confidence: activity == .driving ? .low : .medium,
                evidence: ActivityEvidence(speed: nil, cadence: nil, accelerationVariance: 0.0004),
                start: features.start, end: features.end)
        }
    }

    func walkingSeconds(inVehicle: InVehicleOptions?) throws -> Double {
        let recording = GaitSimulation.still(rate: 50, duration: 60)
        var options = RecordingAnalysis.Options(classifier: .custom(ScriptedClassifier()))
        options.inVehicle = inVehicle
        let analysis = try recording.analyzeActivities(options)
        return analysis.timeline.segments.filter { $0.activity == .walking }.reduce(0) { $0 + $1.end - $1.start }
    }

    @Test func aShortWalkLeavesAccelerometerDrivingWithTheStage() throws {
        #expect(try walkingSeconds(inVehicle: InVehicleOptions()) >= 5)
        // Without the stage the longer hold stands: 7 s of walking do not leave driving.
        #expect(try walkingSeconds(inVehicle: nil) == 0)
    }
}
