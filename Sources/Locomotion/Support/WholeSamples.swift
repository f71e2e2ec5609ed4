/// `seconds × rate` rounded to whole samples by `rule`, at least 0 (also for NaN) and at most
/// `Int.max / 2`, so
/// that an absurd but finite duration (1e308 s) gives a count that no recording reaches instead
/// of trapping in `Int(_:)`; the margin leaves room to add two such counts.
///
/// The product is first snapped to a millionth of a sample: a rate estimated from timestamps is
/// off by about 10⁻¹³ relative (49.99999999999973 Hz for one 50 Hz file, 50.00000000000284 Hz for
/// another), and without the snap 0.25 s would round to 12 samples in the first and 13 in the
/// second, and 0.25 s at 100 Hz would round up to 26.
///
/// - Complexity: O(1).
@_spi(Testing)
public func wholeSamples(
    _ seconds: Double, at rate: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
) -> Int {
    var samples = seconds * rate
    if abs(samples) < 1e9 { samples = (samples * 1e6).rounded() / 1e6 }
    samples.round(rule)
    guard samples > 0 else { return 0 }  // NaN too
    return samples < Double(Int.max / 2) ? Int(samples) : Int.max / 2
}
