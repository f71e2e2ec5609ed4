extension ActivityModel {
    /// The longest window (and hop) a stored model may name, in seconds: ten minutes. Activity
    /// windows last seconds; a longer one comes from a damaged or hand-edited file, and would
    /// classify a recording into no window at all.
    public static let largestWindowDuration = 600.0
}
