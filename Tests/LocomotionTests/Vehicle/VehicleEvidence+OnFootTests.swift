import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// What tells a person on foot from a ride when the steps cannot be seen (a throttled 5 Hz log),
/// and what a single jolt inside a ride may not do. Simulated signals only.
struct VehicleOnFootEvidenceTests {
    /// A walk logged as a throttled Android logger logs it: irregular intervals of 0.1 s plus an
    /// exponential wait (about 5 Hz), a pocket phone tilted off vertical, a vertical step rhythm of
    /// 0.25 g at 1.9 Hz with a 0.1 g stride, the thigh's forward-back swing (0.3 g at the step
    /// rate), sideways sway and noise: about 1.25 times as much motion horizontally as vertically,
    /// as the TMD walks' windows have it (median 1.3). Gravity included, or removed (`gravity`
    /// false: the constant 1 g along the tilted vertical taken out).
    static func throttledWalk(seconds: Double, seed: UInt64, gravity: Bool = true) -> (
        t: [Double], x: [Double], y: [Double], z: [Double]
    ) {
        var rng = SplitMix64(seed: seed)
        let up = (0.3, 0.2, 0.93)
        let norm = (up.0 * up.0 + up.1 * up.1 + up.2 * up.2).squareRoot()
        let u = (up.0 / norm, up.1 / norm, up.2 / norm)
        // A horizontal direction: u × (1, 0, 0), normalised.
        let hRaw = (0.0, u.2, -u.1)
        let hNorm = (hRaw.1 * hRaw.1 + hRaw.2 * hRaw.2).squareRoot()
        let h = (0.0, hRaw.1 / hNorm, hRaw.2 / hNorm)
        // The walking direction: u × h, horizontal and perpendicular to the sway.
        let f = (u.1 * h.2 - u.2 * h.1, u.2 * h.0 - u.0 * h.2, u.0 * h.1 - u.1 * h.0)
        var t: [Double] = [], x: [Double] = [], y: [Double] = [], z: [Double] = []
        var time = 0.0
        let step = 1.9
        while time < seconds {
            let vertical =
                (gravity ? 1.0 : 0.0) + 0.25 * sin(2 * .pi * step * time) + 0.1 * sin(.pi * step * time + 1)
                + 0.05 * rng.nextGaussian()
            let horizontal = 0.15 * sin(.pi * step * time + 0.3) + 0.05 * rng.nextGaussian()
            let forward = 0.3 * sin(2 * .pi * step * time + 0.8)
            t.append(time)
            x.append(vertical * u.0 + horizontal * h.0 + forward * f.0)
            y.append(vertical * u.1 + horizontal * h.1 + forward * f.1)
            z.append(vertical * u.2 + horizontal * h.2 + forward * f.2)
            time += 0.1 - 0.1 * log(1 - Double.random(in: 0..<1, using: &rng))
        }
        return (t, x, y, z)
    }

    @Test func aThrottledWalkIsOnFootThoughItsRhythmIsLost() throws {
        let walk = Self.throttledWalk(seconds: 120, seed: 3)
        let analysis = try VehicleRideDetector.analyze(
            times: walk.t, x: walk.x, y: walk.y, z: walk.z, gravityIncluded: true)
        let windows = analysis.windows.filter { $0.kind != .unknown }
        #expect(windows.count > 90)
        let onFoot = windows.filter { $0.kind == .onFoot }.count
        #expect(Double(onFoot) >= 0.9 * Double(windows.count))
        #expect(analysis.rides.isEmpty)
        // The rhythm alone does not show it: most windows' periodicity is below the on-foot level,
        // so without the vertical rule most of the walk would read as a vehicle's vibration.
        let configuration = VehicleEvidence.Configuration()
        let rhythmic = windows.filter { $0.periodicity >= configuration.onFootPeriodicity }.count
        #expect(Double(rhythmic) < 0.6 * Double(windows.count))
        var withoutVerticalRule = configuration
        withoutVerticalRule.onFootVerticalVibration = 100
        let before = try VehicleRideDetector.analyze(
            times: walk.t, x: walk.x, y: walk.y, z: walk.z, gravityIncluded: true, evidence: withoutVerticalRule)
        #expect(before.windows.filter { $0.kind == .onFoot }.count < onFoot)
    }

