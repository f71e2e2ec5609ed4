import Locomotion

/// Number formatting for the page: fixed decimals, no exponent, no locale, never `nan` or `inf`.
///
/// Every number that reaches the page goes through here, so the output is short (no
/// 15-digit floats) and the same on every machine.
@_spi(Testing) public enum ReportNumberFormat {
    /// What the page shows for a value that is missing or not finite.
    @_spi(Testing) public static let missing = "–"

    /// `value` rounded half away from zero to `decimals` places (0...9); ``missing`` when not finite.
    /// Magnitudes of 9e15 and beyond (after scaling) use Swift's shortest description.
    ///
    /// - Complexity: O(1).
    @_spi(Testing) public static func fixed(_ value: Double, decimals: Int) -> String {
        precondition((0...9).contains(decimals), "0 to 9 decimals")
        guard value.isFinite else { return missing }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled.magnitude < 9e15 else { return "\(value)" }
        let integer = Int64(scaled)
        let digits = String(integer.magnitude)
        var text: String
        if decimals == 0 {
            text = digits
        } else {
            let padded =
                digits.count <= decimals ? String(repeating: "0", count: decimals - digits.count + 1) + digits : digits
            let split = padded.index(padded.endIndex, offsetBy: -decimals)
            text = padded[..<split] + "." + padded[split...]
        }
        return integer < 0 ? "-" + text : text
    }

    /// An SVG coordinate in pixels: one decimal, a trailing `.0` dropped, clamped to ±100 000 px
    /// so a wild value cannot produce an unreadable number.
    @_spi(Testing) public static func pixel(_ value: Double) -> String {
        let clamped = value.isFinite ? min(max(value, -100_000), 100_000) : 0
        let text = fixed(clamped, decimals: 1)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// A duration for people: `0.040 s` under a second, `12.3 s` under a minute, else `2m 3s`
    /// or `1h 2m 3s`.
    @_spi(Testing) public static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return missing }
        if seconds.magnitude < 1, seconds != 0 { return fixed(seconds, decimals: 3) + " s" }
        return seconds.magnitude < 60 ? fixed(seconds, decimals: 1) + " s" : DurationFormat.compact(seconds)
    }

    /// A fraction 0...1 as a percentage with one decimal: `42.5 %`.
    static func percent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return missing }
        return fixed(fraction * 100, decimals: 1) + " %"
    }

    /// A distance in metres: `850 m` below a kilometre, else `12.35 km`.
    @_spi(Testing) public static func distance(_ metres: Double) -> String {
        guard metres.isFinite else { return missing }
        return metres.magnitude < 1000 ? fixed(metres, decimals: 0) + " m" : fixed(metres / 1000, decimals: 2) + " km"
    }

    /// An integer with thin groups of three digits: `12 345`.
    @_spi(Testing) public static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "\u{2009}" }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }
}
