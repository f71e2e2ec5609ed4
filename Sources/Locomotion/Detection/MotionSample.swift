/// One accelerometer sample, with the gyroscope's when the device has one.
public struct MotionSample: Sendable, Hashable, Codable {
    /// Seconds, in the data's time base.
    public var time: Double
    /// Acceleration including gravity, in g, on the device's x, y and z axes.
    public var x: Double, y: Double, z: Double
    /// A rotation rate in rad/s about the device's axes.
    public struct RotationRate: Sendable, Hashable, Codable {
        /// Rotation about the device's x, y and z axes, in rad/s.
        public var x: Double, y: Double, z: Double
        /// Creates a rotation rate from its three components, in rad/s.
        public init(x: Double, y: Double, z: Double) {
            self.x = x
            self.y = y
            self.z = z
        }
    }

    /// The rotation rate, when measured.
    public var rotationRate: RotationRate?

    /// Creates a sample.
    ///
    /// - Parameters:
    ///   - time: Seconds.
    ///   - x: Acceleration along the phone's x axis, in g.
    ///   - y: Acceleration along the phone's y axis, in g.
    ///   - z: Acceleration along the phone's z axis, in g.
    ///   - rotationRate: Rad/s, or `nil`.
    public init(time: Double, x: Double, y: Double, z: Double, rotationRate: RotationRate? = nil) {
        self.time = time
        self.x = x
        self.y = y
        self.z = z
        self.rotationRate = rotationRate
    }
}
