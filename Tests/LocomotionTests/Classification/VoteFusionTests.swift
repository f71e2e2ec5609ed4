import Foundation
@_spi(Testing) import Locomotion
import Testing

/// The five unit tests of the vote-fusion design, as written there, then ties, missing signals,
/// operating-system votes and configuration.
@Suite struct VoteFusionTests {
    let fusion = try! VoteFusion()

    func decide(speed: Double, cadence: Double, variance: Double) -> VoteFusionDecision {
        fusion.decide(ActivityEvidence(speed: speed, cadence: cadence, accelerationVariance: variance))
    }

    @Test func highwayDrivingIsDrivingWithHighConfidence() {
        let decision = decide(speed: 30.0, cadence: 0.0, variance: 0.008)
        #expect(decision.activity == .driving)
        #expect(decision.confidence == .high)
        #expect(decision.score == 5)
    }

    @Test func normalWalkingIsWalkingWithHighConfidence() {
        let decision = decide(speed: 1.5, cadence: 1.7, variance: 0.045)
        #expect(decision.activity == .walking)
        #expect(decision.confidence == .high)
    }

    @Test func trafficJamIsAmbiguous() {
        let decision = decide(speed: 0.8, cadence: 0.0, variance: 0.015)
        #expect(decision.confidence == .low)
        // Walking 2 (speed) against driving 1 + 1 (no steps, smooth): a tie, so unknown.
        #expect(decision.isTie)
        #expect(decision.activity == .unknown)
        #expect(decision.tally == [.init(activity: .walking, score: 2), .init(activity: .driving, score: 2)])
    }

    @Test func gpsUnavailableStillClassifiesWalking() {
        let decision = decide(speed: -1.0, cadence: 1.6, variance: 0.040)
        #expect(decision.activity == .walking)
        #expect(decision.confidence == .medium)
        #expect(!decision.votes.contains { $0.source == .speed })
    }

    @Test func runningIsRunning() {
        let decision = decide(speed: 4.0, cadence: 3.1, variance: 0.180)
        #expect(decision.activity == .running)
        #expect(decision.score == 4)
        #expect(decision.confidence == .medium)
    }

    @Test func noVotesIsUnknownAndLow() {
        let decision = fusion.decide(ActivityEvidence(speed: nil, cadence: nil, accelerationVariance: nil))
        #expect(decision.activity == .unknown)
        #expect(decision.confidence == .low)
        #expect(decision.votes.isEmpty)
        #expect(decision.score == 0)
    }

    @Test func aTieIsUnknownWhateverTheOrderOfTheSignals() {
        // Running 2 (speed 3 m/s) against walking 2 (cadence 1.5): a tie between two activities.
        let decision = decide(speed: 3, cadence: 1.5, variance: 0.02)
        #expect(decision.activity == .unknown)
        #expect(decision.confidence == .low)
        #expect(decision.score == 2)
    }

    @Test func thresholdsAreStrictAsSpecified() {
        // Exactly 6 m/s is not above 6: the speed votes running. Exactly 2.2 is not below 2.2.
        #expect(decide(speed: 6, cadence: 3, variance: 0.1).activity == .running)
        #expect(decide(speed: 2.2, cadence: 3, variance: 0.1).votes.first?.activity == .running)
        // Exactly 2.5 steps/s is walking cadence; 0.2 casts no cadence vote; 0.02 g² no variance vote.
        #expect(decide(speed: -1, cadence: 2.5, variance: 0.02).votes.map(\.activity) == [.walking])
        #expect(decide(speed: -1, cadence: 0.2, variance: 0.02).votes.isEmpty)
    }

    @Test func invalidInputsCastNoVote() {
        let evidence = ActivityEvidence(speed: .nan, cadence: -.infinity, accelerationVariance: .infinity)
        #expect(evidence.speed == nil && evidence.cadence == nil && evidence.accelerationVariance == nil)
        #expect(fusion.decide(evidence).activity == .unknown)
    }

    @Test func trafficJamWithAnAutomotiveReportIsDriving() throws {
        var configuration = VoteFusion.Configuration()
        configuration.operatingSystemVotes = .trafficJam
        let fusion = try VoteFusion(configuration: configuration)
        let jam = ActivityEvidence(speed: 0.8, cadence: 0, accelerationVariance: 0.015)
        let report = MotionActivityReport(flags: [.automotive, .stationary], confidence: .high, start: 0)
        let decision = fusion.decide(jam, report: report)
        #expect(decision.activity == .driving)
        #expect(decision.score == 4)
        #expect(decision.confidence == .medium)
        // Without a report the tie stands; a walking report makes it walking.
        #expect(fusion.decide(jam).activity == .unknown)
        let walking = MotionActivityReport(flags: [.walking], confidence: .high, start: 0)
        #expect(fusion.decide(jam, report: walking).activity == .walking)
        // Running and cycling reports cast no vote under this rule.
        let running = MotionActivityReport(flags: [.running], confidence: .high, start: 0)
        #expect(fusion.decide(jam, report: running).activity == .unknown)
    }

