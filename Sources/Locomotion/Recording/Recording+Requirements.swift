extension Recording {
    /// What acceleration the recording holds, or `nil` when it has none (a GPS-only file).
    ///
    /// - ``AccelerationContent/both`` when it has ``acceleration`` and ``linearAcceleration``, or
    ///   ``linearAcceleration`` and ``gravity``;
    /// - ``AccelerationContent/includingGravity`` when it has ``acceleration`` alone;
    /// - ``AccelerationContent/excludingGravity`` when it has ``linearAcceleration`` alone.
    ///
    /// - Complexity: O(1).
    public var accelerationContent: AccelerationContent? {
        switch (acceleration != nil, linearAcceleration != nil, gravity != nil) {
        case (true, true, _), (false, true, true): return .both
        case (true, false, _): return .includingGravity
        case (false, true, false): return .excludingGravity
        case (false, false, _): return nil
        }
    }

    /// The acceleration including gravity, in g: ``acceleration``, or else ``linearAcceleration``
    /// plus ``gravity`` axis by axis; `nil` when neither is there (a gravity-removed recording).
    ///
    /// - Complexity: O(1) with ``acceleration``; O(*n*) and allocates for the sum.
    public var accelerationIncludingGravity: ThreeAxisSeries? {
        if let acceleration { return acceleration }
        guard let linearAcceleration, let gravity else { return nil }
        func sum(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { $0 + $1 } }
        return ThreeAxisSeries(
            x: sum(linearAcceleration.x, gravity.x), y: sum(linearAcceleration.y, gravity.y),
            z: sum(linearAcceleration.z, gravity.z))
    }

    /// What the activity analysis skips for this recording because the recording lacks it:
    /// ``AnalysisRequirement/gravity`` when its acceleration has gravity removed,
    /// ``AnalysisRequirement/gaitBand`` when it is sampled below ``gaitSampleRates`` (10 Hz). The
    /// analysis still runs; the features that need what is missing are NaN and no steps are
    /// detected. Empty when everything runs.
    ///
    /// - Parameter sampleRate: The rate the analysis uses, in Hz; `nil` estimates it from the
    ///   timestamps (``estimatedSampleRate``).
    /// - Complexity: O(1) with a rate; else as ``estimatedSampleRate``.
    public func missingAnalysisRequirements(sampleRate: Double? = nil) -> [AnalysisRequirement] {
        Self.missingAnalysisRequirements(
            accelerationContent: accelerationContent, sampleRate: sampleRate ?? estimatedSampleRate)
    }

    /// ``missingAnalysisRequirements(sampleRate:)`` for acceleration holding `content` at `sampleRate` Hz.
    static func missingAnalysisRequirements(accelerationContent content: AccelerationContent?, sampleRate: Double?)
        -> [AnalysisRequirement]
    {
        var missing: [AnalysisRequirement] = []
        if content == .excludingGravity { missing.append(.gravity) }
        if let sampleRate, !gaitSampleRates.containsSampleRate(sampleRate) { missing.append(.gaitBand) }
        return missing
    }

    /// The acceleration an analysis reads, with what it holds: the acceleration including gravity
    /// when known (``accelerationIncludingGravity``), else the gravity-removed acceleration.
    ///
    /// - Throws: `LocomotionError.missingColumn` listing the header names that would do, when the
    ///   recording has no acceleration of either kind.
    /// - Complexity: As ``accelerationIncludingGravity``.
    public func requireMotionAcceleration() throws(LocomotionError) -> (
        series: ThreeAxisSeries, content: AccelerationContent
    ) {
        guard let content = accelerationContent else { throw missingAcceleration() }
        if let total = accelerationIncludingGravity { return (total, content) }
        return (linearAcceleration!, content)
    }

    /// The acceleration including gravity, or the error every analysis that needs it throws.
    ///
    /// - Throws: `LocomotionError.missingColumn` listing the header names that would do; for a
    ///   gravity-removed recording, the message says that the analysis needs gravity.
    func requireAcceleration() throws(LocomotionError) -> ThreeAxisSeries {
        if let total = accelerationIncludingGravity { return total }
        throw missingAcceleration()
    }

    private func missingAcceleration() -> LocomotionError {
        let gravityFree = linearAcceleration != nil
        return .missingColumn(
            in: .recording(source),
            quantity: gravityFree
                ? "acceleration including gravity (the recording's acceleration has gravity removed; this analysis "
                    + "needs gravity, or a gravity column beside it)"
                : "acceleration",
            accepted: RecordingColumn.accelerationX.aliases + RecordingColumn.accelerationY.aliases
                + RecordingColumn.accelerationZ.aliases
                + (gravityFree ? [] : RecordingColumn.linearAccelerationX.aliases))
    }

    /// The sampling analysis, or the error every analysis that needs a sample rate throws.
    ///
    /// - Parameters:
    ///   - maximumGap: As for ``samplingAnalysis(maximumGap:)``.
    ///   - purpose: What the rate is for, for the message ("step detection").
    /// - Throws: `LocomotionError.tooShort` when fewer than two rows have different timestamps.
    func requireSamplingAnalysis(maximumGap: Double? = nil, purpose: String) throws(LocomotionError)
        -> SamplingAnalysis
    {
        guard let analysis = samplingAnalysis(maximumGap: maximumGap) else {
            let distinctTimes = Set(time).count
            throw .tooShort(
                in: .recording(source), rows: distinctTimes, required: 2,
                purpose: "estimating the sample rate for \(purpose) (counting rows with different timestamps)")
        }
        return analysis
    }
}
