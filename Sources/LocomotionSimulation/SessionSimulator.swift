import Foundation
import Locomotion

/// One motion source of either kind, so phases can be held in one array.
private enum Source: Sendable {
    case still(StillSource)
    case gait(GaitSource)
    case pedalling(PedallingSource)
    case vehicle(VehicleSource)

    init(_ motion: Motion, placement: PhonePlacement, start: Double, sampleRate: Double, random: inout SimulationRandom)
    {
        switch motion {
        case .still(let s): self = .still(StillSource(s, start: start, sampleRate: sampleRate, random: &random))
        case .gait(let g):
            self = .gait(GaitSource(g, placement: placement, start: start, sampleRate: sampleRate, random: &random))
        case .pedalling(let p):
            self = .pedalling(PedallingSource(p, start: start, sampleRate: sampleRate, random: &random))
        case .vehicle(let v):
            self = .vehicle(
                VehicleSource(v, placement: placement, start: start, sampleRate: sampleRate, random: &random))
        }
    }

    mutating func sample(_ state: CarrierState) -> CarrierMotion {
        switch self {
        case .still(var s):
            let value = s.sample(state)
            self = .still(s)
            return value
        case .gait(var g):
            let value = g.sample(state)
            self = .gait(g)
            return value
        case .pedalling(var p):
            let value = p.sample(state)
            self = .pedalling(p)
            return value
        case .vehicle(var v):
            let value = v.sample(state)
            self = .vehicle(v)
            return value
        }
    }

    var cadence: Double? {
        if case .gait(let g) = self { return g.currentCadence }
        return nil
    }
}

