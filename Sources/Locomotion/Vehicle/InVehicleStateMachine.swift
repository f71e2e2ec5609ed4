/// A two-state machine (outside / inside a vehicle) over ``VehicleEvidenceWindow``s, in which a
/// stop stays inside the ride.
///
/// - **Entering** takes ``Configuration/enterWindows`` consecutive windows of which at least
///   ``Configuration/enterFraction`` are vehicle-like and none on foot (and, when
///   ``Configuration/enterShakeRatio`` is set, whose within-second shake is not a handled
///   phone's), whose vehicle-like windows do not shake in bursts that tilt the phone
///   (``Configuration/enterShakeVariation``, ``Configuration/enterBurstShakeRatio``; 30 s by default: longer
///   than a postural transition, a stumble or a dropped phone, and short enough that a ride is
///   recognised within a minute). The ride is dated back to the first of those windows, and
///   further over the quiet or vehicle-like windows just before them, at most
///   ``Configuration/entryLookbackWindows``: nothing on foot separates them from the ride, so the
///   person was already seated (a car waiting to pull out, a bus at its first stop).
/// - **Inside**, quiet windows are stops (``InVehicleDecision/isStoppedInVehicle``); a stop does
///   not end the ride.
/// - **Leaving** takes ``Configuration/exitOnFootWindows`` on-foot windows among the last
///   ``Configuration/exitSpanWindows`` (dated back to the first of them), or
///   ``Configuration/stillExitWindows`` quiet windows in a row (parked: longer than a traffic
///   signal cycle or a station dwell), or a gap in the data of ``Configuration/gapExitDuration``
///   or more; windows before such a gap never count towards entering.
///
/// - **A recording shorter than the entering evidence** (fewer than ``Configuration/enterWindows``
///   windows since its start or its last long gap, but at least
///   ``Configuration/shortRecordingMinimumWindows``) is a ride when it ends
///   (``finishRecording()``) with at least ``Configuration/enterFraction`` of its windows
///   vehicle-like and none on foot: the same evidence as entering, over all there is. A 20 s log of
///   a drive could otherwise never be a ride.
/// - **A sustained GPS speed** of a vehicle (``update(_:onFootHint:movingFast:)``, `movingFast`)
///   makes a quiet window vehicle-like (a smooth ride, not a stop), and enters the ride at once
///   when none of the last ``Configuration/exitSpanWindows`` windows is on foot (dated back over
///   the quiet or vehicle-like windows before it, as for the accelerometer's evidence). It never
///   outweighs an on-foot window or `onFootHint`: a cyclist reaches a car's town speed too.
///
/// Feed windows in time order with ``update(_:onFootHint:movingFast:)``. Complexity O(enterWindows) per
/// window; no allocation after `init`. A value type; not for concurrent mutation.
public struct InVehicleStateMachine: Sendable {
    /// Parameters of the state machine; the defaults are the documented, evaluated ones.
    public struct Configuration: Sendable, Hashable {
        /// Windows of sustained evidence needed to enter (default 30, i.e. 30 s at a 1 s hop).
        public var enterWindows = 30
        /// Share of those windows that must be vehicle-like (default 0.95).
        public var enterFraction = 0.95
        /// Most windows before the entering evidence that a ride is dated back over when none of
        /// them is on foot or unknown (default 30, i.e. 30 s: a car waiting to pull out). Each
        /// window of it adds one to ``revisionWindowLimit``, the delay of final decisions.
        public var entryLookbackWindows = 30
        /// Span of recent windows looked at for leaving on foot (default 14).
        public var exitSpanWindows = 14
        /// On-foot windows within that span that end the ride (default 13). A single jolt (a
        /// pothole, the phone picked up) makes every evidence window that holds it on foot, about
        /// windowDuration / hop + 1 = 11 in a row by default; 13 of 14 takes gait that lasts
        /// beyond one window.
        public var exitOnFootWindows = 13
        /// Fewest windows a recording shorter than ``enterWindows`` needs to be judged whole at its
        /// end (``InVehicleStateMachine/finishRecording()``; default 10, i.e. 19 s of samples with
        /// 10 s windows every 1 s). 0 turns the rule off. At most `enterWindows`.
        public var shortRecordingMinimumWindows = 10
        /// Quiet windows in a row that end the ride (default 300, i.e. 5 min at a 1 s hop).
        public var stillExitWindows = 300
        /// Duration of a gap in the data that ends the ride, in seconds (default 300 s).
        public var gapExitDuration = 300.0
        /// Most within-second horizontal shake, as a multiple of the vertical shake, that the
        /// vehicle-like windows entering a ride may hold together (root of the ratio of their summed
        /// squares, ``VehicleEvidenceWindow/horizontalShake`` over
        /// ``VehicleEvidenceWindow/verticalShake``; default 0, off; 2 is the measured setting). A
        /// vehicle shakes a phone through
        /// its floor and seat vertically at least as much as horizontally (measured: 0.8–1.8 in the
        /// median window of cars, buses, trams, trains and a metro); a phone turned or fidgeted in a
        /// hand tilts, which moves the acceleration horizontally by the angle and vertically by only
        /// its square (2–3.5 in resting minutes of walking and still logs and in a lab's postural
        /// transitions). Windows without the measure (gravity removed) do not count. Off by
        /// default: a simulated passenger holding the phone in a moving car shakes it across the
        /// vertical more than twice as much, and would not enter a ride.
        public var enterShakeRatio = 0.0
        /// Median ``VehicleEvidenceWindow/shakeVariation`` of the vehicle-like windows entering a
        /// ride (and of a short recording's, ``InVehicleStateMachine/finishRecording()``) at or
        /// above which they do not enter when their shake also tilts the phone
        /// (``enterBurstShakeRatio``; default 0.7; 0 turns the check off). A moving vehicle shakes
        /// a phone steadily from one second to the next (median window of cars, buses, trams,
        /// trains and a metro: 0.27–0.63); a phone at rest in a hand, a pocket or on a belt shakes
        /// in bursts — a reach, a turn in the hand, a postural transition — between still seconds
        /// (0.8–1.0 in the false rides of resting minutes of still logs and of a lab's
        /// transitions). Windows without the measure (NaN) do not count; none measured allows.
        public var enterShakeVariation = 0.7
        /// Within-second horizontal shake, as a multiple of the vertical shake, of the vehicle-like
        /// windows entering a ride (root of the ratio of their summed squares, as
        /// ``enterShakeRatio`` takes it) at or below which bursts (``enterShakeVariation``) do
        /// not keep them out (default 1.5). A town bus's stop-and-go shakes in bursts too, but
        /// through its floor, vertically (0.9–1.2 in the median window of cars, buses and
        /// trams); a resting hand's bursts tilt the phone, which moves it across the vertical
        /// (2.1–2.5 in the false rides). Without gravity (no vertical measured) bursts alone
        /// decide. 0 lets bursts alone decide with gravity too.
        public var enterBurstShakeRatio = 1.5
        /// Pooled r.m.s. (``VehicleEvidenceWindow/dynamicRMS``) of the vehicle-like windows
        /// without a known vertical (gravity removed) entering a ride below which their sub-hertz
        /// motion must stand out of their within-second shake (``enterSubHertzToShake``), in g
        /// (default 0.08 g). Weak motion that is only noise is not a vehicle: the package's
        /// Algorithms documentation (vehicle section) and `enterSubHertzToShake` say why.
        public var enterNoiseRMS = 0.08
        /// Least ratio of sub-hertz motion to within-second shake, squares summed over the
        /// vehicle-like windows without a known vertical that enter a ride (and a short recording's,
        /// ``InVehicleStateMachine/finishRecording()``), when their pooled r.m.s. is below
        /// ``enterNoiseRMS`` (default 0.4; 0 turns the check off). The shake is the r.m.s. about the
        /// one-second means, `sqrt(dynamicRMS² − subHertzMotion²)`. Motion without a time
        /// structure — sensor noise, the error of a fused gravity estimate, a person at rest —
        /// gives one-second means that vary only as much as averaging ten 0.1 s cells leaves of it,
        /// a ratio of 1/3 (median 0.35–0.41 in the vehicle-like windows of false rides of a lab's
        /// resting minutes and of people standing with a pocketed phone, linear acceleration from
        /// a gyroscope filter); a vehicle speeds up, brakes, turns and sways for seconds at a time
        /// (median window 0.76–1.9 in cars, buses, trains, trams and a metro without gravity). A
        /// rough road shakes within the second about as white noise does (median 0.36), but
        /// strongly, which is why the check keeps to weak motion. Chosen leaving one source out
        /// with ``enterNoiseRMS`` (docs/Accuracy.md, "In a vehicle: noise is not a ride"). With
        /// gravity (vertical known) the check does not apply.
        public var enterSubHertzToShake = 0.4

