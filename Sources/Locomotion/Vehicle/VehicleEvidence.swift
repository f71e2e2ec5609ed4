@_spi(LocomotionInternals) import LocomotionDSP

/// Long-scale evidence of riding in a vehicle, computed from the accelerometer alone, streaming.
///
/// A vehicle shows itself over tens of seconds: its floor vibrates without rhythm (road, rails,
/// engine), while a person on foot moves with the rhythm of steps and a person at rest barely
/// moves. `VehicleEvidence` turns samples `(time, x, y, z)` into one ``VehicleEvidenceWindow``
/// every ``Configuration/hop`` seconds, over the last ``Configuration/windowDuration`` seconds:
///
/// 1. **A fixed grid.** Samples are averaged in cells of ``Configuration/gridInterval`` (0.1 s,
///    10 Hz), so 5 Hz and 200 Hz recordings give the same kind of signal; the averaging is also
///    the anti-alias filter that keeps heel strikes at 400 Hz from hiding the step rhythm. An
///    empty cell holds the previous cell's value for at most ``Configuration/maximumHold``;
///    later cells are unknown, and so is any window that holds one.
/// 2. **Per window** (mean removed, so a constant gravity and a sensor offset drop out):
///    ``VehicleEvidenceWindow/dynamicRMS``, ``VehicleEvidenceWindow/vibration`` (with gravity:
///    along the window's mean direction, i.e. vertical, which a tilt of the phone changes only to
///    second order) and ``VehicleEvidenceWindow/periodicity`` (autocorrelation peak at 0.3–1.4 s,
///    the step and stride periods of walking and running and the crank period of pedalling).
/// 3. **A class**: on foot when periodic and strong (gravity removed: at the cadence of gait,
///    `gravityRemovedGaitRhythm`, on the principal axis or, where most of the motion is within
///    the second, on the magnitude, `magnitudeGaitRhythm`), violently strong, or (gravity included) vertically stronger
///    than any ride gives a seated passenger and at least as strong horizontally (a bump reaches
///    a passenger through the seat, vertically; gait moves the phone every way), or (gravity
///    removed) moving strongly both over whole seconds and within them, as a carried phone does
///    and a seated passenger's does not (`movesLikeCarriedPhone`); vehicle-like when
///    the vibration is above a moving vehicle's floor and (gravity removed, vertical unknown) the acceleration
///    averaged over whole seconds moves (``VehicleEvidenceWindow/subHertzMotion``: speed changes,
///    turns, sway, which a person at rest does not make); otherwise quiet.
///
/// The thresholds and the physics behind them are in the package's Algorithms documentation
/// (vehicle section); ``InVehicleStateMachine`` turns the windows into an in-vehicle state.
///
/// Input handling: a sample whose time or acceleration is NaN or infinite is skipped and counted
/// in ``skippedNonFiniteSamples``; a time earlier than the previous one throws
/// ``LocomotionError/Code/timeGoesBackwards``; equal times are averaged into the same cell. A gap
/// longer than ``Configuration/windowDuration`` emits one unknown window spanning the gap and
/// restarts the grid at the next sample, so no gap, however long, costs work per second of it.
///
/// Complexity: O(1) amortised per sample, O(window cells × lags) per emitted window; no heap
/// allocation after `init`. A value type: copy it to fork a stream; do not share one instance
/// between threads without synchronisation.
public struct VehicleEvidence: Sendable {
    /// Parameters of the evidence; the defaults are the documented, evaluated ones.
    public struct Configuration: Sendable, Hashable {
        /// Grid cell duration, in seconds (default 0.1 s: 10 Hz, above twice the 1–3 Hz gait band).
        public var gridInterval: Double = 0.1
        /// Window duration, in seconds (default 10 s: several strides, a few vehicle bumps).
        public var windowDuration: Double = 10
        /// Time between windows, in seconds (default 1 s).
        public var hop: Double = 1
        /// Longest time an empty cell holds the previous value, in seconds (default 1 s).
        public var maximumHold: Double = 1
        /// Shortest lag searched for periodicity, in seconds (default 0.3 s: a fast running step).
        public var shortestPeriod: Double = 0.3
        /// Longest lag searched for periodicity, in seconds (default 1.4 s: a slow walking stride).
        public var longestPeriod: Double = 1.4
        /// Vibration at or above which a window is vehicle-like, in g (default 0.008 g).
        public var vehicleVibrationFloor: Double = 0.008
        /// Dynamic RMS at or above which a periodic window is on foot, in g (default 0.12 g).
        public var onFootRMS: Double = 0.12
        /// Periodicity at or above which a strong window is on foot (default 0.4).
        public var onFootPeriodicity: Double = 0.4
        /// Dynamic RMS at or above which a window is on foot whatever its rhythm, in g (default
        /// 0.6 g: more than a road vehicle's floor gives a passenger).
        public var violentRMS: Double = 0.6
        /// Vertical vibration (gravity included) at or above which a window is on foot whatever
        /// its rhythm, in g (default 0.15 g, 1.5 m/s²). A walker's trunk and thighs rise and fall
        /// by a few centimetres at every step, 0.15–0.4 g r.m.s. vertically, and keep doing so in
        /// a 5 Hz log whose steps alias out of the periodicity's lag range; a seated passenger's
        /// vertical vibration stays under 0.1 g (ISO 2631-1 calls 0.8–1.6 m/s² "very
        /// uncomfortable"), so 10 s above it is not a ride. Without gravity the vertical is not
        /// known, and only the periodic and violent rules apply.
        public var onFootVerticalVibration: Double = 0.15
        /// Horizontal motion, as a multiple of the vertical vibration, that the vertical rule
        /// (``VehicleEvidence/Configuration/onFootVerticalVibration``) also needs (gravity included;
        /// default 1). A walker moves the phone forward, back and sideways about as much as up and
        /// down, and more in a pocket or a hand; a bump or a rough stretch of road reaches a
        /// seated passenger through the seat, vertically. The package's Algorithms documentation
        /// (vehicle section) gives the measured ratios. 0 lets vertical vibration alone decide, as
        /// before.
        public var onFootHorizontalRatio: Double = 1
        /// Sub-hertz motion (``VehicleEvidenceWindow/subHertzMotion``) at or above which a window
        /// without a known vertical (gravity removed) can be vehicle-like, in g (default 0.006 g).
        /// Without gravity the vibration is taken on all three axes, and a person sitting or
        /// standing still with a phone reads 0.01–0.03 g there (sensor noise, fusion error, small
        /// movements; above ``VehicleEvidence/Configuration/vehicleVibrationFloor``, which was
        /// set on the vertical axis alone) but stays in place, so the acceleration averaged over a
        /// second is near zero; a vehicle speeds up, slows down, turns and sways on its suspension
        /// at 0.1–1 Hz. With the vertical known this rule does not apply. 0 disables it.
        public var vehicleSubHertzFloor: Double = 0.006
        /// Shortest period of the walking gait band, in seconds (default 0.5 s: a brisk walker's
        /// 2 steps/s). Without gravity (vertical unknown), a rhythm at a shorter lag
        /// (``shortestPeriod`` up to this) counts as on foot only at
        /// ``gravityRemovedShortPeriodicity`` or more: walking steps at 1.4–2.2 Hz, and a brisk
        /// walker's stride lies inside the band too, while a car's seat, suspension and phone mount
        /// ring at 2–4 Hz and their three-axis vibration on a rough road repeats at 0.3–0.4 s with a
        /// periodicity of 0.4–0.55. With gravity this rule does not apply.
        public var gravityRemovedGaitPeriod: Double = 0.5
        /// Periodicity at or above which a strong window without gravity is on foot when its rhythm
        /// is faster than ``gravityRemovedGaitPeriod`` (default 0.6: the steady cadence of running
        /// or pedalling, not a road's ringing).
        public var gravityRemovedShortPeriodicity: Double = 0.6
        /// Autocorrelation at twice the lag of a rhythm at a step's period (from
        /// ``gravityRemovedGaitPeriod`` to ``gravityRemovedLongestStepPeriod``) that a window without
        /// gravity also needs to be on foot (default 0.2): steps repeat at the stride, a road's
        /// ringing fades. 0 turns the check off. With gravity this rule does not apply.
        public var gravityRemovedStrideRegularity: Double = 0.2
        /// Longest lag of the walking band read as a step's period, in seconds (default 0.8 s: a
        /// slow walker's 1.25 steps/s). A rhythm at a longer lag is already a stride (a phone in a
        /// pocket swings once per stride) and needs no repeat.
        public var gravityRemovedLongestStepPeriod: Double = 0.8
        /// Sub-hertz motion (``VehicleEvidenceWindow/subHertzMotion``, three axes) at or above which
        /// a window without a known vertical (gravity removed) is on foot, when its within-second
        /// shake also reaches ``gravityRemovedCarriedShake``, in g (default 0.2 g). A seated
        /// passenger's phone moves strongly over seconds (harsh braking, turns) or within them (a
        /// rough road), not both at once for a whole window; a carried phone does, even where its
        /// steps are too fast for the log's rate to show a rhythm. 0 turns the rule off. With the
        /// vertical known this rule does not apply (the vertical rule does).
        public var gravityRemovedCarriedSubHertz: Double = 0.2
        /// Within-second shake (three axes: the r.m.s. of the acceleration about its one-second
        /// means) at or above which a window without a known vertical is on foot, when its
        /// sub-hertz motion also reaches ``gravityRemovedCarriedSubHertz``, in g (default 0.2 g).
        /// 0 turns the rule off.
        public var gravityRemovedCarriedShake: Double = 0.2
        /// Periodicity of the magnitude of the acceleration about its window mean at or above which
        /// a strong window (``onFootRMS``) without gravity is on foot, when its rhythm lies in the
        /// walking band (``gravityRemovedGaitPeriod`` to ``longestPeriod``) and comes back at twice
        /// its lag (``gravityRemovedStrideRegularity``), at every lag (default 0.5; 0 turns the
        /// rule off). Every heel strike jolts the body, so the magnitude
        /// peaks at every step whichever way the phone faces and however each step's jolt splits
        /// among its axes; a walker who turns, shuffles or carries the phone on the lower back
        /// spreads the steps over the axes so that no single axis keeps their rhythm (0.1–0.3 on
        /// the principal axis where the magnitude reached 0.5–0.8). A vehicle's ringing is faster than
        /// steps, and its magnitude repeats faster still. With gravity this rule does not apply.
        public var gravityRemovedMagnitudePeriodicity: Double = 0.5
        /// Sub-hertz motion, as a share of the window's r.m.s. (``VehicleEvidenceWindow/subHertzMotion``
        /// over ``VehicleEvidenceWindow/dynamicRMS``), at or above which the magnitude rule
        /// (``gravityRemovedMagnitudePeriodicity``) does not make a window on foot (default 0.6; 1
        /// or more lets every window through). Steps jolt the body within the second, and the
        /// one-second means keep little of them: the windows the magnitude rule finds on foot in
        /// walks, runs, lab sessions and pedalling hold 9–29 % of their r.m.s. in the sub-hertz
        /// motion (median window per source), and 10 of about 6,700 reach 60 %. A vehicle's speed
        /// change, turn or sway — or a tilt that a low-pass gravity estimate leaks — moves the
        /// one-second means themselves, and a slow swing of the acceleration makes its magnitude
        /// rise and fall as regularly as steps do: every window the rule called on foot in a
        /// phone's own linear acceleration in a car and in low-pass copies of a car, buses and
        /// trains held 65–92 % of its r.m.s. there. Chosen leaving one source out
        /// (docs/Accuracy.md, "In a vehicle: noise is not a ride"). With gravity this rule does
        /// not apply.
        public var gravityRemovedMagnitudeMaximumSubHertz: Double = 0.6

