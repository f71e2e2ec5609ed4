import Foundation
import Locomotion
import Testing

/// The in-vehicle stage on the bundled lab session (UCI HAPT, a waist phone: standing, sitting,
/// lying, walking and the postural transitions between them, no vehicle).
@Suite struct InVehicleStageTests {
    @Test func postureTransitionsAreNotDriving() throws {
        let recording = try PipelineDriversTests.read("uci-hapt-exp01.csv")
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

    @Test func optionsOutOfRangeAreRefused() {
        #expect(throws: LocomotionError.self) {
            try Recording(source: "x", time: [0, 1], acceleration: .init(x: [0, 0], y: [0, 0], z: [1, 1]))
                .analyzeActivities(.init(inVehicle: InVehicleOptions(minimumStopDuration: .nan)))
        }
        #expect(throws: LocomotionError.self) { try InVehicleOptions(drivingSpeed: -1).validate() }
    }
}
