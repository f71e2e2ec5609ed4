import Foundation

/// The column names of Physics Toolbox Sensor Suite CSVs (Vieyra Software), matched without case
/// and without a trailing unit in parentheses (`ax (m/s^2)`).
@_spi(Testing) public enum PhysicsToolboxLayout {
    /// Header name → the package's canonical column name.
    static let columns: [String: String] = [
        "gfx": "acc_x_g", "gfy": "acc_y_g", "gfz": "acc_z_g",
        "ax": "linacc_x_m_s2", "ay": "linacc_y_m_s2", "az": "linacc_z_m_s2",
        "wx": "gyr_x_rad_s", "wy": "gyr_y_rad_s", "wz": "gyr_z_rad_s",
        "latitude": "latitude", "longitude": "longitude", "speed": "speed",
        "p": "pressure_hpa",
    ]

    /// Names only this app writes: the total columns of its meters.
    private static let signatures: Set<String> = ["gfx", "tgf", "at", "wt", "bt"]

    /// A header cell without spaces around it, a trailing `(unit)` or case.
    static func key(_ cell: String) -> String {
        var name = cell.trimmingWhitespace().lowercased()
        if let open = name.firstIndex(of: "("), name.hasSuffix(")") {
            name = String(name[..<open]).trimmingWhitespace()
        }
        return name
    }

    /// Whether a header (and its first row) is Physics Toolbox's: a first column `time` and one of
    /// the app's own names (`gFx`, `TgF`, `aT`…), or its clock-time stamps or semicolons with
    /// meter columns.
    static func matches(header: [String], separator: Character, firstRow: String?) -> Bool {
        guard let first = header.first, key(first) == "time" else { return false }
        let keys = Set(header.map(key))
        if !keys.isDisjoint(with: signatures) { return true }
        let meterColumns = keys.intersection(columns.keys)
        guard !meterColumns.isEmpty else { return false }
        if separator == ";" { return true }
        let firstCell = firstRow.map { CSVQuoting.cells(of: $0, separator: separator).first ?? "" } ?? ""
        return firstCell.contains(":")
    }

    /// Seconds from a clock time `hh:mm:ss:ffff` (the fourth field is a fraction of a second,
    /// `0160` = 0.016 s), `hh:mm:ss.fff` or `mm:ss.fff`, or from plain seconds; `nil` for a clock
    /// time out of range (hours beyond 23, minutes or seconds beyond 59).
    public static func seconds(_ cell: String) -> Double? {
        let fields = cell.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        func number(_ text: String) -> Double? {
            guard !text.isEmpty, text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "," }) else { return nil }
            return Double(text.replacingOccurrences(of: ",", with: "."))
        }
        switch fields.count {
        case 1: return Double(cell.replacingOccurrences(of: ",", with: ".")).flatMap { $0.isFinite ? $0 : nil }
        case 2:
            guard let minutes = number(fields[0]), let seconds = number(fields[1]), seconds < 60 else { return nil }
            return minutes * 60 + seconds
        case 3, 4:
            // A time of day: whole hours 0–23 and whole minutes 0–59 (`25:00:10` is no time).
            guard let hours = number(fields[0]), hours < 24, hours == hours.rounded(),
                let minutes = number(fields[1]), minutes < 60, minutes == minutes.rounded(),
                let seconds = number(fields[2]), seconds < 60
            else { return nil }
            var total = hours * 3600 + minutes * 60 + seconds
            if fields.count == 4 {
                guard fields[3].allSatisfy(\.isNumber), let fraction = Double(fields[3]), !fields[3].isEmpty else {
                    return nil
                }
                total += fraction / pow(10, Double(fields[3].count))
            }
            return total
        default: return nil
        }
    }
}
