/// `seconds × rate` rounded to whole samples, at least 0 and at most `Int.max / 2`, so that an
/// absurd but finite duration (1e308 s) gives a count that no recording reaches instead of
/// trapping in `Int(_:)`; the margin leaves room to add two such counts.
///
/// - Complexity: O(1).
func wholeSamples(_ seconds: Double, at rate: Double) -> Int {
    let samples = (seconds * rate).rounded()
    guard samples < Double(Int.max / 2) else { return Int.max / 2 }
    return samples > 0 ? Int(samples) : 0
}
