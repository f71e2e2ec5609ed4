import Locomotion

/// Seeded synthetic sessions with ground truth for the activity scenarios.
public enum Scenario {}
