/// The sums over one run of three-axis samples from which the axis correlations and signal
/// magnitude area of a window made of two adjacent runs follow by merging (the co-moment update of
/// Chan, Golub and LeVeque 1979): each half of a window at a hop of half the window is summed once
/// and serves the two windows that hold it.
///
/// The merged values equal ``Statistics/axisSummary(x:y:z:)`` of the whole window to rounding,
/// not bit for bit; `docs/Features.md` states the tolerance and `PartialMomentsTests` checks it.
package struct PartialAxisSums: Sendable {
    /// The samples per axis.
    package var count: Double
    /// Each axis's mean.
    package var mean: (x: Double, y: Double, z: Double)
    /// The central sums of squares `Σ(xᵢ − x̄)²` and of products `Σ(xᵢ − x̄)(yᵢ − ȳ)`.
    package var xx: Double
    package var yy: Double
    package var zz: Double
    package var xy: Double
    package var xz: Double
    package var yz: Double
    /// `Σ(|xᵢ| + |yᵢ| + |zᵢ|)`.
    package var area: Double

    /// The sums of a run of finite samples, the same number on each axis, at least one.
    ///
    /// - Complexity: O(*n*), two passes.
    package init(x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>) {
        let sums = Statistics.axisSums(x: x, y: y, z: z)
        let n = sums.count
        count = n
        // About the reference points, then moved to the means: Σd·e − Σd·Σe/n.
        mean = (sums.shifts.0 + sums.x / n, sums.shifts.1 + sums.y / n, sums.shifts.2 + sums.z / n)
        xx = max(sums.xx - sums.x * sums.x / n, 0)
        yy = max(sums.yy - sums.y * sums.y / n, 0)
        zz = max(sums.zz - sums.z * sums.z / n, 0)
        xy = sums.xy - sums.x * sums.y / n
        xz = sums.xz - sums.x * sums.z / n
        yz = sums.yz - sums.y * sums.z / n
        area = sums.area
    }

    /// The sums of `first` followed by `second`, as if summed over the joined run.
    ///
    /// - Complexity: O(1).
    package static func merged(_ first: PartialAxisSums, _ second: PartialAxisSums) -> PartialAxisSums {
        let n = first.count + second.count
        let weight = first.count * second.count / n
        let delta = (second.mean.x - first.mean.x, second.mean.y - first.mean.y, second.mean.z - first.mean.z)
        var merged = first
        merged.count = n
        merged.mean = (
            first.mean.x + delta.0 * (second.count / n), first.mean.y + delta.1 * (second.count / n),
            first.mean.z + delta.2 * (second.count / n)
        )
        merged.xx = first.xx + second.xx + delta.0 * delta.0 * weight
        merged.yy = first.yy + second.yy + delta.1 * delta.1 * weight
        merged.zz = first.zz + second.zz + delta.2 * delta.2 * weight
        merged.xy = first.xy + second.xy + delta.0 * delta.1 * weight
        merged.xz = first.xz + second.xz + delta.0 * delta.2 * weight
        merged.yz = first.yz + second.yz + delta.1 * delta.2 * weight
        merged.area = first.area + second.area
        return merged
    }

    /// The correlations (each `nil` where either axis is constant to rounding) and the signal
    /// magnitude area, as ``Statistics/axisSummary(x:y:z:)`` defines them.
    package var summary: AxisSummary {
        AxisSummary(
            correlationXY: Statistics.correlation(0, mean.x, xx, 0, mean.y, yy, xy, count: count),
            correlationXZ: Statistics.correlation(0, mean.x, xx, 0, mean.z, zz, xz, count: count),
            correlationYZ: Statistics.correlation(0, mean.y, yy, 0, mean.z, zz, yz, count: count),
            signalMagnitudeArea: area / count)
    }
}
