/// The steps of a recording, with the cadence derived from them.
public struct StepDetection: Sendable, Hashable {
    /// One window of the cadence timeline: the `windowDuration` seconds from ``start``.
    ///
    /// Window times follow the package's one convention (as ``FeatureVector``,
    /// ``DominantFrequencyTimeline/Window`` and ``IncompleteWindow``): ``start`` is the time of the
    /// window's first sample and ``end`` the time of its last sample, so a 2.56 s window at 50 Hz
    /// from 0 s reports 0–2.54 s. The steps counted are those in `start ..< start + windowDuration`.
    public struct CadenceWindow: Sendable, Hashable, Codable {
        /// The time of the window's first sample, in s.
        public var start: Double
        /// The time of the window's last sample, in s: the last of the recording's times before
        /// `start + windowDuration`, or, without them (``StepDetection/cadenceTimeline(windowDuration:hop:)``),
        /// the nominal `start + windowDuration − 1/sampleRate`.
        public var end: Double
        /// Steps whose time lies in `start ..< start + windowDuration`.
        public var stepCount: Int
        /// `(k − 1) / (t_last − t_first)` for the *k* ≥ 2 steps in the window, in steps/s; `nil`
        /// for fewer than two steps.
        public var cadence: Double?
        /// The autocorrelation cadence of the window's magnitudes (``GaitRegularity/cadence``), in
        /// steps/s; `nil` when not computed (see ``Recording/cadenceTimeline(of:windowDuration:hop:)``) or
        /// when the window has no periodicity at a step period.
        public var autocorrelationCadence: Double? = nil
        /// The step regularity (``GaitRegularity/stepRegularity``), −1…1, or `nil` as above.
        public var stepRegularity: Double? = nil

        /// A window with the given fields (the memberwise initialiser; tests build windows by hand).
        @_spi(Testing)
        public init(
            start: Double, end: Double, stepCount: Int, cadence: Double?, autocorrelationCadence: Double? = nil,
            stepRegularity: Double? = nil
        ) {
            self.start = start
            self.end = end
            self.stepCount = stepCount
            self.cadence = cadence
            self.autocorrelationCadence = autocorrelationCadence
            self.stepRegularity = stepRegularity
        }
    }

    /// The detected steps, in time order.
    public var steps: [Step]
    /// The nominal sample rate the detector ran at, in Hz.
    public var sampleRate: Double
    /// The row ranges of the recording's segments between gaps.
    public var segments: [Range<Int>]
    /// The recording's first and last timestamps, in s.
    public var timeSpan: ClosedRange<Double>

    /// Creates a result.
    public init(steps: [Step], sampleRate: Double, segments: [Range<Int>], timeSpan: ClosedRange<Double>) {
        self.steps = steps
        self.sampleRate = sampleRate
        self.segments = segments
        self.timeSpan = timeSpan
    }

    /// The number of steps.
    public var count: Int { steps.count }

    /// The mean cadence while walking, in steps/s: the number of intervals between consecutive
    /// steps that are at most `maximumInterval` apart, divided by their total duration; `nil`
    /// when there is no such interval. Pauses longer than `maximumInterval` are not walking.
    ///
    /// - Parameter maximumInterval: In s; 1.25 by default (0.8 steps/s, the slowest stroll).
    /// - Complexity: O(*steps*).
    public func meanCadence(maximumInterval: Double = 1.25) -> Double? {
        var (intervals, duration) = (0, 0.0)
        for index in steps.indices.dropFirst() {
            let interval = steps[index].time - steps[index - 1].time
            if interval <= maximumInterval {
                intervals += 1
                duration += interval
            }
        }
        return intervals > 0 && duration > 0 ? Double(intervals) / duration : nil
    }

    /// `(k − 1) / (t_last − t_first)` over *k* ≥ 2 steps in time order, in steps/s; `nil` for fewer
    /// steps or when they share one time.
    ///
    /// - Complexity: O(1).
    public static func cadence(of steps: some RandomAccessCollection<Step>) -> Double? {
        guard steps.count >= 2, let first = steps.first?.time, let last = steps.last?.time, last > first else {
            return nil
        }
        return Double(steps.count - 1) / (last - first)
    }

    /// The cadence in consecutive windows of `window` seconds every `hop` seconds, from the
    /// recording's first timestamp to its last.
    ///
    /// - Parameters:
    ///   - window: The `windowDuration` argument, in s; 2.56 by default (UCI HAR's window).
    ///   - hop: In s; 1.28 by default. A hop shorter than one sample interval (`1 / sampleRate`)
    ///     is taken as one sample interval, as the sample-based timelines round it up to one sample.
    /// - Returns: One entry per window that fits in the recording.
    /// - Complexity: O(*windows* + *steps*).
    public func cadenceTimeline(windowDuration window: Double = 2.56, hop: Double = 1.28) -> [CadenceWindow] {
        cadenceTimeline(window: window, hop: hop, rowTimes: nil)
    }

    /// The time of the last sample of the window of `duration` seconds from `start`: the last of
    /// `times` (ascending) before `start + duration` (within 1e-12 s, as the rows of a window are
    /// chosen), or the nominal `start + duration − 1/rate` without times.
    static func lastSampleTime(start: Double, duration: Double, rate: Double, in times: ArraySlice<Double>?) -> Double {
        guard let times else { return rate > 0 ? start + duration - 1 / rate : start + duration }
        return row(atOrBefore: start + duration - 1e-12, in: times).map { times[$0] } ?? start
    }

    /// `hop` (s), at least one sample interval: a shorter hop would only repeat windows.
    func effectiveHop(_ hop: Double) -> Double {
        sampleRate > 0 ? max(hop, 1 / sampleRate) : hop
    }

    /// ``cadenceTimeline(windowDuration:hop:)``, without the windows that hold none of `rowTimes` (the
    /// recording's timestamps, ascending) when they are given: windows inside a gap are skipped
    /// in O(1), however long the gap.
    func cadenceTimeline(window: Double, hop requestedHop: Double, rowTimes: [Double]?) -> [CadenceWindow] {
        let rowTimes = rowTimes?[...]
        let hop = effectiveHop(requestedHop)
        guard window > 0, hop > 0, timeSpan.upperBound - timeSpan.lowerBound >= window else { return [] }
        var result: [CadenceWindow] = []
        var first = 0
        var index = 0
        while true {
            if let rowTimes {
                guard
                    let next = Self.firstWindow(
                        holdingRowsFrom: index, origin: timeSpan.lowerBound, window: window, hop: hop,
                        rowTimes: rowTimes)
                else { break }
                index = next
            }
            let start = timeSpan.lowerBound + Double(index) * hop
            let end = start + window
            guard end <= timeSpan.upperBound + 1e-9 else { break }
            while first < steps.count, steps[first].time < start { first += 1 }
            var last = first
            while last < steps.count, steps[last].time < end { last += 1 }
            result.append(
                CadenceWindow(
                    start: start,
                    end: Self.lastSampleTime(start: start, duration: window, rate: sampleRate, in: rowTimes),
                    stepCount: last - first, cadence: Self.cadence(of: steps[first..<last])))
            index += 1
        }
        return result
    }
}
