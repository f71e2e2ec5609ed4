import Foundation
@_spi(Testing) import Locomotion
import Testing

/// A ride's pedalling as cycling evidence for its coasting (``BicycleRideEvidence``): which window
/// results it may turn, only inside a confirmed ride, and in the analysis of a simulated ride on
/// the thigh (no cycling recording we hold has a licence that allows an excerpt).
@Suite struct BicycleRideEvidenceTests {
    func result(
        _ activity: ActivityType, _ confidence: Confidence = .low, end: Double, speed: Double? = nil,
        variance: Double? = 0.004
    ) -> ActivityResult {
        ActivityResult(
            activity: activity, confidence: confidence,
            evidence: ActivityEvidence(speed: speed, cadence: 0, accelerationVariance: variance), start: end - 2.56,
            end: end)
    }

    /// The evidence after windows called cycling at `ends` (s).
    func riding(_ ends: [Double]) -> BicycleRideEvidence {
        var evidence = BicycleRideEvidence()
        for end in ends { _ = evidence.adjusted(result(.cycling, .medium, end: end)) }
        return evidence
    }

    @Test func insideAConfirmedRideCoastingIsCycling() {
        var evidence = riding([10, 11.28, 12.56])
        let coasting = evidence.adjusted(result(.driving, end: 20))
        #expect(coasting.activity == .cycling)
        #expect(coasting.confidence == .low)
        #expect(coasting.start == 17.44 && coasting.end == 20)
        #expect(evidence.adjusted(result(.unknown, end: 21)).activity == .cycling)
        // Turned windows do not extend the ride: 15 s after the oldest of the three, it ends.
        #expect(evidence.adjusted(result(.driving, end: 25)).activity == .cycling)
        #expect(evidence.adjusted(result(.driving, end: 25.1)).activity == .driving)
    }

    @Test func twoPedallingWindowsOrThreeSpreadOverMoreThanTheReachConfirmNoRide() {
        var two = riding([10, 11.28])
        #expect(two.adjusted(result(.driving, end: 12.56)).activity == .driving)
        // Three, but the oldest 16 s before the window: scattered false pedalling, not a ride.
        var spread = riding([0, 8, 14])
        #expect(spread.adjusted(result(.driving, end: 16)).activity == .driving)
        #expect(!spread.isRiding(at: 16))
        #expect(spread.isRiding(at: 15))
    }

    @Test func gaitStillnessConfidentDrivingAndMissingDataAreKept() {
        var evidence = riding([10, 11.28, 12.56])
        let kept: [ActivityResult] = [
            result(.walking, .medium, end: 14), result(.running, .medium, end: 14), result(.stationary, end: 14),
            result(.stationary, .high, end: 14), result(.driving, .medium, end: 14),
            // A GPS speed above walking speed: a vehicle's, not a coasting bicycle's alone.
            result(.driving, end: 14, speed: 8),
            // Unknown without an acceleration spread: the window's data are missing.
            result(.unknown, end: 14, variance: nil),
        ]
        for window in kept {
            #expect(evidence.adjusted(window) == window, "\(window.activity) \(window.confidence)")
        }
        // A slow GPS speed does not stop the evidence.
        #expect(evidence.adjusted(result(.driving, end: 14, speed: 1.5)).activity == .cycling)
    }

