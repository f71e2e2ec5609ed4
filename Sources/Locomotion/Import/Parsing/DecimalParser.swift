import Foundation

/// Parses numbers and ISO-8601 date-times straight from the bytes of a CSV cell.
///
/// Decimal numbers take a fast path that is exact: when the significant digits fit in 2^53 and
/// the decimal exponent is within ±22, both the digits and the power of ten are exact doubles, so
/// one IEEE multiplication or division rounds correctly (Clinger's observation). Everything else
/// (very long mantissas, large exponents) goes through `strtod`, which also rounds correctly.
@_spi(Testing) public enum DecimalParser {
    public enum Number: Equatable {
        case value(Double)
        case empty
        case invalid
    }

    /// 10^exponent for 0 ≤ exponent ≤ 22, all exactly representable. A switch, not a table, so
    /// the hot path touches no lazily initialised global.
    @inline(__always)
    static func exactPowerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// Parses the whole of `text`, ignoring surrounding spaces and tabs (and a trailing carriage
    /// return). `nan`, `inf` and `infinity` (any case, signed) parse to their values; callers
    /// decide whether to accept them.
    public static func parseNumber(_ text: String) -> Number {
        var bytes = Array(text.utf8)
        let end = bytes.count
        guard end > 0 else { return .empty }
        return bytes.withUnsafeMutableBufferPointer { buffer in
            let (number, stop) = scanNumber(buffer.baseAddress!, 0, end)
            var index = stop
            while index < end, buffer[index] == 0x20 || buffer[index] == 0x09 || buffer[index] == 0x0D { index += 1 }
            return index == end ? number : .invalid
        }
    }

    /// Parses the number that starts at `start` (after optional spaces and tabs) and stops at the
    /// first byte that cannot continue it, or at `limit`.
    ///
    /// The common shape of sensor logs, `[-]digits[.digits]` with at most 19 digits, is handled
    /// here, inlined into the row parser; everything else (exponents, special values, empty
    /// cells, long mantissas) goes to an out-of-line general parser.
    ///
    /// - Returns: The number and the index where parsing stopped; `.empty` (stopping at the
    ///   first non-blank byte) when no number starts there, `.invalid` for a sign or exponent
    ///   marker without digits or an unknown word.
    @inline(__always)
    static func scanNumber(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ limit: Int) -> (Number, Int) {
        var index = start
        // Branch-free sign: in sensor data it is random, and a mispredicted branch per number
        // costs more than the arithmetic.
        let signByte = index < limit ? bytes[index] : 0
        let negative = signByte == 0x2D
        index &+= (negative || signByte == 0x2B) ? 1 : 0
        let (mantissa, digitCount, exponent) = digits(bytes, &index, limit)
        let endsPlainly = index == limit || bytes[index] | 0x20 != 0x65  // no exponent follows
        guard digitCount > 0, digitCount <= 15, exponent >= -22, endsPlainly else {
            return scanGeneral(bytes, start, limit)
        }
        // At most 15 digits, so the mantissa is below 2^53 and exact, as is 10^k for k ≤ 22: one
        // correctly rounded division gives the correctly rounded value.
        let magnitude = Double(Int64(bitPattern: mantissa)) / exactPowerOfTen(-exponent)
        let signBit: UInt64 = negative ? 1 << 63 : 0
        return (.value(Double(bitPattern: magnitude.bitPattern | signBit)), index)
    }

    /// Reads `digits[.digits]` from `index`, accumulating every digit into the mantissa: with more
    /// than 19 digits (leading zeros included) it wraps, and callers then use `strtod`.
    ///
    /// - Returns: The mantissa, the number of digits, and the decimal exponent (minus the number
    ///   of fraction digits).
    @inline(__always)
    private static func digits(_ bytes: UnsafePointer<UInt8>, _ index: inout Int, _ limit: Int) -> (
        mantissa: UInt64, digitCount: Int, exponent: Int
    ) {
        var mantissa: UInt64 = 0
        let digitsStart = index
        // The digit in 64 bits from the start (a byte below "0" wraps to a huge value): one
        // subtraction and one comparison, no byte-wide result to widen again.
        while index < limit {
            let digit = UInt64(bytes[index]) &- 0x30
            guard digit < 10 else { break }
            mantissa = mantissa &* 10 &+ digit
            index += 1
        }
        var digitCount = index - digitsStart
        var exponent = 0
        if index < limit, bytes[index] == 0x2E {  // .
            index += 1
            let fractionStart = index
            while index < limit {
                let digit = UInt64(bytes[index]) &- 0x30
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ digit
                index += 1
            }
            digitCount += index - fractionStart
            exponent = fractionStart - index
        }
        return (mantissa, digitCount, exponent)
    }

