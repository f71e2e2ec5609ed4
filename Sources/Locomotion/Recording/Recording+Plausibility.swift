import Foundation

extension Recording {
    /// Notes on values that read without error but are probably misread: timestamps that look
    /// like milliseconds, microseconds or nanoseconds rather than seconds (an implausible sample
    /// rate for a motion sensor), and acceleration that looks like m/s² or milli-g rather than g
    /// (a median magnitude far from 1 g, which the magnitude is at rest and, on average, in
    /// motion). Nothing is changed; the notes say what to check.
    ///
    /// - Returns: One sentence per suspicion, empty when the recording looks plausible.
    /// - Complexity: O(*n*) to take a sample of at most 20,001 rows, O(*k* log *k*) on that sample.
    public func plausibilityNotes() -> [String] {
        var notes: [String] = []
        let step = Swift.max(1, count / 20_000)
        let rows = Swift.stride(from: 0, to: count, by: step)
        if acceleration != nil || rotationRate != nil, count >= 3 {
            let intervals = Swift.stride(from: 1, to: Swift.min(count, 20_001), by: 1).map { time[$0] - time[$0 - 1] }
                .filter { $0 > 0 }.sorted()
            if !intervals.isEmpty {
                let rate = 1 / intervals[intervals.count / 2]
                let units = [(1e3, "milliseconds"), (1e6, "microseconds"), (1e9, "nanoseconds")]
                if rate < 1, let (factor, unit) = units.first(where: { (1...2000).contains(rate * $0.0) }) {
                    notes.append(
                        "the sample rate is \(rate.compactDescription) Hz, implausible for a motion sensor; the "
                            + "timestamps look like \(unit), not seconds (that would be "
                            + "\((rate * factor).compactDescription) Hz); divide them by \(Int(factor))")
                }
            }
        }
        if let acceleration, count > 0 {
            let magnitudes = rows.map {
                (acceleration.x[$0] * acceleration.x[$0] + acceleration.y[$0] * acceleration.y[$0]
                    + acceleration.z[$0] * acceleration.z[$0]).squareRoot()
            }.sorted()
            let median = magnitudes[magnitudes.count / 2]
            let suspects = [
                (9.80665, "m/s²", "read columns named without a unit with --acc-unit m/s2, or name them *_m_s2"),
                (1000, "milli-g", "divide them by 1000"),
            ]
            if let (factor, unit, remedy) = suspects.first(where: { (0.5...2).contains(median / $0.0) }) {
                notes.append(
                    "the median acceleration magnitude is \(median.compactDescription) g, about \(factor.compactDescription) "
                        + "times the 1 g of gravity: the values look like \(unit), not g; \(remedy)")
            }
        }
        return notes
    }
}
