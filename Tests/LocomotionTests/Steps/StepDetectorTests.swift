import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

@Suite("Step detection")
struct StepDetectorTests {
    struct Case: Sendable, CustomStringConvertible {
        var rate: Double
        var cadence: Double
        var amplitude: Double
        var up: SIMD3<Double>
        var description: String { "\(rate) Hz, \(cadence) steps/s, \(amplitude) g, up \(up)" }
    }

    static let cases: [Case] = [
        Case(rate: 10, cadence: 1.6, amplitude: 0.3, up: SIMD3(0, -1, 0)),  // portrait, hand
        Case(rate: 20, cadence: 1.8, amplitude: 0.25, up: SIMD3(0, 0, 1)),  // face up
        Case(rate: 50, cadence: 1.8, amplitude: 0.2, up: SIMD3(0, -1, 0)),  // waist
        Case(rate: 50, cadence: 1.2, amplitude: 0.25, up: SIMD3(0.6, -0.8, 0)),  // slow walk, tilted
        Case(rate: 100, cadence: 1.5, amplitude: 0.2, up: SIMD3(-1, 0, 0)),  // lower back
        Case(rate: 100, cadence: 2.2, amplitude: 0.6, up: SIMD3(0, 0.6, -0.8)),  // trouser pocket, brisk
        Case(rate: 200, cadence: 3.0, amplitude: 1.0, up: SIMD3(0, -1, 0)),  // running
        Case(rate: 204.8, cadence: 1.9, amplitude: 0.3, up: SIMD3(0, 0, -1)),
    ]

    @Test(arguments: cases)
    func syntheticWalkingGivesItsStepTimes(c: Case) throws {
        let (recording, truth) = GaitSimulation.walking(
            rate: c.rate, duration: 30, cadence: c.cadence, amplitude: c.amplitude, up: c.up)
        let detection = try recording.detectSteps()
        let matching = StepMatching(detected: detection.steps.map(\.time), reference: truth, tolerance: 0.1)
        #expect(try #require(matching.f1) >= 0.97, "\(matching)")
        #expect(abs(try #require(matching.countError)) <= 0.05)
        let cadence = try #require(detection.meanCadence())
        #expect(abs(cadence - c.cadence) < 0.05 * c.cadence)
    }

    @Test(arguments: [10.0, 50.0, 100.0, 200.0])
    func stillnessGivesNoSteps(rate: Double) throws {
        #expect(try GaitSimulation.still(rate: rate, duration: 120).detectSteps().count == 0)
    }

    @Test(arguments: [50.0, 100.0])
    func vehicleVibrationGivesNoSteps(rate: Double) throws {
        let detection = try GaitSimulation.vehicle(rate: rate, duration: 300).detectSteps()
        #expect(Double(detection.count) / 5 < 1, "\(detection.count) false steps in 5 minutes")
    }

