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
        for back in 0..<min(count, windowCount) where recent(back) == .vehicleLike {
            let slot = (windowCount - 1 - back) % verticalShakes.count
            let v = verticalShakes[slot]
            let h = horizontalShakes[slot]
            guard v.isFinite, h.isFinite else { continue }
            vertical += v
            horizontal += h
        }
        guard horizontal > 0 else { return true }
        return horizontal <= ratio * ratio * vertical
    }
}
