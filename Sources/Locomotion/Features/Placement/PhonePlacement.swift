/// Where a phone is carried, as far as its motion tells: on the thigh (a front trouser pocket, or
/// strapped there), elsewhere (on the trunk, in a hand, on an arm, in a bag), or unknown.
public enum PhonePlacement: String, Sendable, Hashable, Codable, CaseIterable {
    /// A trouser pocket or a strap on the thigh.
    case thigh
    /// On the trunk or the waist, in a hand, on an arm, in a bag.
    case elsewhere
    /// The motion does not tell (too little movement, or a sway between the two).
    case unknown
}
