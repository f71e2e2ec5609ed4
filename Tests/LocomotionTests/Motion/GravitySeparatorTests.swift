import Foundation
import Locomotion
import Testing

@Suite("Gravity separation")
struct GravitySeparatorTests {
    @Test(arguments: [10.0, 50.0, 100.0, 200.0])
    func gravityIsTheSlowPartAndUserTheFastPart(rate: Double) throws {
        // 1 g along −y (portrait), plus a 2 Hz user acceleration of 0.3 g along z.
        let count = Int(20 * rate)
        let z = (0..<count).map { 0.3 * sin(2 * .pi * 2 * Double($0) / rate) }
        let series = ThreeAxisSeries(
            x: [Double](repeating: 0, count: count), y: [Double](repeating: -1, count: count), z: z)
        let (gravity, user) = try GravitySeparator.separate(series, sampleRate: rate)
        let last = count - 1
        #expect(abs(gravity.y[last] + 1) < 1e-9)
        #expect(abs(user.y[last]) < 1e-9)
        // A 3rd-order low-pass at 0.3 Hz attenuates 2 Hz by about (0.3/2)³: under 0.01 g of 0.3 g.
        let tail = (count / 2)..<count
        #expect(tail.map { abs(gravity.z[$0]) }.max()! < 0.01)
        #expect(tail.map { abs(user.z[$0] - z[$0]) }.max()! < 0.01)
        #expect(DeviceOrientation(gravity: SIMD3(gravity.x[last], gravity.y[last], gravity.z[last])) == .portrait)
    }

    @Test func aTurnOfThePhoneReachesGravityWithinSeconds() throws {
        let rate = 50.0
        var separator = try GravitySeparator(sampleRate: rate)
        var orientation = DeviceOrientation.unknown
        for index in 0..<Int(10 * rate) {
            let faceUp = index < Int(5 * rate)
            let parts = try separator.process(x: 0, y: faceUp ? 0 : -1, z: faceUp ? -1 : 0)
            orientation = DeviceOrientation(gravity: parts.gravity)
            if index == Int(5 * rate) - 1 { #expect(orientation == .faceUp) }
        }
        #expect(orientation == .portrait)
    }

    @Test func streamingEqualsBatchBitForBit() throws {
        let (recording, _) = GaitSimulation.walking(rate: 50, duration: 10, cadence: 1.8, amplitude: 0.3)
        let acceleration = try #require(recording.acceleration)
        let batch = try GravitySeparator.separate(acceleration, sampleRate: 50)
        var separator = try GravitySeparator(sampleRate: 50)
        for index in 0..<acceleration.count {
            let parts = try separator.process(
                x: acceleration.x[index], y: acceleration.y[index], z: acceleration.z[index])
            #expect(parts.gravity == SIMD3(batch.gravity.x[index], batch.gravity.y[index], batch.gravity.z[index]))
            #expect(parts.user == SIMD3(batch.user.x[index], batch.user.y[index], batch.user.z[index]))
        }
    }

    @Test func badInputIsATypedError() throws {
        var separator = try GravitySeparator(sampleRate: 50)
        #expect(throws: LocomotionError.self) { _ = try separator.process(x: .nan, y: 0, z: 1) }
        #expect(throws: LocomotionError.self) { _ = try GravitySeparator(sampleRate: 0.5) }
    }
}
