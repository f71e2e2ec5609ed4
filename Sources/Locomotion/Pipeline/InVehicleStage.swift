/// The in-vehicle stage of ``ActivityPipeline``, after the temporal model: the one place where the
/// in-vehicle state lives (``InVehicleOptions``).
///
/// It sees every motion sample the feature stage sees (``append(time:x:y:z:)``) and turns them into
/// ``VehicleEvidence`` windows (10 s every 1 s by default), which ``InVehicleStateMachine`` decides.
/// The smoothed results wait here (``take(_:)``) until the decision at their centre is final — the
/// state machine dates a ride back to the start of the evidence that confirmed it and a walk back
/// to its first steps, at most ``InVehicleStateMachine/Configuration/revisionWindowLimit`` windows
/// — and then come out (``release(into:stopped:)``) with the vehicle's verdict applied. The
/// decision standing for a result is the first evidence window that ends at or after the result's
/// centre (after the last window, the last one's; with none, outside).
///
/// Everything depends only on the sequence of samples and results, never on how they were split
/// into calls, so whole recordings, chunks and live events agree. Memory: the results of about
/// a window plus the revision span (about 70 s by default: 30 s of entering evidence and up to
/// 30 s of seated time before it) and as many decisions; no allocation per sample in steady
/// state.
@_spi(Testing) public struct InVehicleStage: Sendable {
    let options: InVehicleOptions
    private var evidence: VehicleEvidence
    private var machine: InVehicleStateMachine
    /// Decisions, oldest first; those before `firstDecision` stand for no result any more.
    private var decisionEnds: [Double] = []
    private var decisionInVehicle: [Bool] = []
    private var decisionStopped: [Bool] = []
    private var firstDecision = 0
    /// Results waiting for their decision, and whether each window's driving rests on something
    /// other than the accelerometer (filled ahead of the results, one per classified window).
    private var held: [ActivityResult] = []
    private var heldExternal: [Bool] = []
    private var firstHeld = 0
    private var finished = false
    private static let compactionThreshold = 1024
    /// The run of valid GPS fixes at ``InVehicleOptions/drivingSpeed`` or more: how many in a row,
    /// and the times of the first and the newest.
    private var fastFixCount = 0
    private var firstFastFixTime = Double.infinity
    private var lastFastFixTime = -Double.infinity
    /// Whether a very slow walker's confirmed rhythm stands at the next sample: the evidence windows
    /// that end while it does count as on foot (``InVehicleStateMachine/update(_:onFootHint:movingFast:)``),
    /// so such a walk neither enters a ride nor stays in one; a sustained vehicle speed
    /// (``InVehicleOptions/drivingSpeed``) outweighs it. The activity pipeline sets it before
    /// each sample when ``RecordingAnalysis/Options/walkerRhythmInVehicleStage`` is on
    /// (`WalkerRhythmEvidence.isOnFootForVehicleStage(at:rhythm:)`); `false` leaves the stage as it was.
    @_spi(Testing) public var walkerOnFoot = false

    /// Prepares the stage for acceleration with gravity (`gravityIncluded`) or without.
    ///
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for options out of range.
    @_spi(Testing) public init(options: InVehicleOptions, gravityIncluded: Bool) throws(LocomotionError) {
        try options.validate()
        self.options = options
        evidence = try VehicleEvidence(gravityIncluded: gravityIncluded, configuration: options.evidence)
        machine = try InVehicleStateMachine(configuration: options.state)
        let capacity = 2 * Self.compactionThreshold
        decisionEnds.reserveCapacity(capacity)
        decisionInVehicle.reserveCapacity(capacity)
        decisionStopped.reserveCapacity(capacity)
        held.reserveCapacity(capacity)
        heldExternal.reserveCapacity(capacity)
    }

    /// Whether the person is inside a vehicle after the newest evidence window (the live estimate;
    /// a ride is entered after the sustained evidence, and dated back only in the final results).
    @_spi(Testing) public var inVehicle: Bool { machine.inVehicle }

    /// Takes one motion sample (in g, the pipeline's samples in their order).
    ///
    /// - Throws: ``LocomotionError/Code/timeGoesBackwards`` for a time before the previous one.
    @_spi(Testing) public mutating func append(time: Double, x: Double, y: Double, z: Double) throws(LocomotionError) {
        // The windows go to locals so that the evidence and they are not both borrowed from self. Most
        // samples complete no window and nearly all others one; only after a gap or between sparse
        // samples are there more, and only then is there a list.
        var first: VehicleEvidenceWindow?
        var more: [VehicleEvidenceWindow]?
        try evidence.append(time: time, x: x, y: y, z: z) { window in
            if first == nil {
                first = window
            } else {
                more = (more ?? []) + [window]
            }
        }
        guard let first else { return }
        decide(first)
        for window in more ?? [] { decide(window) }
    }