        /// The default configuration.
        public init() {}

        var gridCellsPerWindow: Int { Int((windowDuration / gridInterval).rounded()) }
        var gridCellsPerHop: Int { Int((hop / gridInterval).rounded()) }
        var holdCells: Int { Int((maximumHold / gridInterval).rounded()) }
        var shortestLag: Int { Int((shortestPeriod / gridInterval).rounded()) }
        var longestLag: Int { Int((longestPeriod / gridInterval).rounded()) }
        /// Grid cells averaged into one sub-hertz block (one second, at least one cell).
        var subHertzBlockCells: Int { max(1, Int((1 / gridInterval).rounded())) }
        /// First lag of the gravity-removed gait band, in grid cells (within the searched lags).
        var gaitLag: Int {
            min(max(Int((gravityRemovedGaitPeriod / gridInterval).rounded()), shortestLag), longestLag)
        }

        /// Checks every parameter.
        ///
        /// - Throws: ``LocomotionError/Code/invalidParameter`` naming the first one out of range.
        public func validate() throws(LocomotionError) {
            func check(_ ok: Bool, _ name: String, _ value: Double, _ requirement: String) throws(LocomotionError) {
                if !ok { throw .invalidParameter(name: name, value: "\(value)", requirement: requirement) }
            }
            try check(
                gridInterval.isFinite && gridInterval >= 0.01 && gridInterval <= 0.2,
                "gridInterval", gridInterval, "it must be in 0.01...0.2 (s); at least 5 Hz")
            try check(
                windowDuration.isFinite && gridCellsPerWindow >= 20 && gridCellsPerWindow <= 10_000,
                "windowDuration", windowDuration, "it must span 20...10000 grid cells")
            try check(
                hop.isFinite && gridCellsPerHop >= 1 && hop <= windowDuration,
                "hop", hop, "it must be at least one grid cell and at most windowDuration")
            try check(
                maximumHold.isFinite && maximumHold >= 0, "maximumHold", maximumHold,
                "it must be finite and at least 0 (s)")
            try check(
                shortestPeriod.isFinite && shortestLag >= 2 && shortestPeriod < longestPeriod,
                "shortestPeriod", shortestPeriod, "it must be at least two grid cells and below longestPeriod")
            try check(
                longestPeriod.isFinite && longestLag + 2 < gridCellsPerWindow,
                "longestPeriod", longestPeriod, "it must be shorter than the window")
            for (name, value) in [
                ("vehicleVibrationFloor", vehicleVibrationFloor), ("onFootRMS", onFootRMS),
                ("onFootPeriodicity", onFootPeriodicity), ("violentRMS", violentRMS),
                ("onFootVerticalVibration", onFootVerticalVibration),
                ("onFootHorizontalRatio", onFootHorizontalRatio),
                ("vehicleSubHertzFloor", vehicleSubHertzFloor),
                ("gravityRemovedGaitPeriod", gravityRemovedGaitPeriod),
                ("gravityRemovedShortPeriodicity", gravityRemovedShortPeriodicity),
                ("gravityRemovedStrideRegularity", gravityRemovedStrideRegularity),
                ("gravityRemovedLongestStepPeriod", gravityRemovedLongestStepPeriod),
                ("gravityRemovedCarriedSubHertz", gravityRemovedCarriedSubHertz),
                ("gravityRemovedCarriedShake", gravityRemovedCarriedShake),
                ("gravityRemovedMagnitudePeriodicity", gravityRemovedMagnitudePeriodicity),
                ("gravityRemovedMagnitudeMaximumSubHertz", gravityRemovedMagnitudeMaximumSubHertz),
            ] {
                try check(value.isFinite && value >= 0, name, value, "it must be finite and at least 0")
            }
        }
    }

