/// A rule that reduces a set of motion flags to one activity: the first activity in ``order``
/// whose flag is set wins; when none is (all flags false, or only `unknown`, or only activities
/// the order leaves out), the result is ``ActivityType/unknown``.
public struct ActivityPrecedence: Sendable, Hashable, Codable {
    /// The activities from strongest to weakest; no duplicates, no ``ActivityType/unknown``.
    public private(set) var order: [ActivityType]

    /// A caller-supplied order, strongest first. Activities left out never win.
    ///
    /// - Throws: ``LocomotionError`` (``LocomotionError/Code/invalidParameter``) when an activity
    ///   appears twice or the order contains ``ActivityType/unknown``.
    public init(order: [ActivityType]) throws(LocomotionError) {
        try LocomotionError.require(
            "order", order, !order.contains(.unknown), "it must not contain 'unknown'; that is the fallback")
        if let repeated = order.enumerated().first(where: { order[..<$0.offset].contains($0.element) }) {
            throw .invalidParameter(
                name: "order", value: "\(order)",
                requirement: "it must name each activity once; '\(repeated.element)' appears twice")
        }
        self.order = order
    }

    /// An order known to be valid (the presets).
    init(checked order: [ActivityType]) { self.order = order }

    /// Automotive > running > walking > cycling > stationary. Being in a vehicle dominates any
    /// incidental motion measured inside it (stepping onto a moving train, getting into a car).
    public static let detector = ActivityPrecedence(checked: [.driving, .running, .walking, .cycling, .stationary])

    /// For fitness apps: automotive overrides everything (a phone in a car must never log a
    /// workout); among the workouts the more strenuous wins — running (about 8–10 MET), cycling
    /// (about 7), walking (about 3.5), after the Compendium of Physical Activities (Ainsworth et
    /// al., 2011) — and any motion beats stationary.
    public static let fitness = ActivityPrecedence(checked: [.driving, .running, .cycling, .walking, .stationary])

    /// The order in which the flags are declared (stationary, walking, running, automotive,
    /// cycling), as an app that shows "the first flag set" reads them. Stationary wins over
    /// automotive at a red light.
    public static let declarationOrder = ActivityPrecedence(
        checked: [.stationary, .walking, .running, .driving, .cycling])

    /// The activity `flags` stand for: the first in ``order`` whose flag is set, else unknown.
    ///
    /// - Complexity: O(*k*) for *k* activities in the order.
    public func activity(for flags: MotionActivityFlags) -> ActivityType {
        order.first { flags.contains(MotionActivityFlags($0)) } ?? .unknown
    }
}
