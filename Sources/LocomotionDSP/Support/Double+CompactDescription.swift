import Foundation

extension Double {
    /// The value for messages, without floating-point noise: at most six significant digits
    /// (`204.792`, `1e-05`, `nan`), and for magnitudes of 1000 and more every whole digit with at
    /// most three decimals (`1700000000.021`) up to 10¹⁹, above which six significant digits again
    /// (`1e+300`). A rate estimated from timestamps such as
    /// 204.79213598198322 Hz reads as `204.792`. Shared
    /// by the package's modules for their error messages; not public API.
    ///
    /// - Complexity: O(1).
    package var compactDescription: String {
        guard isFinite else { return isNaN ? "nan" : (self > 0 ? "inf" : "-inf") }
        // Epoch timestamps (up to nanoseconds, 1.7e18) keep every whole digit and at most three
        // decimals; beyond them, as small values, six significant digits (1e+300, not 301 digits).
        guard abs(self) >= 1000, abs(self) < 1e19 else { return String(format: "%.6g", self) }
        var text = String(format: "%.3f", self)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

extension String {
    /// A parameter's value for a message: a leading fractional number (`204.79213598198322`,
    /// `12.000000001 Hz`) with at most six significant digits; whole numbers and other text as they are.
    ///
    /// - Complexity: O(length).
    package var compactNumberDescription: String {
        let number = prefix { $0 != " " }
        guard number.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let value = Double(number) else {
            return self
        }
        return value.compactDescription + dropFirst(number.count)
    }
}
