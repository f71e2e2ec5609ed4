import Foundation
import Locomotion
import Testing

@Suite struct ActivityDetectorTests {
    @Test func streamingEqualsBatch() throws {
        let recording = try TestRecordings.bundledWalk()
        // The classifier's own windows: the walker's rhythm, a pipeline stage after it, is checked below.
        var detector = try ActivityDetector(sampleRate: 50, options: .init(walkerRhythmEvidence: false))
        let decisions = try detector.process(try recording.events())
        // The same rate on both sides: the batch path otherwise uses the rate estimated from the
        // timestamps (49.99999999999973 Hz here), which moves cadences in the 13th digit.
        let table = try recording.features(sampleRate: 50)
        let batch = try FeatureRuleClassifier().classify(table)
        #expect(decisions.count == batch.count)
        let mismatches = zip(decisions, batch).filter { $0.0.result != $0.1 }
        #expect(mismatches.isEmpty, "first mismatch at \(mismatches.first.map { $0.1.start } ?? 0) s")
        var live = try ActivityHysteresis()
        #expect(decisions.map(\.committed) == (try batch.map { try live.update($0.activity, at: $0.end) }))
        // With the walker's rhythm (the default), a window differs only where the rhythm may turn it:
        // stationary, or driving with low confidence, into walking with low confidence (here the
        // unlabelled turns between the walk's legs, 162–167 s and 185–193 s).
        var full = try ActivityDetector(sampleRate: 50)
        let turned = zip(try full.process(try recording.events()), batch).filter { $0.0.result != $0.1 }
        #expect(!turned.isEmpty)
        #expect(
            turned.allSatisfy { live, _ in
                let centre = (live.result.start + live.result.end) / 2
                return (161.6...167.1).contains(centre) || (185...193.1).contains(centre)
            })
        #expect(
            turned.allSatisfy { live, own in
                live.result.activity == .walking && live.result.confidence == .low
                    && (own.activity == .stationary || (own.activity == .driving && own.confidence == .low))
            })
    }

    @Test func stepsCountOnFootOnlyAndMatchTheBatchDetector() throws {
        let recording = try TestRecordings.bundledWalk()
        let batch = try recording.detectSteps().steps.count
        // On foot: every step the detector finds counts, and the stream finds the batch's steps.
        var walker = try ActivityDetector(sampleRate: 50)
        _ = try walker.process(try recording.events())
        try walker.finish()
        #expect(walker.detectedStepCount == batch)
        #expect(walker.stepCount >= batch * 8 / 10, "\(walker.stepCount) of \(batch)")
        // The same steps with a GPS speed of 15 m/s (a passenger walking down a train): found,
        // but the windows say driving, so none of them counts as walked.
        var events = try recording.events().filter { if case .location = $0 { return false } else { return true } }
        let end = recording.time.last!
        for second in stride(from: 0.0, through: end, by: 1) {
            events.append(.location(try LocationFix(time: second, speed: 15, speedAccuracy: 0.5)))
        }
        events.sort { $0.time < $1.time }
        var passenger = try ActivityDetector(sampleRate: 50)
        _ = try passenger.process(events)
        try passenger.finish()
        #expect(passenger.detectedStepCount == batch)
        #expect(passenger.stepCount <= batch / 20, "\(passenger.stepCount) of \(batch)")
    }

    @Test func aTrainedModelRunsThroughItsPreparedColumns() throws {
        let recording = try TestRecordings.bundledWalk()
        let model = try ActivityModel.bundled
        var detector = try ActivityDetector(
            sampleRate: 50, options: .init(classifier: .custom(model), walkerRhythmEvidence: false))
        let decisions = try detector.process(try recording.events())
        let batch = try model.classify(try recording.features(sampleRate: 50))
        #expect(decisions.count == batch.count && !batch.isEmpty)
        #expect(zip(decisions, batch).allSatisfy { $0.0.result == $0.1 })
    }

    @Test func transitionsFollowTheCommittedActivity() throws {
        let recording = try TestRecordings.bundledWalk()
        var detector = try ActivityDetector(sampleRate: 50)
        let decisions = try detector.process(try recording.events())
        let transitions = decisions.flatMap(\.transitions)
        let committed = decisions.map { (time: $0.result.end, activity: $0.committed) }
        #expect(transitions == (try ActivityTransition.transitions(of: committed)))
        #expect(
            transitions.first == ActivityTransition(activity: .walking, kind: .enter, time: transitions.first!.time))
    }

    @Test func pressureEventsCountFloors() throws {
        var detector = try ActivityDetector(sampleRate: 50)
        // Up one floor (3 m, 36 Pa) in 15 s.
        for second in 0...60 {
            let height = 3 * min(max(Double(second) - 10, 0) / 15, 1)
            _ = try detector.process(.pressure(time: Double(second), pascals: 101_325 - 12 * height))
        }
        #expect(detector.floors.floorsAscended == 1 && detector.floors.floorsDescended == 0)
        #expect(throws: LocomotionError.self) { try detector.process(.pressure(time: 30, pascals: 101_300)) }
    }

    @Test func outOfOrderEventsAreErrors() throws {
        var detector = try ActivityDetector(sampleRate: 50)
        let report = MotionActivityReport(flags: .walking, confidence: .high, start: 10)
        _ = try detector.process(.activityReport(report))
        #expect(throws: LocomotionError.self) {
            try detector.process(.activityReport(MotionActivityReport(flags: .walking, confidence: .high, start: 5)))
        }
        _ = try detector.process(.pedometer(time: 3, cadence: 1.8))
        #expect(throws: LocomotionError.self) { try detector.process(.pedometer(time: 2, cadence: 1.8)) }
        _ = try detector.process(.motion(MotionSample(time: 1, x: 0, y: 0, z: 1)))
        #expect(throws: LocomotionError.self) {
            try detector.process(.motion(MotionSample(time: 0.5, x: 0, y: 0, z: 1)))
        }
    }

    /// Found by `make fuzz` (FuzzDetector): a motion sample at a NaN time was accepted, after which
    /// every later time passed the order check and a window reported a NaN start; an infinite time
    /// refused every later sample. Non-finite times are now refused on every stream, detector unchanged.
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteEventTimesAreRefused(time: Double) throws {
        var detector = try ActivityDetector(sampleRate: 50)
        #expect(throws: LocomotionError.self) {
            try detector.process(.motion(MotionSample(time: time, x: 0, y: 0, z: 1)))
        }
        #expect(throws: LocomotionError.self) { try detector.process(.pedometer(time: time, cadence: 1.8)) }
        #expect(throws: LocomotionError.self) {
            try detector.process(.activityReport(MotionActivityReport(flags: .walking, confidence: .high, start: time)))
        }
        // The detector is as new: a clean walk afterwards gives its windows from time 0.
        var decisions: [ActivityDetector.Decision] = []
        for index in 0..<300 {
            let sample = MotionSample(time: Double(index) / 50, x: 0, y: 0, z: 1 + 0.3 * sin(Double(index) * 0.226))
            if let decision = try detector.process(.motion(sample)) { decisions.append(decision) }
        }
        #expect(decisions.count == 3 && decisions.allSatisfy { $0.result.start.isFinite })
        #expect(decisions.first?.result.start == 0)
    }

    @Test func theVoteFusionHearsTheOperatingSystem() throws {
        // A phone lying still in a slow car (0.8 m/s): a tie without the report, driving with it.
        var configuration = VoteFusion.Configuration()
        configuration.operatingSystemVotes = .trafficJam
        func run(report: MotionActivityReport?) throws -> [ActivityDetector.Decision] {
            var detector = try ActivityDetector(
                sampleRate: 50, classifier: .voteFusion(try VoteFusion(configuration: configuration)))
            var events: [SensorEvent] = report.map { [.activityReport($0)] } ?? []
            for index in 0..<1000 {
                let time = Double(index) / 50
                if index % 50 == 0 {
                    events.append(.location(try LocationFix(time: time, speed: 0.8, speedAccuracy: 0.5)))
                }
                events.append(.motion(MotionSample(time: time, x: 0.001 * sin(Double(index)), y: 0, z: 1)))
            }
            return try detector.process(events)
        }
        let alone = try run(report: nil)
        let withReport = try run(
            report: MotionActivityReport(flags: [.automotive, .stationary], confidence: .high, start: 0))
        #expect(alone.allSatisfy { $0.result.activity != .driving || $0.result.confidence == .low })
        #expect(withReport.suffix(5).allSatisfy { $0.result.activity == .driving })
        #expect(withReport.last?.committed == .driving)
    }
}
