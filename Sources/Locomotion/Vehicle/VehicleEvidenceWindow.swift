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

    /// Creates a window (mostly for tests; ``VehicleEvidence`` makes them).
    public init(
        endTime: Double, duration: Double, dynamicRMS: Double, vibration: Double, periodicity: Double,
        kind: VehicleWindowKind
    ) {
        self.endTime = endTime
        self.duration = duration
        self.dynamicRMS = dynamicRMS
        self.vibration = vibration
        self.periodicity = periodicity
        self.kind = kind
    }

    /// Time of the window's first grid point, in seconds.
    public var startTime: Double { endTime - duration }
}