    @Test func cyclingAtSixMetresPerSecondWithACyclingReportIsCycling() throws {
        var configuration = VoteFusion.Configuration()
        configuration.operatingSystemVotes = .withCycling
        let fusion = try VoteFusion(configuration: configuration)
        let cycling = MotionActivityReport(flags: [.cycling], confidence: .high, start: 0)
        for variance in [0.01, 0.05] {
            let ride = ActivityEvidence(speed: 6, cadence: 0, accelerationVariance: variance)
            #expect(fusion.decide(ride).activity != .cycling)
            let decision = fusion.decide(ride, report: cycling)
            #expect(decision.activity == .cycling)
            #expect(decision.score == 3)
        }
        // Above 6 m/s the speed votes driving +3 and no steps +1: 4 against cycling's 3.
        let fast = ActivityEvidence(speed: 6.5, cadence: 0, accelerationVariance: 0.05)
        let decision = fusion.decide(fast, report: cycling)
        #expect(decision.activity == .driving)
        #expect(
            decision.tally == [
                .init(activity: .walking, score: 1), .init(activity: .cycling, score: 3),
                .init(activity: .driving, score: 4),
            ])
    }

    @Test func reportsBelowTheMinimumConfidenceDoNotVote() throws {
        var configuration = VoteFusion.Configuration()
        configuration.operatingSystemVotes = OperatingSystemVotes(
            precedence: .detector, weights: [.driving: 2], minimumConfidence: .medium)
        let fusion = try VoteFusion(configuration: configuration)
        let jam = ActivityEvidence(speed: 0.8, cadence: 0, accelerationVariance: 0.015)
        #expect(fusion.decide(jam, report: .init(flags: .automotive, confidence: .low, start: 0)).activity == .unknown)
        #expect(
            fusion.decide(jam, report: .init(flags: .automotive, confidence: .medium, start: 0)).activity == .driving)
    }

    @Test func everyThresholdAndWeightIsConfigurable() throws {
        var configuration = VoteFusion.Configuration()
        configuration.drivingSpeedMinimum = 10
        configuration.varianceWeight = 3
        configuration.highConfidenceScore = 4
        let fusion = try VoteFusion(configuration: configuration)
        // 8 m/s is now running speed; the smooth signal's 3 votes plus no steps make driving 4.
        let decision = fusion.decide(ActivityEvidence(speed: 8, cadence: 0, accelerationVariance: 0.01))
        #expect(decision.activity == .driving)
        #expect(decision.confidence == .high)
    }

    @Test(arguments: [
        ("drivingSpeedMinimum", Double.nan, "drivingSpeedMinimum"),
        ("walkingSpeedMaximum", 7, "walkingSpeedMaximum"),
        ("walkingVarianceMinimum", 0.01, "drivingVarianceMaximum"),
        ("noStepCadenceMaximum", -1, "noStepCadenceMaximum"),
    ])
    func badThresholdsAreRefusedByName(parameter: String, value: Double, named: String) {
        var configuration = VoteFusion.Configuration()
        switch parameter {
        case "drivingSpeedMinimum": configuration.drivingSpeedMinimum = value
        case "walkingSpeedMaximum": configuration.walkingSpeedMaximum = value
        case "walkingVarianceMinimum": configuration.walkingVarianceMinimum = value
        default: configuration.noStepCadenceMaximum = value
        }
        #expect {
            try VoteFusion(configuration: configuration)
        } throws: { error in
            let error = error as? LocomotionError
            return error?.code == .invalidParameter && error?.message.hasPrefix(named) == true
        }
    }

    @Test func badWeightsAndScoresAreRefused() {
        var configuration = VoteFusion.Configuration()
        configuration.cadenceWeight = -1
        #expect(throws: LocomotionError.self) { try VoteFusion(configuration: configuration) }
        configuration = VoteFusion.Configuration()
        configuration.mediumConfidenceScore = 6
        #expect(throws: LocomotionError.self) { try VoteFusion(configuration: configuration) }
    }

    @Test func parameterErrorsNameTheParameterInTheOneStyle() {
        func refusal(_ change: (inout VoteFusion.Configuration) -> Void) -> LocomotionError? {
            var configuration = VoteFusion.Configuration()
            change(&configuration)
            do throws(LocomotionError) {
                _ = try VoteFusion(configuration: configuration)
                return nil
            } catch {
                return error
            }
        }
        let weight = refusal { $0.cadenceWeight = -1 }
        #expect(weight?.code == .invalidParameter && weight?.parameter == "cadenceWeight")
        #expect(weight?.message == "cadenceWeight = -1 is invalid; it must be at least 0")
        let threshold = refusal { $0.walkingVarianceMinimum = -0.5 }
        #expect(threshold?.code == .invalidParameter && threshold?.parameter == "walkingVarianceMinimum")
        #expect(threshold?.message == "walkingVarianceMinimum = -0.5 is invalid; it must be finite and at least 0")
    }

    @Test func evidenceComesFromTheFeatureColumns() throws {
        let schema = try FeatureSchema(testColumns: [
            "acc_mag_variance", "gait_step_count", "gait_step_cadence", "gps_speed", "gps_speed_valid",
        ])
        let walking = FeatureVector(schema: schema, values: [0.045, 4, 1.7, 1.5, 1], start: 10, end: 12.54)
        let result = fusion.classify(walking)
        #expect(result.activity == .walking && result.confidence == .high)
        #expect(result.start == 10 && result.end == 12.54)
        // No steps in the window: a cadence of 0; an invalid fix: no speed.
        let parked = FeatureVector(schema: schema, values: [0.001, 0, .nan, 0.3, 0], start: 0, end: 2.54)
        let evidence = ActivityEvidence(features: parked)
        #expect(evidence.cadence == 0 && evidence.speed == nil)
        #expect(fusion.classify(parked).activity == .driving)
    }

    @Test func decisionsRoundTripThroughJSON() throws {
        let decision = decide(speed: 0.8, cadence: 0, variance: 0.015)
        let data = try JSONEncoder().encode(decision)
        #expect(try JSONDecoder().decode(VoteFusionDecision.self, from: data) == decision)
    }
}

extension FeatureSchema {
    /// A schema of the named columns, for tests that build vectors by hand.
    init(testColumns names: [String]) throws {
        try self.init(descriptors: names.map { FeatureDescriptor(name: $0, unit: "", summary: $0) })
    }
}
