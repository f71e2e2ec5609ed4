import LocomotionDSP

/// Splits total acceleration (what an accelerometer measures, in g) into gravity and user
/// acceleration with a low-pass filter per axis: the Linux analogue of `CMDeviceMotion`'s
/// `gravity` and `userAcceleration` for a phone without sensor fusion.
///
/// Gravity is the 3rd-order Butterworth low-pass at 0.3 Hz of each axis, the filter UCI HAR
/// used to separate body from gravity acceleration (Anguita et al., ESANN 2013); user
/// acceleration is the total minus gravity. Turning the phone shows up in gravity within about
/// 1/0.3 s ≈ 3 s; slow tilts below the cutoff are not user acceleration.
///
/// ```swift
/// var separator = try GravitySeparator(sampleRate: 50)
/// for sample in samples {
///     let parts = try separator.process(x: sample.x, y: sample.y, z: sample.z)
///     let orientation = DeviceOrientation(gravity: parts.gravity)
/// }
/// ```
///
/// The filter is causal and starts at the steady state for the first sample (as if the phone
/// had always been at rest in that pose), so there is no start-up transient. Batch
/// (``separate(_:sampleRate:cutoff:)``) and streaming give the same numbers bit for bit. A value
/// type: a copy carries its own state; no allocation per sample.
public struct GravitySeparator: Sendable {
    /// Gravity and user acceleration of one sample, both in g.
    public struct Components: Sendable, Hashable {
        /// The low-passed acceleration (x, y, z), in g.
        public var gravity: SIMD3<Double>
        /// Total acceleration minus gravity (x, y, z), in g.
        public var user: SIMD3<Double>
    }

    /// The default cutoff, 0.3 Hz (UCI HAR).
    public static let defaultCutoff = 0.3
    /// The filter order, 3 (UCI HAR).
    public static let order = 3

    private var filters: AxisLowPass
    private var started = false

    /// Creates a separator.
    ///
    /// - Parameters:
    ///   - sampleRate: In Hz; finite, and above twice the cutoff.
    ///   - cutoff: The gravity low-pass cutoff in Hz; 0.3 by default.
    /// - Throws: `LocomotionError.signalProcessing` when the filter cannot be designed.
    /// - Complexity: O(1).
    public init(sampleRate: Double, cutoff: Double = GravitySeparator.defaultCutoff) throws(LocomotionError) {
        do {
            let sections = try Butterworth.design(
                order: Self.order, band: .lowPass(cutoff: cutoff), sampleRate: sampleRate)
            filters = AxisLowPass(sections)
        } catch {
            throw .signalProcessing(error)
        }
    }

    /// Separates one sample of total acceleration.
    ///
    /// - Parameters:
    ///   - x: Total acceleration along x, in g; finite.
    ///   - y: Along y, in g.
    ///   - z: Along z, in g.
    /// - Returns: Gravity and user acceleration, in g.
    /// - Throws: `LocomotionError.invalidParameter` for a non-finite value (the state is unchanged).
    /// - Complexity: O(1); no allocation.
    public mutating func process(x: Double, y: Double, z: Double) throws(LocomotionError) -> Components {
        guard x.isFinite, y.isFinite, z.isFinite else {
            throw .invalidParameter(
                name: "acceleration", value: "(\(x), \(y), \(z))", requirement: "it must be finite on every axis (g)")
        }
        let total = SIMD3(x, y, z)
        if !started {
            filters.reset(toSteadyStateFor: total)
            started = true
        }
        let gravity: SIMD3<Double>
        do {
            gravity = try filters.process(total)
        } catch {
            throw .signalProcessing(error)
        }
        return Components(gravity: gravity, user: total - gravity)
    }

    /// Forgets the past: the next sample starts the filters afresh (use after a gap).
    ///
    /// - Complexity: O(1).
    public mutating func reset() { started = false }

    /// Separates a whole series (one segment without gaps), causally, exactly as streaming would.
    ///
    /// - Parameters:
    ///   - acceleration: Total acceleration in g.
    ///   - sampleRate: In Hz.
    ///   - cutoff: In Hz; 0.3 by default.
    /// - Returns: Gravity and user acceleration, each with `acceleration.count` samples, in g.
    /// - Throws: `LocomotionError.signalProcessing` or `.invalidParameter` as the streaming calls.
    /// - Complexity: O(*n*).
    public static func separate(
        _ acceleration: ThreeAxisSeries, sampleRate: Double, cutoff: Double = GravitySeparator.defaultCutoff
    ) throws(LocomotionError) -> (gravity: ThreeAxisSeries, user: ThreeAxisSeries) {
        var separator = try GravitySeparator(sampleRate: sampleRate, cutoff: cutoff)
        var gravity = ThreeAxisSeries(reservingCapacity: acceleration.count)
        var user = ThreeAxisSeries(reservingCapacity: acceleration.count)
        for index in 0..<acceleration.count {
            let parts = try separator.process(
                x: acceleration.x[index], y: acceleration.y[index], z: acceleration.z[index])
            gravity.x.append(parts.gravity.x)
            gravity.y.append(parts.gravity.y)
            gravity.z.append(parts.gravity.z)
            user.x.append(parts.user.x)
            user.y.append(parts.user.y)
            user.z.append(parts.user.z)
        }
        return (gravity, user)
    }
}
