import Foundation
import Locomotion
import LocomotionSimulation
import Testing

/// The scenarios of the design's walkthroughs (§7), each run through ``ActivityDetector`` with
/// the classifier it calls for: the committed activity (after the hysteresis) must hold over
/// most windows of the scenario's steady part, not over one lucky window. Every test prints
/// its counts (`swift test --filter Scenario` shows them).
@Suite("Scenario")
struct ScenarioTests {
    /// The seeds every scenario runs with: the default and two more; `SIM_SEEDS=N` in the
    /// environment runs seeds 1…N instead (a robustness sweep).
    static let seeds: [UInt64] = {
        if let text = ProcessInfo.processInfo.environment["SIM_SEEDS"], let count = UInt64(text), count > 0 {
            return Array(1...count)
        }
        return [Scenario.defaultSeed, 1, 2]
    }()

    let fusion = try! VoteFusion()

    @Test(arguments: seeds) func aSidewalkWalkIsWalkingWithHighConfidence(seed: UInt64) throws {
        let run = try DetectorRun(Scenario.sidewalkWalk(seed: seed), classifier: .voteFusion(fusion))
        print(run.summary("walk"))
        #expect(run.committedShare("walk", .walking) >= 0.9)
        #expect(run.share("walk") { $0.result.activity == .walking && $0.result.confidence == .high } >= 0.8)
        // With the operating system's walking report voting too, every window is walking.
        let heard = try DetectorRun(Scenario.sidewalkWalk(seed: seed), classifier: .voteFusion(.hearing(.trafficJam)))
        print(heard.summary("walk"))
        #expect(heard.share("walk") { $0.result.activity == .walking && $0.result.confidence == .high } >= 0.95)
    }

    @Test(arguments: seeds) func bAMotorwayDriveIsDrivingWithHighConfidence(seed: UInt64) throws {
        let run = try DetectorRun(Scenario.motorwayDrive(seed: seed), classifier: .voteFusion(fusion))
        print(run.summary("drive"))
        #expect(run.committedShare("drive", .driving) >= 0.95)
        #expect(run.share("drive") { $0.result.activity == .driving && $0.result.confidence == .high } >= 0.9)
    }

    @Test(arguments: seeds) func cATrafficJamTiesPerWindowAndStaysInsideTheVehicle(seed: UInt64) throws {
        let session = Scenario.trafficJam(seed: seed)
        // The fusion alone: speed says walking (+2), no steps and a smooth ride say driving
        // (+1 +1): a tie, unknown with low confidence per window. The in-vehicle stage entered the
        // ride during the drive and nobody got out: the jam stays driving.
        let alone = try DetectorRun(session, classifier: .voteFusion(fusion), reports: false)
        print(alone.summary("drive"))
        print(alone.summary("jam"))
        #expect(alone.committedShare("drive", .driving) >= 0.9)
        #expect(alone.share("jam") { $0.result.activity == .unknown && $0.result.confidence == .low } >= 0.8)
        #expect(alone.share("jam") { $0.result.confidence == .low } >= 0.9)
        #expect(alone.committedShare("jam", .driving) >= 0.95)
        // With the operating system's automotive report (.trafficJam votes: driving +2): driving,
        // 4 against 2, medium.
        let heard = try DetectorRun(session, classifier: .voteFusion(.hearing(.trafficJam)))
        print(heard.summary("jam"))
        #expect(heard.committedShare("jam", .driving) >= 0.95)
        #expect(heard.share("jam") { $0.result.activity == .driving && $0.result.confidence >= .medium } >= 0.8)
    }

    /// Known limitation (design §7.4): a passenger cannot be told from the driver. The session's
    /// truth is driving, since ``ActivityType`` has no passenger; what the detector says is what it
    /// would say to the driver.
    @Test(arguments: seeds) func dAPassengerIsDriving(seed: UInt64) throws {
        let run = try DetectorRun(Scenario.passenger(seed: seed), classifier: .voteFusion(fusion))
        print(run.summary("ride"))
        #expect(run.committedShare("ride", .driving) >= 0.95)
        #expect(run.share("ride") { $0.result.activity == .driving && $0.result.confidence == .high } >= 0.9)
    }

