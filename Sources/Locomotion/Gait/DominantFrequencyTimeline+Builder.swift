import LocomotionDSP

extension DominantFrequencyTimeline {
    /// ``Recording/dominantFrequencyTimeline(windowDuration:hop:band:sampleRate:maximumGap:)`` over
    /// a recording that arrives in chunks, in memory of about one window.
    ///
    /// ```swift
    /// var builder = try DominantFrequencyTimeline.Builder(sampleRate: 50, maximumGap: 0.1)
    /// var windows: [DominantFrequencyTimeline.Window] = []
    /// while let chunk = try stream.nextChunk() {
    ///     try builder.append(time: chunk.time, magnitude: chunk.accelerationMagnitude ?? [], into: &windows)
    /// }
    /// ```
    ///
    /// Given the rate and gap threshold the batch timeline uses, the windows equal its
    /// ``DominantFrequencyTimeline/windows`` except that ``Window/majorityLabel`` is `nil` (the
    /// builder sees no labels): windows start every hop within each stretch between gaps and never
    /// cross a gap.
    ///
    /// Thread safety: a value type; use each instance from one thread at a time.
    public struct Builder: Sendable {
        /// The sample rate, in Hz.
        public let sampleRate: Double
        /// Samples per window.
        public let windowLength: Int
        /// Samples between window starts.
        public let hopLength: Int
        /// The longest interval (s) inside a stretch: a longer one starts a new stretch.
        public let maximumGap: Double
        /// The recording's name, for errors.
        public var source: String
        /// Rows appended so far.
        public private(set) var rowCount = 0
        private let options: DominantFrequencyOptions
        /// The current stretch's rows from the first one a coming window may use.
        private var times: [Double] = []
        private var values: [Double] = []
        /// Index in `times` of the next window's first row (may lie beyond the end when the hop
        /// is longer than the window).
        private var nextStart = 0
        /// The recording row (0-based) of `times[0]`.
        private var firstRow = 0
        private var scratch: [Double]

        /// Prepares the windows.
        ///
        /// - Parameters:
        ///   - windowDuration: Window length in seconds; 2.56 s by default.
        ///   - hop: Time between window starts in seconds; 1.28 s by default.
        ///   - band: Candidate band in Hz; ``GaitBand/default`` by default, `nil` for all frequencies.
        ///   - sampleRate: The sample rate in Hz, within ``Recording/gaitSampleRates`` (10–1000 Hz).
        ///   - maximumGap: The longest interval (s) inside a stretch
        ///     (``SamplingAnalysis/maximumGap`` for the batch timeline's default).
        ///   - source: The recording's name, for errors.
        /// - Throws: `LocomotionError.invalidParameter` for a non-positive gap, a rate outside
        ///   ``Recording/gaitSampleRates``, or a window or hop that
        ///   ``FeatureConfiguration/lengths(sampleRate:)`` refuses.
        /// - Complexity: O(*m*) for windows of *m* samples.
        public init(
            windowDuration: Double = 2.56, hop: Double = 1.28, band: ClosedRange<Double>? = GaitBand.default,
            sampleRate: Double, maximumGap: Double, source: String = ""
        ) throws(LocomotionError) {
            try Recording.requireGaitSampleRate(sampleRate, purpose: "a dominant-frequency timeline")
            try LocomotionError.requirePositive(maximumGap, name: "maximumGap", unit: "s")
            self.source = source
            self.sampleRate = sampleRate
            self.maximumGap = maximumGap
            // The batch timeline's rules, the feature windows': at least 4 samples, a hop of at least one.
            (windowLength, hopLength) = try WindowPlan(windowDuration: windowDuration, hop: hop)
                .lengths(sampleRate: sampleRate)
            options = DominantFrequencyOptions(band: band)
            scratch = [Double](repeating: 0, count: windowLength)
        }

        /// Takes the next rows and appends each window they complete to `windows`.
        ///
        /// - Parameters:
        ///   - time: Seconds, non-decreasing and after the previous rows.
        ///   - magnitude: The acceleration magnitude (g), one per time.
        ///   - windows: Receives the completed windows, in time order.
        /// - Throws: `LocomotionError.signalProcessing` for a band outside `0...sampleRate/2`,
        ///   `.invalidData` naming the row of a non-finite magnitude inside a window.
        /// - Complexity: O(*r*) for *r* rows, plus one FFT per completed window.
        public mutating func append(
            time: [Double], magnitude: [Double], into windows: inout [Window]
        ) throws(LocomotionError) {
            precondition(time.count == magnitude.count, "one magnitude per time")
            for (t, value) in zip(time, magnitude) {
                rowCount += 1
                if let last = times.last, t - last > maximumGap {
                    // A gap ends the stretch: no window crosses it.
                    firstRow += times.count
                    times.removeAll(keepingCapacity: true)
                    values.removeAll(keepingCapacity: true)
                    nextStart = 0
                }
                times.append(t)
                values.append(value)
                if times.count - nextStart == windowLength {
                    windows.append(try window(at: nextStart))
                    nextStart += hopLength
                }
                if nextStart > 4096, nextStart <= times.count {
                    // Drop the rows no coming window uses, now and then rather than per row.
                    times.removeFirst(nextStart)
                    values.removeFirst(nextStart)
                    firstRow += nextStart
                    nextStart = 0
                }
            }
        }

        private mutating func window(at start: Int) throws(LocomotionError) -> Window {
            for index in 0..<windowLength { scratch[index] = values[start + index] }
            let dominant: DominantFrequency?
            do {
                dominant = try findDominantFrequency(in: scratch, sampleRate: sampleRate, options: options)
            } catch {
                guard error.code == .nonFiniteSample, let index = error.sampleIndex else {
                    throw .signalProcessing(error)
                }
                throw .invalidData(
                    at: .recording(source, row: firstRow + start + index + 1),
                    value: "an infinite acceleration magnitude",
                    expected: "the axes' magnitude must be finite (below about 1e154 g)")
            }
            return Window(
                start: times[start], end: times[start + windowLength - 1], dominant: dominant, majorityLabel: nil)
        }
    }
}
