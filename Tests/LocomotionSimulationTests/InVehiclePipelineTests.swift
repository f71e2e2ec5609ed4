import Foundation
import Locomotion
import LocomotionSimulation
import Testing

/// The in-vehicle stage inside the one pipeline: a ride with a red light is one driving segment
/// with its stop inside it, and one trip; whole, chunked and live analyses give the same timeline;
/// a gravity-removed copy of the ride is analyzed end to end; a session without a vehicle has no
/// driving. Accelerometer only (the GPS is off, so nothing rests on a speed), except where a test
/// turns the receiver on.
@Suite("In-vehicle stage in the pipeline")
struct InVehiclePipelineTests {
    /// Walk 120 s, get in 15 s, drive 150 s, a red light 45 s (the car still, the phone on its
    /// mount), drive 150 s, park 10 s, walk 120 s.
    static func rideWithARedLight(seed: UInt64 = 11, gps: GPSCondition = .off) -> SimulatedSession {
        let car = Vehicle(road: .urban)
        let still = Motion.still(Stillness(posture: .sitting, fidgetInterval: nil))
        return SimulatedSession(
            phases: [
                SessionPhase(
                    .walking, duration: 120, motion: .gait(Gait(.walking, speed: 1.4)), placement: .jacketPocket,
                    speed: 1.4, gps: gps),
                SessionPhase(.stationary, duration: 15, motion: still, placement: .dashboardMount, speed: 0, gps: gps),
                SessionPhase(
                    .driving, duration: 150, motion: .vehicle(car), placement: .dashboardMount, speed: 14,
                    speedVariation: 1.5, gps: gps),
                SessionPhase(.driving, duration: 45, motion: still, placement: .dashboardMount, speed: 0, gps: gps),
                SessionPhase(
                    .driving, duration: 150, motion: .vehicle(car), placement: .dashboardMount, speed: 12,
                    speedVariation: 1.2, gps: gps),
                SessionPhase(.stationary, duration: 10, motion: still, placement: .dashboardMount, speed: 0, gps: gps),
                SessionPhase(
                    .walking, duration: 120, motion: .gait(Gait(.walking, speed: 1.4)), placement: .jacketPocket,
                    speed: 1.4, gps: gps),
            ], seed: seed, name: "ride-with-a-red-light")
    }

    /// Checks that the chunked analysis (1, 333 and 4,099 rows a chunk) gives the whole analysis's
    /// summary and that the live detector gives its timeline; returns the live decisions.
    static func expectChunkedAndLiveEqualWhole(
        _ recording: Recording, _ whole: RecordingAnalysis, _ sampling: SamplingAnalysis
    ) throws -> [ActivityDetector.Decision] {
        for rows in [1, 333, 4099] {
            var analyzer = try RecordingAnalyzer(
                source: recording.source, sampleRate: sampling.sampleRate, featureGap: sampling.maximumGap,
                stepGap: sampling.maximumGap, hasGyroscope: recording.rotationRate != nil)
            for start in stride(from: 0, to: recording.count, by: rows) {
                try analyzer.append(recording[rows: start..<min(start + rows, recording.count)])
            }
            #expect(try analyzer.finish() == whole.summary, "\(rows) rows a chunk")
        }
        var detector = try ActivityDetector(
            sampleRate: sampling.sampleRate, options: .init(), hasGyroscope: recording.rotationRate != nil,
            maximumGap: sampling.maximumGap)
        let decisions = try detector.process(try recording.events())
        let live = try detector.finish(source: recording.source)
        #expect(live.timeline == whole.timeline)
        #expect(detector.timeline == whole.timeline)
        return decisions
    }