    /// The configuration in use.
    public let configuration: Configuration
    /// Whether the acceleration includes gravity (the raw accelerometer) or not (linear or user
    /// acceleration). Decides whether ``VehicleEvidenceWindow/vibration`` is taken vertically.
    public let gravityIncluded: Bool
    /// Samples skipped because their time or acceleration was NaN or infinite.
    public private(set) var skippedNonFiniteSamples = 0
    /// Samples accepted so far.
    public private(set) var acceptedSamples = 0

    private var origin = 0.0
    private var started = false
    private var lastTime = -Double.infinity
    private var openCell = 0
    private var cellSum = (0.0, 0.0, 0.0)
    private var cellCount = 0
    private var heldValue = (0.0, 0.0, 0.0)
    private var heldCell = Int.min / 2
    private var hasHeld = false
    private var cellsPushed = 0
    /// The last window's cells, x, y and z in channels 0, 1 and 2, allocated once: mirrored, so a
    /// window is read in place, oldest first, without a modulo per cell.
    private var ring: MirroredRingBuffer
    /// Whether each ring slot holds a known cell, and how many do not.
    private var ringKnown: [Bool]
    private var unknownCells: Int
    private var projected: [Double]
    /// Room for the magnitude of a window's cells (VehicleEvidence+MagnitudeRhythm.swift).
    private var magnitudes: [Double]

