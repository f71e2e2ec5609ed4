import Foundation
@_spi(Testing) import Locomotion
import Testing

@Suite struct RunningImpactTests {
    static func activities(_ recording: Recording) throws -> [ActivityType] {
        try FeatureRuleClassifier().classify(recording.features()).map(\.activity)
    }

    @Test func aSlowJogClippedAtTwoGIsRunning() throws {
        let jog = try TestRecordings.clipped(TestRecordings.fixture("motionsense-sub04-jogging-20s"), at: 2)
        let clipping = try #require(jog.accelerationClipping)
        #expect(clipping.isClipped)
        #expect(abs(try #require(clipping.range) - 2) < 1e-12)
        #expect(clipping.clippedShare > 0.2)
        let activities = try Self.activities(jog)
        #expect(activities.count == 14)
        // Without the impact rule 5 of these 14 windows are running (the step cadence of this
        // 2.4-2.5 steps/s jog falls under 2.5 steps/s when the clipped peaks hide steps).
        #expect(activities.filter { $0 == .running }.count >= 13)
    }

    @Test func aClippedWalkStaysWalking() throws {
        let walk = try TestRecordings.clipped(TestRecordings.fixture("motionsense-sub03-walking-20s"), at: 2)
        let activities = try Self.activities(walk)
        #expect(activities.filter { $0 == .running }.isEmpty)
        #expect(activities.filter { $0 == .walking }.count >= 11)
    }

    @Test func theImpactNeedsSpreadAndCadence() {
        #expect(RunningImpact.isRunning(interquartileRange: 1.3, stepCadence: .nan, autocorrelationCadence: 2.4))
        #expect(RunningImpact.isRunning(interquartileRange: 1.3, stepCadence: 2.3, autocorrelationCadence: .nan))
        #expect(!RunningImpact.isRunning(interquartileRange: 1.3, stepCadence: 1.8, autocorrelationCadence: 1.9))
        #expect(!RunningImpact.isRunning(interquartileRange: 0.9, stepCadence: 2.4, autocorrelationCadence: 2.4))
        #expect(!RunningImpact.isRunning(interquartileRange: .nan, stepCadence: 2.4, autocorrelationCadence: 2.4))
    }

    @Test func aSchemaWithoutTheSpreadNeverUsesTheRule() throws {
        let schema = try FeatureSchema(testColumns: FeatureRuleClassifier.requiredFeatures + ["acc_mag_iqr"])
        let rules = try FeatureRuleClassifier()
        // A vigorous, aperiodic window without steps at a running cadence: rough (unknown) without
        // the spread, running with it.
        let values = [0.7, 0.49, 0, Double.nan, 2.4, 0.3]
        let without = try FeatureSchema(testColumns: FeatureRuleClassifier.requiredFeatures)
        #expect(try rules.decide(FeatureVector(schema: without, values: values, start: 0, end: 2.56)).rule == .rough)
        let decision = try rules.decide(FeatureVector(schema: schema, values: values + [1.3], start: 0, end: 2.56))
        #expect(decision.rule == .runningImpact)
        #expect(decision.result.activity == .running)
    }

    @Test func clippingIsReadFromTheRail() {
        let n = 2000
        let t = (0..<n).map { Double($0) / 200 }
        let swing = t.map { 3 * sin(2 * Double.pi * $0) }
        let zeros = [Double](repeating: 0, count: n)
        let clipped = AccelerationClipping(x: swing.map { min(max($0, -2), 2) }, y: zeros, z: zeros)
        #expect(clipped.range == 2)
        // |3 sin| >= 2 for 1 - (2/π) asin(2/3) of the time: 0.535.
        #expect(abs(clipped.clippedShare - 0.535) < 0.01)
        // Sampled exactly at every top (200 Hz, 1 Hz): 20 samples at 3 g, but no flat top.
        #expect(!AccelerationClipping(x: swing, y: zeros, z: zeros).isClipped)
        // Still: only gravity, far below any range.
        let still = AccelerationClipping(x: zeros, y: zeros, z: [Double](repeating: 1, count: n))
        #expect(!still.isClipped)
        #expect(still.clippedShare == 0)
        var withNaN = swing.map { min(max($0, -2), 2) }
        withNaN[5] = .nan
        let counted = AccelerationClipping(x: withNaN, y: zeros, z: zeros)
        #expect(counted.nonFiniteSampleCount == 1 && counted.sampleCount == n - 1 && counted.range == 2)
        #expect(!AccelerationClipping(x: [], y: [], z: []).isClipped)
    }
}