    /// Streams 40 s of walking and 10 s of stillness in random chunks of 1–300 rows, fed by
    /// `feed(detector, rows, steps)`, and returns the batch steps (with `configuration`) and the
    /// streamed ones.
    static func batchAndStreamed(
        seed: UInt64, configuration: StepDetectorConfiguration,
        feed: (inout StepDetector, Recording, Range<Int>, inout [Step]) throws -> Void
    ) throws -> (batch: [Step], streamed: [Step]) {
        let (walk, _) = GaitSimulation.walking(rate: 50, duration: 40, cadence: 1.7, amplitude: 0.2, seed: seed)
        var still = GaitSimulation.still(rate: 50, duration: 10)
        still.time = still.time.map { $0 + 40 }
        var whole = walk
        whole.append(contentsOf: still)
        let batch = try whole.detectSteps(configuration: configuration)
        var settings = StepDetectorConfiguration()
        settings.maximumGap = try #require(whole.samplingAnalysis()).maximumGap
        var detector = try StepDetector(sampleRate: batch.sampleRate, configuration: settings)
        var streamed: [Step] = []
        var generator = SplitMix64(seed: seed)
        var row = 0
        while row < whole.count {
            let end = min(whole.count, row + Int.random(in: 1...300, using: &generator))
            try feed(&detector, whole, row..<end, &streamed)
            row = end
        }
        detector.finish(into: &streamed)
        return (batch.steps, streamed)
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func streamingThreeAxesInRandomChunksEqualsBatchBitForBit(seed: UInt64) throws {
        let (batch, streamed) = try Self.batchAndStreamed(seed: seed, configuration: .init()) {
            detector, recording, rows, steps in
            let acceleration = try #require(recording.acceleration)
            try detector.process(times: Array(recording.time[rows]), acceleration: acceleration[rows], into: &steps)
        }
        #expect(batch.count > 50)
        #expect(streamed == batch)
    }

    /// Magnitudes alone give the peak times: the batch detection without the initial-contact search.
    @Test(arguments: [1 as UInt64, 2, 3])
    func streamingInRandomChunksEqualsBatchBitForBit(seed: UInt64) throws {
        var peakTimes = StepDetectorConfiguration()
        peakTimes.timing.initialContactSearch = nil
        let (batch, streamed) = try Self.batchAndStreamed(seed: seed, configuration: peakTimes) {
            detector, recording, rows, steps in
            let magnitude = try #require(recording.accelerationMagnitude)
            try detector.process(times: Array(recording.time[rows]), magnitudes: Array(magnitude[rows]), into: &steps)
        }
        #expect(batch.count > 50)
        #expect(streamed == batch)
    }

    @Test func noStepIsCountedAcrossAGap() throws {
        // Two walks with a 30 s gap; each segment stands alone, and no step falls in the gap.
        let (first, firstTruth) = GaitSimulation.walking(rate: 50, duration: 20, cadence: 1.8, amplitude: 0.2)
        let (second, secondTruth) = GaitSimulation.walking(
            rate: 50, duration: 20, cadence: 1.8, amplitude: 0.2, start: 50, seed: 9)
        var recording = first
        recording.append(contentsOf: second)
        let detection = try recording.detectSteps()
        #expect(detection.segments.count == 2)
        #expect(!detection.steps.contains { $0.time > 20 && $0.time < 50 })
        let matching = StepMatching(
            detected: detection.steps.map(\.time), reference: firstTruth + secondTruth, tolerance: 0.1)
        #expect(try #require(matching.f1) >= 0.97)
    }

    @Test func aStreamBreaksSegmentsAtGapsItself() throws {
        let (walk, _) = GaitSimulation.walking(rate: 50, duration: 20, cadence: 1.8, amplitude: 0.2)
        let magnitude = try #require(walk.accelerationMagnitude)
        var detector = try StepDetector(sampleRate: 50)
        var steps: [Step] = []
        try detector.process(times: walk.time, magnitudes: magnitude, into: &steps)
        let beforeGap = steps.count
        // The next sample comes 10 s later: the pending steps of the first walk are released.
        try detector.process(time: 30, magnitude: 1, into: &steps)
        #expect(steps.count > beforeGap)
        #expect(steps.allSatisfy { $0.time < 20 })
    }

    @Test func badInputIsATypedError() throws {
        var detector = try StepDetector(sampleRate: 50)
        var steps: [Step] = []
        #expect(throws: LocomotionError.self) { try detector.process(time: 0, magnitude: .nan, into: &steps) }
        try detector.process(time: 1, magnitude: 1, into: &steps)
        #expect(throws: LocomotionError.self) { try detector.process(time: 0.5, magnitude: 1, into: &steps) }
        #expect(throws: LocomotionError.self) { _ = try StepDetector(sampleRate: 5) }
        var settings = StepDetectorConfiguration()
        settings.bout.minimumRunLength = 0
        #expect(throws: LocomotionError.self) { _ = try StepDetector(sampleRate: 50, configuration: settings) }
        let empty = Recording(source: "none", time: [0, 1])
        #expect(throws: LocomotionError.self) { _ = try empty.detectSteps() }
    }

    @Test func theCadenceTimelineCountsStepsPerWindow() {
        let steps = stride(from: 0.25, to: 10, by: 0.5).map { Step(time: $0, amplitude: 0.2, regularity: 0.9) }
        let detection = StepDetection(steps: steps, sampleRate: 50, segments: [0..<500], timeSpan: 0...10)
        let windows = detection.cadenceTimeline(windowDuration: 2.5, hop: 2.5)
        #expect(windows.count == 4)
        #expect(windows.allSatisfy { $0.stepCount == 5 && abs($0.cadence! - 2) < 1e-12 })
        #expect(abs(detection.meanCadence()! - 2) < 1e-12)
    }
}

@Suite("Cadence timelines on extreme hops and gaps")
struct CadenceTimelineExtremeTests {
    /// 10 s at 50 Hz, then another 10 s starting `gap` seconds later, labelled "1" throughout,
    /// with a step every 0.5 s in each stretch.
    static func twoStretches(gap: Double) -> (Recording, StepDetection) {
        let time = (0..<500).map { Double($0) / 50 } + (0..<500).map { gap + Double($0) / 50 }
        let ones = [Double](repeating: 1, count: time.count)
        let zeros = [Double](repeating: 0, count: time.count)
        let recording = Recording(
            source: "gap", time: time, acceleration: ThreeAxisSeries(x: zeros, y: zeros, z: ones),
            labels: [String](repeating: "1", count: time.count))
        let steps =
            (stride(from: 0.25, to: 10, by: 0.5).map { $0 } + stride(from: 0.25, to: 10, by: 0.5).map { gap + $0 })
            .map { Step(time: $0, amplitude: 0.2, regularity: 0.9) }
        let detection = StepDetection(
            steps: steps, sampleRate: 50, segments: [0..<500, 500..<1000], timeSpan: 0...time[time.count - 1])
        return (recording, detection)
    }

