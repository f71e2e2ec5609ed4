extension ActivityHysteresis.Configuration {
    /// The command line's hysteresis: a new activity must hold `seconds` before it is committed,
    /// and leaving driving takes twice as long (a stop at a red light commonly outlasts the
    /// ordinary hold). `holding(5)` is the default configuration.
    ///
    /// - Parameter seconds: The hold time in seconds, finite and not negative (checked by
    ///   ``validate()`` and by ``ActivityHysteresis/init(configuration:)``).
    public static func holding(_ seconds: Double) -> Self {
        Self(holdTime: seconds, leavingHoldTimes: [.driving: 2 * seconds])
    }
}
