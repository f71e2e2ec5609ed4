import Foundation

extension Recording {
    /// Notes on values that read without error but are probably misread: timestamps that look
    /// like milliseconds, microseconds or nanoseconds rather than seconds (an implausible sample
    /// rate for a motion sensor), and acceleration that looks like m/s² or milli-g rather than g
    /// (a median magnitude far from 1 g, which the magnitude is at rest and, on average, in
    /// motion); rows that repeat the previous row's time; acceleration beyond 32 g or the same in
    /// every row; rotation rates beyond 35 rad/s (degrees per second read as radians); pedometer
    /// cadences beyond 10 steps/s and cumulative step counts that decrease. Nothing is changed;
    /// the notes say what to check.
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
        notes += duplicateTimeNotes() + rangeNotes(rows: Array(rows)) + pedometerNotes()
        return notes
    }

    /// The most a phone's accelerometer measures (g): common ranges are ±8 and ±16 g.
    static let plausibleAccelerationLimit = 32.0
    /// The most a phone's gyroscope measures (rad/s): ±2000 °/s is about 35 rad/s.
    static let plausibleRotationLimit = 35.0
    /// The fastest cadence a pedometer can report (steps/s); sprinters reach about 5.
    static let plausibleCadenceLimit = 10.0

    /// Rows whose time repeats the previous row's: counted, since they pass every check of order.
    private func duplicateTimeNotes() -> [String] {
        var duplicates = 0
        for index in time.indices.dropFirst() where time[index] == time[index - 1] { duplicates += 1 }
        guard duplicates > 0 else { return [] }
        return [
            "\(duplicates) of \(count) rows repeat the previous row's timestamp (duplicated rows?); "
                + "the sample rate is estimated from distinct timestamps"
        ]
    }

    /// Acceleration beyond any phone's range, constant acceleration, and rotation too fast for
    /// radians per second, from the sampled `rows`.
    private func rangeNotes(rows: [Int]) -> [String] {
        var notes: [String] = []
        if let acceleration, !rows.isEmpty {
            var beyond = 0
            var largest = 0.0
            var constant = true
            for row in rows {
                let magnitude =
                    (acceleration.x[row] * acceleration.x[row] + acceleration.y[row] * acceleration.y[row]
                    + acceleration.z[row] * acceleration.z[row]).squareRoot()
                if magnitude > Self.plausibleAccelerationLimit { beyond += 1 }
                if magnitude.isFinite { largest = Swift.max(largest, magnitude) }
                constant =
                    constant && acceleration.x[row] == acceleration.x[rows[0]]
                    && acceleration.y[row] == acceleration.y[rows[0]] && acceleration.z[row] == acceleration.z[rows[0]]
            }
            // When most rows are beyond it, the unit is wrong: the median's note says so.
            if beyond > 0, beyond < rows.count / 2 {
                notes.append(
                    "\(beyond) of \(rows.count) rows looked at have an acceleration beyond "
                        + "\(Self.plausibleAccelerationLimit.compactDescription) g (up to \(largest.compactDescription) g), "
                        + "more than a phone's accelerometer measures: spikes or a wrong unit")
            }
            if constant, rows.count >= 3 {
                notes.append(
                    "the acceleration is the same in every row looked at (\(acceleration.x[rows[0]].compactDescription), "
                        + "\(acceleration.y[rows[0]].compactDescription), \(acceleration.z[rows[0]].compactDescription) g): "
                        + "a sensor that did not record? A phone at rest still shows noise")
            }
        }
        if let rotationRate, !rows.isEmpty {
            let magnitudes = rows.map {
                (rotationRate.x[$0] * rotationRate.x[$0] + rotationRate.y[$0] * rotationRate.y[$0]
                    + rotationRate.z[$0] * rotationRate.z[$0]).squareRoot()
            }.filter(\.isFinite).sorted()
            if let high = magnitudes.isEmpty ? nil : magnitudes[magnitudes.count * 9 / 10],
                high > Self.plausibleRotationLimit
            {
                notes.append(
                    "a tenth of the rotation rates exceed \(high.compactDescription) rad/s, beyond the "
                        + "\(Self.plausibleRotationLimit.compactDescription) rad/s a phone's gyroscope measures: the values "
                        + "look like degrees per second; read them with --gyro-unit deg/s, or name the columns *_deg_s")
            }
        }
        return notes
    }

    /// Pedometer cadences too fast for feet and cumulative step counts that decrease.
    private func pedometerNotes() -> [String] {
        var notes: [String] = []
        if let cadence = values(of: .cadence) {
            let fast = cadence.filter { $0.isFinite && $0 > Self.plausibleCadenceLimit }
            if let largest = fast.max() {
                notes.append(
                    "\(fast.count) pedometer cadences exceed \(Self.plausibleCadenceLimit.compactDescription) steps/s "
                        + "(up to \(largest.compactDescription)): no one walks or runs that fast")
            }
        }
        if let steps = values(of: .steps) {
            var decreases = 0
            var previous: Double?
            for value in steps where value.isFinite {
                if let previous, value < previous { decreases += 1 }
                previous = value
            }
            if decreases > 0 {
                notes.append(
                    "the pedometer's cumulative step count decreases \(decreases) times: a counter that was reset, "
                        + "or counts from another source")
            }
        }
        return notes
    }
}
