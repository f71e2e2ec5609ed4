/// How a phone is held, read from the direction of gravity in the device frame.
///
/// The device frame is Core Motion's: *x* to the right of the screen, *y* towards its top, *z*
/// out of the screen; a phone lying face up on a table measures gravity ≈ (0, 0, −1) g.
public enum DeviceOrientation: String, Sendable, Hashable, CaseIterable, Codable {
    /// Screen up: gravity along −z.
    case faceUp
    /// Screen down: gravity along +z.
    case faceDown
    /// Upright, home edge down: gravity along −y.
    case portrait
    /// Upright, home edge up: gravity along +y.
    case portraitUpsideDown
    /// On its side, gravity along −x.
    case landscapeLeft
    /// On its side, gravity along +x.
    case landscapeRight
    /// No axis carries more than the threshold (tilted, or accelerating hard).
    case unknown

    /// The default threshold: an axis holds the orientation when it carries more than 0.8 g.
    public static let defaultThreshold = 0.8

    /// Classifies a gravity vector by testing the axes in this order: z (face
    /// up/down), then x (landscape), then y (portrait); the first axis beyond `±threshold` wins.
    ///
    /// - Parameters:
    ///   - x: Gravity along the device's x axis, in g.
    ///   - y: Gravity along y, in g.
    ///   - z: Gravity along z, in g.
    ///   - threshold: In g; 0.8 by default. A comparison is strict, so exactly 0.8 g is not enough.
    /// - Complexity: O(1).
    public init(gravityX x: Double, y: Double, z: Double, threshold: Double = DeviceOrientation.defaultThreshold) {
        if z < -threshold {
            self = .faceUp
        } else if z > threshold {
            self = .faceDown
        } else if x < -threshold {
            self = .landscapeLeft
        } else if x > threshold {
            self = .landscapeRight
        } else if y < -threshold {
            self = .portrait
        } else if y > threshold {
            self = .portraitUpsideDown
        } else {
            self = .unknown
        }
    }

    /// Classifies a gravity vector (x, y, z) in g; see ``init(gravityX:y:z:threshold:)``.
    ///
    /// - Complexity: O(1).
    public init(gravity: SIMD3<Double>, threshold: Double = DeviceOrientation.defaultThreshold) {
        self.init(gravityX: gravity.x, y: gravity.y, z: gravity.z, threshold: threshold)
    }
}
