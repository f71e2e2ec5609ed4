import LocomotionDSP

/// What a ``FeatureGroup`` sees of one window: plain values, safe to read and to keep.
///
/// Every array holds the window's ``FeatureExtractor/windowLength`` samples, oldest first. The
/// extractor reuses its arrays from window to window, so reading them allocates nothing; a group
/// that keeps one alive past ``FeatureGroup/compute(_:into:)`` gets its own copy on the next
/// window (copy-on-write), at the cost of one allocation.
public struct FeatureWindow: Sendable {
    /// The time of the first sample, in seconds.
    public let start: Double
    /// The time of the last sample, in seconds.
    public let end: Double
    /// The sample rate, in Hz.
    public let sampleRate: Double
    /// Acceleration along the device's x axis, in g (gravity included).
    public let x: [Double]
    /// Acceleration along the y axis, in g.
    public let y: [Double]
    /// Acceleration along the z axis, in g.
    public let z: [Double]
    /// The acceleration magnitude `√(x² + y² + z²)`, in g.
    public let magnitude: [Double]
    /// The rotation rate's three axes in rad/s, when the window has a gyroscope.
    public let rotationRate: (x: [Double], y: [Double], z: [Double])?
    /// The power spectrum of the magnitude (Hann window, mean removed): the same one the
    /// built-in spectral features read.
    public let spectrum: Spectrum
    /// The GPS and pedometer state at the window's end.
    public let context: WindowContext
}
