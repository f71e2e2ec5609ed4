import Foundation

/// The motion flags an operating system's activity classifier reports at once.
///
/// A set, not an enum: several flags can hold together (a car at a red light is `automotive` and
/// `stationary`), and all can be false (moving in a way that is none of them). `unknown` means the
/// system could not estimate the motion at all, for example just after start-up. These are Core
/// Motion's `CMMotionActivity` properties.
public struct MotionActivityFlags: OptionSet, Sendable, Hashable, Codable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The device is stationary.
    public static let stationary = MotionActivityFlags(rawValue: 1 << 0)
    /// The device is on a walking person.
    public static let walking = MotionActivityFlags(rawValue: 1 << 1)
    /// The device is on a running person.
    public static let running = MotionActivityFlags(rawValue: 1 << 2)
    /// The device is in a vehicle.
    public static let automotive = MotionActivityFlags(rawValue: 1 << 3)
    /// The device is on a bicycle.
    public static let cycling = MotionActivityFlags(rawValue: 1 << 4)
    /// The type of motion cannot be estimated.
    public static let unknown = MotionActivityFlags(rawValue: 1 << 5)

    /// Every flag with its stable identifier, in declaration order.
    public static let named: [(flag: MotionActivityFlags, identifier: String)] = [
        (.stationary, "stationary"), (.walking, "walking"), (.running, "running"),
        (.automotive, "automotive"), (.cycling, "cycling"), (.unknown, "unknown"),
    ]

    /// The flag that stands for `activity`: `automotive` for driving; `unknown` for unknown.
    public init(_ activity: ActivityType) {
        switch activity {
        case .stationary: self = .stationary
        case .walking: self = .walking
        case .running: self = .running
        case .driving: self = .automotive
        case .cycling: self = .cycling
        case .unknown: self = .unknown
        }
    }

    /// Reads comma-separated identifiers (`automotive,stationary`); an empty string is the empty
    /// set (all flags false).
    ///
    /// - Throws: ``LocomotionError`` with code ``LocomotionError/Code/invalidData`` naming an
    ///   identifier that is not a flag.
    public init(identifiers: String) throws(LocomotionError) {
        self = []
        for part in identifiers.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            if name.isEmpty && identifiers.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            guard let flag = Self.named.first(where: { $0.identifier == name })?.flag else {
                throw LocomotionError(
                    .invalidData,
                    message:
                        "'\(part)' is not a motion flag; expected \(Self.named.map(\.identifier).joined(separator: ", "))"
                )
            }
            insert(flag)
        }
    }

    /// The identifiers of the flags set, in declaration order, comma-separated.
    public var identifiers: String {
        Self.named.filter { contains($0.flag) }.map(\.identifier).joined(separator: ",")
    }
}
