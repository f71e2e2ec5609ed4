import Foundation

/// Notes on values that read without error but are probably misread, gathered in one place and
/// fed a recording whole or chunk by chunk (so a streamed analysis notes what a whole read does).
///
/// Looks for timestamps that look like milliseconds, microseconds or nanoseconds rather than
/// seconds; acceleration whose median magnitude says m/s², milli-g, or g read as m/s² rather than
/// g; rows that repeat the previous row's time; acceleration beyond 32 g or the same in every row;
/// an accelerometer that clipped (its range and the share of clipped rows, ``AccelerationClipping``);
/// rotation rates beyond 35 rad/s (degrees per second read as radians); pedometer cadences beyond
/// 10 steps/s, step counts that rise faster than that, step counts that decrease, and GPS
/// speeds faster than sound. Nothing is
/// changed; the notes say what to check. The static functions note the same kind of thing in
/// what is not a recording: a group column's values and reference files.
///
/// ```swift
/// var checker = PlausibilityChecker()
/// while let chunk = try stream.nextChunk() { checker.append(chunk) }
/// for note in checker.notes { print("note:", note) }
/// ```
///
/// Counts (duplicates, spikes, pedometer values) cover every row; the medians and percentiles
/// come from a deterministic sample of at most 2 × ``sampleSize`` rows (every *k*-th row, *k*
/// doubling as the recording grows), so memory stays bounded and the notes do not depend on how
/// the recording was chunked.
public struct PlausibilityChecker: Sendable {
    /// The most a phone's accelerometer measures (g): common ranges are ±8 and ±16 g.
    public static let accelerationLimit = 32.0
    /// The most a phone's gyroscope measures (rad/s): ±2000 °/s is about 35 rad/s.
    public static let rotationLimit = 35.0
    /// The fastest cadence a pedometer can report (steps/s); sprinters reach about 5.
    public static let cadenceLimit = 10.0
    /// The fastest a phone's GPS speed can plausibly be (m/s): the speed of sound; airliners
    /// cruise at about 250.
    public static let speedLimit = 343.0
    /// Rows sampled for the medians and percentiles (between this and twice this many).
    public static let sampleSize = 20_000
    /// Intervals, from the start, behind the timestamp-unit check.
    static let intervalSampleSize = 20_000

    private var rows = 0
    private var lastTime: Double?
    private var duplicates = 0
    private var intervals: [Double] = []
    // The acceleration with gravity (unit check) and any acceleration (range and constancy).
    private var hasGravityAcceleration = false
    private var accelerationSample: [Double] = []
    private var rotationSample: [Double] = []
    private var sampleStride = 1
    private var accelerationRows = 0
    private var beyondLimit = 0
    private var largest = 0.0
    private var firstAcceleration: (x: Double, y: Double, z: Double)?
    private var constant = true
    private var fastCadences = 0
    private var fastestCadence = 0.0
    private var lastSteps: (time: Double, count: Double)?
    private var decreases = 0
    private var fastIncreases = 0
    private var fastSpeeds = 0
    private var fastestSpeed = 0.0
    private var fastestIncrease = 0.0
    private var clipping = AccelerationClipping.Accumulator()

    /// An empty checker.
    public init() {}