    @Test(arguments: seeds) func eASprintIsRunningAndTheBusStopStationary(seed: UInt64) throws {
        let session = Scenario.sprintToBus(seed: seed)
        // The sprint, by the vote fusion: speed running (+2), cadence running (+2), variance walking
        // (+1): running, medium. The hysteresis commits it 5 s after the first running window.
        let fused = try DetectorRun(session, classifier: .voteFusion(fusion))
        print(fused.summary("sprint"))
        print(fused.summary("stop"))
        #expect(fused.committedShare("sprint", .running) >= 0.8)
        #expect(fused.share("sprint") { $0.result.activity == .running && $0.result.confidence == .medium } >= 0.8)
        // The vote fusion has no stationary vote: at the stop the speed says walking (+2), no steps
        // and stillness driving (+1 +1), a tie. It never says stationary.
        #expect(fused.share("stop") { $0.result.activity == .stationary } == 0)
        // The feature rules can: σ below 0.02 g, no steps, no speed above 1 m/s.
        let rules = try DetectorRun(session, classifier: .rules(FeatureRuleClassifier()))
        print(rules.summary("sprint"))
        print(rules.summary("stop"))
        #expect(rules.committedShare("stop", .stationary) >= 0.9)
        // The rules' windows in the sprint are running too (steps at 2.8–2.9 steps/s); their
        // commitment is less sure than the fusion's: a window whose steps the detector misses
        // (the smaller first strides) falls to rule 6 (faster than 2.2 m/s without gait:
        // driving) and restarts the 5 s hold, which a 15 s sprint can barely afford (seeds 4, 6
        // and 11 of 1–20 commit running in only 1–3 of the 6 steady windows).
        #expect(rules.share("sprint") { $0.result.activity == .running } >= 0.8)
    }

    /// A run like the sprint, 60 s long, with the phone in a trouser pocket. The thigh's sharper
    /// impacts make the window rougher than the step detector's plain vibration limit (roughness
    /// about 1.9 against 1.8; MotionSense's pocket joggers: 1.96–2.25), but the running body moves
    /// vigorously (spread above 0.08 g), so the vibration rule allows it and the steps are found:
    /// the fusion says running (speed +2 and cadence +2) and the rules say running from the steps.
    /// Before the vigorous allowance no step was found, the fusion said running with low
    /// confidence and the rules said driving (rule 6, faster than 2.2 m/s without gait).
    @Test(arguments: seeds) func eARunWithThePhoneInATrouserPocketIsRunning(seed: UInt64) throws {
        let session = SimulatedSession(
            phases: [
                SessionPhase(
                    .running, duration: 60, motion: .gait(Gait(.running, speed: 4.5)), placement: .trouserPocket,
                    speed: 4.5, speedVariation: 0.15, steady: "run", settle: 7.5),
                SessionPhase(
                    .stationary, duration: 30, motion: .still(Stillness()), placement: .trouserPocket, speed: 0,
                    steady: "stop", settle: 12),
            ], seed: seed, name: "run-trouser-pocket")
        let fused = try DetectorRun(session, classifier: .voteFusion(fusion))
        print(fused.summary("run"))
        #expect(fused.share("run") { $0.result.evidence.cadence ?? 0 > 2.5 } >= 0.8)
        #expect(fused.committedShare("run", .running) >= 0.8)
        #expect(fused.share("run") { $0.result.activity == .running && $0.result.confidence >= .medium } >= 0.8)
        let rules = try DetectorRun(session, classifier: .rules(FeatureRuleClassifier()))
        print(rules.summary("run"))
        print(rules.summary("stop"))
        #expect(rules.share("run") { $0.result.activity == .running } >= 0.8)
        #expect(rules.committedShare("run", .running) >= 0.8)
        #expect(rules.committedShare("stop", .stationary) >= 0.9)
    }

    @Test(arguments: seeds) func fAWalkWithoutGPSIsWalkingWithMediumConfidence(seed: UInt64) throws {
        let run = try DetectorRun(Scenario.carParkWalk(seed: seed), classifier: .voteFusion(fusion))
        print(run.summary("walk"))
        // Speed −1 on every fix: no speed vote; cadence (+2) and variance (+1) give walking, 3, medium.
        #expect(run.decisions.allSatisfy { $0.result.evidence.speed == nil })
        #expect(run.committedShare("walk", .walking) >= 0.9)
        #expect(run.share("walk") { $0.result.activity == .walking && $0.result.confidence == .medium } >= 0.8)
    }

