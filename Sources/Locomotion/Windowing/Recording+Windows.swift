extension Recording {
    /// The longest interval (s) inside a stretch of windows: `maximumGap` when given, else the
    /// sampling analysis's threshold when the rate was estimated, else five intervals at
    /// `sampleRate` and at least 0.1 s (as ``StreamingFeatureExtractor``). Every windowed analysis
    /// of a recording (features, the dominant-frequency timeline) splits at the same gaps.
    static func windowGap(_ maximumGap: Double?, analysis: SamplingAnalysis?, sampleRate: Double) -> Double {
        maximumGap ?? analysis?.maximumGap ?? max(defaultGapFactor / sampleRate, minimumDefaultGap)
    }

    /// The row ranges of every whole window and the incomplete window ending each segment.
    func windowRows(length: Int, hop: Int, maximumGap: Double?) -> ([Range<Int>], [IncompleteWindow]) {
        var windows: [Range<Int>] = []
        var incomplete: [IncompleteWindow] = []
        for segment in segments(maximumGap: maximumGap) {
            var start = segment.lowerBound
            while start + length <= segment.upperBound {
                windows.append(start..<(start + length))
                start += hop
            }
            if start < segment.upperBound {
                incomplete.append(
                    IncompleteWindow(
                        start: time[start], end: time[segment.upperBound - 1], sampleCount: segment.upperBound - start))
            }
        }
        return (windows, incomplete)
    }
}