    /// Takes a GPS fix (the pipeline's fixes in their order): a valid speed of
    /// ``InVehicleOptions/drivingSpeed`` or more extends the run of fast fixes, a valid slower one
    /// ends it; a fix without a valid speed, or with a noisy one, changes nothing.
    @_spi(Testing) public mutating func append(fix: LocationFix) {
        guard fix.time.isFinite, fix.speedValidity() == .valid, let speed = fix.validSpeed else { return }
        if speed >= options.drivingSpeed {
            if fastFixCount > 0 && abs(fix.time - lastFastFixTime) <= options.drivingSpeedHold {
                fastFixCount += 1
                firstFastFixTime = min(firstFastFixTime, fix.time)
                lastFastFixTime = max(lastFastFixTime, fix.time)
            } else {
                fastFixCount = 1
                firstFastFixTime = fix.time
                lastFastFixTime = fix.time
            }
        } else {
            fastFixCount = 0
            firstFastFixTime = .infinity
            lastFastFixTime = -.infinity
        }
    }

    /// Whether a sustained vehicle speed stands at `time`: fast fixes in a row spanning
    /// ``InVehicleOptions/sustainedSpeedDuration`` or more, the newest at most
    /// ``InVehicleOptions/drivingSpeedHold`` before `time` (or after it: a fix that arrived with a
    /// later sample).
    private func movingFast(at time: Double) -> Bool {
        fastFixCount >= 2 && lastFastFixTime - firstFastFixTime >= options.sustainedSpeedDuration
            && time - lastFastFixTime <= options.drivingSpeedHold
    }

    /// Notes a classified window: whether its driving (if any) rests on a GPS speed or an
    /// operating-system report rather than on the accelerometer.
    mutating func noteWindow(externallyDriving: Bool) {
        heldExternal.append(externallyDriving)
    }

    /// Takes the next smoothed result (one per noted window, in order).
    mutating func take(_ result: ActivityResult) {
        held.append(result)
    }

    /// Ends the samples: the last evidence windows are decided and every decision is final.
    mutating func finish() {
        var windows: [VehicleEvidenceWindow] = []
        evidence.finish { windows.append($0) }
        for window in windows { decide(window) }
        if let decision = machine.finishRecording(), let last = decisionEnds.indices.last {
            decisionInVehicle[last] = true
            decisionStopped[last] = decision.isStoppedInVehicle
            apply(decision, to: last)
        }
        finished = true
    }

    /// Appends every held result whose decision is final, with the verdict applied, to `results`,
    /// and whether it is a stop inside a ride to `stopped`.
    mutating func release(into results: inout [ActivityResult], stopped: inout [Bool]) {
        let finalCount =
            finished ? decisionEnds.count : max(0, decisionEnds.count - options.state.revisionWindowLimit)
        while firstHeld < held.count {
            var result = held[firstHeld]
            let centre = (result.start + result.end) / 2
            while firstDecision < decisionEnds.count && decisionEnds[firstDecision] < centre { firstDecision += 1 }
            var inside = false
            var isStop = false
            if firstDecision < decisionEnds.count {
                guard firstDecision < finalCount else { break }
                inside = decisionInVehicle[firstDecision]
                isStop = decisionStopped[firstDecision]
            } else {
                guard finished else { break }
                if let last = decisionEnds.indices.last {
                    inside = decisionInVehicle[last]
                    isStop = decisionStopped[last]
                }
            }
            if inside {
                result.activity = .driving
            } else if result.activity == .driving && !heldExternal[firstHeld] {
                result.activity = Self.besideDriving(result)
            }
            results.append(result)
            stopped.append(inside && isStop)
            firstHeld += 1
        }
        compact()
    }

    /// The activity a result the accelerometer alone called driving has outside a vehicle: the
    /// most probable other one when the classifier gave probabilities, else stationary (a ride's
    /// look-alike is a person sitting still or shifting).
    static func besideDriving(_ result: ActivityResult) -> ActivityType {
        guard let probabilities = result.probabilities else { return .stationary }
        var best = ActivityType.stationary
        for activity in ActivityType.decidable where activity != .driving {
            if probabilities[activity] > probabilities[best] { best = activity }
        }
        return best
    }

    private mutating func decide(_ window: VehicleEvidenceWindow) {
        let fast = movingFast(at: window.endTime)
        // A walker at 50 steps/min covers under 1 m/s: a sustained vehicle speed outweighs the rhythm.
        let decision = machine.update(window, onFootHint: walkerOnFoot && !fast, movingFast: fast)
        decisionEnds.append(window.endTime)
        decisionInVehicle.append(decision.inVehicle)
        decisionStopped.append(decision.isStoppedInVehicle)
        apply(decision, to: decisionEnds.count - 1)
    }

    /// Gives the `decision.revisedWindowCount` decisions before `last` the state of `decision`.
    private mutating func apply(_ decision: InVehicleDecision, to last: Int) {
        for back in stride(from: 1, through: decision.revisedWindowCount, by: 1) where last - back >= firstDecision {
            decisionInVehicle[last - back] = decision.inVehicle
            if !decision.inVehicle { decisionStopped[last - back] = false }
        }
    }

    /// Drops what no result needs any more, in place (no allocation).
    private mutating func compact() {
        if firstHeld >= Self.compactionThreshold {
            held.removeFirst(firstHeld)
            heldExternal.removeFirst(firstHeld)
            firstHeld = 0
        }
        if firstDecision >= Self.compactionThreshold {
            // The newest decision stays: it stands for the results after the last window.
            let dropped = min(firstDecision, decisionEnds.count - 1)
            decisionEnds.removeFirst(dropped)
            decisionInVehicle.removeFirst(dropped)
            decisionStopped.removeFirst(dropped)
            firstDecision -= dropped
        }
    }
}