    /// A seated passenger: vertical road vibration of 0.06 g r.m.s. (a car on a poor road) with a
    /// 0.3 g pothole every 20 s, gentle braking and turns horizontally; 50 Hz, gravity included.
    @Test func aRoughRideIsNotOnFoot() throws {
        var rng = SplitMix64(seed: 21)
        var t: [Double] = [], x: [Double] = [], y: [Double] = [], z: [Double] = []
        let rate = 50.0
        var smooth = 0.0
        for i in 0..<Int(180 * rate) {
            let time = Double(i) / rate
            // Road vibration: low-passed noise (a few hertz), scaled to about 0.06 g r.m.s.
            smooth = 0.7 * smooth + 0.3 * rng.nextGaussian()
            var vertical = 0.06 * smooth / 0.42
            let sincePothole = time.truncatingRemainder(dividingBy: 20)
            if sincePothole < 0.3 { vertical += 0.3 * sin(.pi * sincePothole / 0.3) }
            let longitudinal = 0.08 * sin(2 * .pi * time / 30)
            let lateral = 0.05 * sin(2 * .pi * time / 17)
            t.append(time)
            x.append(longitudinal)
            y.append(lateral)
            z.append(1 + vertical)
        }
        let analysis = try VehicleRideDetector.analyze(times: t, x: x, y: y, z: z, gravityIncluded: true)
        let windows = analysis.windows.filter { $0.kind != .unknown }
        #expect(!windows.isEmpty)
        #expect(windows.allSatisfy { $0.kind == .vehicleLike })
        #expect(windows.allSatisfy { $0.vibration < VehicleEvidence.Configuration().onFootVerticalVibration })
        #expect(analysis.rides.count == 1)
    }

    /// A rough stretch of road inside a ride, logged as a throttled 5 Hz Android log: 40 s of
    /// vertical vibration at 0.2 g r.m.s. (over the vertical rule's 0.15 g) with the car's gentle
    /// braking, turns and sway at about 0.06 g horizontally, between smooth driving. The bumps
    /// reach the seat vertically, so the stretch is not gait and the ride stays one.
    @Test func aRoughStretchOfRoadIsNotAWalk() throws {
        var rng = SplitMix64(seed: 8)
        var t: [Double] = [], x: [Double] = [], y: [Double] = [], z: [Double] = []
        var time = 0.0
        var smooth = 0.0
        while time < 200 {
            smooth = 0.5 * smooth + 0.5 * rng.nextGaussian()
            let rough = time >= 80 && time < 120
            let vertical = (rough ? 0.2 : 0.03) * smooth / 0.58
            t.append(time)
            x.append(0.05 * sin(2 * .pi * time / 25) + 0.02 * rng.nextGaussian())
            y.append(0.04 * sin(2 * .pi * time / 13) + 0.02 * rng.nextGaussian())
            z.append(1 + vertical)
            time += 0.1 - 0.1 * log(1 - Double.random(in: 0..<1, using: &rng))
        }
        let analysis = try VehicleRideDetector.analyze(times: t, x: x, y: y, z: z, gravityIncluded: true)
        let configuration = VehicleEvidence.Configuration()
        let rough = analysis.windows.filter {
            $0.kind != .unknown && $0.vibration >= configuration.onFootVerticalVibration
        }
        #expect(rough.count >= 10)
        #expect(rough.allSatisfy { $0.kind == .vehicleLike })
        #expect(analysis.windows.allSatisfy { $0.kind != .onFoot })
        #expect(analysis.rides.count == 1)
        // Vertical vibration alone (the rule without the horizontal test) calls the stretch gait
        // and cuts the ride in two.
        var verticalOnly = configuration
        verticalOnly.onFootHorizontalRatio = 0
        let before = try VehicleRideDetector.analyze(
            times: t, x: x, y: y, z: z, gravityIncluded: true, evidence: verticalOnly)
        #expect(before.windows.filter { $0.kind == .onFoot }.count >= 10)
        #expect(before.rides.count == 2)
    }

