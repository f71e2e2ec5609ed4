import LocomotionDSP

/// What resampling a recording did. Nothing is left out without being counted here.
public struct RecordingResamplingReport: Sendable, Hashable, Codable {
    /// The input's rate in Hz, which the anti-alias cutoff was chosen for.
    public var inputRate: Double
    /// The grid's rate in Hz.
    public var outputRate: Double
    /// The low-pass cutoff in Hz (0.4 × the lower of the two rates).
    public var cutoff: Double
    /// The longest interval (s) interpolated across; a longer one separates two segments.
    public var maximumGap: Double
    /// Rows read.
    public var rowsRead = 0
    /// Rows written (grid points).
    public var rowsWritten = 0
    /// Runs of rows between gaps, each resampled on its own grid.
    public var segments = 0
    /// Grid rows whose motion values came from linear interpolation between the two rows around
    /// them instead of the kernel, because under a quarter of the kernel's weight found rows
    /// (a hole in the rows, shorter than the gap limit, or timestamps far more irregular than
    /// the rate).
    public var rowsInterpolatedLinearly = 0
    /// Changes of a label or a text column that no grid row shows, by column (`label` for the
    /// labels): a state that lasted less than a grid step. They are not in the resampled recording.
    public var hiddenTextChanges: [String: Int] = [:]
    /// Event cells (GPS, pedometer) placed on a grid row, by column.
    public var eventsPlaced: [String: Int] = [:]
    /// Event cells that found no grid row, by column: the first event nearest a grid row holds it,
    /// so a column denser than the grid (one resampled to a lower rate) loses the others. They
    /// are not in the resampled recording.
    public var eventsNotPlaced: [String: Int] = [:]
    /// The largest distance in seconds between an event's own time and its grid row's time: at
    /// most half a grid step, or the time from a segment's last grid row to its last row.
    public var largestEventShift = 0.0

    /// Creates an empty report.
    public init(inputRate: Double, outputRate: Double, cutoff: Double, maximumGap: Double) {
        self.inputRate = inputRate
        self.outputRate = outputRate
        self.cutoff = cutoff
        self.maximumGap = maximumGap
    }

    /// The number of event cells and text changes not in the resampled recording.
    public var omittedCount: Int {
        eventsNotPlaced.values.reduce(0, +) + hiddenTextChanges.values.reduce(0, +)
    }

    /// One sentence for a person: the rates, the low-pass and anything left out.
    public var summary: String {
        var text =
            "resampled from \(inputRate.compactDescription) Hz to \(outputRate.compactDescription) Hz through a \(cutoff.compactDescription) Hz anti-alias low-pass"
        if rowsInterpolatedLinearly > 0 {
            text += "; \(rowsInterpolatedLinearly) rows interpolated linearly (irregular timestamps)"
        }
        func list(_ counts: [String: Int]) -> String {
            counts.keys.sorted().map { "\($0) \(counts[$0]!)" }.joined(separator: ", ")
        }
        let events = eventsNotPlaced.values.reduce(0, +)
        if events > 0 {
            text += "; \(events) event cells left out, more than one per grid row (\(list(eventsNotPlaced)))"
        }
        let changes = hiddenTextChanges.values.reduce(0, +)
        if changes > 0 {
            text += "; \(changes) text changes shorter than a grid step not shown (\(list(hiddenTextChanges)))"
        }
        return text
    }
}
