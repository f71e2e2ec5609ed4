/// Whole-recording use of ``VehicleEvidence`` and ``InVehicleStateMachine``: samples in, rides
/// with their stops out. The streaming types give the same windows and flags when fed the same
/// samples in chunks; this is their batch form.
public enum VehicleRideDetector {
    /// Analyzes a recording.
    ///
    /// - Parameters:
    ///   - times: sample times in seconds, non-decreasing.
    ///   - x: acceleration along the device's x axis in g, one per time.
    ///   - y: acceleration along the device's y axis in g, one per time.
    ///   - z: acceleration along the device's z axis in g, one per time.
    ///   - gravityIncluded: `true` for the raw accelerometer, `false` for gravity-removed input.
    ///   - evidence: evidence parameters.
    ///   - state: state-machine parameters.
    ///   - minimumStopDuration: shortest run of quiet in-vehicle windows reported as a stop, in
    ///     seconds (default 5 s).
    /// - Returns: the analysis; empty when the recording is shorter than one window.
    /// - Throws: ``LocomotionError/Code/invalidParameter`` when the arrays differ in length or a
    ///   parameter is out of range; ``LocomotionError/Code/timeGoesBackwards`` for a time earlier
    ///   than the one before it.
    /// - Complexity: O(samples + windows × window cells).
    public static func analyze(
        times: [Double], x: [Double], y: [Double], z: [Double], gravityIncluded: Bool,
        evidence: VehicleEvidence.Configuration = VehicleEvidence.Configuration(),
        state: InVehicleStateMachine.Configuration = InVehicleStateMachine.Configuration(),
        minimumStopDuration: Double = 5
    ) throws(LocomotionError) -> VehicleAnalysis {
        guard x.count == times.count, y.count == times.count, z.count == times.count else {
            throw .invalidParameter(
                name: "x, y, z", value: "\(x.count), \(y.count), \(z.count)",
                requirement: "it must be \(times.count) each; one value per time")
        }
        guard minimumStopDuration.isFinite, minimumStopDuration >= 0 else {
            throw .invalidParameter(
                name: "minimumStopDuration", value: "\(minimumStopDuration)",
                requirement: "it must be finite and at least 0 (s)")
        }
        var stream = try VehicleEvidence(gravityIncluded: gravityIncluded, configuration: evidence)
        var machine = try InVehicleStateMachine(configuration: state)
        var windows: [VehicleEvidenceWindow] = []
        var inVehicle: [Bool] = []
        var stopped: [Bool] = []
        func apply(_ decision: InVehicleDecision) {
            let last = inVehicle.count - 1
            inVehicle[last] = decision.inVehicle
            stopped[last] = decision.isStoppedInVehicle
            for back in stride(from: 1, through: decision.revisedWindowCount, by: 1) where last - back >= 0 {
                inVehicle[last - back] = decision.inVehicle
                if !decision.inVehicle { stopped[last - back] = false }
            }
        }
        func take(_ window: VehicleEvidenceWindow) {
            windows.append(window)
            inVehicle.append(false)
            stopped.append(false)
            apply(machine.update(window))
        }
        for i in times.indices {
            try stream.append(time: times[i], x: x[i], y: y[i], z: z[i], emit: take)
        }
        stream.finish(emit: take)
        if let decision = machine.finishRecording() { apply(decision) }
        var intervals: [ClosedRange<Double>] = []
        intervals.reserveCapacity(windows.count)
        for (i, window) in windows.enumerated() {
            let previousEnd = i > 0 ? windows[i - 1].endTime : -Double.infinity
            let start = previousEnd >= window.startTime ? previousEnd : window.startTime
            intervals.append(start...max(start, window.endTime))
        }
        return VehicleAnalysis(
            windows: windows, intervals: intervals, inVehicle: inVehicle, stoppedInVehicle: stopped,
            rides: rides(
                intervals: intervals, inVehicle: inVehicle, stopped: stopped, minimumStop: minimumStopDuration),
            skippedNonFiniteSamples: stream.skippedNonFiniteSamples)
    }

    /// Maximal runs of in-vehicle windows, each with its runs of stopped windows.
    static func rides(
        intervals: [ClosedRange<Double>], inVehicle: [Bool], stopped: [Bool], minimumStop: Double
    ) -> [VehicleRide] {
        var rides: [VehicleRide] = []
        var i = 0
        while i < inVehicle.count {
            guard inVehicle[i] else {
                i += 1
                continue
            }
            var j = i
            var stops: [VehicleStop] = []
            while j < inVehicle.count && inVehicle[j] {
                if stopped[j] {
                    var k = j
                    while k + 1 < inVehicle.count && inVehicle[k + 1] && stopped[k + 1] { k += 1 }
                    let stop = VehicleStop(start: intervals[j].lowerBound, end: intervals[k].upperBound)
                    if stop.duration >= minimumStop { stops.append(stop) }
                    j = k
                }
                j += 1
            }
            rides.append(VehicleRide(start: intervals[i].lowerBound, end: intervals[j - 1].upperBound, stops: stops))
            i = j
        }
        return rides
    }
}
