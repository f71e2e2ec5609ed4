/// The in-vehicle analysis of a whole recording: the evidence windows, the final (revised)
/// in-vehicle flag of each, and the rides with their stops.
public struct VehicleAnalysis: Sendable, Hashable {
    /// Evidence windows in time order.
    public var windows: [VehicleEvidenceWindow]
    /// The time interval each window stands for, in seconds: from the previous window's end (or
    /// the window's own start, for the first window and after a gap) to its end. The intervals
    /// tile the recording without overlap.
    public var intervals: [ClosedRange<Double>]
    /// Final in-vehicle flag per window, after every revision (entering dated back, leaving on foot
    /// dated back).
    public var inVehicle: [Bool]
    /// Whether each window is a stop inside a ride.
    public var stoppedInVehicle: [Bool]
    /// The rides, each one span from getting in to getting out, stops included.
    public var rides: [VehicleRide]
    /// Samples skipped because their time or acceleration was NaN or infinite.
    public var skippedNonFiniteSamples: Int
}
