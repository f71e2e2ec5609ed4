/// How sure a decision is: an ordering with three levels, `low < medium < high`.
///
/// Operating systems report activity confidence the same way (Core Motion's
/// `CMMotionActivityConfidence` has these three levels and no numbers). ``weight`` turns a level
/// into a number for weighting downstream.
public enum Confidence: Int, CaseIterable, Codable, Sendable, Comparable {
    /// Weak or conflicting evidence.
    case low = 0
    /// Most of the evidence agrees.
    case medium = 1
    /// Several independent signals agree strongly.
    case high = 2

    /// A weight for downstream averaging: 0.3, 0.6 or 1.0.
    public var weight: Double {
        switch self {
        case .low: return 0.3
        case .medium: return 0.6
        case .high: return 1.0
        }
    }

    /// The stable identifier used in files and on the command line: `low`, `medium`, `high`.
    public var identifier: String {
        switch self {
        case .low: return "low"
        case .medium: return "medium"
        case .high: return "high"
        }
    }

    /// The level of a decision whose class has `probability`: high from 0.8, medium from 0.5, low
    /// below (and for NaN).
    public init(probability: Double) {
        self = probability >= 0.8 ? .high : probability >= 0.5 ? .medium : .low
    }

    /// The level with the stable `identifier`, or `nil` when there is none.
    public init?(identifier: String) {
        guard let level = Self.allCases.first(where: { $0.identifier == identifier }) else { return nil }
        self = level
    }

    public static func < (lhs: Confidence, rhs: Confidence) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Decodes a confidence from its identifier (`low`, `medium` or `high`).
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` for any other text, or the decoder's own errors.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let level = Confidence(identifier: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a confidence (low, medium or high)")
        }
        self = level
    }

    /// Encodes the confidence as its identifier.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: The encoder's errors.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}

extension Confidence: CustomStringConvertible {
    /// The stable identifier.
    public var description: String { identifier }
}
