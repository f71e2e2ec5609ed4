/// Builds the GPS and pedometer ``WindowContext`` at each window's end from fixes and cadences
/// fed in time order: the one rule batch extraction (``Recording/features(_:sampleRate:maximumGap:threadCount:)``)
/// and ``StreamingFeatureExtractor`` share, so both give a window the same context.
///
/// The GPS state is the speed filter after every fix fed so far, read at the window's end; the
/// pedometer cadence is the latest finite one fed whose time lies within the window.
struct WindowContextBuilder: Sendable {
    private var speedFilter: SpeedKalmanFilter
    private var seenFix = false
    private var latestCadence: (time: Double, value: Double)?
    private let maximumFixAge: Double

    init(configuration: FeatureConfiguration) {
        speedFilter = SpeedKalmanFilter(configuration: configuration.speedFilter)
        maximumFixAge = configuration.maximumFixAge
    }

    /// Feeds a GPS fix to the speed filter.
    mutating func append(fix: LocationFix) {
        _ = speedFilter.update(with: fix)
        seenFix = true
    }

    /// Records a pedometer cadence (steps/s) reported at `time` (s); a non-finite value is ignored.
    mutating func append(cadence: Double, at time: Double) {
        if cadence.isFinite { latestCadence = (time, cadence) }
    }

    /// The context of the window from `start` to `end` (s).
    func context(start: Double, end: Double) -> WindowContext {
        var context = WindowContext()
        if seenFix {
            context.gps = WindowContext.GPSState(filter: speedFilter, at: end, maximumAge: maximumFixAge)
        }
        if let latestCadence, latestCadence.time >= start, latestCadence.time <= end {
            context.pedometerCadence = latestCadence.value
        }
        return context
    }
}
