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
