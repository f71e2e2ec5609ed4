extension VehicleEvidence {
    /// The within-second shake of the window's cells (gravity included): the r.m.s. of the
    /// acceleration about its one-second block means, along `vertical` and across it (horizontal),
    /// in g. Whole blocks only (a remainder shorter than a block is left out), as
    /// ``VehicleEvidenceWindow/subHertzMotion`` takes them.
    ///
    /// Why: a moving vehicle shakes a phone lying, held or pocketed in it through the floor and the
    /// seat at one to a few hertz (road, rails, engine, suspension), vertically at least as much as
    /// horizontally; a phone turned or fidgeted in a hand tilts, and a tilt by θ moves the measured
    /// acceleration by about θ horizontally but only θ²/2 vertically. The in-vehicle state machine
    /// compares the two over the windows that would enter a ride
    /// (``InVehicleStateMachine/Configuration/enterShakeRatio``).
    ///
    /// - Parameters:
    ///   - first: the ring slot of the window's oldest cell.
    ///   - vertical: the unit vertical (the window's mean direction).
    /// - Returns: `(vertical, horizontal)` shake, in g.
    /// - Complexity: O(window cells), no allocation.
    func withinSecondShake(first: Int, vertical v: (Double, Double, Double)) -> (vertical: Double, horizontal: Double) {
        let n = configuration.gridCellsPerWindow
        let size = configuration.subHertzBlockCells
        let blocks = n / size
        guard blocks > 0 else { return (0, 0) }
        var verticalSum = 0.0
        var totalSum = 0.0
        for block in 0..<blocks {
            let cells = (block * size)..<((block + 1) * size)
            let mean = cellMean(first: first, cells: cells)
            for i in cells {
                let s = (first + i) % n
                let d = (ringX[s] - mean.0, ringY[s] - mean.1, ringZ[s] - mean.2)
                let p = d.0 * v.0 + d.1 * v.1 + d.2 * v.2
                verticalSum += p * p
                totalSum += d.0 * d.0 + d.1 * d.1 + d.2 * d.2
            }
        }
        let cells = Double(blocks * size)
        let verticalShake = (verticalSum / cells).squareRoot()
        let horizontalShake = (max(totalSum - verticalSum, 0) / cells).squareRoot()
        return (verticalShake, horizontalShake)
    }

    /// The mean of the window's cells `cells` (positions from the oldest, ring slot `first`), in g.
    ///
    /// - Complexity: O(cells.count), no allocation.
    func cellMean(first: Int, cells: Range<Int>) -> (Double, Double, Double) {
        let n = configuration.gridCellsPerWindow
        var mean = (0.0, 0.0, 0.0)
        for i in cells {
            let s = (first + i) % n
            mean.0 += ringX[s]
            mean.1 += ringY[s]
            mean.2 += ringZ[s]
        }
        let count = Double(cells.count)
        return (mean.0 / count, mean.1 / count, mean.2 / count)
    }
}