    @Test func aHopShorterThanOneSampleIsOneSample() {
        let (_, detection) = Self.twoStretches(gap: 10)
        let tiny = detection.cadenceTimeline(windowDuration: 2.5, hop: 1e-12)
        #expect(tiny == detection.cadenceTimeline(windowDuration: 2.5, hop: 0.02))
        #expect(tiny.count == Int(((19.98 - 2.5) / 0.02).rounded(.down)) + 1)
    }

    @Test func windowsInsideAGapOfAnyLengthAreLeftOut() {
        let (recording, detection) = Self.twoStretches(gap: 1e12)
        let windows = recording.cadenceTimeline(of: detection, windowDuration: 2.5, hop: 2.5)
        // Four windows in the first stretch, three in the second (the fourth would end after it).
        #expect(windows.map(\.start) == [0, 2.5, 5, 7.5, 1e12, 1e12 + 2.5, 1e12 + 5])
        #expect(windows.allSatisfy { $0.stepCount == 5 })
        let labelled = detection.cadenceWindows(in: recording, labels: ["1"], windowDuration: 2.5, hop: 2.5)
        #expect(labelled.count <= 10 && labelled.allSatisfy { $0.start < 10 || $0.end > 1e12 })
        #expect(labelled.map(\.stepCount).reduce(0, +) == 35)
        #expect(detection.cadenceWindows(in: recording, labels: ["1"], windowDuration: 2.5, hop: 1e-12).count < 2_000)
    }

    @Test("a cadence window ends at its last sample's time, as the feature windows do")
    func cadenceWindowsEndAtTheirLastSample() throws {
        let (recording, detection) = Self.twoStretches(gap: 20)
        // Rows every 0.02 s from 0: the last row before 2.5 s is row 124, at 2.48 s.
        let kept = recording.cadenceTimeline(of: detection, windowDuration: 2.5, hop: 2.5)
        #expect(kept.first?.start == 0 && kept.first?.end == recording.time[124])
        #expect(kept.allSatisfy { $0.end < $0.start + 2.5 && $0.end > $0.start + 2.5 - 0.02 - 1e-9 })
        #expect(kept.allSatisfy { window in recording.time.contains(window.end) })
        // Without the recording's times, the nominal last sample.
        let nominal = detection.cadenceTimeline(windowDuration: 2.5, hop: 2.5)
        #expect(nominal.first?.end == 0 + 2.5 - 1 / 50.0)
        let labelled = detection.cadenceWindows(in: recording, labels: ["1"], windowDuration: 2.5, hop: 2.5)
        #expect(labelled.first?.end == recording.time[124])
        // The default 2.56 s windows every 1.28 s end where the feature windows of the same start end.
        let features = try recording.features()
        let cadence = recording.cadenceTimeline(of: detection)
        var matched = 0
        for window in features.windows {
            guard let same = cadence.first(where: { abs($0.start - window.start) < 1e-9 }) else { continue }
            #expect(same.end == window.end, "window from \(window.start) s")
            matched += 1
        }
        // The six windows of the first stretch; the second stretch's start at 20 s is off the cadence
        // timeline's 1.28 s grid.
        #expect(matched == 6)
    }

