import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// The in-vehicle decision: the Python prototype's numbers, rides with stops, exits, bad input.
struct VehicleStateTests {
    struct Sample {
        var t: [Double] = []
        var x: [Double] = []
        var y: [Double] = []
        var z: [Double] = []
        mutating func add(_ time: Double, _ a: Double, _ b: Double, _ c: Double) {
            t.append(time)
            x.append(a)
            y.append(b)
            z.append(c)
        }
    }

    struct Expected {
        var end: Double
        var rms: Double
        var vibration: Double
        var periodicity: Double
        var kind: String
        var inVehicle: Bool
    }

    static func fixture(_ name: String) throws -> [[String]] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/vehicle/\(name)", withExtension: "csv"))
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
    }

    /// The synthetic ride of the fixture: 5 s sitting, 60 s driving, a 25 s stop, 40 s driving
    /// (ride ends at 130 s), 30 s walking.
    static func rideInput() throws -> Sample {
        var s = Sample()
        for row in try fixture("ride_input") {
            s.add(Double(row[0])!, Double(row[1])!, Double(row[2])!, Double(row[3])!)
        }
        return s
    }

    static func expected(_ name: String) throws -> [Expected] {
        try fixture(name).map {
            Expected(
                end: Double($0[0])!, rms: Double($0[1])!, vibration: Double($0[2])!, periodicity: Double($0[3])!,
                kind: $0[4], inVehicle: $0[5] == "1")
        }
    }

    static func letter(_ kind: VehicleWindowKind) -> String {
        switch kind {
        case .onFoot: return "F"
        case .vehicleLike: return "V"
        case .quiet: return "Q"
        case .unknown: return "U"
        }
    }

    @Test(arguments: [(true, "ride_expected_gravity"), (false, "ride_expected_linear")])
    func matchesThePythonPrototype(gravityIncluded: Bool, expectedName: String) throws {
        let input = try Self.rideInput()
        let expected = try Self.expected(expectedName)
        let analysis = try VehicleRideDetector.analyze(
            times: input.t, x: input.x, y: input.y, z: input.z, gravityIncluded: gravityIncluded)
        #expect(analysis.windows.count == expected.count)
        for (window, want) in zip(analysis.windows, expected) {
            #expect(abs(window.endTime - want.end) < 1e-6)
            #expect(abs(window.dynamicRMS - want.rms) < 1e-7)
            #expect(abs(window.vibration - want.vibration) < 1e-7)
            #expect(abs(window.periodicity - want.periodicity) < 1e-6)
            #expect(Self.letter(window.kind) == want.kind)
        }
        #expect(analysis.inVehicle == expected.map(\.inVehicle))
    }

    @Test func aRideWithAStopIsOneRideAndTheWalkAfterItShowsWithinFifteenSeconds() throws {
        let input = try Self.rideInput()
        let analysis = try VehicleRideDetector.analyze(
            times: input.t, x: input.x, y: input.y, z: input.z, gravityIncluded: true)
        #expect(analysis.rides.count == 1)
        let ride = try #require(analysis.rides.first)
        #expect(ride.start <= 5)
        // The walk starts at 130 s; the ride must end (dated back) within 15 s of it.
        #expect(ride.end > 120 && ride.end <= 145)
        // The 25 s stop (65-90 s) is inside the ride and reported.
        #expect(ride.stops.count == 1)
        let stop = try #require(ride.stops.first)
        #expect(stop.start >= 65 && stop.end <= 100 && stop.duration >= 10)
    }

    @Test func gravityFreeInputGivesTheSameRide() throws {
        let input = try Self.rideInput()
        // Remove the fixture's constant gravity vector, as a linear-acceleration sensor would.
        let analysis = try VehicleRideDetector.analyze(
            times: input.t, x: input.x.map { $0 - 0.05 }, y: input.y.map { $0 - 0.12 }, z: input.z.map { $0 - 0.99 },
            gravityIncluded: false)
        #expect(analysis.rides.count == 1)
        let ride = try #require(analysis.rides.first)
        #expect(ride.start <= 5 && ride.end > 120 && ride.end <= 145)
        #expect(ride.stops.count == 1)
    }

    @Test func fiveHertzInputStillFindsTheRideWithItsStop() throws {
        let input = try Self.rideInput()
        let every4 = stride(from: 0, to: input.t.count, by: 4)  // 20 Hz -> 5 Hz
        let analysis = try VehicleRideDetector.analyze(
            times: every4.map { input.t[$0] }, x: every4.map { input.x[$0] }, y: every4.map { input.y[$0] },
            z: every4.map { input.z[$0] }, gravityIncluded: true)
        let ride = try #require(analysis.rides.first)
        #expect(ride.start <= 5 && ride.end > 120)
        #expect(analysis.rides.allSatisfy { $0.start > 120 || $0 == ride })
        #expect(ride.stops.contains { $0.start >= 65 && $0.end <= 100 })
    }

    @Test func chunkedStreamingGivesTheWholeRecordingsWindowsAndFlags() throws {
        let input = try Self.rideInput()
        let whole = try VehicleRideDetector.analyze(
            times: input.t, x: input.x, y: input.y, z: input.z, gravityIncluded: true)
        var stream = try VehicleEvidence(gravityIncluded: true)
        var machine = try InVehicleStateMachine()
        var windows: [VehicleEvidenceWindow] = []
        var flags: [Bool] = []
        func take(_ w: VehicleEvidenceWindow) {
            windows.append(w)
            let d = machine.update(w)
            flags.append(d.inVehicle)
            for back in stride(from: 1, through: d.revisedWindowCount, by: 1) {
                flags[flags.count - 1 - back] = d.inVehicle
            }
        }
        var i = 0
        var chunk = 1
        while i < input.t.count {  // uneven chunks: 1, 8, 27, ... samples
            let end = min(input.t.count, i + chunk * chunk * chunk)
            for k in i..<end {
                try stream.append(time: input.t[k], x: input.x[k], y: input.y[k], z: input.z[k], emit: take)
            }
            i = end
            chunk = chunk % 6 + 1
        }
        stream.finish(emit: take)
        #expect(windows == whole.windows)
        #expect(flags == whole.inVehicle)
    }

    /// Sitting still, a sit-to-stand transition (a 2 s bend of the trunk and a push), standing.
    @Test func aPosturalTransitionIsNotAVehicle() throws {
        var s = Sample()
        var rng = SplitMix64(seed: 7)
        let rate = 50.0
        for i in 0..<Int(150 * rate) {
            let t = Double(i) / rate
            var tilt = 0.3  // sitting: the phone on the thigh, tilted
            var push = 0.0
            if t >= 60 && t < 62 {
                let phase = (t - 60) / 2
                tilt = 0.3 + (1.2 - 0.3) * phase
                push = 0.45 * sin(.pi * phase)
            } else if t >= 62 {
                tilt = 1.2  // standing: the phone upright in the pocket
            }
            let sway = 0.004
            s.add(
                t, sin(tilt) + rng.nextGaussian() * sway, 0.02 + rng.nextGaussian() * sway + push * 0.3,
                cos(tilt) + rng.nextGaussian() * sway + push)
        }
        let analysis = try VehicleRideDetector.analyze(times: s.t, x: s.x, y: s.y, z: s.z, gravityIncluded: true)
        #expect(!analysis.windows.isEmpty)
        #expect(analysis.rides.isEmpty)
        #expect(analysis.inVehicle.allSatisfy { !$0 })
    }

    @Test func aPhoneOnATableIsNotAVehicle() throws {
        var s = Sample()
        var rng = SplitMix64(seed: 11)
        for i in 0..<(600 * 100) {
            s.add(
                Double(i) / 100, rng.nextGaussian() * 0.0015, rng.nextGaussian() * 0.0015,
                1 + rng.nextGaussian() * 0.0015)
        }
        let analysis = try VehicleRideDetector.analyze(times: s.t, x: s.x, y: s.y, z: s.z, gravityIncluded: true)
        #expect(analysis.windows.allSatisfy { $0.kind == .quiet })
        #expect(analysis.rides.isEmpty)
    }

    @Test func nonFiniteSamplesAreSkippedAndCounted() throws {
        let input = try Self.rideInput()
        var s = Sample()
        for i in input.t.indices {
            s.add(input.t[i], input.x[i], input.y[i], input.z[i])
            if i % 100 == 50 { s.add(input.t[i], .nan, 0, 1) }
            if i % 100 == 70 { s.add(.infinity, 0, 0, 1) }
        }
        let clean = try VehicleRideDetector.analyze(
            times: input.t, x: input.x, y: input.y, z: input.z, gravityIncluded: true)
        let dirty = try VehicleRideDetector.analyze(times: s.t, x: s.x, y: s.y, z: s.z, gravityIncluded: true)
        #expect(dirty.skippedNonFiniteSamples == s.t.count - input.t.count)
        #expect(dirty.skippedNonFiniteSamples > 0)
        #expect(dirty.windows == clean.windows)
        #expect(dirty.rides == clean.rides)
    }

    @Test func emptyAndTinyInputsGiveNoWindows() throws {
        let empty = try VehicleRideDetector.analyze(times: [], x: [], y: [], z: [], gravityIncluded: true)
        #expect(empty.windows.isEmpty && empty.rides.isEmpty)
        let tiny = try VehicleRideDetector.analyze(
            times: [0, 0.1], x: [0, 0], y: [0, 0], z: [1, 1], gravityIncluded: true)
        #expect(tiny.windows.isEmpty && tiny.rides.isEmpty)
    }

    @Test func timeGoingBackwardsThrows() throws {
        #expect {
            _ = try VehicleRideDetector.analyze(
                times: [0, 1, 0.5], x: [0, 0, 0], y: [0, 0, 0], z: [1, 1, 1], gravityIncluded: true)
        } throws: { ($0 as? LocomotionError)?.code == .timeGoesBackwards }
    }

    @Test func mismatchedArraysAndBadParametersThrow() throws {
        #expect {
            _ = try VehicleRideDetector.analyze(times: [0, 1], x: [0], y: [0, 0], z: [1, 1], gravityIncluded: true)
        } throws: { ($0 as? LocomotionError)?.code == .invalidParameter }
        var evidence = VehicleEvidence.Configuration()
        evidence.gridInterval = 0.5  // coarser than 5 Hz
        #expect { _ = try VehicleEvidence(gravityIncluded: true, configuration: evidence) } throws: {
            ($0 as? LocomotionError)?.parameter == "gridInterval"
        }
        var state = InVehicleStateMachine.Configuration()
        state.exitOnFootWindows = state.exitSpanWindows + 1
        #expect { _ = try InVehicleStateMachine(configuration: state) } throws: {
            ($0 as? LocomotionError)?.parameter == "exitOnFootWindows"
        }
    }

    @Test func aLongGapIsOneUnknownWindowAndEndsTheRide() throws {
        let input = try Self.rideInput()
        // Cut the recording at 100 s (inside the ride) and resume 400 s later.
        var s = Sample()
        for i in input.t.indices where input.t[i] < 100 { s.add(input.t[i], input.x[i], input.y[i], input.z[i]) }
        for i in input.t.indices where input.t[i] < 60 {
            s.add(500 + input.t[i], input.x[i], input.y[i], input.z[i])
        }
        let analysis = try VehicleRideDetector.analyze(times: s.t, x: s.x, y: s.y, z: s.z, gravityIncluded: true)
        let gaps = analysis.windows.filter { $0.kind == .unknown && $0.duration > 300 }
        #expect(gaps.count == 1)
        #expect(analysis.rides.count == 2)
        #expect(analysis.rides.allSatisfy { $0.end < 110 || $0.start >= 500 })
    }

    @Test func theActivityClassifiersOnFootHintEndsARide() throws {
        var (machine, t) = try InVehicleStateMachine.afterFortyVehicleLikeSeconds()
        #expect(machine.inVehicle)
        var exitedAfter = 0
        for k in 1...20 {
            t += 1
            let d = machine.update(.test(t, .vehicleLike), onFootHint: true)
            if !d.inVehicle {
                exitedAfter = k
                #expect(d.isTransition && d.revisedWindowCount == k - 1)
                break
            }
        }
        #expect(exitedAfter == machine.configuration.exitOnFootWindows)
    }

    @Test func aSustainedVehicleSpeedEntersAtOnceButNeverOutweighsGait() throws {
        var machine = try InVehicleStateMachine()
        var t = 0.0
        // Seated and quiet: the accelerometer alone never enters.
        for _ in 0..<10 {
            t += 1
            #expect(!machine.update(.test(t, .quiet)).inVehicle)
        }
        // The first window at a sustained speed enters, dated back over the seated windows.
        t += 1
        let entry = machine.update(.test(t, .quiet), movingFast: true)
        #expect(entry.inVehicle && entry.isTransition && entry.revisedWindowCount == 10)
        #expect(!entry.isStoppedInVehicle)
        // A smooth stretch at speed is not a stop.
        for _ in 0..<30 {
            t += 1
            let d = machine.update(.test(t, .quiet), movingFast: true)
            #expect(d.inVehicle && !d.isStoppedInVehicle)
        }
        // Gait (or pedalling) at that speed is a cyclist's: it ends the ride as without a speed.
        var exitedAfter = 0
        for k in 1...20 {
            t += 1
            if !machine.update(.test(t, .onFoot), movingFast: true).inVehicle {
                exitedAfter = k
                break
            }
        }
        #expect(exitedAfter == machine.configuration.exitOnFootWindows)
        // The speed enters again only once the last exitSpanWindows windows hold no gait.
        var enteredAfter = 0
        for k in 1...30 {
            t += 1
            if machine.update(.test(t, .vehicleLike), movingFast: true).inVehicle {
                enteredAfter = k
                break
            }
        }
        #expect(enteredAfter == machine.configuration.exitSpanWindows)
        // An on-foot hint outweighs the speed too.
        var hinted = try InVehicleStateMachine()
        for k in 1...40 {
            #expect(!hinted.update(.test(Double(k), .vehicleLike), onFootHint: true, movingFast: true).inVehicle)
        }
    }

    @Test func onlyValidSustainedFastFixesPutTheStageInAVehicle() throws {
        /// A minute of a phone lying still at 20 Hz (quiet: the accelerometer alone never enters),
        /// with `fixes` (time, speed, speed accuracy) delivered before the first sample at or after them.
        func inVehicle(_ fixes: [(Double, Double, Double?)]) throws -> Bool {
            var stage = try InVehicleStage(options: InVehicleOptions(), gravityIncluded: true)
            var next = 0
            for row in 0..<(60 * 20) {
                let time = Double(row) / 20
                while next < fixes.count && fixes[next].0 <= time {
                    let (at, speed, accuracy) = fixes[next]
                    stage.append(fix: try LocationFix(time: at, speed: speed, speedAccuracy: accuracy))
                    next += 1
                }
                try stage.append(time: time, x: 0, y: 0, z: 1 + 0.0005 * sin(Double(row)))
            }
            return stage.inVehicle
        }
        let clean = (0..<60).map { (Double($0), 20.0, Double?.some(0.5)) }
        #expect(try inVehicle(clean))
        #expect(try !inVehicle(clean.map { ($0.0, $0.1, 5.0) }), "noisy speeds")
        #expect(try !inVehicle(clean.map { ($0.0, -1, nil) }), "invalid speeds")
        #expect(try !inVehicle([(20, 20, 0.5), (21, 20, 0.5)]), "a two-fix spike")
        #expect(try inVehicle([(0, 20, nil), (50, 20, nil)]), "one fix a minute")
        #expect(try !inVehicle([(0, 20, nil), (5, 3, nil), (20, 20, nil)]), "a valid slower fix breaks the run")
        #expect(try inVehicle([(0, 20, nil), (5, -1, nil), (20, 20, nil)]), "an invalid one does not")
    }

    @Test func aSpeedAcrossALongGapDoesNotHideTheGap() throws {
        var machine = try InVehicleStateMachine()
        var t = 0.0
        for _ in 0..<5 {
            t += 1
            #expect(machine.update(.test(t, .vehicleLike), movingFast: true).inVehicle)
        }
        let gap = VehicleEvidenceWindow(
            endTime: t + 600, duration: 600, dynamicRMS: .nan, vibration: .nan, periodicity: .nan, kind: .unknown)
        let decision = machine.update(gap, movingFast: true)
        #expect(!decision.inVehicle && decision.isTransition)
    }
}
