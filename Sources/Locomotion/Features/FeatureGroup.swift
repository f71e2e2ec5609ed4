import LocomotionDSP

/// A family of features computed by code outside the built-in set: the extension point for
/// user features and for feature families added later.
///
/// The extractor calls ``compute(_:into:)`` once per window, after the built-in features, with one
/// ``FeatureWindow`` value (the samples as arrays, the magnitude and its spectrum, the context)
/// and an array of exactly `descriptors.count` values, NaN on entry, to overwrite in place.
///
/// ```swift
/// struct PeakToPeak: FeatureGroup {
///     let descriptors = [
///         FeatureDescriptor(name: "acc_x_peak_to_peak", unit: "g", summary: "largest minus smallest x"),
///         FeatureDescriptor(name: "acc_z_peak_to_peak", unit: "g", summary: "largest minus smallest z"),
///     ]
///     func compute(_ window: FeatureWindow, into values: inout [Double]) {
///         values[0] = window.x.max()! - window.x.min()!
///         values[1] = window.z.max()! - window.z.min()!
///     }
/// }
/// ```
///
/// Threading: every extractor holds its own copy of each group, and batch extraction copies the
/// extractor per thread, so a value type may keep mutable scratch (a detector's state, buffers)
/// freely. A class must be safe to call from several threads at once. For determinism the values
/// must depend only on the window.
public protocol FeatureGroup: Sendable {
    /// The group's columns, in order; fixed for the group's lifetime.
    var descriptors: [FeatureDescriptor] { get }
    /// Computes the group's values for one window.
    ///
    /// - Parameters:
    ///   - window: The window. Keeping it (or one of its arrays) past the call is safe but makes
    ///     the extractor copy its arrays on the next window.
    ///   - values: Exactly `descriptors.count` values, NaN on entry, to overwrite in place (NaN
    ///     for a missing value). Leaving another count makes the extraction throw
    ///     `LocomotionError.invalidParameter` naming the group.
    mutating func compute(_ window: FeatureWindow, into values: inout [Double])
}

/// One user feature from a closure: the shortest way to add a feature.
///
/// ```swift
/// let peakToPeak = FeatureFunction(name: "acc_x_peak_to_peak", unit: "g", summary: "x range") { window in
///     window.x.max()! - window.x.min()!
/// }
/// ```
public struct FeatureFunction: FeatureGroup {
    /// The single column.
    public let descriptors: [FeatureDescriptor]
    private let body: @Sendable (FeatureWindow) -> Double

    /// Creates a feature.
    ///
    /// - Parameters:
    ///   - name: The stable name.
    ///   - unit: The unit of the value.
    ///   - summary: One line of description.
    ///   - body: Computes the value of one window; return NaN for a missing value. It should not
    ///     allocate if the steady state is to stay allocation-free.
    public init(
        name: String, unit: String, summary: String, _ body: @escaping @Sendable (FeatureWindow) -> Double
    ) {
        self.descriptors = [FeatureDescriptor(name: name, unit: unit, summary: summary)]
        self.body = body
    }

    /// Writes `body(window)`.
    ///
    /// - Complexity: That of `body`.
    public func compute(_ window: FeatureWindow, into values: inout [Double]) {
        values[0] = body(window)
    }
}

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

/// The slowly varying streams at a window's end, which the extractor does not window itself.
public struct WindowContext: Sendable, Hashable {
    /// The GPS speed state, or `nil` before the first fix (or without a GPS stream).
    public var gps: GPSState?
    /// The latest pedometer cadence reported within the window, in steps/s, or `nil`.
    public var pedometerCadence: Double?

    /// Creates a context; both streams absent by default.
    public init(gps: GPSState? = nil, pedometerCadence: Double? = nil) {
        self.gps = gps
        self.pedometerCadence = pedometerCadence
    }

    /// The smoothed GPS speed at a window's end.
    public struct GPSState: Sendable, Hashable {
        /// The smoothed speed in m/s, or `nil` when the filter has no estimate yet.
        public var speed: Double?
        /// Seconds since the last accepted fix, or `nil` when none was accepted.
        public var age: Double?
        /// Whether the speed rests on a fix no older than the configured limit.
        public var isValid: Bool

        /// Creates a state.
        public init(speed: Double?, age: Double?, isValid: Bool) {
            self.speed = speed
            self.age = age
            self.isValid = isValid
        }

        /// The state of `filter` at `time` (s), valid when the last accepted fix is at most
        /// `maximumAge` seconds old.
        public init(filter: SpeedKalmanFilter, at time: Double, maximumAge: Double) {
            let age = filter.age(at: time)
            self.init(speed: filter.speed, age: age, isValid: filter.speed != nil && (age ?? .infinity) <= maximumAge)
        }
    }
}
