import Locomotion

extension ActivityReport {
    /// Builds the report of a recording while it is analyzed chunk by chunk, in memory that does
    /// not grow with the recording's length: the `RecordingAnalysisObserver` that
    /// `locomotion analyze --report` hands to
    /// `RecordingImporter/analyzeActivities(path:reading:options:source:observer:)`.
    ///
    /// ```swift
    /// var report = ActivityReport.Builder()
    /// let (summary, _) = try RecordingImporter.analyzeActivities(path: "week.csv", observer: &report)
    /// let page = try report.html()
    /// ```
    ///
    /// Each panel keeps a bounded series. While a series has few points (up to 65,536 samples of
    /// acceleration, about 22 minutes at 50 Hz, and up to 8,192 points of the other series, about
    /// 2.9 hours of windows at the default 1.28 s hop) every point is kept and the page is the one
    /// ``html(for:recording:title:)`` draws from the whole recording. Beyond that the series is
    /// decimated onto a time grid of at most 4,096 buckets whose width doubles, merging
    /// neighbouring buckets pairwise, whenever the data run past its end (the duration of a
    /// streamed file is not known up front):
    ///
    /// - acceleration magnitude, gait frequency (per opacity level), cadence and GPS speed keep the
    ///   smallest and the largest value of each bucket with their times, so no spike is lost and
    ///   the acceleration's envelope per pixel column is made of the buckets' extremes; a gap in
    ///   the data or a break in a line shorter than one bucket is not drawn;
    /// - the ground-truth band and the confidence bars keep, per bucket, the activity most of its
    ///   windows have; the bars reach the bucket's highest confidence and the line its lowest.
    ///
    /// The summary is made from the analysis's `RecordingAnalysisSummary` alone, so
    /// it is the summary `analyze` prints without `--report`.
    ///
    /// Thread safety: a value type; use each instance from one thread at a time.
    public struct Builder: RecordingAnalysisObserver, Sendable {
        /// The page's title; `"Activity report: <file name>"` when `nil`.
        public var title: String?

        var source = ""
        var sampling: SamplingAnalysis?
        /// Samples of labels kept until no window can start before them, in seconds.
        var labelRetention = Double.infinity
        var sampleCount = 0
        var firstTime: Double?
        var lastTime: Double?
        var labelled = false
        var hasAcceleration = true
        @_spi(Testing) public var acceleration = DecimatedSeries(capacity: 4096, rawLimit: 65_536)
        var gaitBuilder: DominantFrequencyTimeline.Builder?
        var gaitWindows: [DominantFrequencyTimeline.Window] = []
        var gaitNote: String?
        @_spi(Testing) public var gaitPointCount = 0
        var lastGaitTime: Double?
        /// One series per level of ``ReportPanels/amplitudeOpacity``.
        @_spi(Testing) public var gaitLevels = ReportPanels.amplitudeOpacity.map { _ in DecimatedSeries() }
        @_spi(Testing) public var cadence = DecimatedSeries()
        @_spi(Testing) public var confidence = DecimatedSpans(categories: ActivityType.allCases.count)
        /// The category after the activities is "the label names no activity".
        @_spi(Testing) public var truth = DecimatedSpans(categories: ActivityType.allCases.count + 1)
        var showsUnlabelled = false
        var probabilistic = false
        @_spi(Testing) public var windowCount = 0
        var windowExtent: ClosedRange<Double>?
        /// The newest window, its display span and its ground truth, until the next one settles
        /// where its span ends.
        var pending: (window: ActivityResult, start: Double, end: Double, truth: ActivityType?)?
        /// Times and labels of the rows a coming window may still cover.
        @_spi(Testing) public var labelTimes: [Double] = []
        var labelValues: [String] = []
        var labelCache: [String: ActivityType?] = [:]
        var latestWindowStart = -Double.infinity
        var summary: RecordingAnalysisSummary?
        var speeds: [SmoothedSpeed] = []
        var extraExtent: ClosedRange<Double>?

        /// An empty report.
        ///
        /// - Parameter title: The page's title; `"Activity report: <file name>"` by default.
        public init(title: String? = nil) {
            self.title = title
        }

