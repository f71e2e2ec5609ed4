extension VehicleEvidence {
    /// Whether the magnitude of the window's acceleration about its mean, |a − ā|, has the rhythm
    /// of steps (gravity removed): a peak of its autocorrelation at or above
    /// ``Configuration/gravityRemovedMagnitudePeriodicity`` in the walking band that comes back at
    /// twice its lag (``Configuration/gravityRemovedStrideRegularity``; `walkingBandRhythm`), at
    /// every lag: the magnitude's rhythm is the step's, and a walker's steps repeat, while a
    /// vehicle's motion that happens to look alike 1–1.4 s apart does not look alike again.
    ///
    /// Why the magnitude, and what it was measured on: ``Configuration/gravityRemovedMagnitudePeriodicity``.
    ///
    /// - Parameters:
    ///   - first: the ring slot of the window's oldest cell.
    ///   - mean: the window's mean acceleration, in g.
    /// - Returns: `false` when ``Configuration/gravityRemovedMagnitudePeriodicity`` is 0.
    /// - Complexity: O(cells × lags), no allocation.
    mutating func magnitudeGaitRhythm(first: Int, mean: (Double, Double, Double)) -> Bool {
        let c = configuration
        guard c.gravityRemovedMagnitudePeriodicity > 0 else { return false }
        let n = c.gridCellsPerWindow
        var sum = 0.0
        for i in 0..<n {
            let s = (first + i) % n
            let d = (ringX[s] - mean.0, ringY[s] - mean.1, ringZ[s] - mean.2)
            let size = (d.0 * d.0 + d.1 * d.1 + d.2 * d.2).squareRoot()
            magnitudes[i] = size
            sum += size
        }
        let average = sum / Double(n)
        var energy = 0.0
        for i in 0..<n {
            magnitudes[i] -= average
            energy += magnitudes[i] * magnitudes[i]
        }
        return Self.walkingBandRhythm(
            magnitudes, energy: energy, threshold: c.gravityRemovedMagnitudePeriodicity, repeatAtEveryLag: true,
            configuration: c)
    }
}