    @Test func aShortGapKeepsItsEmptyWindowsOutAndTheRestUnchanged() {
        let (recording, detection) = Self.twoStretches(gap: 20)
        let all = detection.cadenceTimeline(windowDuration: 2.5, hop: 2.5)
        let kept = recording.cadenceTimeline(of: detection, windowDuration: 2.5, hop: 2.5)
        // Windows 10–12.5 … 17.5–20 hold no row (the second stretch starts at 20 s); the others are the same.
        #expect(kept.map(\.start) == all.map(\.start).filter { !(10..<20).contains($0) })
    }
}

@Suite("Step detector parameters")
struct StepDetectorParameterTests {
    /// The defaults with one absurd parameter, and that parameter's name.
    static var absurd: [(String, StepDetectorConfiguration)] {
        var cases: [(String, StepDetectorConfiguration)] = []
        func add(_ name: String, _ change: (inout StepDetectorConfiguration) -> Void) {
            var configuration = StepDetectorConfiguration()
            change(&configuration)
            cases.append((name, configuration))
        }
        add("context.halfWidth") { $0.context.halfWidth = 1e308 }
        add("context.halfWidth") { $0.context.halfWidth = .infinity }
        add("amplitude.prominenceWindow") { $0.amplitude.prominenceWindow = 1e300 }
        add("timing.initialContactSmoothing") { $0.timing.initialContactSmoothing = 1e300 }
        add("bout.minimumRunLength") { $0.bout.minimumRunLength = 10_000_000_000 }
        add("bout.minimumRunLength") { $0.bout.minimumRunLength = -3 }
        add("candidates.lowPassCutoff") { $0.candidates.lowPassCutoff = .nan }
        add("context.stepPeriods") { $0.context.stepPeriods = 0.25...3 }
        add("amplitude.weakProminence") { $0.amplitude.weakProminence = .nan }
        add("context.weakRegularity") { $0.context.weakRegularity = -.infinity }
        return cases
    }

    @Test(arguments: absurd)
    func anAbsurdParameterIsNamedInsteadOfTrappingOrExhaustingMemory(
        name: String, configuration: StepDetectorConfiguration
    ) {
        #expect {
            _ = try StepDetector(sampleRate: 50, configuration: configuration)
        } throws: { error in
            let error = error as? LocomotionError
            return error?.code == .invalidParameter && error?.parameter == name
        }
    }

    @Test func axesWhoseMagnitudeOverflowsAreRefusedLikeInfinity() throws {
        var detector = try StepDetector(sampleRate: 50)
        var steps: [Step] = []
        #expect {
            try detector.process(time: 0, x: 1e300, y: 0, z: 1, into: &steps)
        } throws: { error in
            // A sample is data: the error names the stream and the sample's number.
            let error = error as? LocomotionError
            return error?.code == .invalidData && error?.location == .stream("StepDetector input", sample: 1)
        }
        try detector.process(time: 0, x: 0, y: 0, z: 1, into: &steps)
    }

    @Test func thePresetsAreValid() throws {
        try StepDetectorConfiguration().validate()
        try StepDetectorConfiguration.trunk.validate()
    }
}

@Suite("Sample rates at the documented limits")
struct SampleRateLimitTests {
    /// 5 s of a still phone sampled at `rate`, its intervals 2·10⁻¹⁴ short of `1 / rate`, as the
    /// rounding of parsed timestamps leaves them (a 1000 Hz file measured 1000.0000000000213 Hz).
    static func still(at rate: Double) -> Recording {
        let interval = (1 / rate) * (1 - 2e-14)
        let time = (0..<Int(5 * rate)).map { Double($0) * interval }
        let zeros = [Double](repeating: 0, count: time.count)
        return Recording(
            source: "still", time: time,
            acceleration: ThreeAxisSeries(x: zeros, y: zeros, z: [Double](repeating: 1, count: time.count)))
    }

    @Test("a recording at exactly 1000 Hz is detected, though its estimated rate rounds above 1000")
    func stepDetectionAcceptsItsUpperLimit() throws {
        let recording = Self.still(at: 1000)
        #expect(try #require(recording.samplingAnalysis()).sampleRate > 1000)
        #expect(try recording.detectSteps().steps.isEmpty)
        #expect(throws: LocomotionError.self) { try Self.still(at: 1001).detectSteps() }
    }

    @Test("a recording at exactly 1000 Hz gives features; 1001 Hz is refused")
    func featureExtractionAcceptsItsUpperLimit() throws {
        #expect(try Self.still(at: 1000).features().windows.count > 0)
        #expect(throws: LocomotionError.self) { try Self.still(at: 1001).features() }
    }
}
