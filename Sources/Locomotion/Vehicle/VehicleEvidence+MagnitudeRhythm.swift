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
    ///   - cells: the window's cells, oldest first.
    ///   - mean: the window's mean acceleration, in g.
    ///   - magnitudes: room for one value per cell (scratch).
    ///   - c: the evidence parameters.
    /// - Returns: `false` when ``Configuration/gravityRemovedMagnitudePeriodicity`` is 0.
    /// - Complexity: O(cells × lags), no allocation.
    static func magnitudeGaitRhythm(
        _ cells: WindowCells, mean: (Double, Double, Double), into magnitudes: UnsafeMutableBufferPointer<Double>,
        configuration c: Configuration
    ) -> Bool {
        guard c.gravityRemovedMagnitudePeriodicity > 0 else { return false }
        let n = cells.count
        var sum = 0.0
        for i in 0..<n {
            let d = (cells.x[i] - mean.0, cells.y[i] - mean.1, cells.z[i] - mean.2)
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
        return walkingBandRhythm(
            UnsafeBufferPointer(rebasing: magnitudes[0..<n]), energy: energy,
            threshold: c.gravityRemovedMagnitudePeriodicity, repeatAtEveryLag: true, configuration: c)
    }
}