    /// Looks at the rows of `chunk`, the next rows of the recording.
    ///
    /// - Parameter chunk: Rows following those appended before (a whole recording, or one chunk of
    ///   a stream).
    /// - Complexity: O(*n*) for *n* rows, plus O(``sampleSize``) when the sample is thinned.
    public mutating func append(_ chunk: Recording) {
        let firstRow = rows
        let timeBefore = lastTime
        for time in chunk.time {
            if let lastTime {
                let interval = time - lastTime
                if interval == 0 { duplicates += 1 }
                if interval > 0, intervals.count < Self.intervalSampleSize { intervals.append(interval) }
            }
            lastTime = time
        }
        rows += chunk.count
        let motion = chunk.acceleration ?? chunk.linearAcceleration
        hasGravityAcceleration = hasGravityAcceleration || chunk.acceleration != nil
        if let motion {
            let withGravity = chunk.acceleration != nil
            // The rows sampled are those at multiples of the stride: the next one, counted rather
            // than found by a division per row.
            var sampledRow = (sampleStride - firstRow % sampleStride) % sampleStride
            var previousTime = timeBefore
            for row in 0..<chunk.count {
                let (x, y, z) = (motion.x[row], motion.y[row], motion.z[row])
                let magnitude = (x * x + y * y + z * z).squareRoot()
                if magnitude > Self.accelerationLimit { beyondLimit += 1 }
                if magnitude.isFinite { largest = Swift.max(largest, magnitude) }
                if let first = firstAcceleration {
                    constant = constant && x == first.x && y == first.y && z == first.z
                } else {
                    firstAcceleration = (x, y, z)
                }
                // A repeated row is no new sample: it would make a flat top of any peak.
                let time = chunk.time[row]
                if withGravity, time != previousTime { clipping.append(x, y, z) }
                previousTime = time
                if row == sampledRow {
                    if withGravity { accelerationSample.append(magnitude) }
                    sampledRow += sampleStride
                }
            }
            accelerationRows += chunk.count
        }
        if let rotation = chunk.rotationRate {
            for row in 0..<chunk.count where (firstRow + row) % sampleStride == 0 {
                let magnitude =
                    (rotation.x[row] * rotation.x[row] + rotation.y[row] * rotation.y[row] + rotation.z[row]
                    * rotation.z[row]).squareRoot()
                if magnitude.isFinite { rotationSample.append(magnitude) }
            }
        }
        notePedometer(chunk)
        for speed in chunk.speed ?? [] where speed > Self.speedLimit {
            fastSpeeds += 1
            fastestSpeed = Swift.max(fastestSpeed, speed)
        }
        thinSamples()
    }

    /// One sentence per suspicion, empty when the recording looks plausible.
    ///
    /// - Complexity: O(``sampleSize`` log ``sampleSize``).
    public var notes: [String] {
        var notes: [String] = []
        if let note = timestampUnitNote() { notes.append(note) }
        if let note = accelerationUnitNote() { notes.append(note) }
        if duplicates > 0 {
            notes.append(
                "\(duplicates) of \(rows) rows repeat the previous row's timestamp (duplicated rows?); "
                    + "the sample rate is estimated from distinct timestamps")
        }
        // When most rows are beyond the limit, the unit is wrong: the median's note says so.
        if beyondLimit > 0, beyondLimit < accelerationRows / 2 {
            notes.append(
                "\(beyondLimit) of \(accelerationRows) rows have an acceleration beyond "
                    + "\(Self.accelerationLimit.compactDescription) g (up to \(largest.compactDescription) g), "
                    + "more than a phone's accelerometer measures: spikes or a wrong unit")
        }
        if let note = clippingNote() { notes.append(note) }
        if constant, let first = firstAcceleration, accelerationRows >= 3 {
            notes.append(
                "the acceleration is the same in every row (\(first.x.compactDescription), "
                    + "\(first.y.compactDescription), \(first.z.compactDescription) g): "
                    + "a sensor that did not record? A phone at rest still shows noise")
        }
        if !rotationSample.isEmpty {
            let sorted = rotationSample.sorted()
            let high = sorted[sorted.count * 9 / 10]
            if high > Self.rotationLimit {
                notes.append(
                    "a tenth of the rotation rates exceed \(high.compactDescription) rad/s, beyond the "
                        + "\(Self.rotationLimit.compactDescription) rad/s a phone's gyroscope measures: the values "
                        + "look like degrees per second; read them with "
                        + "\(ReadOptionSuggestion.rotationRateInDegreesPerSecond.phrase), or name the columns *_deg_s")
            }
        }
        if fastCadences > 0 {
            notes.append(
                "\(fastCadences) pedometer cadences exceed \(Self.cadenceLimit.compactDescription) steps/s "
                    + "(up to \(fastestCadence.compactDescription)): no one walks or runs that fast")
        }
        if fastIncreases > 0 {
            notes.append(
                "the pedometer's step count rises faster than \(Self.cadenceLimit.compactDescription) steps/s "
                    + "\(fastIncreases) times (up to \(fastestIncrease.compactDescription) steps/s): "
                    + "a counter from another source, or a wrong column")
        }
        if fastSpeeds > 0 {
            notes.append(
                "\(fastSpeeds) GPS speeds exceed \(Self.speedLimit.compactDescription) m/s (up to "
                    + "\(fastestSpeed.compactDescription) m/s), faster than sound: damaged fixes or a wrong unit")
        }
        if decreases > 0 {
            notes.append(
                "the pedometer's cumulative step count decreases \(decreases) times: a counter that was reset, "
                    + "or counts from another source")
        }
        return notes
    }

