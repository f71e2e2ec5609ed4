import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

@Suite("DominantFrequencyTimeline")
struct DominantFrequencyTimelineTests {
    @Test func walkingWindowsOfARealRecordingStepInTheWalkingBand() throws {
        let recording = try RecordingReader.read(path: TestRecordings.bundledWalkPath).recording
        let timeline = try recording.dominantFrequencyTimeline()
        // UCI timestamps are sample/50 written to 4 decimals, so intervals differ from 0.02 by rounding.
        #expect(abs(timeline.sampleRate - 50) < 1e-6)
        #expect(timeline.windowLength == 128 && timeline.hopLength == 64)
        // (3150 − 128) / 64 + 1 windows; the rest is reported, not dropped.
        #expect(timeline.windows.count == 48)
        #expect(timeline.uncoveredTrailingRows == 3150 - (47 * 64 + 128))
        let walking = timeline.windows.filter { $0.majorityLabel == "1" }
        #expect(walking.count >= 30)
        for window in walking {
            let frequency = try #require(window.dominant?.frequency)
            #expect((1.4...2.5).contains(frequency), "window at \(window.start) s: \(frequency) Hz")
        }
    }

    @Test func syntheticStepsAreFoundAndStillnessHasNoPeak() throws {
        let rate = 50.0
        let time = (0..<500).map { Double($0) / rate }
        let stepping = time.map { 1 + 0.3 * sin(2 * .pi * 1.9 * $0) }
        let zeros = [Double](repeating: 0, count: time.count)
        let walk = Recording(
            source: "walk", time: time, acceleration: ThreeAxisSeries(x: zeros, y: zeros, z: stepping))
        for window in try walk.dominantFrequencyTimeline().windows {
            #expect(abs((window.dominant?.frequency ?? 0) - 1.9) < 0.02)
        }
        let still = Recording(
            source: "still", time: time,
            acceleration: ThreeAxisSeries(x: zeros, y: zeros, z: [Double](repeating: 1, count: time.count)))
        #expect(try still.dominantFrequencyTimeline().windows.allSatisfy { $0.dominant == nil })
    }

    @Test func windowsAreTheFeatureWindowsAndNeverCrossAGap() throws {
        // 300 samples, a 100 s gap, 200 samples: the gap splits the windows as it splits the features'.
        let time = (0..<300).map { Double($0) / 50 } + (0..<200).map { 100 + Double($0) / 50 }
        let stepping = time.map { 1 + 0.3 * sin(2 * .pi * 1.9 * $0) }
        let zeros = [Double](repeating: 0, count: time.count)
        let recording = Recording(
            source: "gap", time: time, acceleration: ThreeAxisSeries(x: zeros, y: zeros, z: stepping))
        let timeline = try recording.dominantFrequencyTimeline(sampleRate: 50)
        let table = try recording.features(FeatureConfiguration(features: [.mean]), sampleRate: 50)
        #expect(timeline.windows.map(\.start) == table.windows.map(\.start))
        #expect(timeline.windows.map(\.end) == table.windows.map(\.end))
        #expect(timeline.windows.map(\.start) == [0, 1.28, 2.56, 100, 101.28])
        #expect(timeline.incompleteWindows == table.incompleteWindows && timeline.incompleteWindows.count == 2)
        #expect(timeline.uncoveredTrailingRows == 500 - 492)
        #expect(timeline.windows.allSatisfy { $0.end - $0.start < 3 })
    }

    @Test func rejectsBadParametersAndShortRecordings() {
        let time = (0..<100).map { Double($0) / 50 }
        let zeros = [Double](repeating: 0, count: time.count)
        let recording = Recording(
            source: "r", time: time, acceleration: ThreeAxisSeries(x: zeros, y: zeros, z: zeros))
        #expect(throws: LocomotionError.self) { try recording.dominantFrequencyTimeline(windowDuration: 0) }
        #expect(throws: LocomotionError.self) { try recording.dominantFrequencyTimeline(hop: -1) }
        #expect(
            throws: LocomotionError.tooShort(
                in: .recording("r"), rows: 100, required: 128, purpose: "one 2.56 s window")
        ) {
            try recording.dominantFrequencyTimeline()
        }
        #expect(throws: LocomotionError.signalProcessing(.invalidBand(lower: 1, upper: 40, nyquist: 25))) {
            try recording.dominantFrequencyTimeline(windowDuration: 1, band: 1...40, sampleRate: 50)
        }
    }

    @Test func majorityBreaksTiesByFirstOccurrence() {
        #expect(majority(of: ["b", "a", "a", "b"]) == "b")
        #expect(majority(of: ["b", "a", "a"]) == "a")
        #expect(majority(of: []) == nil)
    }
}

@Suite("DominantFrequencyTimeline with absurd windows")
struct AbsurdWindowTimelineTests {
    static let walk = Recording(
        source: "walk", time: (0..<300).map { Double($0) / 50 },
        acceleration: ThreeAxisSeries(
            x: [Double](repeating: 0, count: 300), y: [Double](repeating: 0, count: 300),
            z: (0..<300).map { 1 + 0.3 * sin(2 * .pi * 1.9 * Double($0) / 50) }))

    @Test func aWindowOfAnyFiniteLengthIsTooShortRatherThanATrap() {
        for duration in [1e308, 1e20] {
            #expect {
                try Self.walk.dominantFrequencyTimeline(windowDuration: duration)
            } throws: { error in
                let error = error as? LocomotionError
                return error?.code == .tooShort && error?.value == "300"
            }
        }
    }

    @Test func windowsShorterThanFourSamplesAndHopsOfNoSampleAreRefused() {
        // The feature windows' rules: 0.05 s is 2.5 samples at 50 Hz, 0.009 s rounds to none.
        for (window, hop, name) in [(0.05, 1.28, "windowDuration"), (2.56, 0.009, "hop"), (2.56, 1e-9, "hop")] {
            #expect {
                try Self.walk.dominantFrequencyTimeline(windowDuration: window, hop: hop)
            } throws: { error in
                let error = error as? LocomotionError
                return error?.code == .invalidParameter && error?.parameter == name
            }
        }
    }

    @Test func aHopOfAnyFiniteLengthGivesOneWindow() throws {
        let timeline = try Self.walk.dominantFrequencyTimeline(hop: 1e308)
        #expect(timeline.windows.count == 1)
        #expect(timeline.uncoveredTrailingRows == 300 - 128)
    }
}

@Suite("DominantFrequencyTimeline on overflowing magnitudes")
struct OverflowingMagnitudeTimelineTests {
    @Test func aMagnitudeThatOverflowsNamesItsRow() {
        var x = [Double](repeating: 0, count: 300)
        x[200] = 1e300
        let recording = Recording(
            source: "loud.csv", time: (0..<300).map { Double($0) / 50 },
            acceleration: ThreeAxisSeries(x: x, y: x.map { _ in 0 }, z: x.map { _ in 1 }))
        #expect(
            throws: LocomotionError.invalidData(
                at: .recording("loud.csv", row: 201), value: "an infinite acceleration magnitude",
                expected: "the axes' magnitude must be finite (below about 1e154 g)")
        ) {
            try recording.dominantFrequencyTimeline(hop: 2.56)
        }
    }
}