    /// A phone on the thigh at 50 Hz: pedalling at 1.3 revolutions per second for `pedal` seconds,
    /// then coasting for `coast` seconds, over and over for `seconds`, from `firstPedalling` on (still
    /// seated and coasting before). Pedalling turns the thigh ±22° about 60° from vertical with a
    /// push once per revolution; coasting holds it at 60° under the saddle's broadband vibration
    /// (seeded, 0.1 g): a moderate window without gait, as a seat in a car gives. From `uprightAfter`
    /// on, the thigh stands upright (0° from vertical) under the same vibration: a rider off the saddle.
    static func ride(
        seconds: Double, pedal: Double, coast: Double, firstPedalling: Double = 0,
        uprightAfter: Double = .infinity
    ) -> Recording {
        let rate = 50.0
        var random = SeededRandomGenerator(seed: 7)
        func noise(_ size: Double) -> Double { size * Double.random(in: -1.7...1.7, using: &random) }
        let (a, b) = (35 * Double.pi / 180, 20 * Double.pi / 180)
        let time = (0..<Int(seconds * rate)).map { Double($0) / rate }
        var (x, y, z) = ([Double](), [Double](), [Double]())
        for t in time {
            let pedalling =
                t >= firstPedalling && (t - firstPedalling).truncatingRemainder(dividingBy: pedal + coast) < pedal
            let phase = 2 * Double.pi * 1.3 * t
            let seated = t < uprightAfter ? 60.0 : 0.0
            let theta = (seated + (pedalling ? 22 * sin(phase) : 0)) * .pi / 180
            let push = pedalling ? 0.25 * sin(phase + 0.7) - 0.08 * sin(2 * phase) : noise(0.1)
            let (along, across, side) = (cos(theta) + (pedalling ? 0 : noise(0.06)), sin(theta) + push, 0.0)
            let r1 = (along, side * cos(a) - across * sin(a), side * sin(a) + across * cos(a))
            let r2 = (r1.0 * cos(b) + r1.2 * sin(b), r1.1, -r1.0 * sin(b) + r1.2 * cos(b))
            x.append(r2.0 + noise(0.02))
            y.append(r2.1 + noise(0.02))
            z.append(r2.2 + noise(0.02))
        }
        return Recording(source: "ride", time: time, acceleration: ThreeAxisSeries(x: x, y: y, z: z))
    }

    static func cyclingTime(_ analysis: RecordingAnalysis) -> Double {
        analysis.timeline.segments.filter { $0.activity == .cycling }.reduce(0) { $0 + $1.duration }
    }