    /// Creates an evidence stream.
    ///
    /// - Parameters:
    ///   - gravityIncluded: `true` for the raw accelerometer, `false` for gravity-removed input.
    ///   - configuration: the parameters (validated).
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a parameter out of range.
    public init(gravityIncluded: Bool, configuration: Configuration = Configuration()) throws(LocomotionError) {
        try configuration.validate()
        self.configuration = configuration
        self.gravityIncluded = gravityIncluded
        let cells = configuration.gridCellsPerWindow
        ring = MirroredRingBuffer(capacity: cells, channels: 3)
        ringKnown = Array(repeating: false, count: cells)
        unknownCells = cells
        projected = Array(repeating: 0, count: cells)
        magnitudes = Array(repeating: 0, count: cells)
    }

    /// Adds one sample and emits every window it completes (none, one, or — after a gap — a few).
    ///
    /// - Parameters:
    ///   - time: seconds, non-decreasing.
    ///   - x: acceleration along the device's x axis, in g.
    ///   - y: acceleration along the device's y axis, in g.
    ///   - z: acceleration along the device's z axis, in g.
    ///   - emit: called with each completed window, in time order.
    /// - Throws: ``LocomotionError/Code/timeGoesBackwards`` when `time` is earlier than the
    ///   previous accepted sample's time.
    public mutating func append(
        time: Double, x: Double, y: Double, z: Double, emit: (VehicleEvidenceWindow) -> Void
    ) throws(LocomotionError) {
        guard time.isFinite, x.isFinite, y.isFinite, z.isFinite else {
            skippedNonFiniteSamples += 1
            return
        }
        if time < lastTime {
            throw .timeGoesBackwards(
                stream: "vehicle evidence", sample: acceptedSamples + skippedNonFiniteSamples + 1, previous: lastTime,
                current: time)
        }
        if started && time - lastTime > configuration.windowDuration {
            pushCell(openCell, emit: emit)
            let gapStart = lastTime
            restart()
            emit(
                VehicleEvidenceWindow(
                    endTime: time, duration: time - gapStart, dynamicRMS: .nan, vibration: .nan, periodicity: .nan,
                    kind: .unknown))
        }
        if !started {
            started = true
            origin = time
            openCell = 0
        }
        lastTime = time
        acceptedSamples += 1
        // Not before the origin, so truncation is the floor (and needs no call to the C library).
        let cell = Int((time - origin) / configuration.gridInterval)
        while openCell < cell {
            pushCell(openCell, emit: emit)
            openCell += 1
        }
        cellSum.0 += x
        cellSum.1 += y
        cellSum.2 += z
        cellCount += 1
    }

