/// The peaks found by ``findPeaks(in:options:)``, in ascending
/// index order, with the properties of each that the options asked for (`nil` otherwise). Every
/// property array is parallel to ``indices``.
public struct Peaks: Sendable, Hashable {
    /// The peaks' sample indices, ascending. A flat peak (plateau) is reported at its middle
    /// sample, rounding down for an even width.
    public var indices: [Int]
    /// `x[peak]` for each peak; present when ``PeakFindingOptions/height`` is set.
    public var heights: [Double]?
    /// `x[peak] − x[peak − 1]`; present when ``PeakFindingOptions/threshold`` is set.
    public var leftThresholds: [Double]?
    /// `x[peak] − x[peak + 1]`; present when ``PeakFindingOptions/threshold`` is set.
    public var rightThresholds: [Double]?
    /// Prominences and their bases; present when ``PeakFindingOptions/prominence`` is set.
    public var prominences: PeakProminences?

    /// The number of peaks.
    public var count: Int { indices.count }

    /// Creates peaks with no properties.
    public init(indices: [Int]) {
        self.indices = indices
    }

    /// Keeps the peaks (and their properties) at the positions where `keep` is true.
    mutating func filter(keeping keep: [Bool]) {
        func kept<T>(_ values: [T]) -> [T] { zip(values, keep).compactMap { $1 ? $0 : nil } }
        indices = kept(indices)
        heights = heights.map(kept)
        leftThresholds = leftThresholds.map(kept)
        rightThresholds = rightThresholds.map(kept)
        prominences = prominences.map {
            PeakProminences(
                prominences: kept($0.prominences), leftBases: kept($0.leftBases), rightBases: kept($0.rightBases))
        }
    }
}