    @Test func aRideWithARedLightIsOneDrivingSegmentWithTheStopInsideAndOneTrip() throws {
        let session = Self.rideWithARedLight()
        let analysis = try session.recording.analyzeActivities()
        let driving = analysis.timeline.segments.filter { $0.activity == .driving }
        print(analysis.timeline.segments.map { ($0.activity, $0.start, $0.end, $0.stops ?? []) })
        #expect(driving.count == 1)
        let ride = try #require(driving.first)
        // The drive runs 135–490 s: recognised within a minute, the walk after it within 15 s.
        #expect(ride.start >= 115 && ride.start <= 195)
        #expect(ride.end >= 470 && ride.end <= 505)
        // The red light (285–330 s) is a stop of the ride, not a segment of its own.
        let stops = ride.stops ?? []
        #expect(stops.contains { $0.start < 320 && $0.end > 295 && $0.duration >= 20 })
        #expect(stops.allSatisfy { $0.start >= ride.start && $0.end <= ride.end })
        #expect(analysis.trips.count == 1)
        // Without the stage the same windows give no single ride (the light is stationary).
        let bare = try session.recording.analyzeActivities(.init(inVehicle: nil))
        let bareRides = bare.timeline.segments.filter { $0.activity == .driving && $0.duration >= 60 }
        #expect(bareRides.count != 1 || bareRides[0].duration < 0.8 * ride.duration)
    }

    @Test func wholeChunkedAndLiveGiveTheSameTimelineWithItsStops() throws {
        let recording = Self.rideWithARedLight(seed: 12).recording
        let sampling = try #require(recording.samplingAnalysis())
        let whole = try recording.analyzeActivities()
        #expect(whole.timeline.segments.contains { !($0.stops ?? []).isEmpty })
        let decisions = try Self.expectChunkedAndLiveEqualWhole(recording, whole, sampling)
        // The live estimate is driving through the light, once the ride is entered.
        let atTheLight = decisions.filter { $0.result.start >= 290 && $0.result.end <= 328 }
        #expect(!atTheLight.isEmpty && atTheLight.allSatisfy { $0.committed == .driving })
    }

    @Test func withGPSTheRideStandsOnItsSpeedAndEveryDriverAgrees() throws {
        // The receiver on in streets throughout: multipath spikes lift one or two fixes of the
        // walks by 3–10 m/s, which must not make a ride.
        let recording = Self.rideWithARedLight(seed: 14, gps: .urban).recording
        #expect(recording.speed != nil)
        let sampling = try #require(recording.samplingAnalysis())
        let whole = try recording.analyzeActivities()
        let driving = whole.timeline.segments.filter { $0.activity == .driving }
        #expect(driving.count == 1)
        let ride = try #require(driving.first)
        #expect(ride.start >= 115 && ride.start <= 160)
        #expect(ride.end >= 470 && ride.end <= 505)
        #expect(
            whole.timeline.segments.filter { $0.end <= 115 || $0.start >= 505 }.allSatisfy { $0.activity != .driving })
        _ = try Self.expectChunkedAndLiveEqualWhole(recording, whole, sampling)
    }

    @Test func aGravityRemovedRideIsAnalysedEndToEnd() throws {
        let recording = Self.rideWithARedLight(seed: 13).recording
        let separated = try #require(try recording.separatedAcceleration())
        let linear = Recording(source: "linear-ride", time: recording.time, linearAcceleration: separated.user)
        #expect(linear.accelerationContent == .excludingGravity)
        let analysis = try linear.analyzeActivities()
        #expect(analysis.skipped.contains(.gravity))
        let driving = analysis.timeline.segments.filter { $0.activity == .driving }
        print(analysis.timeline.segments.map { ($0.activity, $0.start, $0.end) })
        #expect(driving.count == 1)
        let ride = try #require(driving.first)
        #expect(ride.start <= 195 && ride.end >= 470 && ride.end <= 505)
        #expect(
            analysis.timeline.segments.filter { $0.end <= 115 || $0.start >= 505 }.allSatisfy {
                $0.activity != .driving
            })
    }

    @Test(arguments: [ScenarioName.sidewalkWalk, .treadmillWalk, .cycling, .sprintToBus, .carParkWalk])
    func aSessionWithoutAVehicleHasNoDriving(name: ScenarioName) throws {
        let session = Scenario.session(name)
        var options = RecordingAnalysis.Options()
        options.activityReports = []
        let analysis = try session.recording.analyzeActivities(options)
        #expect(!analysis.timeline.segments.isEmpty)
        #expect(analysis.timeline.segments.allSatisfy { $0.activity != .driving })
    }
}
