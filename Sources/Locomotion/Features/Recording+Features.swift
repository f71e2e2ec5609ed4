import Dispatch
import Foundation
import LocomotionDSP

extension Recording {
    /// Extracts a feature vector from every whole window of the recording, on every core.
    ///
    /// Windows start every ``FeatureExtractor/hopLength`` samples within each stretch of rows
    /// between gaps (``segments(maximumGap:)``); no window crosses a gap. The part of a stretch too
    /// short for a window is listed in ``FeatureTable/incompleteWindows``. The recording is taken
    /// to be uniformly sampled at `sampleRate` within each stretch.
    ///
    /// Windows are split into contiguous blocks, one extractor per thread, each writing its own
    /// rows; as every window's values depend only on the window (GPS and pedometer state is
    /// computed beforehand in one sequential pass), the table is bit-identical to a
    /// single-threaded run, in the same order.
    ///
    /// - Parameters:
    ///   - configuration: Features and windowing.
    ///   - sampleRate: In Hz; `nil` estimates it from the timestamps.
    ///   - maximumGap: The longest interval (s) inside a stretch; `nil` for the default of
    ///     ``samplingAnalysis(maximumGap:)`` when the rate is estimated, or five sample intervals
    ///     (at least 0.1 s) when `sampleRate` is given, as ``StreamingFeatureExtractor`` does.
    ///   - threadCount: Threads to use; `nil` for every active core, 1 for the calling thread only.
    /// - Returns: The table; empty (with every row reported incomplete) when no window fits.
    /// The acceleration is the one including gravity when the recording has it
    /// (``accelerationIncludingGravity``); for a gravity-removed recording the features that need
    /// gravity are missing (NaN; ``BuiltinFeature/requirements``), and below 10 Hz the gait
    /// features are (``FeatureExtractor/missingRequirements``).
    ///
    /// - Throws: `LocomotionError.missingColumn` without acceleration, `.invalidParameter` as
    ///   ``FeatureExtractor/init(configuration:sampleRate:accelerationContent:)``, `.tooShort` when no rate is given and
    ///   fewer than two rows have different timestamps,
    ///   `.invalidData` naming the row of a NaN or infinite sample.
    /// - Complexity: O(*w*·*n* log *n*) for *w* windows of *n* samples, divided among the threads.
    public func features(
        _ configuration: FeatureConfiguration = .init(), sampleRate: Double? = nil, maximumGap: Double? = nil,
        threadCount: Int? = nil
    ) throws(LocomotionError) -> FeatureTable {
        let (acceleration, content) = try requireMotionAcceleration()
        // One sampling analysis at most: it sorts every interval. With a given rate, the gap
        // threshold defaults as in StreamingFeatureExtractor: five intervals, at least 0.1 s.
        let analysis = sampleRate == nil ? try requireSamplingAnalysis(purpose: "feature extraction") : nil
        let rate = sampleRate ?? analysis!.sampleRate
        let (windowLength, hopLength, schema) = try FeatureExtractor.validate(configuration, sampleRate: rate)
        let gap = Self.windowGap(maximumGap, analysis: analysis, sampleRate: rate)
        let (windows, incomplete) = windowRows(length: windowLength, hop: hopLength, maximumGap: gap)
        guard !windows.isEmpty else {
            // No extractor: its buffers and FFT plan are as long as a window, which may be far
            // longer than the recording.
            return FeatureTable(
                schema: schema, windows: [], values: [], incompleteWindows: incomplete,
                sampleRate: rate, windowLength: windowLength, hopLength: hopLength)
        }
        let extractor = try FeatureExtractor(
            configuration: configuration, sampleRate: rate, accelerationContent: content)
        let contexts = windowContexts(windows, configuration: configuration)
        let width = extractor.schema.count
        var values = [Double](repeating: .nan, count: windows.count * width)
        let threads = max(1, min(threadCount ?? ProcessInfo.processInfo.activeProcessorCount, windows.count))
        var failures = [LocomotionError?](repeating: nil, count: threads)
        values.withUnsafeMutableBufferPointer { output in
            failures.withUnsafeMutableBufferPointer { failures in
                nonisolated(unsafe) let output = output
                nonisolated(unsafe) let failures = failures
                let work: @Sendable (Int) -> Void = { thread in
                    let blocks = windows.indices.split(into: threads)
                    var local = extractor
                    do throws(LocomotionError) {
                        for index in blocks[thread] {
                            try extractWindow(
                                windows[index], context: contexts[index], acceleration: acceleration,
                                extractor: &local,
                                into: UnsafeMutableBufferPointer(
                                    rebasing: output[(index * width)..<((index + 1) * width)]))
                        }
                    } catch {
                        failures[thread] = error
                    }
                }
                if threads == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: threads, execute: work) }
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        return FeatureTable(
            schema: extractor.schema,
            windows: windows.map { rows in
                FeatureTable.Window(
                    start: time[rows.lowerBound], end: time[rows.upperBound - 1], rows: rows,
                    majorityLabel: labels.flatMap { majority(of: $0[rows]) })
            },
            values: values, incompleteWindows: incomplete, sampleRate: rate, windowLength: extractor.windowLength,
            hopLength: extractor.hopLength)
    }

