/// Pedalling a bicycle.
///
/// The trunk rocks once per crank turn (the left and right down-strokes push it unequally), with
/// a second harmonic at a quarter of the fundamental's power: HuGaDB's thigh IMUs show the
/// pedalling fundamental at 1.12–1.50 Hz and a second harmonic at 0.29–0.33 of its power. A
/// jersey pocket on the lower back moves less than those thighs (sd|a| 0.12–0.39 g): 0.13 g by
/// default (the default session: sd|a| 0.123–0.138 g per window with the road's vibration,
/// roughness 0.66–0.72 against HuGaDB's 0.82–0.93). Recreational riders pedal at 60–80 rpm
/// (HuGaDB's rider: 67–90 rpm); the default is 66 rpm (1.1 Hz) with a slow ±2 % drift.
public struct Pedalling: Sendable, Hashable {
    /// The crank rate in Hz (revolutions per second).
    public var crankRate: Double
    /// The standard deviation (g) of the pedalling part of |a|.
    public var bodyDeviation: Double
    /// The road: 1 for a smooth bike path, more for rougher ones.
    public var roadRoughness: Double
    /// Mean seconds between short freewheeling spells (2–4 s without pedalling), or `nil`.
    public var coastingInterval: Double?

    /// - Parameters:
    ///   - crankRate: Hz; 1.1 by default.
    ///   - bodyDeviation: g; 0.13 by default.
    ///   - roadRoughness: 1 by default.
    ///   - coastingInterval: Seconds; 90 by default.
    public init(
        crankRate: Double = 1.1, bodyDeviation: Double = 0.13, roadRoughness: Double = 1, coastingInterval: Double? = 90
    ) {
        self.crankRate = crankRate
        self.bodyDeviation = bodyDeviation
        self.roadRoughness = roadRoughness
        self.coastingInterval = coastingInterval
    }
}
