import Locomotion

/// A simulated session: what a phone would have recorded, the operating system's activity
/// reports, and the truth.
///
/// ``recording`` is a `Recording` at 50 Hz (by default): acceleration in g with gravity in the
/// phone's frame (``PhonePlacement``), the rotation rate in rad/s unless left out, GPS fixes
/// once a second in the sparse `speed`, `speed_accuracy`, `horizontal_accuracy`, `latitude` and
/// `longitude` columns (speed −1 where GPS is denied), pedometer cadence in steps/s every 2.5 s
/// while walking or running (when enabled), the true activity of each row as its label, and, when
/// the session has operating-system reports, the extra columns `os_activity` (the report's flags,
/// comma-separated identifiers, on the row where it arrives) and `os_confidence`.
public struct SimulatedSession: Sendable {
    /// The session's name (the scenario's, or the caller's).
    public let name: String
    /// The seed it was made from: the same seed and phases give the same session, bit for bit.
    public let seed: UInt64
    /// The phases it was made of.
    public let phases: [SessionPhase]
    /// The samples, in the package's recording format.
    public var recording: Recording
    /// The operating system's activity reports, in time order.
    public var activityReports: [MotionActivityReport]
    /// The true activity, phase by phase.
    public var truth: [TruthSegment]
    /// The steady parts to assert on.
    public var steadySpans: [SteadySpan]
    /// The true ground speed of each row, m/s.
    public var groundSpeed: [Double]

    /// The sample rate, Hz.
    public var sampleRate: Double

    /// The steady span called `name`, if any.
    public func steadySpan(_ name: String) -> SteadySpan? { steadySpans.first { $0.name == name } }

    /// The true activity at `time`, or `nil` outside the session.
    public func activity(at time: Double) -> ActivityType? {
        truth.first { time >= $0.start && time < $0.end }?.activity
    }

    /// The events a phone would have delivered, in time order: those of
    /// `Recording.events()` with, when `includingActivityReports`, each operating-system report
    /// placed before the first event at or after its time.
    ///
    /// - Throws: What `Recording.events()` throws (nothing for a simulated recording).
    /// - Complexity: O(*n*).
    public func events(includingActivityReports: Bool = true) throws(LocomotionError) -> [SensorEvent] {
        let events = try recording.events()
        guard includingActivityReports, !activityReports.isEmpty else { return events }
        var merged: [SensorEvent] = []
        merged.reserveCapacity(events.count + activityReports.count)
        var next = 0
        for event in events {
            while next < activityReports.count, activityReports[next].start <= event.time {
                merged.append(.activityReport(activityReports[next]))
                next += 1
            }
            merged.append(event)
        }
        merged += activityReports[next...].map { .activityReport($0) }
        return merged
    }

    /// The recording as CSV text in the package's format (`RecordingWriter.csv(_:)`).
    public var csv: String { RecordingWriter.csv(recording) }

    /// Writes the recording to `path` in the package's CSV format.
    ///
    /// - Throws: `LocomotionError.unreadableFile` when the file cannot be written.
    public func write(to path: String) throws(LocomotionError) {
        try RecordingWriter.write(recording, to: path)
    }

    /// The operating-system reports kept in a recording's `os_activity` and `os_confidence`
    /// columns (as a simulated session writes them), in row order; empty without those columns.
    ///
    /// - Throws: `LocomotionError` with code `invalidData` for a cell that is not a
    ///   flag list or a confidence.
    public static func activityReports(in recording: Recording) throws(LocomotionError) -> [MotionActivityReport] {
        guard let flags = recording.extraColumns.first(where: { $0.name == Self.reportColumn }),
            let confidences = recording.extraColumns.first(where: { $0.name == Self.reportConfidenceColumn })
        else { return [] }
        var reports: [MotionActivityReport] = []
        for row in flags.values.indices where !confidences.values[row].isEmpty {
            guard let confidence = Confidence(identifier: confidences.values[row]) else {
                throw LocomotionError(
                    .invalidData,
                    message: "'\(confidences.values[row])' is not a confidence (row at \(recording.time[row]) s)")
            }
            reports.append(
                MotionActivityReport(
                    flags: try MotionActivityFlags(identifiers: flags.values[row]), confidence: confidence,
                    start: recording.time[row]))
        }
        return reports
    }

    /// The extra column holding a report's flags.
    public static let reportColumn = "os_activity"
    /// The extra column holding a report's confidence.
    public static let reportConfidenceColumn = "os_confidence"
}
