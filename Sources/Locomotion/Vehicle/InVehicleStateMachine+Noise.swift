extension InVehicleStateMachine {
    /// Whether the vehicle-like windows without a known vertical among the last `count` move like
    /// more than noise: their pooled r.m.s. at or above ``Configuration/enterNoiseRMS``, or their
    /// summed squared sub-hertz motion at least ``Configuration/enterSubHertzToShake``² times their
    /// summed squared within-second shake (dynamic r.m.s.² − sub-hertz motion²). Windows with a
    /// known vertical or without the measures (NaN) do not count; none left, or a ratio of 0,
    /// allows.
    ///
    /// - Parameter count: how many of the newest windows (this one included) to look at.
    /// - Complexity: O(count), no allocation.
    func motionIsNotNoise(overLast count: Int) -> Bool {
        let c = configuration
        guard c.enterSubHertzToShake > 0 else { return true }
        var windows = 0
        var rms = 0.0
        var subHertz = 0.0
        forEachVehicleLikeSlot(overLast: count) { slot in
            guard squaredRMS[slot].isFinite, squaredSubHertz[slot].isFinite else { return }
            windows += 1
            rms += squaredRMS[slot]
            subHertz += squaredSubHertz[slot]
        }
        guard windows > 0, rms / Double(windows) < c.enterNoiseRMS * c.enterNoiseRMS else { return true }
        let shake = max(rms - subHertz, 0)
        return subHertz >= c.enterSubHertzToShake * c.enterSubHertzToShake * shake
    }
}
