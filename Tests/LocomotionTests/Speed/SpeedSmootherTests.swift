import Foundation
import Locomotion
import Testing

@Suite("SpeedSmoother")
struct SpeedSmootherTests {
    @Test func filterIsTheStreamingFilterRunOverTheArray() throws {
        let fixes = try [(0.0, 1.2), (1, 1.5), (2, 11), (3, 1.4), (4, -1), (5, 1.3), (5, 1.3), (4.5, 2)].map {
            try LocationFix(time: $0.0, speed: $0.1, speedAccuracy: $0.1 < 0 ? -1 : 0.4)
        }
        for configuration in [SpeedKalmanFilter.Configuration.randomWalk, .constantVelocity] {
            var streaming = SpeedKalmanFilter(configuration: configuration)
            let expected = fixes.map { streaming.update(with: $0) }
            let smoother = SpeedSmoother(configuration: configuration)
            #expect(smoother.filter(fixes) == expected)
            #expect(smoother.smooth(fixes) == smoother.smooth(fixes), "deterministic")
        }
    }

    @Test func smoothingKeepsStatusesAndDoesNotCrossAReinitialisation() throws {
        var fixes = try (0..<10).map { try LocationFix(time: Double($0), speed: 1.3, speedAccuracy: 0.3) }
        fixes += try (10..<20).map { try LocationFix(time: Double($0), speed: 12, speedAccuracy: 0.3) }
        let smoother = SpeedSmoother()
        let forward = smoother.filter(fixes)
        let backward = smoother.smooth(fixes)
        #expect(forward.map(\.status) == backward.map(\.status))
        #expect(forward[12].status.name == "reinitialized")
        #expect(backward[..<12].allSatisfy { abs($0.speed! - 1.3) < 1e-12 }, "the jump is not smeared backwards")
        #expect(backward[12...].allSatisfy { $0.speed == 12 })
    }

    @Test func smoothingReducesTheUncertaintyAndHandlesDuplicatesAndLateFixes() throws {
        let fixes = try [
            LocationFix(time: 0, speed: 1.0, speedAccuracy: 0.5), LocationFix(time: 1, speed: 1.6, speedAccuracy: 0.5),
            LocationFix(time: 1, speed: 9, speedAccuracy: 0.5), LocationFix(time: 0.5, speed: 1, speedAccuracy: 0.5),
            LocationFix(time: 2, speed: 1.2, speedAccuracy: 0.5), LocationFix(time: 3, speed: -1, speedAccuracy: -1),
            LocationFix(time: 4, speed: 1.4, speedAccuracy: 0.5),
        ]
        let smoother = SpeedSmoother()
        let forward = smoother.filter(fixes)
        let backward = smoother.smooth(fixes)
        #expect(backward[2].status == .duplicateTime && backward[2].speed == backward[1].speed)
        #expect(backward[3].status == .outOfOrder(previousTime: 1) && backward[3].speed == nil)
        for index in [0, 1, 4, 5] {
            #expect(backward[index].standardDeviation! < forward[index].standardDeviation!)
        }
        #expect(backward[6] == forward[6], "the last fix has nothing after it")
    }
}