        /// The default configuration.
        public init() {}

        /// The most windows a decision revises:
        /// `max(enterWindows + entryLookbackWindows, exitSpanWindows) - 1`.
        public var revisionWindowLimit: Int { max(enterWindows + entryLookbackWindows, exitSpanWindows) - 1 }

        /// Checks every parameter.
        ///
        /// - Throws: ``LocomotionError/Code/invalidParameter`` naming the first one out of range.
        public func validate() throws(LocomotionError) {
            func check(_ ok: Bool, _ name: String, _ value: String, _ requirement: String) throws(LocomotionError) {
                if !ok { throw .invalidParameter(name: name, value: value, requirement: requirement) }
            }
            try check(
                (1...100_000).contains(enterWindows), "enterWindows", "\(enterWindows)", "it must be in 1...100000")
            try check(
                enterFraction.isFinite && enterFraction > 0 && enterFraction <= 1, "enterFraction", "\(enterFraction)",
                "it must be finite, above 0 and at most 1")
            try check(
                (0...100_000).contains(entryLookbackWindows), "entryLookbackWindows", "\(entryLookbackWindows)",
                "it must be in 0...100000")
            try check(
                (1...100_000).contains(exitSpanWindows), "exitSpanWindows", "\(exitSpanWindows)",
                "it must be in 1...100000")
            try check(
                (1...exitSpanWindows).contains(exitOnFootWindows), "exitOnFootWindows", "\(exitOnFootWindows)",
                "it must be in 1...exitSpanWindows")
            try check(
                (0...enterWindows).contains(shortRecordingMinimumWindows), "shortRecordingMinimumWindows",
                "\(shortRecordingMinimumWindows)", "it must be in 0...enterWindows")
            try check(stillExitWindows >= 1, "stillExitWindows", "\(stillExitWindows)", "it must be at least 1")
            try check(
                gapExitDuration.isFinite && gapExitDuration > 0, "gapExitDuration", "\(gapExitDuration)",
                "it must be finite and positive (s)")
            for (name, value) in [
                ("enterShakeRatio", enterShakeRatio), ("enterShakeVariation", enterShakeVariation),
                ("enterBurstShakeRatio", enterBurstShakeRatio), ("enterNoiseRMS", enterNoiseRMS),
                ("enterSubHertzToShake", enterSubHertzToShake),
            ] {
                try check(value.isFinite && value >= 0, name, "\(value)", "it must be finite and at least 0")
            }
        }
    }