    /// The GPS and pedometer context at the end of each window, in one sequential pass that feeds
    /// every row's fix and cadence up to the window's last row to a ``WindowContextBuilder``, as
    /// the streaming extractor is fed.
    func windowContexts(_ windows: [Range<Int>], configuration: FeatureConfiguration) -> [WindowContext] {
        guard speed != nil || cadence != nil else {
            return [WindowContext](repeating: WindowContext(), count: windows.count)
        }
        var builder = WindowContextBuilder(configuration: configuration)
        var next = 0
        return windows.map { rows in
            while next < rows.upperBound {
                if let fix = locationFix(row: next) { builder.append(fix: fix) }
                if let cadence { builder.append(cadence: cadence[next], at: time[next]) }
                next += 1
            }
            return builder.context(start: time[rows.lowerBound], end: time[rows.upperBound - 1])
        }
    }

    /// The GPS fix in row `row`, or `nil` when the row carries none (NaN or non-finite speed).
    @_spi(Testing) public func locationFix(row: Int) -> LocationFix? {
        guard let speed, speed[row].isFinite else { return nil }
        func cell(_ column: [Double]?) -> Double? { column.flatMap { $0[row].isFinite ? $0[row] : nil } }
        return try? LocationFix(
            time: time[row], speed: speed[row], speedAccuracy: cell(speedAccuracy),
            horizontalAccuracy: cell(horizontalAccuracy))
    }

    private func extractWindow(
        _ rows: Range<Int>, context: WindowContext, acceleration: ThreeAxisSeries, extractor: inout FeatureExtractor,
        into row: UnsafeMutableBufferPointer<Double>
    ) throws(LocomotionError) {
        func slice(_ column: [Double], _ body: (UnsafeBufferPointer<Double>) throws(LocomotionError) -> Void)
            throws(LocomotionError)
        {
            try column.withUnsafeBufferPointer { (buffer) throws(LocomotionError) in
                try body(UnsafeBufferPointer(rebasing: buffer[rows]))
            }
        }
        let start = time[rows.lowerBound]
        let end = time[rows.upperBound - 1]
        do {
            try slice(acceleration.x) { (x) throws(LocomotionError) in
                try slice(acceleration.y) { (y) throws(LocomotionError) in
                    try slice(acceleration.z) { (z) throws(LocomotionError) in
                        if let rotationRate {
                            try slice(rotationRate.x) { (gx) throws(LocomotionError) in
                                try slice(rotationRate.y) { (gy) throws(LocomotionError) in
                                    try slice(rotationRate.z) { (gz) throws(LocomotionError) in
                                        try extractor.extractBuffers(
                                            start: start, end: end, x: x, y: y, z: z, rotationRate: (gx, gy, gz),
                                            context: context, into: row)
                                    }
                                }
                            }
                        } else {
                            try extractor.extractBuffers(
                                start: start, end: end, x: x, y: y, z: z, context: context, into: row)
                        }
                    }
                }
            }
        } catch {
            throw error.namingNonFiniteSample(in: source, firstRowOfWindow: rows.lowerBound + 1)
        }
    }
}

extension LocomotionError {
    /// A feature window's non-finite sample error (`.signalProcessing(.nonFiniteSample)`) as a
    /// data error naming the recording's row, 1-based; any other error unchanged. Batch and
    /// streamed extraction both report it so.
    ///
    /// - Parameters:
    ///   - source: The recording's name.
    ///   - firstRowOfWindow: The 1-based row of the window's first sample.
    /// - Complexity: O(1).
    func namingNonFiniteSample(in source: String, firstRowOfWindow: Int) -> LocomotionError {
        guard let dspError = underlying as? DSPError, dspError.code == .nonFiniteSample,
            let index = dspError.sampleIndex
        else { return self }
        return .invalidData(
            at: .recording(source, row: firstRowOfWindow + index), value: "a NaN or infinite motion sample",
            expected: "acceleration and rotation rate must be finite inside every window")
    }
}

extension Range<Int> {
    /// `parts` contiguous, nearly equal sub-ranges in order (the first ones one longer).
    func split(into parts: Int) -> [Range<Int>] {
        let (size, remainder) = count.quotientAndRemainder(dividingBy: parts)
        var result: [Range<Int>] = []
        var start = lowerBound
        for part in 0..<parts {
            let end = start + size + (part < remainder ? 1 : 0)
            result.append(start..<end)
            start = end
        }
        return result
    }
}
