import Foundation
@_spi(Testing) import Locomotion
import Testing

/// Running read from a stride-locked rhythm (``StrideRunning``), on a licensed pocket jog clipped
/// as a ±2 g phone records it.
@Suite struct StrideRunningTests {
    @Test func aStrideLockedJogClippedAtTwoGIsRunning() throws {
        let jog = try TestRecordings.clipped(TestRecordings.fixture("motionsense-sub10-jogging-20s"), at: 2)
        #expect(try #require(jog.accelerationClipping).isClipped)
        let table = try jog.features()
        let cadence = try #require(table.schema.index(of: "gait_autocorrelation_cadence"))
        let dominant = try #require(table.schema.index(of: "acc_mag_dominant_frequency"))
        // The magnitude repeats once per stride in most windows, while its spectrum peaks at the steps.
        let locked = table.windows.indices.filter {
            (1.1...1.7).contains(table[$0].values[cadence]) && table[$0].values[dominant] > 2.8
        }
        #expect(locked.count >= 8, "\(table.windows.indices.map { table[$0].values[cadence] })")
        let activities = try FeatureRuleClassifier().classify(table).map(\.activity)
        // Without the stride rule 4 of these 14 windows are running, 9 walking and 1 unknown.
        #expect(activities.filter { $0 == .running }.count >= 13, "\(activities)")
        let analysis = try jog.analyzeActivities()
        let running = analysis.timeline.segments.filter { $0.activity == .running }.reduce(0) { $0 + $1.duration }
        #expect(running >= 15, "\(analysis.timeline.segments.map { ($0.activity, $0.duration) })")
    }

    @Test func clippedWalksStayWalking() throws {
        for name in ["motionsense-sub03-walking-20s", "motionsense-sub03-sitting-20s"] {
            let recording = try TestRecordings.clipped(TestRecordings.fixture(name), at: 2)
            let activities = try FeatureRuleClassifier().classify(recording.features()).map(\.activity)
            #expect(!activities.contains(.running), "\(name): \(activities)")
        }
    }

    @Test func theRuleNeedsALockedRunningStrideAndVigour() {
        func running(_ cadence: Double, _ dominant: Double, _ deviation: Double = 0.8, _ spread: Double = 1.2) -> Bool {
            StrideRunning.isRunning(
                autocorrelationCadence: cadence, dominantFrequency: dominant, deviation: deviation,
                interquartileRange: spread, runningCadence: 2.5)
        }
        #expect(running(1.55, 3.1))
        #expect(running(1.3, 2.7))
        // A walking stride (1.0 /s: 2 steps/s) doubles to a walking step rate.
        #expect(!running(1.0, 2.0))
        // The spectrum must peak at the steps, not at the stride.
        #expect(!running(1.55, 1.55))
        #expect(!running(1.55, 3.6))
        // A brisk walk's stride at a running-looking rate, without running's vigour.
        #expect(!running(1.3, 2.6, 0.4))
        #expect(!running(1.3, 2.6, 0.8, 0.6))
        #expect(!running(.nan, 3.1))
        #expect(!running(1.55, .nan))
        #expect(!running(1.55, 3.1, 0.8, .nan))
    }
}