    /// The configuration in use.
    public let configuration: Configuration
    /// Whether the person is inside a vehicle after the last window.
    public private(set) var inVehicle = false
    /// Windows seen so far.
    public private(set) var windowCount = 0

    private var kinds: [VehicleWindowKind]
    /// Squared within-second shakes of the recent windows (vertical, horizontal; 0 when not
    /// measured), in the ring order of `kinds`. Internal for InVehicleStateMachine+Shake.swift.
    var verticalShakes: [Double]
    var horizontalShakes: [Double]
    /// ``VehicleEvidenceWindow/shakeVariation`` of the recent windows, in the ring order of
    /// `kinds`, and room to take their median (InVehicleStateMachine+Shake.swift).
    var shakeVariations: [Double]
    var medianScratch: [Double]
    /// Squared ``VehicleEvidenceWindow/dynamicRMS`` and ``VehicleEvidenceWindow/subHertzMotion``
    /// of the recent windows without a known vertical (NaN for the others), in the ring order of
    /// `kinds` (InVehicleStateMachine+Noise.swift).
    var squaredRMS: [Double]
    var squaredSubHertz: [Double]
    private var quietRun = 0
    private var windowsSinceLongGap = 0
    private var lastEndTime = Double.nan

    /// Creates a state machine that starts outside a vehicle.
    ///
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a parameter out of range.
    public init(configuration: Configuration = Configuration()) throws(LocomotionError) {
        try configuration.validate()
        self.configuration = configuration
        kinds = Array(repeating: .unknown, count: configuration.revisionWindowLimit + 1)
        verticalShakes = Array(repeating: .nan, count: kinds.count)
        horizontalShakes = Array(repeating: .nan, count: kinds.count)
        shakeVariations = Array(repeating: .nan, count: kinds.count)
        medianScratch = Array(repeating: 0, count: kinds.count)
        squaredRMS = Array(repeating: .nan, count: kinds.count)
        squaredSubHertz = Array(repeating: .nan, count: kinds.count)
    }

