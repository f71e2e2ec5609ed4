extension Recording {
    /// Detects the steps of the recording's acceleration magnitude (in g), one segment between
    /// gaps at a time, at the rate ``samplingAnalysis(maximumGap:)`` estimates, with step times
    /// at the initial contact of the vertical acceleration
    /// (``StepDetectorConfiguration/Timing/initialContactSearch``).
    ///
    /// Exactly the steps a ``StepDetector`` at that rate and gap threshold gives when fed the
    /// rows' three axes (``StepDetector/process(time:x:y:z:into:)``) in any chunks and finished.
    ///
    /// - Parameter configuration: The detector's parameters.
    /// - Returns: The steps, with the rate and segments used.
    /// - Throws: `LocomotionError.missingColumn` without acceleration, `.tooShort` for fewer than
    ///   two distinct timestamps, `.invalidParameter` for a rate outside ``gaitSampleRates`` (10–1000 Hz).
    /// - Complexity: O(*n*) plus O(context · lags) per candidate peak.
    public func detectSteps(configuration: StepDetectorConfiguration = .init()) throws(LocomotionError)
        -> StepDetection
    {
        let acceleration = try requireAcceleration()
        let analysis = try requireSamplingAnalysis(maximumGap: configuration.maximumGap, purpose: "step detection")
        var settings = configuration
        settings.maximumGap = analysis.maximumGap
        var detector = try StepDetector(sampleRate: analysis.sampleRate, configuration: settings)
        var steps: [Step] = []
        try detector.process(times: time, acceleration: acceleration, into: &steps)
        detector.finish(into: &steps)
        return StepDetection(
            steps: steps, sampleRate: analysis.sampleRate, segments: segments(maximumGap: analysis.maximumGap),
            timeSpan: time[0]...time[count - 1])
    }
}

extension Recording {
    /// The cadence timeline of `detection` (steps detected in this recording), with each window's
    /// autocorrelation cadence and step regularity computed from the acceleration magnitude of its
    /// rows (windows that straddle a gap get none). Windows that hold no row, inside a gap, are
    /// left out, so a gap of any length costs nothing.
    ///
    /// - Parameters:
    ///   - detection: The result of ``detectSteps(configuration:)`` on this recording.
    ///   - window: The `windowDuration` argument, in s; 2.56 by default.
    ///   - hop: In s; 1.28 by default.
    /// - Complexity: O(*windows* · *n*·*L*) for *n* rows per window and *L* lags.
    public func cadenceTimeline(of detection: StepDetection, windowDuration window: Double = 2.56, hop: Double = 1.28)
        -> [StepDetection.CadenceWindow]
    {
        var windows = detection.cadenceTimeline(window: window, hop: hop, rowTimes: time)
        guard let magnitude = accelerationMagnitude, !windows.isEmpty else { return windows }
        var scratch = [Double](repeating: 0, count: min(count, wholeSamples(window, at: detection.sampleRate)) + 2)
        for index in windows.indices {
            let first = StepDetection.row(atOrBefore: windows[index].start - 1e-12, in: time).map { $0 + 1 } ?? 0
            // The rows before start + windowDuration (`end` is the last one's time).
            let end = StepDetection.row(atOrBefore: windows[index].start + window - 1e-12, in: time).map { $0 + 1 } ?? 0
            guard end - first > 2, detection.segments.contains(where: { $0.contains(first) && $0.contains(end - 1) })
            else { continue }
            let regularity = magnitude.withUnsafeBufferPointer { all in
                scratch.withUnsafeMutableBufferPointer { buffer in
                    GaitRegularity.estimate(
                        UnsafeBufferPointer(rebasing: all[first..<end]), sampleRate: detection.sampleRate,
                        scratch: buffer)
                }
            }
            windows[index].autocorrelationCadence = regularity?.cadence
            windows[index].stepRegularity = regularity?.stepRegularity
        }
        return windows
    }
}