    private func timestampUnitNote() -> String? {
        guard rows >= 3, accelerationRows > 0 || !rotationSample.isEmpty, !intervals.isEmpty else { return nil }
        let sorted = intervals.sorted()
        let rate = 1 / sorted[sorted.count / 2]
        let units = [(1e3, "milliseconds"), (1e6, "microseconds"), (1e9, "nanoseconds")]
        guard rate < 1, let (factor, unit) = units.first(where: { (1...2000).contains(rate * $0.0) }) else {
            return nil
        }
        return "the sample rate is \(rate.compactDescription) Hz, implausible for a motion sensor; the "
            + "timestamps look like \(unit), not seconds (that would be "
            + "\((rate * factor).compactDescription) Hz); divide them by \(Int(factor))"
    }

    /// A phone whose accelerometer clipped (``AccelerationClipping``): its range and how much it flattened.
    private func clippingNote() -> String? {
        let clipping = clipping.clipping
        guard let range = clipping.range else { return nil }
        let percent = String(format: "%.1f", 100 * clipping.clippedShare)
        return "the accelerometer clipped at ±\(range.compactDescription) g: \(clipping.clippedSampleCount) of "
            + "\(clipping.sampleCount) rows (\(percent) %) have an axis at that limit; the acceleration's "
            + "spread and peaks are flattened there (cadence and the magnitude's interquartile range keep their meaning)"
    }

    /// The median magnitude of acceleration with gravity is 1 g at rest and, on average, in motion.
    private func accelerationUnitNote() -> String? {
        let finite = accelerationSample.filter(\.isFinite)
        guard hasGravityAcceleration, !finite.isEmpty else { return nil }
        let sorted = finite.sorted()
        let median = sorted[sorted.count / 2]
        let metersPerSecondSquared = ReadOptionSuggestion.accelerationInMetersPerSecondSquared.phrase
        let suspects = [
            (
                9.80665, "m/s², not g",
                "read columns named without a unit with \(metersPerSecondSquared), or name them *_m_s2"
            ),
            (1000, "milli-g, not g", "divide them by 1000"),
            (
                1 / 9.80665, "g read as m/s² (divided by 9.81)",
                "check the unit the file was written in (a column named *_m_s2, \(metersPerSecondSquared), or an app's "
                    + "export in m/s² that holds g)"
            ),
        ]
        guard let (_, unit, remedy) = suspects.first(where: { (0.5...2).contains(median / $0.0) }) else {
            return nil
        }
        return "the median acceleration magnitude is \(median.compactDescription) g where gravity alone gives 1 g: "
            + "the values look like \(unit); \(remedy)"
    }

    private mutating func notePedometer(_ chunk: Recording) {
        if let cadence = chunk.values(of: .cadence) {
            for value in cadence where value.isFinite && value > Self.cadenceLimit {
                fastCadences += 1
                fastestCadence = Swift.max(fastestCadence, value)
            }
        }
        guard let steps = chunk.values(of: .steps) else { return }
        for (row, count) in steps.enumerated() where count.isFinite {
            let time = chunk.time[row]
            if let last = lastSteps {
                if count < last.count { decreases += 1 }
                // Counters deliver in batches: an increase is judged over at least a second.
                let rise = (count - last.count) / Swift.max(time - last.time, 1)
                if rise > Self.cadenceLimit {
                    fastIncreases += 1
                    fastestIncrease = Swift.max(fastestIncrease, rise)
                }
            }
            lastSteps = (time, count)
        }
    }