    /// Without gravity the vertical is unknown: the vertical rule does not apply, and the windows'
    /// vibration is the three-axis r.m.s. (documented: only the rhythm and violence rules remain).
    @Test func theVerticalRuleNeedsGravity() throws {
        let walk = Self.throttledWalk(seconds: 60, seed: 5, gravity: false)
        var strict = VehicleEvidence.Configuration()
        strict.onFootRMS = 100
        strict.violentRMS = 100
        let analysis = try VehicleRideDetector.analyze(
            times: walk.t, x: walk.x, y: walk.y, z: walk.z, gravityIncluded: false, evidence: strict)
        #expect(!analysis.windows.isEmpty)
        #expect(analysis.windows.allSatisfy { $0.kind != .onFoot })
    }

    @Test func aJoltInsideARideDoesNotEndIt() throws {
        var (machine, t) = try InVehicleStateMachine.afterFortyVehicleLikeSeconds()
        #expect(machine.inVehicle)
        // A jolt of about a second is in every 10 s window that holds it: 11 windows in a row.
        for _ in 0..<11 {
            t += 1
            #expect(machine.update(.test(t, .onFoot)).inVehicle)
        }
        for _ in 0..<20 {
            t += 1
            #expect(machine.update(.test(t, .vehicleLike)).inVehicle)
        }
        // Gait that lasts beyond one window ends the ride, dated back to its first window.
        var exited = false
        for k in 1...14 {
            t += 1
            let decision = machine.update(.test(t, .onFoot))
            if !decision.inVehicle {
                #expect(k == machine.configuration.exitOnFootWindows)
                #expect(decision.revisedWindowCount == k - 1)
                exited = true
                break
            }
        }
        #expect(exited)
    }
    /// Walk, sit still in the car for 20 s, drive: the ride is dated back over the seated 20 s to
    /// the last step, and no further.
    @Test func aRideIsDatedBackOverTheSeatedTimeBeforeItToTheLastStep() throws {
        var machine = try InVehicleStateMachine()
        var t = 0.0
        var decisions: [InVehicleDecision] = []
        for kind in Array(repeating: VehicleWindowKind.onFoot, count: 20) + Array(repeating: .quiet, count: 20)
            + Array(repeating: .vehicleLike, count: 40)
        {
            t += 1
            decisions.append(machine.update(.test(t, kind)))
        }
        let entry = try #require(decisions.firstIndex { $0.inVehicle })
        // 29 vehicle-like windows of 30 are enough (enterFraction 0.95): the 29th, index 68.
        #expect(entry == 68)
        // Dated back to window 20, the first after the last on-foot one.
        #expect(entry - decisions[entry].revisedWindowCount == 20)
        // A long quiet stretch is dated back by at most entryLookbackWindows.
        var parked = try InVehicleStateMachine()
        var revised = 0
        for kind in Array(repeating: VehicleWindowKind.quiet, count: 100) + Array(repeating: .vehicleLike, count: 30) {
            t += 1
            let d = parked.update(.test(t, kind))
            if d.isTransition { revised = d.revisedWindowCount }
        }
        #expect(revised == parked.configuration.revisionWindowLimit)
        #expect(revised == 29 + parked.configuration.entryLookbackWindows)
    }
}

extension VehicleEvidenceWindow {
    /// A 10 s window ending at `t` of the kind `kind`, for feeding a state machine directly.
    static func test(_ t: Double, _ kind: VehicleWindowKind) -> VehicleEvidenceWindow {
        VehicleEvidenceWindow(endTime: t, duration: 9.9, dynamicRMS: 0.05, vibration: 0.02, periodicity: 0, kind: kind)
    }
}

extension InVehicleStateMachine {
    /// A default machine fed 40 vehicle-like windows, one a second, and the time of the last.
    static func afterFortyVehicleLikeSeconds() throws -> (machine: InVehicleStateMachine, time: Double) {
        var machine = try InVehicleStateMachine()
        var t = 0.0
        for _ in 0..<40 {
            t += 1
            _ = machine.update(.test(t, .vehicleLike))
        }
        return (machine, t)
    }
}
