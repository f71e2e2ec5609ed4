/// Smooths the speeds of a whole recording at once: ``SpeedKalmanFilter`` forwards, then a
/// Rauch–Tung–Striebel pass backwards, so every estimate uses the fixes after it as well as those
/// before.
///
/// The backward pass changes estimates, not decisions: statuses (accepted, rejected spike,
/// invalid, ...) are the forward filter's. A re-initialisation starts a new segment that the
/// backward pass does not cross, so a real jump in speed is not smeared back over the fixes
/// before it. Offline results are the ones to report for a recording (the `locomotion speed`
/// command); the streaming filter is for live use and features computed as data arrive.
///
/// ```swift
/// let smoothed = SpeedSmoother().smooth(fixes)
/// let report = try SpeedSmoothingReport(results: smoothed)
/// ```
public struct SpeedSmoother: Sendable {
    /// The tuning of the forward filter.
    public var configuration: SpeedKalmanFilter.Configuration

    /// Creates a smoother.
    ///
    /// - Parameter configuration: The tuning; ``SpeedKalmanFilter/Configuration/default`` by default.
    public init(configuration: SpeedKalmanFilter.Configuration = .default) {
        self.configuration = configuration
    }

    /// The streaming filter's result for each fix (causal: each estimate uses only earlier fixes).
    ///
    /// - Parameter fixes: Fixes in time order (see ``SpeedKalmanFilter/update(with:)`` for others).
    /// - Returns: One result per fix, in the same order.
    /// - Complexity: O(*n*).
    public func filter(_ fixes: [LocationFix]) -> [SmoothedSpeed] {
        var filter = SpeedKalmanFilter(configuration: configuration)
        return fixes.map { filter.update(with: $0) }
    }

    /// The Rauch–Tung–Striebel smoothed result for each fix.
    ///
    /// Speeds are clamped at 0 as in the forward filter; with the random-walk model every smoothed
    /// speed is a weighted mean of accepted speeds and so lies within their range. Out-of-order
    /// fixes get no estimate; a duplicate timestamp gets the estimate of the fix it repeats.
    ///
    /// - Parameter fixes: Fixes in time order.
    /// - Returns: One result per fix, in the same order, with the forward filter's statuses.
    /// - Complexity: O(*n*) time and memory.
    public func smooth(_ fixes: [LocationFix]) -> [SmoothedSpeed] {
        var filter = SpeedKalmanFilter(configuration: configuration)
        let steps = fixes.map { filter.step($0) }
        var smoothed = steps.map(\.state)
        var later: Int?  // the next step, in time, that has a state
        for index in steps.indices.reversed() {
            guard let state = steps[index].state else { continue }
            if let later, let predicted = steps[later].predicted, let smoothedLater = smoothed[later] {
                smoothed[index] = state.smoothed(
                    next: smoothedLater, predictedNext: predicted, dt: steps[later].interval)
            }
            later = index
        }
        var previous: SpeedState?  // the smoothed state of the last step taken in order
        return steps.indices.map { index in
            let step = steps[index]
            let reported: SpeedState?
            switch step.result.status {
            case .outOfOrder: reported = nil
            case .duplicateTime: reported = previous
            default:
                reported = smoothed[index]
                previous = reported
            }
            return filter.result(step.result.time, step.result.rawSpeed, reported, step.result.status)
        }
    }
}
