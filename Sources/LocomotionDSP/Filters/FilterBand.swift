/// Which frequencies a filter passes; every frequency is in Hz.
public enum FilterBand: Sendable, Hashable {
    /// Passes frequencies below `cutoff` (the −3 dB point), for example 5 Hz to smooth gait.
    case lowPass(cutoff: Double)
    /// Passes frequencies above `cutoff` (the −3 dB point), for example 0.3 Hz to remove gravity.
    case highPass(cutoff: Double)
    /// Passes frequencies between `low` and `high` (both −3 dB points), for example the gait band
    /// 0.6–2.5 Hz.
    case bandPass(low: Double, high: Double)
    /// Rejects frequencies between `low` and `high` (both −3 dB points).
    case bandStop(low: Double, high: Double)
}

extension FilterBand {
    /// The band edges in Hz, one for low- and high-pass, two (ascending) for band filters.
    var edges: [Double] {
        switch self {
        case .lowPass(let cutoff), .highPass(let cutoff): [cutoff]
        case .bandPass(let low, let high), .bandStop(let low, let high): [low, high]
        }
    }

    /// Throws `.invalidParameter` unless every edge lies strictly inside `(0, sampleRate/2)` and
    /// a band's `low` is below its `high`.
    func validate(sampleRate: Double) throws(DSPError) {
        let nyquist = sampleRate / 2
        let names = edges.count == 1 ? ["cutoff"] : ["low", "high"]
        for (name, edge) in zip(names, edges) where !(edge > 0 && edge < nyquist) {
            throw .invalidParameter(
                name: name, value: "\(edge) Hz",
                requirement: "it must be above 0 and below the Nyquist frequency (\(nyquist) Hz)")
        }
        if edges.count == 2, edges[0] >= edges[1] {
            throw .invalidParameter(
                name: "low", value: "\(edges[0]) Hz", requirement: "it must be below high (\(edges[1]) Hz)")
        }
    }
}