    @Test func aRideWithCoastingIsCyclingThroughItsCoasting() throws {
        // 8 s of pedalling, 8 s of coasting, for 96 s.
        let recording = Self.ride(seconds: 96, pedal: 8, coast: 8)
        let windows = try FeatureRuleClassifier().decisions(recording.features())
        // The coasting windows are what a car's seat gives: driving without gait.
        #expect(windows.filter { $0.rule == .moderateWithoutGait }.count >= windows.count / 4)
        let with = try recording.analyzeActivities()
        #expect(Self.cyclingTime(with) >= 85, "\(with.timeline.segments.map { ($0.activity, $0.duration) })")
        // Two other stages carry this simulated ride through its coasts as well: with the in-vehicle
        // stage the hysteresis leaves driving after 5 s, not 10 (73.6 s cycling without this
        // evidence), and the pedalling teaches the step detector a brisk rhythm whose walking
        // evidence breaks each coast's run of driving (96 s). Without both, the evidence is what
        // carries the ride.
        var plain = RecordingAnalysis.Options(walkerRhythmEvidence: false)
        plain.inVehicle = nil
        let withoutStage = try recording.analyzeActivities(plain)
        plain.bicycleRideEvidence = false
        let without = try recording.analyzeActivities(plain)
        #expect(
            Self.cyclingTime(withoutStage) >= 85,
            "\(withoutStage.timeline.segments.map { ($0.activity, $0.duration) })")
        #expect(Self.cyclingTime(without) <= 60, "\(without.timeline.segments.map { ($0.activity, $0.duration) })")
    }

    @Test func theSameVibrationWithoutPedallingIsNotCycling() throws {
        // Seated under the vibration for 40 s, then one ride: the first 40 s stay what they were.
        let recording = Self.ride(seconds: 100, pedal: 8, coast: 100, firstPedalling: 40)
        let analysis = try recording.analyzeActivities()
        let early = analysis.smoothed.filter { $0.end <= 40 }
        #expect(!early.isEmpty)
        #expect(early.allSatisfy { $0.activity != .cycling }, "\(early.map(\.activity))")
        // After the ride's 8 s of pedalling (to 48 s), its coasting in the riding posture is cycling
        // for up to 30 s after the newest pedalling window, then no more.
        let late = analysis.smoothed.filter { $0.end >= 90 }
        #expect(!late.isEmpty && late.allSatisfy { $0.activity != .cycling }, "\(late.map(\.activity))")
        let coasting = analysis.windows.filter { $0.end > 66 && $0.end <= 76 }
        #expect(!coasting.isEmpty && coasting.allSatisfy { $0.activity == .cycling }, "\(coasting.map(\.activity))")
    }

    /// Gravity's direction `degrees` from the z axis, in the x–z plane, at 1 g.
    static func gravity(_ degrees: Double) -> SIMD3<Double> {
        SIMD3(sin(degrees * .pi / 180), 0, cos(degrees * .pi / 180))
    }

    /// The evidence after windows called cycling at `ends` (s), each hop's samples at `posture`.
    func riding(_ ends: [Double], posture degrees: Double) -> BicycleRideEvidence {
        var evidence = BicycleRideEvidence()
        for end in ends { _ = Self.adjusted(&evidence, result(.cycling, .medium, end: end), posture: degrees) }
        return evidence
    }

    /// `result` adjusted after a hop of 64 samples whose gravity lies `degrees` from the z axis.
    static func adjusted(
        _ evidence: inout BicycleRideEvidence, _ result: ActivityResult, posture degrees: Double
    ) -> ActivityResult {
        let g = gravity(degrees)
        for _ in 0..<64 { evidence.add(x: g.x, y: g.y, z: g.z) }
        return evidence.adjusted(result)
    }

    @Test func aCoastInTheRidingPostureIsTheRideForThirtySeconds() {
        var evidence = riding([10, 11.28, 12.56], posture: 60)
        // Past the 15 s reach, within 30 s of the newest pedalling and 10° of its posture.
        #expect(Self.adjusted(&evidence, result(.driving, end: 30), posture: 70).activity == .cycling)
        #expect(Self.adjusted(&evidence, result(.unknown, end: 42.5), posture: 52).activity == .cycling)
        #expect(Self.adjusted(&evidence, result(.driving, end: 42.6), posture: 60).activity == .driving)
        // A new pedalling window starts the hold again.
        _ = Self.adjusted(&evidence, result(.cycling, .medium, end: 44), posture: 58)
        #expect(Self.adjusted(&evidence, result(.driving, end: 70), posture: 60).activity == .cycling)
    }

    @Test func leavingTheRidingPostureOrStoppingEndsTheHold() {
        // 25° away (the thigh upright: off the saddle): not the ride past the reach, and the hold ends.
        var off = riding([10, 11.28, 12.56], posture: 60)
        #expect(Self.adjusted(&off, result(.driving, end: 30), posture: 35).activity == .driving)
        #expect(Self.adjusted(&off, result(.driving, end: 31), posture: 60).activity == .driving)
        // Within the 15 s reach the posture is not asked.
        var near = riding([10, 11.28, 12.56], posture: 60)
        #expect(Self.adjusted(&near, result(.driving, end: 20), posture: 0).activity == .cycling)
        // A still window ends the hold even in the posture.
        var stopped = riding([10, 11.28, 12.56], posture: 60)
        #expect(Self.adjusted(&stopped, result(.stationary, end: 26), posture: 60).activity == .stationary)
        #expect(Self.adjusted(&stopped, result(.driving, end: 30), posture: 60).activity == .driving)
    }

    @Test func scatteredPedallingOrARoughWindowOffThePosture() {
        // Three windows called cycling within 15 s but not in a row confirm the reach, not the hold.
        var scattered = BicycleRideEvidence()
        for (activity, end) in [(ActivityType.cycling, 10.0), (.walking, 11.28), (.cycling, 12.56), (.walking, 13.84)] {
            _ = Self.adjusted(&scattered, result(activity, .medium, end: end), posture: 60)
        }
        _ = Self.adjusted(&scattered, result(.cycling, .medium, end: 15.12), posture: 60)
        #expect(Self.adjusted(&scattered, result(.driving, end: 24), posture: 60).activity == .cycling)
        #expect(Self.adjusted(&scattered, result(.driving, end: 30), posture: 60).activity == .driving)
        // Out of the saddle: a rough window off the posture is not turned past the reach, and the
        // hold goes on.
        var standing = riding([10, 11.28, 12.56], posture: 60)
        #expect(Self.adjusted(&standing, result(.unknown, end: 30), posture: 10).activity == .unknown)
        #expect(Self.adjusted(&standing, result(.driving, end: 32), posture: 60).activity == .cycling)
    }

    @Test func aSteplessRhythmInTheRidingPostureIsThePedalling() {
        // Walking without a detected step (cadence 0: the rules' periodic gait) in the riding posture.
        var evidence = riding([10, 11.28, 12.56], posture: 60)
        let stroke = Self.adjusted(&evidence, result(.walking, .medium, end: 14), posture: 65)
        #expect(stroke.activity == .cycling && stroke.confidence == .low)
        // Held in the posture past the reach, as a coast is.
        #expect(Self.adjusted(&evidence, result(.walking, .medium, end: 30), posture: 55).activity == .cycling)
        // A step the detector counted, or a window off the posture (a walker's upright thigh, even
        // within the reach), stays walking.
        var stepping = riding([10, 11.28, 12.56], posture: 60)
        let stepped = ActivityResult(
            activity: .walking, confidence: .medium,
            evidence: ActivityEvidence(speed: nil, cadence: 1.7, accelerationVariance: 0.04), start: 11.44, end: 14)
        #expect(Self.adjusted(&stepping, stepped, posture: 60) == stepped)
        var upright = riding([10, 11.28, 12.56], posture: 60)
        #expect(Self.adjusted(&upright, result(.walking, .medium, end: 14), posture: 5).activity == .walking)
        // Without a confirmed ride it stays walking.
        var two = riding([10, 11.28], posture: 60)
        #expect(Self.adjusted(&two, result(.walking, .medium, end: 14), posture: 60).activity == .walking)
    }

    @Test func withoutGravityOnlyTheReachHolds() {
        // Linear acceleration: the mean is no direction, so only the 15 s reach applies.
        var linear = BicycleRideEvidence(readsPosture: false)
        for end in [10, 11.28, 12.56] { _ = Self.adjusted(&linear, result(.cycling, .medium, end: end), posture: 60) }
        #expect(Self.adjusted(&linear, result(.driving, end: 20), posture: 60).activity == .cycling)
        #expect(Self.adjusted(&linear, result(.driving, end: 30), posture: 60).activity == .driving)
        // Samples near zero (gravity removed) give no posture either.
        var weak = BicycleRideEvidence()
        for end in [10, 11.28, 12.56] {
            for _ in 0..<64 { weak.add(x: 0.01, y: 0.02, z: -0.01) }
            _ = weak.adjusted(result(.cycling, .medium, end: end))
        }
        for _ in 0..<64 { weak.add(x: 0.01, y: 0.02, z: -0.01) }
        #expect(weak.adjusted(result(.driving, end: 30)).activity == .driving)
        // A hop with a sample that is not finite gives no posture.
        var broken = riding([10, 11.28, 12.56], posture: 60)
        broken.add(x: .nan, y: 0, z: 1)
        #expect(broken.adjusted(result(.driving, end: 30)).activity == .driving)
    }

    @Test func aRiderOffTheSaddleIsNotCyclingPastTheReach() throws {
        // 8 s of pedalling from 0 s, then the thigh upright under the vibration from 8 s on.
        let recording = Self.ride(seconds: 60, pedal: 8, coast: 100, uprightAfter: 8)
        let analysis = try recording.analyzeActivities()
        let late = analysis.windows.filter { $0.end > 8 + 15 + 2.56 }
        #expect(!late.isEmpty && late.allSatisfy { $0.activity != .cycling }, "\(late.map(\.activity))")
    }
}
