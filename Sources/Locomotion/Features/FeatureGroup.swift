import LocomotionDSP

/// A family of features computed by code outside the built-in set: the extension point for
/// user features and for feature families added later.
///
/// The extractor calls ``compute(_:into:)`` once per window, after the built-in features, with one
/// ``FeatureWindow`` value (the samples as arrays, the magnitude and its spectrum, the context)
/// and an array of exactly `descriptors.count` values, NaN on entry, to overwrite in place.
///
/// ```swift
/// struct PeakToPeak: FeatureGroup {
///     let descriptors = [
///         FeatureDescriptor(name: "acc_x_peak_to_peak", unit: "g", summary: "largest minus smallest x"),
///         FeatureDescriptor(name: "acc_z_peak_to_peak", unit: "g", summary: "largest minus smallest z"),
///     ]
///     func compute(_ window: FeatureWindow, into values: inout [Double]) {
///         values[0] = window.x.max()! - window.x.min()!
///         values[1] = window.z.max()! - window.z.min()!
///     }
/// }
/// ```
///
/// Threading: every extractor holds its own copy of each group, and batch extraction copies the
/// extractor per thread, so a value type may keep mutable scratch (a detector's state, buffers)
/// freely. A class must be safe to call from several threads at once. For determinism the values
/// must depend only on the window.
public protocol FeatureGroup: Sendable {
    /// The group's columns, in order; fixed for the group's lifetime.
    var descriptors: [FeatureDescriptor] { get }
    /// Computes the group's values for one window.
    ///
    /// - Parameters:
    ///   - window: The window. Keeping it (or one of its arrays) past the call is safe but makes
    ///     the extractor copy its arrays on the next window.
    ///   - values: Exactly `descriptors.count` values, NaN on entry, to overwrite in place (NaN
    ///     for a missing value). Leaving another count makes the extraction throw
    ///     `LocomotionError.invalidParameter` naming the group.
    mutating func compute(_ window: FeatureWindow, into values: inout [Double])
}
