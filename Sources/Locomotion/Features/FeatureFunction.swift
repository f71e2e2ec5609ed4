import LocomotionDSP

/// One user feature from a closure: the shortest way to add a feature.
///
/// ```swift
/// let peakToPeak = FeatureFunction(name: "acc_x_peak_to_peak", unit: "g", summary: "x range") { window in
///     window.x.max()! - window.x.min()!
/// }
/// ```
public struct FeatureFunction: FeatureGroup {
    /// The single column.
    public let descriptors: [FeatureDescriptor]
    private let body: @Sendable (FeatureWindow) -> Double

    /// Creates a feature.
    ///
    /// - Parameters:
    ///   - name: The stable name.
    ///   - unit: The unit of the value.
    ///   - summary: One line of description.
    ///   - body: Computes the value of one window; return NaN for a missing value. It should not
    ///     allocate if the steady state is to stay allocation-free.
    public init(
        name: String, unit: String, summary: String, _ body: @escaping @Sendable (FeatureWindow) -> Double
    ) {
        self.descriptors = [FeatureDescriptor(name: name, unit: unit, summary: summary)]
        self.body = body
    }

    /// Writes `body(window)`.
    ///
    /// - Complexity: That of `body`.
    public func compute(_ window: FeatureWindow, into values: inout [Double]) {
        values[0] = body(window)
    }
}
