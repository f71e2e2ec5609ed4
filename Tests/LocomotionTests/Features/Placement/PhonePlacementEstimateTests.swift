import Foundation
import Locomotion
import Testing

@Suite struct PhonePlacementEstimateTests {
    /// 30 s at 100 Hz of gravity tilted by `swing` degrees at the stride rate (0.9 Hz) about the
    /// phone's x axis, plus a 0.3 g bounce at the step rate (1.8 Hz) along gravity.
    static func walk(swing: Double, rate: Double = 100) throws -> PhonePlacementEstimate {
        let t = (0..<Int(30 * rate)).map { Double($0) / rate }
        var x = [Double](), y = [Double](), z = [Double]()
        for s in t {
            let angle = swing * Double.pi / 180 * sin(2 * Double.pi * 0.9 * s)
            let g = 1 + 0.3 * sin(2 * Double.pi * 1.8 * s)
            x.append(0.05)
            y.append(g * cos(angle))
            z.append(g * sin(angle))
        }
        return try PhonePlacementEstimate(x: x, y: y, z: z, sampleRate: rate)
    }

    @Test func aSwingingThighIsTheThighAndASteadyTrunkIsElsewhere() throws {
        let thigh = try Self.walk(swing: 30)
        #expect(thigh.placement == .thigh)
        #expect(thigh.sway > 19 && thigh.sway < 31)
        let trunk = try Self.walk(swing: 3)
        #expect(trunk.placement == .elsewhere)
        #expect(trunk.sway < 4)
        #expect(try Self.walk(swing: 16).placement == .unknown)
        #expect(try Self.walk(swing: 30, rate: 20).placement == .thigh)
    }

    @Test func stillnessAndBadInputAreUnknownOrRefused() throws {
        let ones = [Double](repeating: 1, count: 3000)
        let zeros = [Double](repeating: 0, count: 3000)
        let still = try PhonePlacementEstimate(x: zeros, y: zeros, z: ones, sampleRate: 100)
        #expect(still.placement == .unknown && still.movingWindowCount == 0 && still.sway.isNaN)
        #expect(try PhonePlacementEstimate(x: [], y: [], z: [], sampleRate: 50).placement == .unknown)
        #expect(throws: LocomotionError.self) { try PhonePlacementEstimate(x: [], y: [], z: [], sampleRate: .nan) }
        var withNaN = ones
        withNaN[10] = .nan
        #expect(try PhonePlacementEstimate(x: zeros, y: zeros, z: withNaN, sampleRate: 100).placement == .unknown)
    }

    @Test func realRecordings() throws {
        let url = try #require(
            Bundle.module.url(forResource: "Fixtures/motionsense-sub04-jogging-20s", withExtension: "csv"))
        let pocket = try #require(try RecordingReader.read(path: url.path).recording.phonePlacement())
        #expect(pocket.placement == .thigh)
        let back = try #require(
            Bundle.module.url(forResource: "Fixtures/mobilised-d-HA001-test11-90-127s_imu", withExtension: "csv"))
        let lowerBack = try #require(try RecordingReader.read(path: back.path).recording.phonePlacement())
        #expect(lowerBack.placement == .elsewhere)
    }
}
