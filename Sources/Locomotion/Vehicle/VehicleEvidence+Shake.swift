extension VehicleEvidence {
    /// The within-second shake of the window's cells: per whole one-second block (as
    /// ``VehicleEvidenceWindow/subHertzMotion`` takes them), the acceleration about the block's mean.
    ///
    /// - `total` and `variation`, on all three axes: `total` is the r.m.s. over all blocks,
    ///   `variation` the coefficient of variation (standard deviation over mean) of the blocks'
    ///   r.m.s. values (0 when they are all 0), how much the shake varies from one second to the next.
    /// - `vertical` and `horizontal` (gravity included; 0 when `vertical` is nil): the r.m.s. along
    ///   the unit vertical (the window's mean direction) and across it.
    ///
    /// Why the vertical split: a moving vehicle shakes a phone lying, held or pocketed in it through
    /// the floor and the seat at one to a few hertz (road, rails, engine, suspension), vertically at
    /// least as much as horizontally; a phone turned or fidgeted in a hand tilts, and a tilt by θ
    /// moves the measured acceleration by about θ horizontally but only θ²/2 vertically. The
    /// in-vehicle state machine compares the two over the windows that would enter a ride
    /// (``InVehicleStateMachine/Configuration/enterShakeRatio``).
    ///
    /// - Parameters:
    ///   - cells: the window's cells, oldest first.
    ///   - blockMeans: the mean of each whole block (`cellMean`), oldest first.
    ///   - blockCells: the cells in a block.
    ///   - vertical: the unit vertical, or nil when it is not known.
    /// - Returns: `total`, `vertical` and `horizontal` in g, `variation` without unit.
    /// - Complexity: O(window cells), no allocation.
    static func shake(
        _ cells: WindowCells, blockMeans: UnsafeBufferPointer<(Double, Double, Double)>, blockCells size: Int,
        vertical: (Double, Double, Double)?
    ) -> (total: Double, variation: Double, vertical: Double, horizontal: Double) {
        let blocks = blockMeans.count
        guard blocks > 0 else { return (0, 0, 0, 0) }
        let (x, y, z) = (cells.x, cells.y, cells.z)
        let v = vertical ?? (0, 0, 0)
        var squares = 0.0
        var blockRMSSum = 0.0
        var blockRMSSquares = 0.0
        var verticalSum = 0.0
        var totalSum = 0.0
        let count = Double(size)
        for block in 0..<blocks {
            let mean = blockMeans[block]
            var sum = 0.0
            for i in (block * size)..<((block + 1) * size) {
                let d = (x[i] - mean.0, y[i] - mean.1, z[i] - mean.2)
                let squared = d.0 * d.0 + d.1 * d.1 + d.2 * d.2
                sum += squared
                if vertical != nil {
                    let p = d.0 * v.0 + d.1 * v.1 + d.2 * v.2
                    verticalSum += p * p
                    totalSum += squared
                }
            }
            squares += sum
            let rms = (sum / count).squareRoot()
            blockRMSSum += rms
            blockRMSSquares += rms * rms
        }
        var verticalShake = 0.0
        var horizontalShake = 0.0
        if vertical != nil {
            let shaken = Double(blocks * size)
            verticalShake = (verticalSum / shaken).squareRoot()
            horizontalShake = (max(totalSum - verticalSum, 0) / shaken).squareRoot()
        }
        let blockCount = Double(blocks)
        let total = (squares / (blockCount * count)).squareRoot()
        let meanRMS = blockRMSSum / blockCount
        guard meanRMS > 0 else { return (total, 0, verticalShake, horizontalShake) }
        let spread = max(blockRMSSquares / blockCount - meanRMS * meanRMS, 0).squareRoot()
        return (total, spread / meanRMS, verticalShake, horizontalShake)
    }

    /// The mean of the window's cells at positions `range` (from the oldest), in g.
    ///
    /// - Complexity: O(range.count), no allocation.
    static func cellMean(_ cells: WindowCells, _ range: Range<Int>) -> (Double, Double, Double) {
        var mean = (0.0, 0.0, 0.0)
        for i in range {
            mean.0 += cells.x[i]
            mean.1 += cells.y[i]
            mean.2 += cells.z[i]
        }
        let count = Double(range.count)
        return (mean.0 / count, mean.1 / count, mean.2 / count)
    }
}