        /// Starts the report of recording `source`.
        ///
        /// - Parameters:
        ///   - source: The recording's name (the title shows its last path component).
        ///   - sampling: The recording's sampling: its rate is shown and sets the gait-frequency
        ///     windows, its gap threshold breaks the acceleration plot. `nil` when it cannot be
        ///     estimated (too few samples): the gait panel says so.
        ///   - options: How the recording is analyzed (the feature window bounds how long labels
        ///     are kept).
        /// - Throws: `LocomotionError.invalidParameter` for a sample rate outside
        ///   `Recording/supportedSampleRates`.
        /// - Complexity: O(1).
        public mutating func begin(source: String, sampling: SamplingAnalysis?, options: RecordingAnalysis.Options)
            throws(LocomotionError)
        {
            self.source = source
            self.sampling = sampling
            guard let sampling else {
                gaitNote = "too few samples for a gait-frequency window"
                return
            }
            acceleration = DecimatedSeries(capacity: 4096, rawLimit: 65_536, maximumGap: sampling.maximumGap)
            // A window of n rows spans at most n - 1 intervals of at most the gap threshold.
            labelRetention = (options.features.windowDuration * sampling.sampleRate + 2) * sampling.maximumGap
            do {
                gaitBuilder = try DominantFrequencyTimeline.Builder(
                    sampleRate: sampling.sampleRate, maximumGap: sampling.maximumGap, source: source)
            } catch  where error.parameter == "sampleRate" {
                // Below 10 Hz the analysis runs without the gait band; so does the report.
                gaitNote = "the sample rate is below 10 Hz: no gait frequency"
            }
        }

        /// Takes the next rows and the windows decided in them.
        ///
        /// - Parameters:
        ///   - chunk: The rows after the previous chunk's.
        ///   - windows: The windows' own results decided while `chunk` was analyzed.
        /// - Throws: `LocomotionError.invalidData` naming the first row whose acceleration magnitude
        ///   is not finite (NaN samples, or axes whose squares overflow), as the analysis refuses them.
        /// - Complexity: O(*r*) for *r* rows, plus one FFT per gait-frequency window and, for a
        ///   labelled recording, O(*m*) per window of *m* rows.
        public mutating func observe(_ chunk: Recording, windows: [ActivityResult]) throws(LocomotionError) {
            try takeSamples(chunk)
            for window in windows { take(window) }
            trimLabels()
        }

        /// Ends the recording.
        ///
        /// - Parameters:
        ///   - summary: The analysis's summary.
        ///   - speeds: Every GPS fix's smoothed speed.
        /// - Complexity: O(1); the page is drawn by ``html()``.
        public mutating func end(summary: RecordingAnalysisSummary, speeds: [SmoothedSpeed]) {
            settlePending()
            if gaitNote == nil, let gaitBuilder, gaitBuilder.rowCount < gaitBuilder.windowLength {
                gaitNote = "too few samples for a gait-frequency window"
                resetGait()
            }
            self.summary = summary
            self.speeds = speeds
        }

        /// The page, once ``end(summary:speeds:)`` has been called.
        ///
        /// - Returns: The page; the same as ``ActivityReport/html(for:recording:title:)`` draws
        ///   for a recording whose series are not decimated.
        /// - Complexity: O(*s* + *f*) for *s* timeline segments and *f* GPS fixes: every series
        ///   drawn holds at most about 12,300 points.
        public func html() -> String {
            precondition(summary != nil, "end(summary:speeds:) comes before html()")
            return ActivityReport.render(self)
        }

        // MARK: Samples

        private mutating func takeSamples(_ chunk: Recording) throws(LocomotionError) {
            if chunk.labels != nil { labelled = true }
            guard chunk.count > 0 else { return }
            if firstTime == nil { firstTime = chunk.time.first }
            lastTime = chunk.time.last
            let firstRow = sampleCount
            sampleCount += chunk.count
            if let labels = chunk.labels {
                labelTimes += chunk.time
                labelValues += labels
            }
            guard let magnitude = chunk.accelerationMagnitude else {
                hasAcceleration = false
                gaitNote =
                    chunk.linearAcceleration != nil
                    ? "the acceleration has gravity removed: no |a| or gait frequency"
                    : "no acceleration in this recording"
                resetGait()
                return
            }
            if let row = magnitude.firstIndex(where: { !$0.isFinite }) {
                throw LocomotionError.invalidData(
                    at: .recording(chunk.source, row: firstRow + row + 1, column: "acceleration magnitude"),
                    value: "\(magnitude[row])", expected: "every acceleration sample must be finite (in g) for a report"
                )
            }
            for (time, value) in zip(chunk.time, magnitude) { acceleration.append(time: time, value: value) }
            guard var gait = gaitBuilder else { return }
            gaitBuilder = nil  // out of the property while it changes, so its buffers are not copied
            let failure = Self.append(chunk.time, magnitude, to: &gait, into: &gaitWindows)
            if let failure {
                guard failure.code == .signalProcessing else { throw failure }
                gaitNote = "the sample rate is too low for the gait band"
                resetGait()
                return
            }
            gaitBuilder = gait
            let hop = Double(gait.hopLength) / gait.sampleRate
            for window in gaitWindows {
                let time = (window.start + window.end) / 2
                // No window crosses a gap in the data; a break (NaN) between the windows on either
                // side keeps the line from bridging it.
                if let last = lastGaitTime, time - last > 1.5 * hop {
                    addGaitPoint(time: (last + time) / 2, value: .nan, amplitude: 0)
                }
                addGaitPoint(
                    time: time, value: window.dominant?.frequency ?? .nan, amplitude: window.dominant?.magnitude ?? 0)
                lastGaitTime = time
            }
            gaitWindows.removeAll(keepingCapacity: true)
        }

