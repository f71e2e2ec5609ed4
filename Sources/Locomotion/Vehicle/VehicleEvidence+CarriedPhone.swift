extension VehicleEvidence {
    /// The carried-phone rule of the on-foot class (gravity removed, vertical unknown): the
    /// acceleration moves by at least ``Configuration/gravityRemovedCarriedSubHertz`` over whole
    /// seconds (`subHertz`, three axes) and by at least ``Configuration/gravityRemovedCarriedShake``
    /// within them (`shake`, three axes) for a whole window.
    ///
    /// Why: a seated passenger's phone gets the vehicle's speed changes and turns over seconds,
    /// and its road or rail vibration within the second, but not both strongly at once for 10 s:
    /// harsh braking and cornering move the one-second means by up to about 0.2 g r.m.s. on a
    /// smooth road, and a rough road shakes a phone by 0.4 g within the second while its
    /// one-second means move by under 0.15 g. A phone carried by a walker moves strongly on both
    /// scales: its steps shake it within the second, and its sway (and, when gravity was removed
    /// by a low-pass rather than a gyroscope, the gravity it leaks as the phone turns) moves it
    /// over seconds. In a log so slow or irregular that its steps alias out of the periodicity's lag
    /// range (a throttled phone at 2–5 Hz), this is all that is left of gait once gravity is gone.
    ///
    /// - Parameters:
    ///   - subHertz: the window's sub-hertz motion (three axes), in g.
    ///   - shake: the window's within-second shake (three axes), in g.
    ///   - configuration: the thresholds (either at 0 turns the rule off).
    /// - Returns: whether the window is on foot by this rule.
    /// - Complexity: O(1).
    static func movesLikeCarriedPhone(subHertz: Double, shake: Double, configuration c: Configuration) -> Bool {
        guard c.gravityRemovedCarriedSubHertz > 0, c.gravityRemovedCarriedShake > 0 else { return false }
        return subHertz >= c.gravityRemovedCarriedSubHertz && shake >= c.gravityRemovedCarriedShake
    }
}

extension VehicleEvidence {
    /// The within-second shake of the window's cells on all three axes, and how much it varies
    /// from one second to the next: per whole one-second block (as
    /// ``VehicleEvidenceWindow/subHertzMotion`` takes them), the r.m.s. of the acceleration about
    /// the block's mean; `total` is the r.m.s. over all blocks, `variation` the coefficient of
    /// variation (standard deviation over mean) of the blocks' r.m.s. values (0 when they are all 0).
    ///
    /// - Parameter first: the ring slot of the window's oldest cell.
    /// - Returns: `total` in g, `variation` without unit.
    /// - Complexity: O(window cells), no allocation.
    func shakeProfile(first: Int) -> (total: Double, variation: Double) {
        let n = configuration.gridCellsPerWindow
        let size = configuration.subHertzBlockCells
        let blocks = n / size
        guard blocks > 0 else { return (0, 0) }
        var squares = 0.0
        var blockRMSSum = 0.0
        var blockRMSSquares = 0.0
        let count = Double(size)
        for block in 0..<blocks {
            let cells = (block * size)..<((block + 1) * size)
            let mean = cellMean(first: first, cells: cells)
            var sum = 0.0
            for i in cells {
                let s = (first + i) % n
                let d = (ringX[s] - mean.0, ringY[s] - mean.1, ringZ[s] - mean.2)
                sum += d.0 * d.0 + d.1 * d.1 + d.2 * d.2
            }
            squares += sum
            let rms = (sum / count).squareRoot()
            blockRMSSum += rms
            blockRMSSquares += rms * rms
        }
        let blockCount = Double(blocks)
        let total = (squares / (blockCount * count)).squareRoot()
        let meanRMS = blockRMSSum / blockCount
        guard meanRMS > 0 else { return (total, 0) }
        let spread = max(blockRMSSquares / blockCount - meanRMS * meanRMS, 0).squareRoot()
        return (total, spread / meanRMS)
    }
}
