/// What to subtract from each block of samples before it is windowed and transformed.
public enum Detrend: String, Sendable, Hashable {
    /// Nothing: the DC bin keeps the signal's mean.
    case none
    /// The block's mean, so gravity or a sensor offset does not leak into low bins
    /// (scipy's `detrend="constant"`).
    case mean
}