    /// Ends the stream: the last, partly filled grid cell counts, and may complete a window. The
    /// next sample starts a new stream (new grid origin, empty window).
    public mutating func finish(emit: (VehicleEvidenceWindow) -> Void) {
        if started { pushCell(openCell, emit: emit) }
        restart()
        lastTime = -Double.infinity
    }

    private mutating func restart() {
        started = false
        cellSum = (0, 0, 0)
        cellCount = 0
        hasHeld = false
        cellsPushed = 0
        ring.removeAll()
        openCell = 0
    }

    /// Closes grid cell `cell` (the open one) and pushes its value or unknown into the ring.
    private mutating func pushCell(_ cell: Int, emit: (VehicleEvidenceWindow) -> Void) {
        if cellCount > 0 {
            let n = Double(cellCount)
            heldValue = (cellSum.0 / n, cellSum.1 / n, cellSum.2 / n)
            heldCell = cell
            hasHeld = true
        }
        cellSum = (0, 0, 0)
        cellCount = 0
        let cells = configuration.gridCellsPerWindow
        let slot = ring.head  // cellsPushed % cells
        let known = hasHeld && cell - heldCell <= configuration.holdCells
        if ringKnown[slot] != known {
            ringKnown[slot] = known
            unknownCells += known ? -1 : 1
        }
        ring.set(known ? heldValue.0 : 0, channel: 0)
        ring.set(known ? heldValue.1 : 0, channel: 1)
        ring.set(known ? heldValue.2 : 0, channel: 2)
        ring.advance()
        cellsPushed += 1
        if cellsPushed >= cells && (cellsPushed - cells) % configuration.gridCellsPerHop == 0 {
            let endTime = origin + Double(cell) * configuration.gridInterval
            emit(window(endingAt: endTime))
        }
    }

