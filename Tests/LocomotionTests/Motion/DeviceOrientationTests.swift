import Locomotion
import Testing

@Suite("Device orientation")
struct DeviceOrientationTests {
    @Test(arguments: [
        (SIMD3<Double>(0, 0, -1), DeviceOrientation.faceUp), (SIMD3(0, 0, 1), .faceDown),
        (SIMD3(0, -1, 0), .portrait), (SIMD3(0, 1, 0), .portraitUpsideDown), (SIMD3(-1, 0, 0), .landscapeLeft),
        (SIMD3(1, 0, 0), .landscapeRight), (SIMD3(0.6, 0.6, -0.5), .unknown), (SIMD3(0, 0, -0.8), .unknown),
        (SIMD3(0, 0, -0.81), .faceUp), (SIMD3(0.9, -0.9, 0), .landscapeRight),
    ])
    func orientationFollowsTheSeedsRule(gravity: SIMD3<Double>, expected: DeviceOrientation) {
        #expect(DeviceOrientation(gravity: gravity) == expected)
    }

    @Test func theThresholdIsAParameter() {
        #expect(DeviceOrientation(gravityX: 0, y: -0.7, z: 0.3, threshold: 0.6) == .portrait)
        #expect(DeviceOrientation(gravityX: 0, y: -0.7, z: 0.3) == .unknown)
    }
}
