extension TransitionMatrix {
    /// The default probability per second of a switch between two activities for which no
    /// better figure is known: 0.001 (a mean of 1000 s before such a switch).
    public static let defaultActivitySwitchPerSecond = 0.001

    /// Per-second transitions between the five ``ActivityType/decidable`` activities, state *i*
    /// being `ActivityType.decidable[i]` (walking, running, cycling, driving, stationary), from
    /// the figures commonly given for the motion coprocessors of phones:
    ///
    /// | from \ to  | walking | running | cycling | driving | stationary |
    /// |------------|---------|---------|---------|---------|------------|
    /// | walking    | 0.947   | 0.05    | 0.001   | 0.001   | 0.001      |
    /// | running    | 0.05    | 0.947   | 0.001   | 0.001   | 0.001      |
    /// | cycling    | 0.001   | 0.001   | 0.996   | 0.001   | 0.001      |
    /// | driving    | 0.001   | 0       | 0       | 0.999   | 0          |
    /// | stationary | 0.001   | 0.001   | 0.001   | 0.001   | 0.996      |
    ///
    /// Given: driving stays driving with 0.999 a second and goes to walking with 0.001; walking
    /// goes to running with 0.05. Chosen here:
    /// - running goes back to walking with 0.05 too: the two gaits alternate, and with 0.001 the
    ///   chain would expect running to last 50 times longer than walking;
    /// - the driving row is complete as given (0.999 + 0.001 = 1), so the other ways out of
    ///   driving are 0: the model leaves a vehicle on foot, and a car standing at a red light
    ///   (which looks stationary) is not left for stationary;
    /// - every other switch is ``defaultActivitySwitchPerSecond`` (0.001), and each stay
    ///   probability is 1 minus its row's switches.
    ///
    /// Because of the zeros in the driving row this matrix is not embeddable: a fractional hop
    /// uses the diagonally adjusted generator (see ``power(_:)``).
    public static let activityPriorsPerSecond: TransitionMatrix = {
        let count = ActivityType.decidable.count
        let walking = ActivityType.walking.ordinal
        let running = ActivityType.running.ordinal
        let driving = ActivityType.driving.ordinal
        var matrix = SquareMatrix(
            order: count, values: [Double](repeating: defaultActivitySwitchPerSecond, count: count * count))
        matrix[walking, running] = 0.05
        matrix[running, walking] = 0.05
        for column in 0..<count { matrix[driving, column] = 0 }
        matrix[driving, walking] = 0.001
        for state in 0..<count {
            var switches = 0.0
            for column in 0..<count where column != state { switches += matrix[state, column] }
            matrix[state, state] = 1 - switches
        }
        matrix[driving, driving] = 0.999
        return TransitionMatrix(unchecked: matrix)
    }()

    /// ``activityPriorsPerSecond`` scaled to a hop of `hop` seconds (``power(_:)``).
    ///
    /// - Parameter hop: The time between windows in seconds, finite, not negative, below 2⁵².
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a bad `hop`.
    /// - Complexity: O(log `hop`) (5 × 5 matrices).
    public static func activityPriors(hop: Double = 1) throws(LocomotionError) -> TransitionMatrix {
        try activityPriorsPerSecond.power(hop)
    }
}
