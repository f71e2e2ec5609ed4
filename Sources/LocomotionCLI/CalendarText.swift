import Foundation
import Locomotion

/// Dates as the command line prints and reads them: the proleptic Gregorian calendar (ISO 8601's,
/// the one GPX and phone exports write) for every year from 1 to 9999, without Foundation's
/// switch to the Julian calendar before 1582, and a plain count of seconds outside those years.
@_spi(Testing) public enum CalendarText {
    /// The years a date is printed as a date.
    static let printableYears = 1...9999

    /// `seconds` since 1970-01-01T00:00:00Z as `YYYY-MM-DDTHH:MM:SSZ` (fractions dropped), or
    /// "N s from 1970-01-01 (outside years 1–9999)" for a time outside ``printableYears``.
    @_spi(Testing) public static func iso8601(epochSeconds seconds: Double) -> String {
        let outside = "\(seconds.compactDescription) s from 1970-01-01 (outside years 1–9999)"
        // Year 1 starts 62,135,596,800 s before 1970; year 10000 253,402,300,800 s after.
        guard seconds.isFinite, seconds >= -62_135_596_800, seconds < 253_402_300_800 else { return outside }
        let whole = Int64(seconds.rounded(.down))
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        let (year, month, day) = civil(daysSince1970: days)
        return String(
            format: "%04lld-%02lld-%02lldT%02lld:%02lld:%02lldZ", year, month, day, secondOfDay / 3600,
            secondOfDay / 60 % 60, secondOfDay % 60)
    }

    /// Whether `text` is a real date written `YYYY-MM-DD` (year 1–9999, the month's days, 29
    /// February in leap years only).
    @_spi(Testing) public static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            printableYears.contains(year), (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...lengths[month - 1]).contains(day)
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01 (H. Hinnant's `civil_from_days`,
    /// "chrono-Compatible Low-Level Date Algorithms", 2013).
    private static func civil(daysSince1970: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = daysSince1970 + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