    /// The evidence of the last `gridCellsPerWindow` cells, read in place from the ring.
    private mutating func window(endingAt endTime: Double) -> VehicleEvidenceWindow {
        let c = configuration
        let n = c.gridCellsPerWindow
        let duration = Double(n - 1) * c.gridInterval
        if unknownCells > 0 {
            return VehicleEvidenceWindow(
                endTime: endTime, duration: duration, dynamicRMS: .nan, vibration: .nan, periodicity: .nan,
                kind: .unknown)
        }
        let first = ring.head  // the oldest slot
        let gravityIncluded = gravityIncluded
        return ring.withRuns { runs in
            let cells = WindowCells(
                x: runs.channel(0, from: first, count: n), y: runs.channel(1, from: first, count: n),
                z: runs.channel(2, from: first, count: n), slotX: runs.channel(0, from: 0, count: n),
                slotY: runs.channel(1, from: 0, count: n), slotZ: runs.channel(2, from: 0, count: n))
            return projected.withUnsafeMutableBufferPointer { projected in
                magnitudes.withUnsafeMutableBufferPointer { magnitudes in
                    Self.evidence(
                        of: cells, endTime: endTime, duration: duration, gravityIncluded: gravityIncluded,
                        configuration: c, projected: projected, magnitudes: magnitudes)
                }
            }
        }
    }

    /// The cells of one known window, read in place: `x[i]`, `y[i]`, `z[i]` is the `i`-th oldest
    /// cell, in g; `slotX`, `slotY`, `slotZ` are the same cells in the ring's slot order.
    struct WindowCells {
        let x: UnsafeBufferPointer<Double>
        let y: UnsafeBufferPointer<Double>
        let z: UnsafeBufferPointer<Double>
        let slotX: UnsafeBufferPointer<Double>
        let slotY: UnsafeBufferPointer<Double>
        let slotZ: UnsafeBufferPointer<Double>
        var count: Int { x.count }
    }

