/// The sums of `Statistics.axisSums(x:y:z:)`: each axis's deviations from a reference point
/// (its first sample), their squares and cross products, and the sum of the absolute values.
package struct AxisSums: Sendable {
    /// The samples per axis.
    package var count: Double
    /// Each axis's reference point.
    package var shifts: (Double, Double, Double)
    /// `Σ(xᵢ − x₀)` and the same for y and z.
    package var x: Double
    package var y: Double
    package var z: Double
    /// The sums of the deviations' squares.
    package var xx: Double
    package var yy: Double
    package var zz: Double
    /// The sums of the deviations' products between axes.
    package var xy: Double
    package var xz: Double
    package var yz: Double
    /// `Σ(|xᵢ| + |yᵢ| + |zᵢ|)`.
    package var area: Double
}
