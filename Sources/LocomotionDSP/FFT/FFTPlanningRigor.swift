/// How hard FFTW's planner searches for a fast algorithm when a plan is created.
public enum FFTPlanningRigor: String, Sendable, Hashable, Codable {
    /// Picks a plan by heuristics, in microseconds. The default, and right for most uses.
    case estimate
    /// Times several algorithms (milliseconds to seconds per size); worth it for a
    /// long-running process that transforms one size millions of times.
    case measure
    /// A wider search than `measure`; planning can take much longer.
    case patient
}