        private static func append(
            _ time: [Double], _ magnitude: [Double], to gait: inout DominantFrequencyTimeline.Builder,
            into windows: inout [DominantFrequencyTimeline.Window]
        ) -> LocomotionError? {
            do {
                try gait.append(time: time, magnitude: magnitude, into: &windows)
                return nil
            } catch {
                return error
            }
        }

        private mutating func resetGait() {
            gaitBuilder = nil
            gaitPointCount = 0
            gaitLevels = ReportPanels.amplitudeOpacity.map { _ in DecimatedSeries() }
        }

        mutating func addGaitPoint(time: Double, value: Double, amplitude: Double) {
            gaitPointCount += 1
            let levels = ReportPanels.amplitudeOpacity
            for (index, level) in levels.enumerated() {
                let ceiling = levels.first { $0.floor > level.floor }?.floor ?? .infinity
                if amplitude >= level.floor && amplitude < ceiling {
                    gaitLevels[index].append(time: time, value: value)
                }
            }
        }

        // MARK: Windows

        private mutating func take(_ window: ActivityResult) {
            windowCount += 1
            windowExtent = PlotRange.union(windowExtent, PlotRange.extent([window.start, window.end]))
            if window.probabilities != nil { probabilistic = true }
            // The cadence at the window's centre, broken where the data have a gap.
            if let previous = pending?.window, window.start > previous.end {
                cadence.append(time: (previous.end + window.start) / 2, value: .nan)
            }
            cadence.append(time: (window.start + window.end) / 2, value: window.evidence.cadence ?? .nan)
            var start = window.start
            if let previous = pending, window.start <= previous.window.end {
                // Overlapping windows meet at the midpoint of their centres, kept inside both.
                let last = previous.window
                let boundary = min(
                    max((last.start + last.end + window.start + window.end) / 4, window.start), last.end)
                pending!.end = min(previous.end, boundary)
                start = max(pending!.start, boundary)
            }
            settlePending()
            pending = (window, start, window.end, labelled ? groundTruth(of: window) : nil)
            latestWindowStart = window.start
        }

        /// Hands the pending window's span to the confidence and truth series.
        private mutating func settlePending() {
            guard let settled = pending else { return }
            pending = nil
            let activities = ActivityType.allCases
            confidence.append(
                start: settled.start, end: settled.end, value: ReportSeries.confidence(of: settled.window),
                category: activities.firstIndex(of: settled.window.activity)!)
            if labelled {
                if settled.truth == nil { showsUnlabelled = true }
                truth.append(
                    start: settled.start, end: settled.end, value: 0,
                    category: settled.truth.map { activities.firstIndex(of: $0)! } ?? activities.count)
            }
        }

        /// The most frequent label among the rows inside the window (ties to the label that
        /// first reaches the highest count), as an activity; `nil` for a label that names none or
        /// a window without rows.
        private mutating func groundTruth(of window: ActivityResult) -> ActivityType? {
            var low = 0
            var high = labelTimes.count
            while low < high {
                let middle = (low + high) / 2
                if labelTimes[middle] < window.start { low = middle + 1 } else { high = middle }
            }
            var counts: [String: Int] = [:]
            var best: String?
            var index = low
            while index < labelTimes.count, labelTimes[index] <= window.end {
                let label = labelValues[index]
                let count = counts[label, default: 0] + 1
                counts[label] = count
                if best == nil || count > counts[best!]! { best = label }
                index += 1
            }
            guard let best else { return nil }
            if let known = labelCache[best] { return known }
            let activity = ActivityType(label: best)
            labelCache[best] = activity
            return activity
        }

        /// Drops the labelled rows before any window still to come can start.
        private mutating func trimLabels() {
            guard let lastTime, labelTimes.count > 8192 else { return }
            let cutoff = max(latestWindowStart, lastTime - labelRetention)
            var low = 0
            var high = labelTimes.count
            while low < high {
                let middle = (low + high) / 2
                if labelTimes[middle] < cutoff { low = middle + 1 } else { high = middle }
            }
            guard low > labelTimes.count / 2 else { return }  // amortised: drop in large steps
            labelTimes.removeFirst(low)
            labelValues.removeFirst(low)
        }
    }
}
