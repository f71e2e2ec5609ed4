import Testing

@testable import LocomotionSimulation

@Suite struct ScenarioTests {}