extension SimulatedSession {
    /// Simulates `phases` one after the other.
    ///
    /// The phases' motions are cross-faded over 0.8 s at each boundary; a change of placement
    /// turns the phone to its new attitude over 2.5 s (with the handling's own acceleration);
    /// the ground speed follows each phase's mean and wander, limited to the phase's
    /// acceleration. The sensor then adds what a phone's MEMS accelerometer adds: a bias of
    /// about ±0.01 g per axis and a scale error of about ±0.5 % (|a| at rest reads 0.98–1.04 g
    /// in the shared recordings), white noise of 0.0025 g per axis, and quantisation to
    /// 1/4096 g (16 bits over ±8 g). The gyroscope reads the phone's angular velocity (from its
    /// attitude, sample to sample) with a bias of about 0.005 rad/s and 0.003 rad/s of noise,
    /// written to 4 decimals.
    ///
    /// - Parameters:
    ///   - phases: At least one.
    ///   - seed: The same seed and phases give the same session, bit for bit.
    ///   - name: The session's name (the recording's source).
    ///   - options: Rate and optional streams.
    /// - Complexity: O(duration × sample rate).
    public init(phases: [SessionPhase], seed: UInt64, name: String = "simulated", options: SimulationOptions = .init())
    {
        precondition(!phases.isEmpty, "a session needs at least one phase")
        let fs = options.sampleRate
        let dt = 1 / fs
        let root = SimulationRandom(seed: seed)
        var starts: [Double] = []
        var total = 0.0
        for phase in phases {
            starts.append(total)
            total += phase.duration
        }
        let count = Int((total * fs).rounded(.down))
        let time = (0..<count).map { Double($0) / fs }
        var phaseOfRow = [Int](repeating: 0, count: count)
        var k = 0
        for row in 0..<count {
            while k + 1 < phases.count, time[row] >= starts[k + 1] { k += 1 }
            phaseOfRow[row] = k
        }

        // Ground speed and heading.
        var speedRandom = root.derived("speed")
        var speedWalks = phases.map {
            RandomWalk(
                deviation: $0.speedVariation, correlationTime: $0.speedTimescale, interval: dt, random: &speedRandom)
        }
        var headingRandom = root.derived("heading")
        var curvatureWalks = phases.map { phase -> RandomWalk in
            let deviation: Double
            switch phase.motion {
            case .vehicle(let v): deviation = v.road.curvature
            case .pedalling: deviation = 1 / 80
            case .gait: deviation = 1 / 30
            case .still: deviation = 0
            }
            return RandomWalk(deviation: deviation, correlationTime: 8, interval: dt, random: &headingRandom)
        }
        var speed = [Double](repeating: 0, count: count)
        var forwardAcceleration = [Double](repeating: 0, count: count)
        var headingRate = [Double](repeating: 0, count: count)
        var heading = [Double](repeating: 0, count: count)
        var psi = headingRandom.uniform(0...(2 * .pi))
        for row in 0..<count {
            let p = phaseOfRow[row]
            let phase = phases[p]
            let target = min(
                max(phase.minimumSpeed, phase.speed + speedWalks[p].step(&speedRandom)), phase.maximumSpeed)
            if row == 0 {
                speed[row] = target
            } else {
                let step = phase.acceleration * dt
                speed[row] = speed[row - 1] + min(max(target - speed[row - 1], -step), step)
                forwardAcceleration[row] = (speed[row] - speed[row - 1]) * fs
            }
            headingRate[row] = speed[row] * curvatureWalks[p].step(&headingRandom)
            psi += headingRate[row] * dt
            heading[row] = psi
        }

        // Motion, attitude and the sensor.
        var attitudeRandom = root.derived("attitude")
        var attitudes: [PhonePlacement: Rotation] = [:]
        var phaseAttitude: [Rotation] = []
        for phase in phases {
            if let known = attitudes[phase.placement] {
                phaseAttitude.append(known)
            } else {
                let drawn = phase.placement.attitude(&attitudeRandom)
                attitudes[phase.placement] = drawn
                phaseAttitude.append(drawn)
            }
        }
        var sources: [Source] = []
        for (index, phase) in phases.enumerated() {
            var random = root.derived("motion-\(index)")
            sources.append(
                Source(phase.motion, placement: phase.placement, start: starts[index], sampleRate: fs, random: &random))
        }
        var handlingRandom = root.derived("handling")
        var handling = (0..<3).map { _ in
            RandomWalk(deviation: 0.08, correlationTime: 0.3, interval: dt, random: &handlingRandom)
        }
        var sensorRandom = root.derived("sensor")
        let bias = SIMD3(sensorRandom.gaussian(), sensorRandom.gaussian(), sensorRandom.gaussian()) * 0.01
        let scale = SIMD3(sensorRandom.gaussian(), sensorRandom.gaussian(), sensorRandom.gaussian()) * 0.005 + 1
        let gyroBias = SIMD3(sensorRandom.gaussian(), sensorRandom.gaussian(), sensorRandom.gaussian()) * 0.005
        let crossfade = 0.8
        let handlingTime = 2.5
        var ax = [Double](repeating: 0, count: count), ay = ax, az = ax
        var attitude = [Rotation](repeating: .identity, count: count)
        var cadenceTruth = [Double](repeating: .nan, count: count)
        for row in 0..<count {
            let p = phaseOfRow[row]
            let t = time[row]
            let state = CarrierState(
                time: t, speed: speed[row], forwardAcceleration: forwardAcceleration[row], headingRate: headingRate[row]
            )
            let local = t - starts[p]
            var motion = sources[p].sample(state)
            if p > 0, local < crossfade {
                let w = local / crossfade
                motion = sources[p - 1].sample(state) * (1 - w) + motion * w
            }
            cadenceTruth[row] = sources[p].cadence ?? .nan
            var placed = phaseAttitude[p]
            if p > 0, phases[p].placement != phases[p - 1].placement, local < handlingTime {
                let u = local / handlingTime
                let eased = (1 - cos(.pi * u)) / 2
                placed = phaseAttitude[p - 1].slerp(to: phaseAttitude[p], eased)
                let lift = sin(.pi * u)
                motion.acceleration +=
                    lift
                    * SIMD3(
                        handling[0].step(&handlingRandom), handling[1].step(&handlingRandom),
                        handling[2].step(&handlingRandom))
            }
            let phone = Rotation(rotationVector: motion.sway) * placed
            attitude[row] = Rotation(axis: SIMD3(0, 0, 1), angle: heading[row]) * phone
            let force = phone.inverse.apply(motion.acceleration + SIMD3(0, 0, 1))
            let noise = SIMD3(sensorRandom.gaussian(), sensorRandom.gaussian(), sensorRandom.gaussian()) * 0.0025
            let reading = force * scale + bias + noise
            let quantised = (reading * 4096).rounded(.toNearestOrEven) / 4096
            ax[row] = quantised.x
            ay[row] = quantised.y
            az[row] = quantised.z
        }
        var rotationRate: ThreeAxisSeries?
        if options.includesRotationRate {
            var gx = [Double](repeating: 0, count: count), gy = gx, gz = gx
            for row in 0..<count {
                let next = row + 1 < count ? attitude[row + 1] : attitude[row]
                let previous = row + 1 < count ? attitude[row] : (row > 0 ? attitude[row - 1] : attitude[row])
                let omega = (previous.inverse * next).rotationVector * fs
                let noise = SIMD3(sensorRandom.gaussian(), sensorRandom.gaussian(), sensorRandom.gaussian()) * 0.003
                let reading = ((omega + gyroBias + noise) * 10_000).rounded(.toNearestOrEven) / 10_000
                gx[row] = reading.x
                gy[row] = reading.y
                gz[row] = reading.z
            }
            rotationRate = ThreeAxisSeries(x: gx, y: gy, z: gz)
        }

        // GPS.
        let gps = GPSTrack(
            time: time, speed: speed, heading: heading, phases: phases, phaseOfRow: phaseOfRow, options: options,
            random: root.derived("gps"))

        // Pedometer.
        var cadenceColumn: [Double]?
        if options.includesPedometer {
            var pedometerRandom = root.derived("pedometer")
            var column = [Double](repeating: .nan, count: count)
            for (index, phase) in phases.enumerated() where phase.motion.isGait {
                let end = starts[index] + phase.duration
                var t = starts[index] + 3
                while t < end {
                    let row = Int((t * fs).rounded(.up))
                    if row < count, !cadenceTruth[row].isNaN {
                        column[row] =
                            (cadenceTruth[row] * (1 + 0.02 * pedometerRandom.gaussian()) * 100).rounded() / 100
                    }
                    t += 2.5
                }
                let nextIsGait = index + 1 < phases.count && phases[index + 1].motion.isGait
                let stopRow = Int(((end + 2.5) * fs).rounded(.up))
                if !nextIsGait, stopRow < count { column[stopRow] = 0 }
            }
            cadenceColumn = column
        }

        // Operating-system reports, on the first row at or after their delivery.
        var reports: [MotionActivityReport] = []
        for (index, phase) in phases.enumerated() {
            for specification in phase.reports {
                let row = Int(((starts[index] + specification.latency) * fs).rounded(.up))
                guard row < count else { continue }
                reports.append(
                    MotionActivityReport(
                        flags: specification.flags, confidence: specification.confidence, start: time[row]))
            }
        }
        // Stable by time: a later phase's report never precedes an earlier one's at the same row.
        reports = reports.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(
            \.element)
        var extraColumns: [ExtraColumn] = []
        if !reports.isEmpty {
            var flags = [String](repeating: "", count: count)
            var confidences = [String](repeating: "", count: count)
            for report in reports {
                let row = Int((report.start * fs).rounded())
                flags[row] = report.flags.identifiers
                confidences[row] = report.confidence.identifier
            }
            extraColumns = [
                ExtraColumn(name: Self.reportColumn, values: flags),
                ExtraColumn(name: Self.reportConfidenceColumn, values: confidences),
            ]
            // One report per row: a second one on the same row replaces the first.
            var kept: [MotionActivityReport] = []
            for report in reports {
                if let last = kept.last, last.start == report.start { kept.removeLast() }
                kept.append(report)
            }
            reports = kept
        }

        self.name = name
        self.seed = seed
        self.phases = phases
        self.sampleRate = fs
        recording = Recording(
            source: name, time: time, acceleration: ThreeAxisSeries(x: ax, y: ay, z: az), rotationRate: rotationRate,
            speed: gps.speed, speedAccuracy: gps.speedAccuracy, horizontalAccuracy: gps.horizontalAccuracy,
            latitude: gps.latitude, longitude: gps.longitude, cadence: cadenceColumn,
            labels: phaseOfRow.map { phases[$0].activity.identifier }, extraColumns: extraColumns)
        activityReports = reports
        groundSpeed = speed
        truth = phases.enumerated().map { index, phase in
            TruthSegment(
                activity: phase.activity, start: starts[index], end: starts[index] + phase.duration, note: phase.note)
        }
        steadySpans = phases.enumerated().compactMap { index, phase in
            guard let name = phase.steadyName else { return nil }
            let start = starts[index] + phase.settle
            let end = starts[index] + phase.duration - phase.trailing
            return end > start
                ? SteadySpan(name: name, activity: phase.activity, start: start, end: end, phaseStart: starts[index])
                : nil
        }
    }
}
