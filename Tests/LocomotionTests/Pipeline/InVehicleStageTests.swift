import Foundation
import Locomotion
import Testing

/// The in-vehicle stage on the bundled lab session (UCI HAPT, a waist phone: standing, sitting,
/// lying, walking and the postural transitions between them, no vehicle).
@Suite struct InVehicleStageTests {
    @Test func postureTransitionsAreNotDriving() throws {
        let recording = try TestRecordings.bundled("uci-hapt-exp01.csv")
        let labels = try #require(recording.labels)
        let transitionRows = labels.indices.filter { row in
            labels[row].contains(" to ") || ["7", "8", "9", "10", "11", "12"].contains(labels[row])
        }
        #expect(transitionRows.count > 100)
        let analysis = try recording.analyzeActivities()
        let drivingTime = analysis.timeline.segments.filter { $0.activity == .driving }.map(\.duration).reduce(0, +)
        #expect(drivingTime == 0)
        #expect(analysis.trips.isEmpty)
        // The windows alone call some of the lab session driving; the stage is what removes it.
        let bare = try recording.analyzeActivities(.init(inVehicle: nil))
        #expect(bare.smoothed.contains { $0.activity == .driving })
        for row in transitionRows {
            let time = recording.time[row]
            #expect(
                analysis.smoothed.filter { $0.start <= time && time <= $0.end }.allSatisfy { $0.activity != .driving })
        }
    }

    /// A phone lying still on a seat of a smooth train (quiet: the accelerometer alone sees no
    /// ride) with a fix every `fixInterval` s; `speedAt` gives each fix's speed.
    static func quietRide(seconds: Int, fixInterval: Int, speedAt: (Int) -> Double) -> Recording {
        let rate = 20
        let count = seconds * rate
        let time = (0..<count).map { Double($0) / Double(rate) }
        let speed = (0..<count).map { row -> Double in
            row % (fixInterval * rate) == 0 ? speedAt(row / rate) : .nan
        }
        // Sensor noise only: far below a moving vehicle's vibration floor.
        let noise = (0..<count).map { 0.0005 * sin(Double($0) * 1.7) }
        return Recording(
            source: "quiet ride", time: time,
            acceleration: .init(x: noise, y: noise.map { -$0 }, z: noise.map { 1 + $0 }), speed: speed)
    }

    static func drivingTime(_ recording: Recording) throws -> Double {
        try recording.analyzeActivities().timeline.segments.filter { $0.activity == .driving }.map(\.duration)
            .reduce(0, +)
    }

    @Test func aSustainedGPSSpeedMakesAQuietRideDriving() throws {
        // Accelerometer alone: no driving.
        let still = Self.quietRide(seconds: 180, fixInterval: 1) { _ in 0 }
        #expect(try Self.drivingTime(still) == 0)
        // At 15 m/s from 30 s on, one fix a second: driving from there (dated back over the
        // seated time before it) to the end.
        let ride = Self.quietRide(seconds: 180, fixInterval: 1) { $0 >= 30 ? 15 : 0 }
        let analysis = try ride.analyzeActivities()
        let driving = analysis.timeline.segments.filter { $0.activity == .driving }
        #expect(driving.count == 1)
        #expect(try #require(driving.first).end >= 175)
        #expect(try Self.drivingTime(ride) >= 140)
        // One fix a minute (a throttled logger) still makes a sustained speed.
        let sparse = Self.quietRide(seconds: 240, fixInterval: 60) { _ in 15 }
        #expect(try Self.drivingTime(sparse) >= 150)
    }

    @Test func aSingleFastFixOrASpikeIsNotARide() throws {
        // One fast fix among slow ones (a GPS jump) does not make a ride, nor does a multipath
        // spike of two fixes in a row.
        let glitch = Self.quietRide(seconds: 180, fixInterval: 1) { $0 == 60 ? 30 : 1 }
        #expect(try Self.drivingTime(glitch) == 0)
        let spike = Self.quietRide(seconds: 180, fixInterval: 1) { (60...61).contains($0) ? 12 : 1 }
        #expect(try Self.drivingTime(spike) == 0)
    }

    @Test func optionsOutOfRangeAreRefused() {
        #expect(throws: LocomotionError.self) {
            try Recording(source: "x", time: [0, 1], acceleration: .init(x: [0, 0], y: [0, 0], z: [1, 1]))
                .analyzeActivities(.init(inVehicle: InVehicleOptions(minimumStopDuration: .nan)))
        }
        #expect(throws: LocomotionError.self) { try InVehicleOptions(drivingSpeed: -1).validate() }
        #expect(throws: LocomotionError.self) { try InVehicleOptions(drivingSpeedHold: .infinity).validate() }
    }
}
