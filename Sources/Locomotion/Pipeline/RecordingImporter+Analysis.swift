extension RecordingImporter {
    /// Rows of the package's CSV read before the analysis starts, to estimate the sample rate and
    /// gap threshold from them (``Recording/samplingAnalysis(maximumGap:)``): 2¹⁷, 44 minutes
    /// at 50 Hz, about 10 MB.
    public static let rateEstimationRows = 1 << 17

    /// Analyzes the activities of the recording at `path` and returns the summary, reading the
    /// package's CSV chunk by chunk in memory that does not grow with the file's length
    /// (``RecordingAnalyzer``); the phone apps' formats, which are converted in memory, and files
    /// read with a group column are read whole and analyzed with ``Recording/analyzeActivities(_:)``.
    ///
    /// A streamed CSV's sample rate and gap threshold are estimated from its first
    /// ``rateEstimationRows`` rows rather than from every row, so for a file of at most that many
    /// rows the summary equals the batch analysis's ``RecordingAnalysis/summary``; for a longer one
    /// it equals the batch analysis run with the rate of its beginning.
    ///
    /// When `reading.resampling` resamples the recording, a streamed CSV is resampled chunk by
    /// chunk (``RecordingResampler``), decided from its first ``rateEstimationRows`` rows, and the
    /// summary's ``RecordingAnalysisSummary/resampling`` says what was done.
    ///
    /// Either way the summary's ``RecordingAnalysisSummary/plausibilityNotes`` are the notes of
    /// ``PlausibilityChecker`` on every row as written (a streamed CSV's chunk by chunk).
    ///
    /// - Parameters:
    ///   - path: A file, an export folder or a zip archive.
    ///   - reading: How to read it (as ``read(path:options:progress:)``).
    ///   - options: How to analyze.
    ///   - source: The name the summary gives the recording; the path by default.
    /// - Returns: The summary and the rows read (as written, before any resampling).
    /// - Throws: What ``read(path:options:progress:)`` and ``Recording/analyzeActivities(_:)`` throw.
    /// - Complexity: O(file size), plus one feature extraction and classification per window.
    public static func analyzeActivities(
        path: String, reading: RecordingReadOptions = .init(), options: RecordingAnalysis.Options = .init(),
        source: String? = nil
    ) throws(LocomotionError) -> (summary: RecordingAnalysisSummary, rows: Int) {
        var observer: NoObserver?
        return try analyze(path: path, reading: reading, options: options, source: source, observer: &observer)
    }

    /// ``analyzeActivities(path:reading:options:source:)`` that also shows `observer` the rows
    /// chunk by chunk, the windows decided in them and the GPS fixes' smoothed speeds
    /// (``RecordingAnalysisObserver``), for example to draw a report of a recording too long to
    /// hold in memory.
    ///
    /// - Parameters:
    ///   - path: A file, an export folder or a zip archive.
    ///   - reading: How to read it.
    ///   - options: How to analyze.
    ///   - source: The name the summary gives the recording; the path by default.
    ///   - observer: Sees the recording as it is analyzed.
    /// - Returns: The summary and the rows read.
    /// - Throws: What ``analyzeActivities(path:reading:options:source:)`` throws, and what the
    ///   observer throws.
    /// - Complexity: As ``analyzeActivities(path:reading:options:source:)``, plus the observer's work.
    public static func analyzeActivities<Observer: RecordingAnalysisObserver>(
        path: String, reading: RecordingReadOptions = .init(), options: RecordingAnalysis.Options = .init(),
        source: String? = nil, observer: inout Observer
    ) throws(LocomotionError) -> (summary: RecordingAnalysisSummary, rows: Int) {
        var optional: Observer? = observer
        defer { observer = optional! }
        return try analyze(path: path, reading: reading, options: options, source: source, observer: &optional)
    }

    private struct NoObserver: RecordingAnalysisObserver {
        func begin(source: String, sampling: SamplingAnalysis?, options: RecordingAnalysis.Options) {}
        func observe(_ chunk: Recording, windows: [ActivityResult]) {}
        func end(summary: RecordingAnalysisSummary, speeds: [SmoothedSpeed]) {}
    }

    private static func analyze<Observer: RecordingAnalysisObserver>(
        path: String, reading: RecordingReadOptions, options: RecordingAnalysis.Options, source: String?,
        observer: inout Observer?
    ) throws(LocomotionError) -> (summary: RecordingAnalysisSummary, rows: Int) {
        let container = try ExportContainer.open(path: path)
        guard (reading.format ?? container.format) == .csv, !container.isCollection, reading.groupColumn == nil else {
            let imported = try read(path: path, options: reading)
            var recording = imported.recording
            if let source { recording.source = source }
            let analysis = try recording.analyzeActivities(options)
            var summary = analysis.summary
            summary.resampling = imported.resampling
            summary.plausibilityNotes = imported.plausibilityNotes
            if observer != nil {
                try observer!.begin(source: recording.source, sampling: recording.samplingAnalysis(), options: options)
                try observer!.observe(recording, windows: analysis.windows)
                try observer!.end(summary: summary, speeds: analysis.speeds)
            }
            return (summary, imported.resampling?.rowsRead ?? recording.count)
        }
        var chunks = try ResamplingChunks(stream: RecordingStream(path: path, options: reading))
        var analyzer: RecordingAnalyzer
        do {  // the prefix's rows are freed at the end of this scope
            var prefix = try chunks.prefix(rows: rateEstimationRows, policy: reading.resampling)
            if let source { prefix.source = source }
            let content = try prefix.requireMotionAcceleration().content
            let sampling = try prefix.requireSamplingAnalysis(purpose: "feature extraction")
            analyzer = try RecordingAnalyzer(
                source: prefix.source, options: options, sampleRate: sampling.sampleRate,
                featureGap: sampling.maximumGap, stepGap: options.steps.maximumGap ?? sampling.maximumGap,
                hasGyroscope: prefix.rotationRate != nil, accelerationContent: content)
            analyzer.keepsWindowResults = observer != nil
            try observer?.begin(source: prefix.source, sampling: sampling, options: options)
            try analyzer.append(prefix)
            try observer?.observe(prefix, windows: analyzer.takeWindowResults())
        }
        while let chunk = try chunks.next() {
            try analyzer.append(chunk)
            try observer?.observe(chunk, windows: analyzer.takeWindowResults())
        }
        var (summary, speeds) = try analyzer.finishWithSpeeds()
        summary.resampling = chunks.resampler?.report
        summary.plausibilityNotes = chunks.checker.notes
        try observer?.end(summary: summary, speeds: speeds)
        return (summary, chunks.stream.report.rowsRead)
    }

    /// A stream's chunks, resampled when the policy asks for it.
    private struct ResamplingChunks {
        let stream: RecordingStream
        private(set) var resampler: RecordingResampler?
        /// Sees the rows as written, before any resampling.
        private(set) var checker = PlausibilityChecker()
        private var finished = false

        init(stream: RecordingStream) { self.stream = stream }

        /// The first rows, at least `rows` of them unless the stream ends first. The resampling is
        /// decided from the rows as written, and the prefix then holds at least `rows` resampled
        /// rows, so the sampling estimated from it is the resampled recording's.
        mutating func prefix(rows: Int, policy: SampleRatePolicy) throws(LocomotionError) -> Recording {
            // Not `??`: its autoclosure rethrows untyped.
            var prefix: Recording
            if let first = try rawChunk() { prefix = first } else { prefix = try stream.readAll() }
            while prefix.count < rows, let chunk = try rawChunk() { prefix.append(contentsOf: chunk) }
            guard let target = policy.targetRate(for: prefix), let sampling = prefix.samplingAnalysis() else {
                return prefix
            }
            resampler = try RecordingResampler(
                sampleRate: target, inputRate: sampling.sampleRate, maximumGap: sampling.maximumGap)
            var resampled = try resampler!.append(prefix)
            while resampled.count < rows, let chunk = try next() { resampled.append(contentsOf: chunk) }
            return resampled
        }

        /// The stream's next chunk as written, shown to the checker.
        private mutating func rawChunk() throws(LocomotionError) -> Recording? {
            guard let chunk = try stream.nextChunk() else { return nil }
            checker.append(chunk)
            return chunk
        }

        /// The next chunk (resampled rows when resampling), or `nil` at the end.
        mutating func next() throws(LocomotionError) -> Recording? {
            guard resampler != nil else { return try rawChunk() }
            while !finished {
                guard let chunk = try rawChunk() else {
                    finished = true
                    return resampler!.finish()
                }
                let resampled = try resampler!.append(chunk)
                if resampled.count > 0 { return resampled }
            }
            return nil
        }
    }
}
