extension InVehicleStateMachine {
    /// Whether the within-second shake of the vehicle-like windows among the last `count` allows
    /// entering a ride: their summed squared horizontal shake at most
    /// ``Configuration/enterShakeRatio``² times their summed squared vertical shake. A phone
    /// turned or fidgeted in a hand at rest moves mostly across the vertical; a vehicle shakes it
    /// along the vertical at least as much. Windows without the measure (0: gravity removed, or
    /// made without it) add nothing; none measured, or a ratio of 0, allows.
    ///
    /// - Parameter count: how many of the newest windows (this one included) to look at.
    /// - Complexity: O(count), no allocation.
    func shakeAllowsEntry(overLast count: Int) -> Bool {
        let ratio = configuration.enterShakeRatio
        guard ratio > 0 else { return true }
        var vertical = 0.0
        var horizontal = 0.0
        forEachVehicleLikeSlot(overLast: count) { slot in
            let v = verticalShakes[slot]
            let h = horizontalShakes[slot]
            guard v.isFinite, h.isFinite else { return }
            vertical += v
            horizontal += h
        }
        guard horizontal > 0 else { return true }
        return horizontal <= ratio * ratio * vertical
    }
}

extension InVehicleStateMachine {
    /// Whether the vehicle-like windows among the last `count` may enter a ride by their bursts:
    /// the median of their ``VehicleEvidenceWindow/shakeVariation`` below
    /// ``Configuration/enterShakeVariation`` (steady), or, where their within-second shakes were
    /// measured along and across the vertical, their summed squared horizontal shake at most
    /// ``Configuration/enterBurstShakeRatio``² times their summed squared vertical shake (bursts
    /// through a floor, not a tilting hand). Windows without the variation (NaN) do not count;
    /// none measured, or a threshold of 0, allows. The median of an even count is the mean of the
    /// middle two.
    ///
    /// - Parameter count: how many of the newest windows (this one included) to look at.
    /// - Complexity: O(count²) (an insertion sort of at most `count` values), no allocation.
    mutating func steadyShakeAllowsEntry(overLast count: Int) -> Bool {
        let limit = configuration.enterShakeVariation
        guard limit > 0 else { return true }
        var m = 0
        var vertical = 0.0
        var horizontal = 0.0
        for back in 0..<min(count, windowCount, medianScratch.count) where recent(back) == .vehicleLike {
            let slot = (windowCount - 1 - back) % shakeVariations.count
            if verticalShakes[slot].isFinite && horizontalShakes[slot].isFinite {
                vertical += verticalShakes[slot]
                horizontal += horizontalShakes[slot]
            }
            let value = shakeVariations[slot]
            guard value.isFinite else { continue }
            // Insertion into the sorted prefix.
            var i = m
            while i > 0 && medianScratch[i - 1] > value {
                medianScratch[i] = medianScratch[i - 1]
                i -= 1
            }
            medianScratch[i] = value
            m += 1
        }
        guard m > 0 else { return true }
        let median = m % 2 == 1 ? medianScratch[m / 2] : (medianScratch[m / 2 - 1] + medianScratch[m / 2]) / 2
        if median < limit { return true }
        let ratio = configuration.enterBurstShakeRatio
        return ratio > 0 && vertical > 0 && horizontal <= ratio * ratio * vertical
    }
}