    /// Decides the window `window`.
    ///
    /// - Parameters:
    ///   - window: the next evidence window, in time order.
    ///   - onFootHint: `true` when another detector (the per-window activity classifier) says the
    ///     person walks, runs or cycles in this window; counted as an on-foot window.
    ///   - movingFast: `true` when a sustained GPS speed says the phone moves at a vehicle's speed
    ///     at the end of this window (`InVehicleStage` decides it from the fixes); the window then
    ///     counts as vehicle-like unless it is on foot or `onFootHint` is set.
    /// - Returns: the state at the end of the window, and how many earlier windows it revises.
    public mutating func update(
        _ window: VehicleEvidenceWindow, onFootHint: Bool = false, movingFast: Bool = false
    ) -> InVehicleDecision {
        let c = configuration
        // Evidence from before a long gap neither enters a ride nor is dated into one, whatever the speed.
        let longGap = window.kind == .unknown && window.duration >= c.gapExitDuration
        // A cyclist reaches a car's town speed too: the speed vouches only for windows nothing calls on foot.
        let speedVouches = movingFast && !longGap && !onFootHint && window.kind != .onFoot
        let kind: VehicleWindowKind = speedVouches ? .vehicleLike : onFootHint ? .onFoot : window.kind
        kinds[windowCount % kinds.count] = kind
        verticalShakes[windowCount % kinds.count] = window.verticalShake * window.verticalShake
        horizontalShakes[windowCount % kinds.count] = window.horizontalShake * window.horizontalShake
        shakeVariations[windowCount % kinds.count] = window.shakeVariation
        // Without a known vertical the evidence measures no vertical or horizontal shake (both 0).
        let verticalUnknown = window.verticalShake == 0 && window.horizontalShake == 0
        squaredRMS[windowCount % kinds.count] = verticalUnknown ? window.dynamicRMS * window.dynamicRMS : .nan
        squaredSubHertz[windowCount % kinds.count] =
            verticalUnknown ? window.subHertzMotion * window.subHertzMotion : .nan
        windowCount += 1
        lastEndTime = window.endTime
        let wasInside = inVehicle
        var revised = 0
        windowsSinceLongGap = longGap ? 0 : windowsSinceLongGap + 1
        if !inVehicle {
            if speedVouches && !onFoot(inLast: c.exitSpanWindows) {
                // The speed confirms the ride: dated back over the seated time before it.
                inVehicle = true
                quietRun = 0
                revised = seatedWindows(before: 1, atMost: c.revisionWindowLimit)
            } else if windowsSinceLongGap >= c.enterWindows {
                var vehicleLike = 0
                var onFoot = false
                for back in 0..<c.enterWindows {
                    switch recent(back) {
                    case .vehicleLike: vehicleLike += 1
                    case .onFoot: onFoot = true
                    default: break
                    }
                }
                if !onFoot && Double(vehicleLike) >= c.enterFraction * Double(c.enterWindows)
                    && shakeAllowsEntry(overLast: c.enterWindows) && steadyShakeAllowsEntry(overLast: c.enterWindows)
                    && motionIsNotNoise(overLast: c.enterWindows)
                {
                    inVehicle = true
                    quietRun = 0
                    revised = c.enterWindows - 1 + seatedWindows(before: c.enterWindows, atMost: c.entryLookbackWindows)
                }
            }
        } else {
            quietRun = kind == .quiet ? quietRun + 1 : 0
            let span = min(c.exitSpanWindows, windowCount)
            var onFootCount = 0
            var oldestOnFoot = -1
            for back in 0..<span where recent(back) == .onFoot {
                onFootCount += 1
                oldestOnFoot = back
            }
            if onFootCount >= c.exitOnFootWindows {
                inVehicle = false
                revised = oldestOnFoot
            } else if quietRun >= c.stillExitWindows || longGap {
                inVehicle = false
            }
        }
        return InVehicleDecision(
            endTime: window.endTime, inVehicle: inVehicle, isStoppedInVehicle: inVehicle && kind == .quiet,
            revisedWindowCount: revised, isTransition: inVehicle != wasInside)
    }

