import Foundation

extension Double {
    /// The value with at most six significant digits (`204.792`, `1e-05`, `nan`), for messages:
    /// a rate estimated from timestamps such as 204.79213598198322 Hz reads as `204.792`.
    ///
    /// - Complexity: O(1).
    var compactDescription: String {
        guard isFinite else { return isNaN ? "nan" : (self > 0 ? "inf" : "-inf") }
        return String(format: "%.6g", self)
    }
}
