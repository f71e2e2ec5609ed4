/// Durations for people: `1h 2m 3s` from an hour up, `2m 3s` below.
public enum DurationFormat {
    /// Formats `seconds` as whole hours, minutes and seconds (`1h 2m 3s`, or `2m 3s` under an
    /// hour), truncating fractions; a negative duration gets a leading minus, and a duration that
    /// is not finite is `n/a`.
    public static func compact(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "n/a" }
        let whole = Int64(min(seconds.magnitude, 9e15))  // about 285 million years: no overflow
        let hours = whole / 3600
        let minutes = (whole % 3600) / 60
        let rest = whole % 60
        let sign = seconds < 0 && whole > 0 ? "-" : ""
        return hours > 0 ? "\(sign)\(hours)h \(minutes)m \(rest)s" : "\(sign)\(minutes)m \(rest)s"
    }
}
