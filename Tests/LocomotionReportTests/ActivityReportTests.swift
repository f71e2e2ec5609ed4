import Testing

@testable import LocomotionReport

@Suite struct ActivityReportTests {}