    /// The evidence of one known window (`cells`), with `projected` and `magnitudes` (one double
    /// per cell each) as scratch.
    private static func evidence(
        of cells: WindowCells, endTime: Double, duration: Double, gravityIncluded: Bool, configuration c: Configuration,
        projected: UnsafeMutableBufferPointer<Double>, magnitudes: UnsafeMutableBufferPointer<Double>
    ) -> VehicleEvidenceWindow {
        let n = cells.count
        let (x, y, z) = (cells.x, cells.y, cells.z)
        var mean = (0.0, 0.0, 0.0)
        for i in 0..<n {
            mean.0 += x[i]
            mean.1 += y[i]
            mean.2 += z[i]
        }
        let count = Double(n)
        mean = (mean.0 / count, mean.1 / count, mean.2 / count)
        let norm = (mean.0 * mean.0 + mean.1 * mean.1 + mean.2 * mean.2).squareRoot()
        // Axis of the periodicity signal: vertical with gravity, else the principal axis.
        let vertical = gravityIncluded && norm > 0.5
        var cxx = 0.0, cyy = 0.0, czz = 0.0, cxy = 0.0, cxz = 0.0, cyz = 0.0
        let (slotX, slotY, slotZ) = (cells.slotX, cells.slotY, cells.slotZ)
        for s in 0..<n {
            let dx = slotX[s] - mean.0, dy = slotY[s] - mean.1, dz = slotZ[s] - mean.2
            cxx += dx * dx
            cyy += dy * dy
            czz += dz * dz
            if !vertical {  // the cross terms serve only the principal axis
                cxy += dx * dy
                cxz += dx * dz
                cyz += dy * dz
            }
        }
        cxx /= count
        cyy /= count
        czz /= count
        cxy /= count
        cxz /= count
        cyz /= count
        let rms = (max(cxx + cyy + czz, 0)).squareRoot()
        var axis: (Double, Double, Double)
        if vertical {
            axis = (mean.0 / norm, mean.1 / norm, mean.2 / norm)
        } else {
            axis = Self.principalAxis(cxx, cyy, czz, cxy, cxz, cyz)
        }
        var energy = 0.0
        for i in 0..<n {
            let p = (x[i] - mean.0) * axis.0 + (y[i] - mean.1) * axis.1 + (z[i] - mean.2) * axis.2
            projected[i] = p
            energy += p * p
        }
        let signal = UnsafeBufferPointer(projected)
        let vibration = vertical ? (energy / count).squareRoot() : rms
        let periodicity =
            energy > 0 ? Self.periodicity(signal, energy: energy, lags: c.shortestLag...c.longestLag) : 0
        let size = c.subHertzBlockCells
        let blocks = n / size
        return withUnsafeTemporaryAllocation(of: (Double, Double, Double).self, capacity: max(blocks, 1)) {
            blockMeans in
            for block in 0..<blocks {
                blockMeans[block] = cellMean(cells, (block * size)..<((block + 1) * size))
            }
            let means = UnsafeBufferPointer(rebasing: blockMeans[0..<blocks])
            let subHertz = subHertzMotion(blockMeans: means, mean: mean, vertical: vertical ? axis : nil)
            // Gravity included, the rule is as it was (even for a mean below 0.5 g, where the axis is principal).
            var rhythmic =
                gravityIncluded
                ? periodicity >= c.onFootPeriodicity
                : Self.gravityRemovedGaitRhythm(signal, energy: energy, configuration: c)
            if !gravityIncluded && !rhythmic && rms >= c.onFootRMS
                && subHertz < c.gravityRemovedMagnitudeMaximumSubHertz * rms
            {
                // Steps spread over the axes still jolt the magnitude at every step, within the second.
                rhythmic = magnitudeGaitRhythm(cells, mean: mean, into: magnitudes, configuration: c)
            }
            let shake = shake(cells, blockMeans: means, blockCells: size, vertical: vertical ? axis : nil)
            let kind: VehicleWindowKind
            if rms >= c.violentRMS || (rms >= c.onFootRMS && rhythmic)
                || (vertical && Self.movesLikeGait(rms: rms, vertical: vibration, configuration: c))
                || (!vertical && Self.movesLikeCarriedPhone(subHertz: subHertz, shake: shake.total, configuration: c))
            {
                kind = .onFoot
            } else if vibration >= c.vehicleVibrationFloor && (vertical || subHertz >= c.vehicleSubHertzFloor) {
                kind = .vehicleLike
            } else {
                kind = .quiet
            }
            return VehicleEvidenceWindow(
                endTime: endTime, duration: duration, dynamicRMS: rms, vibration: vibration, periodicity: periodicity,
                kind: kind, subHertzMotion: subHertz, verticalShake: shake.vertical,
                horizontalShake: shake.horizontal, shakeVariation: shake.variation)
        }
    }

    /// RMS about `mean` of the window's whole one-second block means (`blockMeans`, oldest first; a
    /// remainder of cells shorter than a block is left out), on 3 axes or along `vertical`.
    private static func subHertzMotion(
        blockMeans: UnsafeBufferPointer<(Double, Double, Double)>, mean: (Double, Double, Double),
        vertical: (Double, Double, Double)?
    ) -> Double {
        let blocks = blockMeans.count
        guard blocks > 0 else { return 0 }
        var sum = 0.0
        for b in blockMeans {
            let d = (b.0 - mean.0, b.1 - mean.1, b.2 - mean.2)
            if let v = vertical {
                let p = d.0 * v.0 + d.1 * v.1 + d.2 * v.2
                sum += p * p
            } else {
                sum += d.0 * d.0 + d.1 * d.1 + d.2 * d.2
            }
        }
        return (sum / Double(blocks)).squareRoot()
    }

