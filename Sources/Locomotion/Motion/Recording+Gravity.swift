extension Recording {
    /// The acceleration split into its gravity-free part and, where it is known, gravity, in g on
    /// the device's axes: what an analysis of vehicle motion (surges, braking, turns, vibration)
    /// reads from any phone.
    ///
    /// - ``AccelerationContent/excludingGravity``: the linear acceleration as given; gravity is
    ///   unknown (`nil`), so its direction (vertical against horizontal) is too.
    /// - ``AccelerationContent/both``: the linear acceleration as given, and the gravity column,
    ///   or else the acceleration minus the linear acceleration.
    /// - ``AccelerationContent/includingGravity``: ``GravitySeparator`` over the whole recording
    ///   at its estimated rate (a 0.3 Hz low-pass gives gravity; the rest is the user
    ///   acceleration), as one stretch: it does not restart at gaps.
    ///
    /// - Parameter cutoff: The gravity low-pass cutoff (Hz) for a recording with gravity alone.
    /// - Returns: `nil` without acceleration.
    /// - Throws: `LocomotionError.tooShort` for fewer than two distinct timestamps and what
    ///   ``GravitySeparator/separate(_:sampleRate:cutoff:)`` throws, for a recording with gravity alone.
    /// - Complexity: O(*n*); allocates the columns it computes.
    public func separatedAcceleration(cutoff: Double = GravitySeparator.defaultCutoff) throws(LocomotionError) -> (
        user: ThreeAxisSeries, gravity: ThreeAxisSeries?
    )? {
        switch accelerationContent {
        case nil: return nil
        case .excludingGravity: return (linearAcceleration!, nil)
        case .both:
            let linear = linearAcceleration!
            if let gravity { return (linear, gravity) }
            let total = acceleration!
            func difference(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { $0 - $1 } }
            return (
                linear,
                ThreeAxisSeries(
                    x: difference(total.x, linear.x), y: difference(total.y, linear.y),
                    z: difference(total.z, linear.z))
            )
        case .includingGravity:
            let rate = try requireSamplingAnalysis(purpose: "separating gravity").sampleRate
            let parts = try GravitySeparator.separate(acceleration!, sampleRate: rate, cutoff: cutoff)
            return (parts.user, parts.gravity)
        }
    }
}