    /// The general case of ``scanNumber(_:_:_:)``: blanks, exponents, special values, long
    /// mantissas.
    @inline(never)
    private static func scanGeneral(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ limit: Int) -> (Number, Int) {
        var index = start
        while index < limit, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        let first = index
        var negative = false
        if index < limit, bytes[index] == 0x2D || bytes[index] == 0x2B {
            negative = bytes[index] == 0x2D
            index += 1
        }
        var (mantissa, digitCount, exponent) = digits(bytes, &index, limit)
        guard digitCount > 0 else { return special(bytes, first, limit) }
        if index < limit, bytes[index] | 0x20 == 0x65 {  // e E
            index += 1
            var exponentNegative = false
            if index < limit, bytes[index] == 0x2D || bytes[index] == 0x2B {
                exponentNegative = bytes[index] == 0x2D
                index += 1
            }
            var explicit = 0
            var exponentDigits = 0
            while index < limit, bytes[index] &- 0x30 < 10 {
                if explicit < 100_000 { explicit = explicit * 10 + Int(bytes[index] &- 0x30) }
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0 else { return (.invalid, index) }
            exponent += exponentNegative ? -explicit : explicit
        }
        if digitCount <= 19, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            let magnitude =
                exponent >= 0
                ? Double(mantissa) * exactPowerOfTen(exponent) : Double(mantissa) / exactPowerOfTen(-exponent)
            return (.value(negative ? -magnitude : magnitude), index)
        }
        return (slowPath(bytes, first, index), index)
    }

    /// `nan`, `inf` or `infinity` (signed, any case) starting at `start`; `.empty` when no
    /// number starts there at all, `.invalid` for any other word or a lone sign.
    private static func special(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ limit: Int) -> (Number, Int) {
        var index = start
        if index < limit, bytes[index] == 0x2D || bytes[index] == 0x2B { index += 1 }
        let wordStart = index
        while index < limit, (bytes[index] | 0x20) &- 0x61 < 26 { index += 1 }
        guard index > start else { return (.empty, start) }
        let word = String(
            decoding: UnsafeBufferPointer(start: bytes + wordStart, count: index - wordStart), as: UTF8.self
        )
        .lowercased()
        let negative = bytes[start] == 0x2D
        switch word {
        case "nan": return (.value(.nan), index)
        case "inf", "infinity": return (.value(negative ? -.infinity : .infinity), index)
        default: return (.invalid, index)
        }
    }

    private static func slowPath(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Number {
        let text = String(decoding: UnsafeBufferPointer(start: bytes + start, count: end - start), as: UTF8.self)
        return text.withCString { pointer in
            var stop: UnsafeMutablePointer<CChar>?
            let value = strtod(pointer, &stop)
            guard let stop, stop - UnsafeMutablePointer(mutating: pointer) == text.utf8.count else { return .invalid }
            return .value(value)
        }
    }

    /// Parses an ISO-8601 date-time, `YYYY-MM-DD[T ]hh:mm[:ss[.fff…]][Z|±hh[:]mm]`, to seconds since
    /// 1970-01-01T00:00:00Z. A time without a zone is taken as UTC. Returns `nil` when malformed.
    public static func parseISO8601(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var index = start
        var last = end
        while index < last, bytes[index] == 0x20 { index += 1 }
        while last > index, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x0D { last -= 1 }
        func digits(_ count: Int) -> Int? {
            guard index + count <= last else { return nil }
            var value = 0
            for offset in 0..<count {
                let digit = bytes[index + offset] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            index += count
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < last, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        guard index < last, bytes[index] == 0x54 || bytes[index] == 0x20 || bytes[index] == 0x74 else { return nil }
        index += 1
        guard let hour = digits(2), expect(0x3A), let minute = digits(2), hour < 24, minute < 60 else { return nil }
        var seconds = 0.0
        if expect(0x3A) {
            guard let whole = digits(2), whole <= 60 else { return nil }
            seconds = Double(whole)
            if expect(0x2E) || expect(0x2C) {
                var scale = 0.1
                var fractionDigits = 0
                while index < last, bytes[index] &- 0x30 < 10 {
                    seconds += Double(bytes[index] &- 0x30) * scale
                    scale /= 10
                    fractionDigits += 1
                    index += 1
                }
                guard fractionDigits > 0 else { return nil }
            }
        }
        var offsetSeconds = 0
        if index < last {
            if bytes[index] == 0x5A || bytes[index] == 0x7A {  // Z
                index += 1
            } else if bytes[index] == 0x2B || bytes[index] == 0x2D {
                let sign = bytes[index] == 0x2D ? -1 : 1
                index += 1
                guard let zoneHours = digits(2), zoneHours <= 18 else { return nil }  // offsets span ±18:00 at most
                let hasColon = expect(0x3A)
                let zoneMinutes = digits(2) ?? (hasColon ? 60 : 0)
                guard zoneMinutes < 60, zoneHours * 60 + zoneMinutes <= 18 * 60 else { return nil }
                offsetSeconds = sign * (zoneHours * 3600 + zoneMinutes * 60)
            }
        }
        guard index == last else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 - offsetSeconds) + seconds
    }

    /// The number of days in `month` (1...12) of `year` in the proleptic Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's civil-from-days inverse).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