    /// Highest local maximum (strictly above the shorter lag, not below the longer) of the
    /// normalised autocorrelation over `lags`; 0 when there is none.
    static func periodicity(_ p: [Double], energy: Double, lags: ClosedRange<Int>) -> Double {
        p.withUnsafeBufferPointer { periodicity($0, energy: energy, lags: lags) }
    }

    /// ``periodicity(_:energy:lags:)`` of a buffer.
    static func periodicity(_ p: UnsafeBufferPointer<Double>, energy: Double, lags: ClosedRange<Int>) -> Double {
        let first = lags.lowerBound - 1
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: lags.count + 2) { sums in
            lagSums(p, lags: first...(lags.upperBound + 1), into: sums)
            var best = 0.0
            var before = sums[0] / energy
            var here = sums[1] / energy
            for lag in lags {
                let after = sums[lag - first + 1] / energy
                if here > before && here >= after { best = max(best, here) }
                before = here
                here = after
            }
            return best
        }
    }

    /// The sums of lagged products `p[i] · p[i + lag]` over `i` in `0..<p.count − lag` (0 for a lag
    /// of `p.count` or more), for every lag in `lags` (at least 0), into `sums[lag − lags.lowerBound]`.
    ///
    /// Four lags are summed in one pass over `p` (the last few one at a time), each in its own
    /// accumulator and in increasing `i`: every sum is bit for bit the one a loop over its lag alone
    /// gives, while the four additions of a step do not wait for one another.
    ///
    /// - Parameters:
    ///   - p: the signal.
    ///   - lags: the lags, in samples (the lowest at least 0).
    ///   - sums: room for `lags.count` sums.
    /// - Complexity: O(`p.count · lags.count`), no allocation.
    @_spi(Testing) public static func lagSums(
        _ p: UnsafeBufferPointer<Double>, lags: ClosedRange<Int>, into sums: UnsafeMutableBufferPointer<Double>
    ) {
        let n = p.count
        let lower = lags.lowerBound
        func single(_ lag: Int) {
            var sum = 0.0
            for i in 0..<max(n - lag, 0) { sum += p[i] * p[i &+ lag] }  // i + lag < n
            sums[lag - lower] = sum
        }
        func group(_ lag: Int) {
            var (s0, s1, s2, s3) = (0.0, 0.0, 0.0, 0.0)
            let common = max(n - lag - 3, 0)
            for i in 0..<common {  // i + lag + 3 < n: no overflow to check
                let v = p[i]
                let q = i &+ lag
                s0 += v * p[q]
                s1 += v * p[q &+ 1]
                s2 += v * p[q &+ 2]
                s3 += v * p[q &+ 3]
            }
            for i in common..<max(n - lag - 2, common) { s2 += p[i] * p[i &+ lag &+ 2] }
            for i in common..<max(n - lag - 1, common) { s1 += p[i] * p[i &+ lag &+ 1] }
            for i in common..<max(n - lag, common) { s0 += p[i] * p[i &+ lag] }
            (sums[lag - lower], sums[lag - lower + 1], sums[lag - lower + 2], sums[lag - lower + 3]) = (s0, s1, s2, s3)
        }
        var lag = lower
        while lag + 3 <= lags.upperBound {
            group(lag)
            lag += 4
        }
        for rest in lag..<(lags.upperBound + 1) { single(rest) }
    }

    /// Unit eigenvector of the largest eigenvalue of a symmetric 3×3 matrix, by power iteration
    /// from (1, 1, 1) (deterministic; the sign does not matter to an autocorrelation).
    static func principalAxis(
        _ xx: Double, _ yy: Double, _ zz: Double, _ xy: Double, _ xz: Double, _ yz: Double
    ) -> (Double, Double, Double) {
        var v = (1.0, 1.0, 1.0)
        for _ in 0..<200 {
            let w = (xx * v.0 + xy * v.1 + xz * v.2, xy * v.0 + yy * v.1 + yz * v.2, xz * v.0 + yz * v.1 + zz * v.2)
            let length = (w.0 * w.0 + w.1 * w.1 + w.2 * w.2).squareRoot()
            guard length > 0, length.isFinite else { return (1, 0, 0) }
            v = (w.0 / length, w.1 / length, w.2 / length)
        }
        return v
    }
}
