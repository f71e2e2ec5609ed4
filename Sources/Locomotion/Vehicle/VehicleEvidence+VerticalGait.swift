extension VehicleEvidence {
    /// The vertical rule of the on-foot class (gravity included): vertical vibration a seated
    /// passenger does not feel for a whole window (``Configuration/onFootVerticalVibration``), with
    /// at least ``Configuration/onFootHorizontalRatio`` times as much horizontal motion. A walker's
    /// trunk, thigh or hand carries the phone forward, back and sideways at every step as much as
    /// up and down; a road's bumps reach a passenger through the seat, along the vertical.
    ///
    /// - Parameters:
    ///   - rms: the window's three-axis r.m.s. about its mean, in g.
    ///   - vertical: the r.m.s. along the window's mean direction (the vertical), in g.
    ///   - configuration: the thresholds.
    /// - Returns: whether the window is on foot by this rule.
    /// - Complexity: O(1).
    static func movesLikeGait(rms: Double, vertical: Double, configuration: Configuration) -> Bool {
        guard vertical >= configuration.onFootVerticalVibration else { return false }
        // The three-axis variance is the vertical one plus the horizontal one.
        let horizontal = max(rms * rms - vertical * vertical, 0).squareRoot()
        return horizontal >= configuration.onFootHorizontalRatio * vertical
    }
}
