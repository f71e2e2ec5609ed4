/// The long-scale vehicle evidence of one window, as ``VehicleEvidence`` emits it.
public struct VehicleEvidenceWindow: Sendable, Hashable {
    /// Time of the window's last grid point, in seconds (the recording's clock).
    public var endTime: Double
    /// Duration the window covers, in seconds.
    public var duration: Double
    /// Root-mean-square of the 3-axis acceleration about its window mean, in g (NaN when
    /// ``kind`` is ``VehicleWindowKind/unknown``).
    public var dynamicRMS: Double
    /// Vibration, in g: with gravity in the signal, the RMS of the acceleration along the window's
    /// mean direction (vertical; a tilt of the phone changes it only to second order); without
    /// gravity, ``dynamicRMS``. NaN when unknown.
    public var vibration: Double
    /// Highest local maximum of the normalised autocorrelation of the vertical (or, without
    /// gravity, principal-axis) acceleration at lags of 0.3–1.4 s: near 1 for steady gait or
    /// pedalling, near 0 for road and rail vibration. NaN when unknown.
    public var periodicity: Double
    /// The class the thresholds give.
    public var kind: VehicleWindowKind
    /// Sub-hertz motion, in g: the RMS, about the window mean, of the acceleration averaged over
    /// whole seconds (3 axes; with gravity in the signal, along the vertical) — speed changes,
    /// turns and the sway of a vehicle on its suspension. A person at rest has almost none: a body
    /// that stays in place cannot keep accelerating for a second. NaN when unknown.
    public var subHertzMotion: Double
    /// Within-second shake along the vertical, in g: the RMS of the vertical acceleration about its
    /// one-second means (road, rails, engine, suspension). 0 without gravity in the signal (the
    /// vertical is unknown), when unknown (a gap) or when not measured.
    public var verticalShake: Double
    /// Within-second shake across the vertical (horizontal), in g, as ``verticalShake``; a phone
    /// turned in a hand shows it twice or more as strong as its vertical shake. 0 as
    /// ``verticalShake``.
    public var horizontalShake: Double
    /// How much the within-second shake varies from one second of the window to the next: the
    /// coefficient of variation (standard deviation over mean) of the r.m.s. of the three-axis
    /// acceleration about each whole second's mean. A moving vehicle shakes a phone steadily
    /// (0.27–0.63 in the median window of cars, buses, trams, trains and a metro); a phone at rest
    /// in a hand, a pocket or on a belt shakes in bursts (a reach, a postural transition) between
    /// still seconds (0.8–1.0). 0 when there is no shake at all; NaN when unknown or not measured.
    public var shakeVariation: Double

    /// Creates a window (mostly for tests; ``VehicleEvidence`` makes them).
    ///
    /// - Parameters:
    ///   - endTime: Time of the window's last grid point, in seconds.
    ///   - duration: Duration the window covers, in seconds.
    ///   - dynamicRMS: 3-axis RMS about the window mean, in g.
    ///   - vibration: Vibration along the vertical (or ``dynamicRMS`` without gravity), in g.
    ///   - periodicity: Highest autocorrelation peak at lags of 0.3–1.4 s, 0–1.
    ///   - kind: The class the thresholds give.
    ///   - subHertzMotion: Sub-hertz motion, in g; NaN (the default) when not measured.
    ///   - verticalShake: Within-second vertical shake, in g; 0 (the default) when not measured.
    ///   - horizontalShake: Within-second horizontal shake, in g; 0 (the default) when not measured.
    ///   - shakeVariation: Coefficient of variation of the one-second shakes; NaN (the default)
    ///     when not measured.
    public init(
        endTime: Double, duration: Double, dynamicRMS: Double, vibration: Double, periodicity: Double,
        kind: VehicleWindowKind, subHertzMotion: Double = .nan, verticalShake: Double = 0,
        horizontalShake: Double = 0, shakeVariation: Double = .nan
    ) {
        self.endTime = endTime
        self.duration = duration
        self.dynamicRMS = dynamicRMS
        self.vibration = vibration
        self.periodicity = periodicity
        self.kind = kind
        self.subHertzMotion = subHertzMotion
        self.verticalShake = verticalShake
        self.horizontalShake = horizontalShake
        self.shakeVariation = shakeVariation
    }

    /// Time of the window's first grid point, in seconds.
    public var startTime: Double { endTime - duration }
}