    /// Halves the samples (keeping the rows at multiples of twice the stride) while they hold more
    /// than twice ``sampleSize`` rows.
    private mutating func thinSamples() {
        while Swift.max(accelerationSample.count, rotationSample.count) > 2 * Self.sampleSize {
            accelerationSample = Swift.stride(from: 0, to: accelerationSample.count, by: 2).map {
                accelerationSample[$0]
            }
            rotationSample = Swift.stride(from: 0, to: rotationSample.count, by: 2).map { rotationSample[$0] }
            sampleStride *= 2
        }
    }
}

extension PlausibilityChecker {
    /// A note for each value of a group column (``RecordingReadOptions/groupColumn``) that names
    /// more than one run of rows: the file's groups are read as separate recordings with the same
    /// name, which is usually a sorting mistake or a reused identifier.
    ///
    /// - Parameter names: The groups' names, in file order.
    /// - Returns: One note per recurring name (first 10, then how many more), empty when none recurs.
    /// - Complexity: O(*n*).
    public static func recurringGroupNotes(_ names: [String]) -> [String] {
        var runs: [String: Int] = [:]
        var order: [String] = []
        for name in names {
            if runs[name] == nil { order.append(name) }
            runs[name, default: 0] += 1
        }
        let recurring = order.filter { runs[$0]! > 1 }
        guard !recurring.isEmpty else { return [] }
        let listed = recurring.prefix(10).map { "'\($0)' (\(runs[$0]!) runs)" }
        let more = recurring.count > 10 ? " and \(recurring.count - 10) more" : ""
        return [
            "\(recurring.count) group values recur after other groups: " + listed.joined(separator: ", ") + more
                + "; each run is read as a recording of its own with the same name (sort the file by the column?)"
        ]
    }

    /// Notes on a reference file's event times (say, initial contacts): times that repeat, times
    /// out of order, and a column with no time at all (NaN marks a step known but not timed,
    /// which ``StepMatching`` counts for the total only).
    ///
    /// - Parameters:
    ///   - times: The column's values in s; NaN for an empty cell.
    ///   - source: The file, named in the notes.
    /// - Returns: One sentence per suspicion.
    /// - Complexity: O(*n* log *n*).
    public static func referenceTimeNotes(_ times: [Double], source: String) -> [String] {
        let timed = times.filter { !$0.isNaN }
        guard !timed.isEmpty else {
            return times.isEmpty
                ? ["\(source) has no reference rows: nothing to score against"]
                : [
                    "\(source): none of the \(times.count) reference steps is timed (every time is empty or NaN): "
                        + "only the step count can be compared, not precision, recall or F1"
                ]
        }
        var notes: [String] = []
        let sorted = timed.sorted()
        let repeated = zip(sorted, sorted.dropFirst()).filter { $0 == $1 }.count
        if repeated > 0 {
            notes.append(
                "\(source): \(repeated) reference times repeat an earlier one (duplicated rows?); each can match "
                    + "one detected step only")
        }
        let backwards = zip(timed, timed.dropFirst()).filter { $0 > $1 }.count
        if backwards > 0 {
            notes.append("\(source): the reference times go backwards \(backwards) times (they are matched sorted)")
        }
        return notes
    }

    /// Notes on reference bouts that overlap (a bout starting before the previous one ends, in
    /// start order): overlapping bouts count their steps twice in no scoring, but usually mean a
    /// file with duplicated or misaligned rows.
    ///
    /// - Parameters:
    ///   - bouts: The bouts as written (not widened), in s.
    ///   - source: The file, named in the notes.
    /// - Returns: One note when any overlap, else empty.
    /// - Complexity: O(*n* log *n*).
    public static func boutNotes(_ bouts: [ClosedRange<Double>], source: String) -> [String] {
        let sorted = bouts.sorted { $0.lowerBound < $1.lowerBound }
        var overlaps = 0
        var end = -Double.infinity
        for bout in sorted {
            if bout.lowerBound < end { overlaps += 1 }
            end = Swift.max(end, bout.upperBound)
        }
        guard overlaps > 0 else { return [] }
        return [
            "\(source): \(overlaps) of \(bouts.count) reference bouts overlap an earlier bout (duplicated or "
                + "misaligned rows?); the steps inside them are scored once"
        ]
    }
}