    @Test(arguments: seeds) func gCyclingNeedsTheSystemsReportOrThePedallingRule(seed: UInt64) throws {
        let session = Scenario.cycling(seed: seed)
        let ride = try #require(session.steadySpan("ride"))
        #expect(session.steadySpan("fast") != nil)
        #expect(
            session.groundSpeed.indices.allSatisfy { row in
                let t = Double(row) / session.sampleRate
                return !ride.contains(start: t, end: t) || session.groundSpeed[row] <= 6
            })
        // The fusion alone never says cycling. At 5.3 m/s the speed votes running (+2); no steps
        // vote driving (+1) and the smooth jersey pocket (σ ≈ 0.13 g, 0.017 g²) driving (+1): a
        // tie, unknown. Above 6 m/s the speed votes driving (+3): driving.
        let alone = try DetectorRun(session, classifier: .voteFusion(fusion), reports: false)
        print(alone.summary("ride"))
        print(alone.summary("fast"))
        #expect(alone.decisions.allSatisfy { $0.result.activity != .cycling && $0.committed != .cycling })
        #expect(alone.committedShare("fast", .driving) >= 0.9)
        // With the system's cycling report (.withCycling: cycling +3): cycling at 5.3 m/s; above
        // 6 m/s driving still wins (3 + 1 + 1 against 3).
        let heard = try DetectorRun(session, classifier: .voteFusion(.hearing(.withCycling)))
        print(heard.summary("ride"))
        print(heard.summary("fast"))
        #expect(heard.committedShare("ride", .cycling) >= 0.8)
        #expect(heard.committedShare("fast", .driving) >= 0.9)
        // The feature rules see the pedalling (periodic, no steps, σ ≥ 0.08 g, 0.8–1.2 turns/s) at
        // any speed.
        let rules = try DetectorRun(session, classifier: .rules(FeatureRuleClassifier()))
        print(rules.summary("ride"))
        print(rules.summary("fast"))
        #expect(rules.committedShare("ride", .cycling) >= 0.9)
        #expect(rules.committedShare("fast", .cycling) >= 0.8)
    }

    /// Pedalling as strong as HuGaDB's thigh sensors (σ ≈ 0.3 g, a phone in a trouser pocket):
    /// the variance now votes walking, so the fusion alone says running at 5.3 m/s (2 against 1
    /// and 1, low confidence), the design's "running at 6 m/s"; the rules still say cycling.
    @Test(arguments: seeds) func gStrongPedallingIsRunningToTheFusionAndCyclingToTheRules(seed: UInt64) throws {
        let session = SimulatedSession(
            phases: [
                SessionPhase(
                    .cycling, duration: 120, motion: .pedalling(Pedalling(bodyDeviation: 0.3)),
                    placement: .trouserPocket, speed: 5.3, speedVariation: 0.2, maximumSpeed: 5.8,
                    steady: "ride", settle: 20)
            ], seed: seed, name: "cycling-trouser-pocket")
        let alone = try DetectorRun(session, classifier: .voteFusion(fusion))
        print(alone.summary("ride"))
        #expect(alone.committedShare("ride", .running) >= 0.8)
        #expect(alone.share("ride") { $0.result.activity == .running && $0.result.confidence == .low } >= 0.8)
        let rules = try DetectorRun(session, classifier: .rules(FeatureRuleClassifier()))
        print(rules.summary("ride"))
        #expect(rules.committedShare("ride", .cycling) >= 0.9)
    }

    /// KNOWN GAP (asserted as the library behaves, not as the design hopes): the rules claim
    /// pedalling only below 1.2 turns/s, so a rider at 81 rpm (1.35 Hz, inside HuGaDB's
    /// 67–90 rpm) is not cycling to them at any speed; at 5.3 m/s they say driving (rule 6:
    /// faster than walking, no gait) or walking (when the window holds four pedal strokes that
    /// the step detector takes for steps).
    @Test(arguments: seeds) func gPedallingAbove72RpmIsNotCyclingToTheRules(seed: UInt64) throws {
        let session = SimulatedSession(
            phases: [
                SessionPhase(
                    .cycling, duration: 120, motion: .pedalling(Pedalling(crankRate: 1.35)), placement: .jerseyPocket,
                    speed: 5.3, speedVariation: 0.2, maximumSpeed: 5.8, steady: "ride", settle: 20)
            ], seed: seed, name: "cycling-81rpm")
        let rules = try DetectorRun(session, classifier: .rules(FeatureRuleClassifier()))
        print(rules.summary("ride"))
        #expect(rules.committedShare("ride", .cycling) <= 0.1)
    }

    @Test(arguments: seeds) func hATreadmillWalkIsWalkingWithHighConfidenceAtZeroSpeed(seed: UInt64) throws {
        let run = try DetectorRun(Scenario.treadmillWalk(seed: seed), classifier: .voteFusion(fusion))
        print(run.summary("walk"))
        let speeds = run.steady("walk").compactMap(\.result.evidence.speed).sorted()
        #expect(!speeds.isEmpty && speeds[speeds.count / 2] < 0.5)
        #expect(speeds.allSatisfy { $0 < 2.2 })
        #expect(run.committedShare("walk", .walking) >= 0.9)
        #expect(run.share("walk") { $0.result.activity == .walking && $0.result.confidence == .high } >= 0.8)
    }

    @Test(arguments: seeds) func theCommuteWalksDrivesThroughTheJamAndWalks(seed: UInt64) throws {
        let run = try DetectorRun(Scenario.commute(seed: seed), classifier: .voteFusion(.hearing(.trafficJam)))
        let expected: [(String, ActivityType)] = [
            ("walk to the car", .walking), ("drive", .driving), ("jam", .driving), ("drive on", .driving),
            ("walk to the office", .walking),
        ]
        for (span, activity) in expected {
            print(run.summary(span))
            #expect(run.committedShare(span, activity) >= 0.9, "\(span)")
        }
        // One trip: into driving once, out of it once.
        let transitions = run.decisions.flatMap(\.transitions)
        #expect(transitions.filter { $0.activity == .driving && $0.kind == .enter }.count == 1)
        #expect(transitions.filter { $0.activity == .driving && $0.kind == .exit }.count == 1)
    }
}
