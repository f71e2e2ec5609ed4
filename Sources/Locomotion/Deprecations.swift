// Earlier names of the public API, kept so that existing clients still compile and get a fix-it.
// Each forwards to its replacement; none is used inside the package. The gap limit is
// `maximumGap` everywhere, and a window's length in seconds is `windowDuration`.

extension Recording {
    /// Renamed ``samplingAnalysis(maximumGap:)``.
    @available(*, deprecated, renamed: "samplingAnalysis(maximumGap:)")
    public func samplingAnalysis(gapThreshold: Double?) -> SamplingAnalysis? {
        samplingAnalysis(maximumGap: gapThreshold)
    }

    /// Renamed ``segments(maximumGap:)``.
    @available(*, deprecated, renamed: "segments(maximumGap:)")
    public func segments(maxGap: Double?) -> [Range<Int>] {
        segments(maximumGap: maxGap)
    }

    /// One recording per segment of ``resampled(to:maximumGap:)``, which returns the segments as
    /// one recording with its gaps kept (and band-limits the signal instead of interpolating it
    /// linearly).
    @available(
        *, deprecated,
        message: "use resampled(to:maximumGap:), which returns one recording; split it with segments(maximumGap:)"
    )
    public func resampled(to sampleRate: Double, maxGap: Double?) throws(LocomotionError) -> [Recording] {
        let (resampled, report) = try resampling(to: sampleRate, maximumGap: maxGap)
        return resampled.segments(maximumGap: report.maximumGap).map { resampled[rows: $0] }
    }

    /// Renamed ``features(_:sampleRate:maximumGap:threadCount:)``.
    @available(*, deprecated, renamed: "features(_:sampleRate:maximumGap:threadCount:)")
    public func features(
        _ configuration: FeatureConfiguration = .init(), sampleRate: Double? = nil, maxGap: Double?,
        threadCount: Int? = nil
    ) throws(LocomotionError) -> FeatureTable {
        try features(configuration, sampleRate: sampleRate, maximumGap: maxGap, threadCount: threadCount)
    }

    /// Renamed ``cadenceTimeline(of:windowDuration:hop:)``.
    @available(*, deprecated, renamed: "cadenceTimeline(of:windowDuration:hop:)")
    public func cadenceTimeline(of detection: StepDetection, window: Double, hop: Double = 1.28)
        -> [StepDetection.CadenceWindow]
    {
        cadenceTimeline(of: detection, windowDuration: window, hop: hop)
    }
}

extension SamplingAnalysis {
    /// Renamed ``maximumGap``.
    @available(*, deprecated, renamed: "maximumGap")
    public var gapThreshold: Double { maximumGap }
}

extension RecordingSummary {
    /// Renamed ``init(_:maximumGap:group:)``.
    @available(*, deprecated, renamed: "init(_:maximumGap:group:)")
    public init(_ loaded: LoadedRecording, gapThreshold: Double?, group: String? = nil) {
        self.init(loaded, maximumGap: gapThreshold, group: group)
    }
}

extension RecordingSummary.Sampling {
    /// Renamed ``maximumGap``.
    @available(*, deprecated, renamed: "maximumGap")
    public var gapThreshold: Double { maximumGap }
}

extension StreamingFeatureExtractor {
    /// Renamed ``init(configuration:sampleRate:maximumGap:hasGyroscope:)``.
    @available(*, deprecated, renamed: "init(configuration:sampleRate:maximumGap:hasGyroscope:)")
    public init(
        configuration: FeatureConfiguration = .init(), sampleRate: Double, maxGap: Double?, hasGyroscope: Bool = false
    ) throws(LocomotionError) {
        try self.init(
            configuration: configuration, sampleRate: sampleRate, maximumGap: maxGap, hasGyroscope: hasGyroscope)
    }

    /// Renamed ``maximumGap``.
    @available(*, deprecated, renamed: "maximumGap")
    public var maxGap: Double { maximumGap }
}

extension StepDetection {
    /// Renamed ``cadenceTimeline(windowDuration:hop:)``.
    @available(*, deprecated, renamed: "cadenceTimeline(windowDuration:hop:)")
    public func cadenceTimeline(window: Double, hop: Double = 1.28) -> [CadenceWindow] {
        cadenceTimeline(windowDuration: window, hop: hop)
    }

    /// Renamed ``cadenceWindows(in:labels:windowDuration:hop:)``.
    @available(*, deprecated, renamed: "cadenceWindows(in:labels:windowDuration:hop:)")
    public func cadenceWindows(in recording: Recording, labels: Set<String>, window: Double, hop: Double = 1.28)
        -> [CadenceWindow]
    {
        cadenceWindows(in: recording, labels: labels, windowDuration: window, hop: hop)
    }
}

extension FeatureConfiguration {
    /// Renamed ``Recording/supportedSampleRates``, the one range of every analysis (now 5–1000 Hz).
    @available(*, deprecated, renamed: "Recording.supportedSampleRates")
    public static var sampleRateRange: ClosedRange<Double> { Recording.supportedSampleRates }
}

extension RecordingStream {
    /// Renamed ``nextChunk(maximumRowCount:)``.
    @available(*, deprecated, renamed: "nextChunk(maximumRowCount:)")
    public func nextChunk(maxRows: Int) throws(LocomotionError) -> Recording? {
        try nextChunk(maximumRowCount: maxRows)
    }
}

extension FeatureExtractor {
    /// The unsafe-buffer form of `extract(start:end:x:y:z:rotationRate:context:into:)`, no longer
    /// part of the public API: pass spans (an array's or a slice's `span`, Swift 6.2 and later),
    /// which read the samples in place as this form did, or arrays to
    /// ``extract(start:end:x:y:z:rotationRate:context:)``.
    ///
    /// - Throws: As the span form.
    @available(
        *, deprecated,
        message:
            "pass spans (x.span, ..., into: &row.mutableSpan), or arrays to extract(start:end:x:y:z:rotationRate:context:)"
    )
    public mutating func extract(
        start: Double, end: Double, x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>,
        z: UnsafeBufferPointer<Double>,
        rotationRate: (
            x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>
        )? =
            nil,
        context: WindowContext = .init(), into row: UnsafeMutableBufferPointer<Double>
    ) throws(LocomotionError) {
        try extractBuffers(
            start: start, end: end, x: x, y: y, z: z, rotationRate: rotationRate, context: context, into: row)
    }
}
