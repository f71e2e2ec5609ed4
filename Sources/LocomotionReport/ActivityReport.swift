import Locomotion

/// A self-contained HTML report of one analysed recording.
public enum ActivityReport {}