    /// Ends the recording: a recording too short to have entered a ride (fewer than
    /// ``Configuration/enterWindows`` windows since its start or its last long gap, at least
    /// ``Configuration/shortRecordingMinimumWindows``) whose windows meet the entering evidence —
    /// at least ``Configuration/enterFraction`` vehicle-like, none on foot — is a ride from its
    /// first window.
    ///
    /// - Returns: the decision for the newest window, revising every earlier one, when the rule
    ///   applies; `nil` otherwise (nothing changes). Call once, after the last ``update(_:onFootHint:movingFast:)``.
    ///   Complexity O(enterWindows).
    public mutating func finishRecording() -> InVehicleDecision? {
        let c = configuration
        let count = windowsSinceLongGap
        guard !inVehicle, c.shortRecordingMinimumWindows > 0, count >= c.shortRecordingMinimumWindows,
            count < c.enterWindows
        else { return nil }
        var vehicleLike = 0
        for back in 0..<count {
            switch recent(back) {
            case .vehicleLike: vehicleLike += 1
            case .onFoot: return nil
            default: break
            }
        }
        guard Double(vehicleLike) >= c.enterFraction * Double(count), shakeAllowsEntry(overLast: count),
            steadyShakeAllowsEntry(overLast: count), motionIsNotNoise(overLast: count)
        else {
            return nil
        }
        inVehicle = true
        return InVehicleDecision(
            endTime: lastEndTime, inVehicle: true, isStoppedInVehicle: recent(0) == .quiet,
            revisedWindowCount: count - 1,
            isTransition: true)
    }

    /// Whether any of the last `count` windows (this one included) is on foot.
    private func onFoot(inLast count: Int) -> Bool {
        for back in 0..<min(count, windowCount) where recent(back) == .onFoot { return true }
        return false
    }

    /// How many quiet or vehicle-like windows lie just before the `first` newest ones (at most
    /// `limit`, never across a long gap): seated time before the evidence of a ride.
    private func seatedWindows(before first: Int, atMost limit: Int) -> Int {
        var count = 0
        while count < limit && first + count < windowsSinceLongGap {
            let kind = recent(first + count)
            guard kind == .quiet || kind == .vehicleLike else { break }
            count += 1
        }
        return count
    }

    /// Calls `body` with the ring slot of each vehicle-like window among the last `count` (this one
    /// included), newest first. Internal for the extensions; no allocation.
    func forEachVehicleLikeSlot(overLast count: Int, _ body: (Int) -> Void) {
        for back in 0..<min(count, windowCount) where recent(back) == .vehicleLike {
            body((windowCount - 1 - back) % kinds.count)
        }
    }

    /// The kind of the window `back` windows before the last one. Internal for the extensions.
    func recent(_ back: Int) -> VehicleWindowKind {
        kinds[(windowCount - 1 - back) % kinds.count]
    }
}
