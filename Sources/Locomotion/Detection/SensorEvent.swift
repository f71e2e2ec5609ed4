/// Something a phone reports, in the order it happened.
public enum SensorEvent: Sendable, Hashable {
    /// An accelerometer (and gyroscope) sample.
    case motion(MotionSample)
    /// A GPS fix.
    case location(LocationFix)
    /// A pedometer update: the cadence in steps/s at a time in seconds.
    case pedometer(time: Double, cadence: Double)
    /// An operating system's activity report.
    case activityReport(MotionActivityReport)
    /// A barometer reading: the pressure in pascals at a time in seconds.
    case pressure(time: Double, pascals: Double)

    /// The event's time in seconds.
    public var time: Double {
        switch self {
        case .motion(let sample): return sample.time
        case .location(let fix): return fix.time
        case .pedometer(let time, _): return time
        case .activityReport(let report): return report.start
        case .pressure(let time, _): return time
        }
    }
}

extension Recording {
    /// The recording as the events a phone would have delivered: per row, the activity reports
    /// whose start is at or before the row's time (in their order), its GPS fix (when the speed
    /// cell holds one, with its coordinate when the row has a valid one), then its pedometer
    /// cadence (when present), then its motion sample; reports after the last row come last.
    /// Feeding them to an ``ActivityDetector`` gives the windows of
    /// ``features(_:sampleRate:maximumGap:threadCount:)`` and, at the same rate and gaps, the
    /// analysis of ``analyzeActivities(_:)`` with `activityReports` as
    /// ``RecordingAnalysis/Options/activityReports``.
    ///
    /// - Parameter activityReports: The operating system's reports, in time order; none by default.
    /// - Throws: `LocomotionError.missingColumn` without acceleration; as ``Recording/locationFixes(requireSpeedColumn:)``.
    /// - Complexity: O(*n* + *r*) for *n* rows and *r* reports.
    public func events(activityReports: [MotionActivityReport] = []) throws(LocomotionError) -> [SensorEvent] {
        let acceleration = try requireAcceleration()
        var events: [SensorEvent] = []
        events.reserveCapacity(time.count + (speed == nil ? 0 : time.count) + activityReports.count)
        var nextReport = 0
        for row in time.indices {
            while nextReport < activityReports.count, activityReports[nextReport].start <= time[row] {
                events.append(.activityReport(activityReports[nextReport]))
                nextReport += 1
            }
            if let fix = locationFix(row: row) {
                // The coordinate for the trips' distances; one out of range is left out here (the
                // analysis of the recording reports it).
                events.append(.location(((try? locationFixWithCoordinate(row: row)) ?? nil) ?? fix))
            }
            if let cadence, !cadence[row].isNaN { events.append(.pedometer(time: time[row], cadence: cadence[row])) }
            let rotation = rotationRate.map { MotionSample.RotationRate(x: $0.x[row], y: $0.y[row], z: $0.z[row]) }
            events.append(
                .motion(
                    MotionSample(
                        time: time[row], x: acceleration.x[row], y: acceleration.y[row], z: acceleration.z[row],
                        rotationRate: rotation)))
        }
        events.append(contentsOf: activityReports[nextReport...].map { .activityReport($0) })
        return events
    }
}
