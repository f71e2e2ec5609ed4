import Foundation
import Locomotion
import Testing

@Suite struct FeatureRuleClassifierTests {
    @Test func aNegativeThresholdIsRefusedInTheOneParameterStyle() {
        var configuration = FeatureRuleClassifier.Configuration()
        configuration.runningDeviation = -0.2
        #expect {
            try configuration.validate()
        } throws: { error in
            let error = error as? LocomotionError
            return error?.parameter == "runningDeviation"
                && error?.message == "runningDeviation = -0.2 is invalid; it must be finite and at least 0"
        }
    }

    let rules = try! FeatureRuleClassifier()
    static let columns = FeatureRuleClassifier.requiredFeatures + ["gps_speed", "gps_speed_valid"]

    /// A vector with the rules' columns; `speed` nil makes the GPS estimate invalid.
    func window(
        std: Double, steps: Double = 0, stepCadence: Double = .nan, cadence: Double = .nan,
        regularity: Double = .nan, speed: Double? = nil
    ) throws -> FeatureVector {
        let schema = try FeatureSchema(testColumns: Self.columns)
        return FeatureVector(
            schema: schema,
            values: [std, std * std, steps, stepCadence, cadence, regularity, speed ?? .nan, speed == nil ? 0 : 1],
            start: 0, end: 2.54)
    }

    func decide(_ vector: FeatureVector) throws -> (ActivityType, FeatureRuleClassifier.Rule) {
        let decision = try rules.decide(vector)
        return (decision.result.activity, decision.rule)
    }

    @Test func aStillPhoneIsStationaryAndASmoothFastRideIsDriving() throws {
        #expect(try decide(window(std: 0.005)) == (.stationary, .still))
        #expect(try rules.decide(window(std: 0.005)).result.confidence == .high)
        #expect(try rules.decide(window(std: 0.015)).result.confidence == .medium)
        #expect(try decide(window(std: 0.005, speed: 0.3)) == (.stationary, .still))
        #expect(try decide(window(std: 0.005, speed: 4)) == (.driving, .still))
        #expect(try decide(window(std: 0.005, speed: 25)) == (.driving, .vehicleSpeed))
    }

    @Test func stepsDecideWalkingAndRunningByCadence() throws {
        #expect(
            try decide(window(std: 0.25, steps: 4, stepCadence: 1.8, cadence: 1.8, regularity: 0.9)) == (
                .walking, .steps
            ))
        #expect(
            try decide(window(std: 0.9, steps: 7, stepCadence: 2.8, cadence: 2.8, regularity: 0.8)) == (
                .running, .steps
            ))
        // A slow walker at 1.25 steps/s is walking, not cycling.
        #expect(
            try decide(window(std: 0.1, steps: 3, stepCadence: 1.25, cadence: 1.1, regularity: 0.7)) == (
                .walking, .steps
            ))
        #expect(try rules.decide(window(std: 0.25, steps: 4, stepCadence: 1.8)).result.confidence == .medium)
    }

    @Test func periodicGaitWithoutDetectedSteps() throws {
        #expect(try decide(window(std: 0.15, cadence: 1.6, regularity: 0.7)) == (.walking, .periodicGait))
        #expect(try decide(window(std: 1.0, cadence: 2.7, regularity: 0.8)) == (.running, .periodicGait))
        // Too weak a bounce for running at that cadence: not gait at all.
        #expect(try decide(window(std: 0.1, cadence: 2.7, regularity: 0.8)) == (.driving, .moderateWithoutGait))
    }

    @Test func pedallingIsCyclingBelowTheSlowestWalkingCadence() throws {
        #expect(try decide(window(std: 0.3, cadence: 1.0, regularity: 0.8)) == (.cycling, .pedalling))
        #expect(try decide(window(std: 0.3, cadence: 1.0, regularity: 0.8, speed: 7)) == (.cycling, .pedalling))
        // At 1.2 per second and above it is walking cadence; below the deviation it is a smooth vehicle.
        #expect(try decide(window(std: 0.3, cadence: 1.2, regularity: 0.8)) == (.walking, .periodicGait))
        #expect(try decide(window(std: 0.05, cadence: 1.0, regularity: 0.8)) == (.driving, .moderateWithoutGait))
        // Aperiodic: not pedalling.
        #expect(try decide(window(std: 0.3, cadence: 1.0, regularity: 0.2)) == (.unknown, .rough))
    }

    @Test func aPeriodWithImpactsIsNotPedalling() throws {
        // A stride of landing steps (a foot, a pocket) or a body sitting down peaks sharply: positive
        // skewness of |a| at a pedalling period is not cycling; a smooth stroke (negative) is.
        let schema = try FeatureSchema(testColumns: Self.columns + ["acc_mag_skewness"])
        func window(skewness: Double) -> FeatureVector {
            FeatureVector(
                schema: schema, values: [0.3, 0.09, 0, .nan, 1.0, 0.8, .nan, 0, skewness], start: 0, end: 2.54)
        }
        #expect(try decide(window(skewness: -0.6)) == (.cycling, .pedalling))
        #expect(try decide(window(skewness: 1.5)) == (.unknown, .rough))
        #expect(try decide(window(skewness: 0)) == (.unknown, .rough))
        // A schema without the skewness keeps the cadence rule.
        #expect(try decide(self.window(std: 0.3, cadence: 1.0, regularity: 0.8)) == (.cycling, .pedalling))
    }

    @Test func aStrokeAtAWalkingCadenceIsPedalling() throws {
        // Light pedalling at 1.4 strokes per second, no steps, a phone turning with the leg (sway 9°): a
        // broad push whose troughs are the sharp part (skewness −1.0) is a stroke; every landing step peaks.
        let schema = try FeatureSchema(
            testColumns: Self.columns + ["acc_gravity_sway", "acc_gravity_step_correlation", "acc_mag_skewness"])
        func window(cadence: Double, skewness: Double, steps: Double = 0, sway: Double = 9) -> FeatureVector {
            FeatureVector(
                schema: schema,
                values: [0.3, 0.09, steps, steps > 0 ? cadence : .nan, cadence, 0.8, .nan, 0, sway, 0.2, skewness],
                start: 0, end: 2.54)
        }
        #expect(try decide(window(cadence: 1.4, skewness: -1.0)) == (.cycling, .pedalling))
        // A walker's stride, even a smooth one, is not skewed that far: walking.
        #expect(try decide(window(cadence: 1.4, skewness: -0.5)) == (.walking, .periodicGait))
        #expect(try decide(window(cadence: 1.4, skewness: 0.8)) == (.walking, .periodicGait))
        // Above the stroke cadences, or with steps counted, the rule does not fire.
        #expect(try decide(window(cadence: 1.9, skewness: -1.0)) == (.walking, .periodicGait))
        #expect(try decide(window(cadence: 1.4, skewness: -1.0, steps: 4)) == (.walking, .steps))
        // A phone that does not turn with a leg (a frame, a bag): the magnitude's shape alone is no stroke.
        #expect(try decide(window(cadence: 1.4, skewness: -1.0, sway: 1)) == (.walking, .periodicGait))
        var configuration = FeatureRuleClassifier.Configuration()
        configuration.strokeSkewness = .nan
        #expect(throws: LocomotionError.self) { try configuration.validate() }
    }

    @Test func aPedallingThighIsCyclingEvenWithStrokesCountedAsSteps() throws {
        // Four strokes the step detector took for steps, the thigh turning once per period (sway 20°,
        // step correlation 0.9), no impacts: cycling, not walking.
        let schema = try FeatureSchema(
            testColumns: Self.columns + ["acc_gravity_sway", "acc_gravity_step_correlation", "acc_mag_skewness"])
        func window(correlation: Double, skewness: Double) -> FeatureVector {
            FeatureVector(
                schema: schema, values: [0.3, 0.09, 4, 1.6, 1.1, 0.9, .nan, 0, 20, correlation, skewness], start: 0,
                end: 2.54)
        }
        #expect(try decide(window(correlation: 0.9, skewness: -0.5)) == (.cycling, .pedalling))
        // A walking thigh turns once per two steps (low correlation), or lands with impacts: walking.
        #expect(try decide(window(correlation: 0.1, skewness: -0.5)) == (.walking, .steps))
        #expect(try decide(window(correlation: 0.9, skewness: 0.8)) == (.walking, .steps))
        // At a running step rate the same turning is a running thigh (clipping flattens its impacts).
        let running = FeatureVector(
            schema: schema, values: [0.7, 0.49, 6, 2.8, 1.3, 0.9, .nan, 0, 45, 0.9, -0.1], start: 0, end: 2.54)
        #expect(try decide(running) == (.running, .steps))
    }

    @Test func aCarOnCobblestonesNeverVotesWalking() throws {
        // Variance 0.05–0.15 g² (σ 0.22–0.39 g), no steps, no periodicity.
        let deviations = [0.05, 0.1, 0.15].map { $0.squareRoot() }
        for std in deviations {
            #expect(try decide(window(std: std, cadence: 1.9, regularity: 0.2)) == (.unknown, .rough))
            #expect(
                try decide(window(std: std, cadence: 1.9, regularity: 0.2, speed: 5)) == (.driving, .movingWithoutGait))
            #expect(try decide(window(std: std, speed: 12)) == (.driving, .vehicleSpeed))
        }
        // The vote fusion, which has only the variance to go on, cannot decide: no steps vote
        // driving +1, the variance walking +1.
        let fusion = try VoteFusion()
        let cobbles = try window(std: (0.1 as Double).squareRoot())
        #expect(fusion.decide(ActivityEvidence(features: cobbles)).activity == .unknown)  // driving 1 against walking 1
    }

    @Test func moderateAperiodicMotionIsAVehicleWithLowConfidence() throws {
        let decision = try rules.decide(window(std: 0.05, cadence: 1.9, regularity: 0.2))
        #expect(decision.result.activity == .driving && decision.result.confidence == .low)
    }

    /// A vector with the rules' columns and the slow-gait spectrum columns.
    func spectralWindow(
        std: Double, cadence: Double = .nan, regularity: Double = .nan, gaitFrequency: Double, prominence: Double,
        speed: Double? = nil
    ) throws -> FeatureVector {
        let schema = try FeatureSchema(testColumns: Self.columns + FeatureRuleClassifier.slowGaitFeatures)
        return FeatureVector(
            schema: schema,
            values: [
                std, std * std, 0, .nan, cadence, regularity, speed ?? .nan, speed == nil ? 0 : 1, gaitFrequency,
                prominence,
            ],
            start: 0, end: 2.54)
    }

    @Test func slowGaitIsAStrongSpectralGaitPeakWithoutSteps() throws {
        // 45 steps/min on the lower back: no steps, no autocorrelation period, a strong peak at 0.75 Hz.
        let slow = try rules.decide(spectralWindow(std: 0.04, gaitFrequency: 0.75, prominence: 60))
        #expect(slow.result.activity == .walking && slow.rule == .slowGait && slow.result.confidence == .low)
        // A vehicle's typical spectrum (prominence under 30) stays a ride.
        #expect(
            try decide(spectralWindow(std: 0.04, gaitFrequency: 0.75, prominence: 20)) == (
                .driving, .moderateWithoutGait
            ))
        // Fidgeting below the slow-gait deviation, a peak outside walking frequencies, a rough
        // window, and a speed no walker reaches are not slow gait.
        #expect(try decide(spectralWindow(std: 0.022, gaitFrequency: 0.75, prominence: 60)).1 != .slowGait)
        #expect(try decide(spectralWindow(std: 0.04, gaitFrequency: 0.4, prominence: 60)).1 != .slowGait)
        #expect(try decide(spectralWindow(std: 0.2, gaitFrequency: 0.75, prominence: 60)) == (.unknown, .rough))
        #expect(
            try decide(spectralWindow(std: 0.04, gaitFrequency: 0.75, prominence: 60, speed: 5)) == (
                .driving, .movingWithoutGait
            ))
        // Still is still, and pedalling stays cycling.
        #expect(try decide(spectralWindow(std: 0.01, gaitFrequency: 0.75, prominence: 60)) == (.stationary, .still))
        #expect(
            try decide(spectralWindow(std: 0.12, cadence: 1.0, regularity: 0.8, gaitFrequency: 1.0, prominence: 60))
                == (.cycling, .pedalling))
        // Without the spectrum columns the rule cannot fire.
        #expect(try decide(window(std: 0.04)) == (.driving, .moderateWithoutGait))
    }

    /// The spectral window of ``spectralWindow`` in a schema bound to `sampleRate` (Hz).
    func spectralWindow(at sampleRate: Double, prominence: Double) throws -> FeatureVector {
        let names = Self.columns + FeatureRuleClassifier.slowGaitFeatures
        let schema = try FeatureSchema(
            descriptors: names.map { FeatureDescriptor(name: $0, unit: "", summary: $0) },
            parameters: FeatureSchema.Parameters(FeatureConfiguration(), sampleRate: sampleRate))
        return FeatureVector(
            schema: schema, values: [0.04, 0.0016, 0, .nan, .nan, .nan, .nan, 0, 0.75, prominence], start: 0, end: 2.56)
    }

    @Test func aFasterSampleRateDoesNotMakeAGaitPeakProminent() throws {
        // The same movement at 200 Hz reads twice as prominent as at 100 Hz (twice the bins, nearly
        // all empty): 45 there is 22.5 at 100 Hz, under the threshold of 30.
        #expect(try decide(spectralWindow(at: 200, prominence: 45)) == (.driving, .moderateWithoutGait))
        #expect(try decide(spectralWindow(at: 200, prominence: 70)) == (.walking, .slowGait))
        // At and below 100 Hz the value is compared as it stands.
        #expect(try decide(spectralWindow(at: 100, prominence: 45)) == (.walking, .slowGait))
        #expect(try decide(spectralWindow(at: 50, prominence: 31)) == (.walking, .slowGait))
        var configuration = FeatureRuleClassifier.Configuration()
        configuration.slowGaitProminenceRate = 0
        #expect(throws: LocomotionError.self) { try configuration.validate() }
    }

    /// A real slow walker (Mobilise-D HA001 Test11, 90–127 s, 77 steps/min in its last bout; see
    /// Fixtures/README-mobilised-d.md): before rule 5b its whole excerpt was unknown and none of its
    /// detected steps counted on foot.
    @Test func aRealSlowWalkerGetsStepsOnFoot() throws {
        let url = try #require(
            Bundle.module.url(
                forResource: "mobilised-d-HA001-test11-90-127s_imu", withExtension: "csv", subdirectory: "Fixtures"))
        let recording = try RecordingReader.read(path: url.path).recording
        let analysis = try recording.analyzeActivities()
        let walking = analysis.timeline.segments.filter { $0.activity == .walking }
        // The reference bout 119.9–125.2 s lies in a walking segment, and its steps count.
        #expect(walking.contains { $0.start <= 120.5 && $0.end >= 125 })
        #expect(analysis.steps.count >= 5)
        #expect(analysis.steps.allSatisfy { step in walking.contains { $0.start <= step.time && step.time <= $0.end } })
        #expect(analysis.windows.contains { $0.activity == .walking && $0.confidence == .low })
    }

    @Test func aMissingDeviationIsUnknown() throws {
        #expect(try decide(window(std: .nan)) == (.unknown, .missingData))
    }

    @Test func aVectorWithoutTheRulesColumnsIsRefused() throws {
        let schema = try FeatureSchema(testColumns: ["acc_mag_std"])
        let vector = FeatureVector(schema: schema, values: [0.1], start: 0, end: 1)
        #expect { try rules.decide(vector) } throws: { ($0 as? LocomotionError)?.code == .schemaMismatch }
    }

    @Test func badThresholdsAreRefused() {
        var configuration = FeatureRuleClassifier.Configuration()
        configuration.stillDeviation = -1
        #expect(throws: LocomotionError.self) { try FeatureRuleClassifier(configuration: configuration) }
        configuration = FeatureRuleClassifier.Configuration()
        configuration.pedallingCadence = 1..<1
        #expect(throws: LocomotionError.self) { try FeatureRuleClassifier(configuration: configuration) }
        configuration = FeatureRuleClassifier.Configuration()
        configuration.slowGaitProminence = .nan
        #expect(throws: LocomotionError.self) { try FeatureRuleClassifier(configuration: configuration) }
    }

    @Test func theBuiltInSchemaHasEveryColumnTheRulesRead() throws {
        let schema = try FeatureConfiguration().schema()
        for name in FeatureRuleClassifier.requiredFeatures + FeatureRuleClassifier.slowGaitFeatures {
            #expect(schema.index(of: name) != nil, "\(name)")
        }
    }

    /// Real recordings of one person not otherwise used to choose the thresholds' defaults: a phone
    /// in the trouser pocket while jogging, walking and sitting (see Fixtures/README-motionsense.md).
    @Test(arguments: [("jogging", ActivityType.running, 12), ("walking", .walking, 10), ("sitting", .stationary, 9)])
    func realPocketRecordings(name: String, activity: ActivityType, atLeast: Int) throws {
        let url = try #require(
            Bundle.module.url(forResource: "Fixtures/motionsense-sub03-\(name)-20s", withExtension: "csv"))
        let recording = try RecordingReader.read(path: url.path).recording
        let results = try rules.classify(try recording.features())
        #expect(results.count == 14)
        #expect(results.filter { $0.activity == activity }.count >= atLeast)
        // Sitting is never taken for motion under one's own power, nor gait for sitting.
        let opposite: Set<ActivityType> = activity == .stationary ? [.walking, .running, .cycling] : [.stationary]
        #expect(!results.contains { opposite.contains($0.activity) })
        #expect(results.allSatisfy { $0.end > $0.start })
    }
}
