extension StepDetection {
    /// Counts the steps during rows labelled with one of `labels`.
    ///
    /// A row's interval `time[i] ..< time[i + 1]` carries row *i*'s label; a step carries the
    /// label of the latest row at or before it.
    ///
    /// - Parameters:
    ///   - recording: The recording the steps were detected in (with labels).
    ///   - labels: The labels to count, as they appear in the recording.
    /// - Returns: A zero duration when the recording has no labels.
    /// - Complexity: O(*n* + *steps* log *n*).
    public func rate(in recording: Recording, labels: Set<String>) -> LabelledStepRate {
        let sorted = labels.sorted()
        guard let rowLabels = recording.labels, recording.count > 1 else {
            return LabelledStepRate(labels: sorted, duration: 0, steps: 0)
        }
        let gap = recording.samplingAnalysis()?.maximumGap ?? .infinity
        var duration = 0.0
        for row in 0..<(recording.count - 1) where labels.contains(rowLabels[row]) {
            let interval = recording.time[row + 1] - recording.time[row]
            if interval <= gap { duration += interval }
        }
        let count = steps.filter { step in
            Self.row(atOrBefore: step.time, in: recording.time).map { labels.contains(rowLabels[$0]) } ?? false
        }.count
        return LabelledStepRate(labels: sorted, duration: duration, steps: count)
    }

    /// The cadence windows lying entirely inside runs of rows labelled with one of `labels`:
    /// windows of `window` seconds every `hop` seconds from the start of each run.
    ///
    /// Windows that hold no row (inside a gap) are left out.
    ///
    /// - Parameters:
    ///   - recording: The recording the steps were detected in (with labels).
    ///   - labels: The labels, as they appear in the recording (for UCI HAPT walking, `"1"`).
    ///   - window: The `windowDuration` argument, in s; 2.56 by default.
    ///   - requestedHop: The `hop` argument, in s; 1.28 by default; at least one sample interval, as in
    ///     ``cadenceTimeline(windowDuration:hop:)``.
    /// - Complexity: O(*n* + *windows* · *steps*).
    public func cadenceWindows(
        in recording: Recording, labels: Set<String>, windowDuration window: Double = 2.56,
        hop requestedHop: Double = 1.28
    ) -> [CadenceWindow] {
        let hop = effectiveHop(requestedHop)
        guard let rowLabels = recording.labels, window > 0, hop > 0 else { return [] }
        var result: [CadenceWindow] = []
        var row = 0
        while row < recording.count {
            guard labels.contains(rowLabels[row]) else {
                row += 1
                continue
            }
            var last = row
            while last + 1 < recording.count, labels.contains(rowLabels[last + 1]) { last += 1 }
            // The run covers time[row] ..< time[last + 1] (or to time[last] at the end).
            let runEnd = last + 1 < recording.count ? recording.time[last + 1] : recording.time[last]
            let runStart = recording.time[row]
            var index = 0
            while let next = Self.firstWindow(
                holdingRowsFrom: index, origin: runStart, window: window, hop: hop,
                rowTimes: recording.time[row...last])
            {
                let start = runStart + Double(next) * hop
                guard start + window <= runEnd + 1e-9 else { break }
                let inside = steps.filter { $0.time >= start && $0.time < start + window }
                result.append(
                    CadenceWindow(
                        start: start,
                        end: Self.lastSampleTime(
                            start: start, duration: window, rate: sampleRate, in: recording.time[row...last]),
                        stepCount: inside.count, cadence: StepDetection.cadence(of: inside)))
                index = next + 1
            }
            row = last + 1
        }
        return result
    }

    /// The first window index at or after `index` whose window
    /// `origin + index·hop ..< origin + index·hop + window` holds one of `rowTimes` (ascending) or
    /// starts after the last of them; `nil` when that index would pass `Int.max / 2`.
    ///
    /// - Complexity: O(log *n*) per gap jumped over, however long the gap.
    static func firstWindow(
        holdingRowsFrom index: Int, origin: Double, window: Double, hop: Double, rowTimes: ArraySlice<Double>
    ) -> Int? {
        var index = index
        while true {
            let start = origin + Double(index) * hop
            let first = row(atOrBefore: start.nextDown, in: rowTimes).map { $0 + 1 } ?? rowTimes.startIndex
            guard first < rowTimes.endIndex, rowTimes[first] >= start + window else { return index }
            // No row in the window: jump to the first window that reaches past the next row.
            let next = ((rowTimes[first] - window - origin) / hop).rounded(.down) + 1
            guard next < Double(Int.max / 2) else { return nil }
            index = max(index + 1, Int(next))
        }
    }

    /// The index of the latest time at or before `time`, or `nil` before the first.
    static func row(atOrBefore time: Double, in times: [Double]) -> Int? {
        row(atOrBefore: time, in: times[...])
    }

    /// The index (in the slice's indices) of the latest time at or before `time`, or `nil` before the first.
    static func row(atOrBefore time: Double, in times: ArraySlice<Double>) -> Int? {
        var (low, high) = (times.startIndex, times.endIndex)
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return low > times.startIndex ? low - 1 : nil
    }
}
