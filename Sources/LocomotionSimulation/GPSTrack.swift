import Foundation

/// The GPS columns of a session: one fix a second from the time to first fix on, per
/// ``GPSCondition``.
struct GPSTrack {
    var speed: [Double]
    var speedAccuracy: [Double]
    var horizontalAccuracy: [Double]
    var latitude: [Double]
    var longitude: [Double]

    init(
        time: [Double], speed trueSpeed: [Double], heading: [Double], phases: [SessionPhase], phaseOfRow: [Int],
        options: SimulationOptions, random: SimulationRandom
    ) {
        var random = random
        let count = time.count
        let fs = options.sampleRate
        speed = [Double](repeating: .nan, count: count)
        speedAccuracy = speed
        horizontalAccuracy = speed
        latitude = speed
        longitude = speed
        // True position by dead reckoning on a sphere of the mean Earth radius.
        let metersPerDegree = 6_371_000 * Double.pi / 180
        var north = 0.0, east = 0.0
        var positionNorth = [Double](repeating: 0, count: count), positionEast = positionNorth
        for row in 0..<count {
            if row > 0 {
                north += trueSpeed[row] * cos(heading[row]) / fs
                east += trueSpeed[row] * sin(heading[row]) / fs
            }
            positionNorth[row] = north
            positionEast[row] = east
        }
        let interval = 1.0
        var error = RandomWalk(deviation: 1, correlationTime: 2, interval: interval, random: &random)
        var quality = RandomWalk(deviation: 1, correlationTime: 20, interval: interval, random: &random)
        var errorNorth = RandomWalk(deviation: 1, correlationTime: 10, interval: interval, random: &random)
        var errorEast = RandomWalk(deviation: 1, correlationTime: 10, interval: interval, random: &random)
        var spikeLeft = 0
        var spikeSize = 0.0
        var outageUntil = -Double.infinity
        let rowsPerFix = max(1, Int((fs * interval).rounded()))
        let firstFix = options.gpsTimeToFirstFix
        for row in stride(from: 0, to: count, by: rowsPerFix) {
            let t = time[row]
            let condition = phases[phaseOfRow[row]].gps
            // The random processes advance every second whatever happens, so a condition's
            // draws do not depend on what came before it.
            let e = error.step(&random)
            let q = quality.step(&random)
            let (en, ee) = (errorNorth.step(&random), errorEast.step(&random))
            let drop = random.unit()
            // Spikes and outages start as Poisson processes: with probability 1/interval a second.
            let spikeStart = random.unit()
            let outageStart = random.unit()
            let outageLength = random.unit()
            let spikeDraw = (random.uniform(3...10), random.chance(0.3) ? 2 : 1, random.sign())
            let accuracyScatter = random.uniform(0.75...1.25)
            let indoorSpeed = abs(random.gaussian()) * 0.25
            let horizontalDraw = random.unit()
            guard t >= firstFix, condition != .off else { continue }
            if let outages = condition.outages, t >= outageUntil, outageStart < 1 / outages.interval {
                outageUntil =
                    t + outages.length.lowerBound + (outages.length.upperBound - outages.length.lowerBound)
                    * outageLength
            }
            if t < outageUntil { continue }
            if drop < condition.dropProbability { continue }
            let horizontalRange = condition.horizontalAccuracyRange
            let horizontal =
                horizontalRange.lowerBound + (horizontalRange.upperBound - horizontalRange.lowerBound) * horizontalDraw
            let latitudeError = en * horizontal * 0.5 / metersPerDegree
            let longitudeError = ee * horizontal * 0.5 / metersPerDegree
            latitude[row] =
                ((options.startLatitude + (positionNorth[row]) / metersPerDegree + latitudeError) * 1e7).rounded() / 1e7
            let cosLatitude = cos(options.startLatitude * .pi / 180)
            longitude[row] =
                ((options.startLongitude + positionEast[row] / (metersPerDegree * cosLatitude) + longitudeError
                / cosLatitude) * 1e7)
                .rounded() / 1e7
            horizontalAccuracy[row] = (horizontal * 10).rounded() / 10
            if condition == .denied {
                speed[row] = -1
                speedAccuracy[row] = -1
                continue
            }
            let range = condition.accuracyRange
            // Accuracy wanders within its range; a fresh fix is three times worse.
            let coldStart = firstFix > 0 ? 1 + 2 * exp(-(t - firstFix) / 8) : 1
            let deviation =
                (range.lowerBound + (range.upperBound - range.lowerBound) * (0.5 + 0.5 * tanh(q))) * coldStart
            var measured: Double
            if condition == .indoors {
                measured = indoorSpeed + 0.1 * trueSpeed[row]
            } else {
                measured = trueSpeed[row] + deviation * e
                if let spikeInterval = condition.spikeInterval {
                    if spikeLeft == 0, spikeStart < 1 / spikeInterval {
                        spikeSize = spikeDraw.0 * (trueSpeed[row] > 8 ? spikeDraw.2 : 1)
                        spikeLeft = spikeDraw.1
                    }
                    if spikeLeft > 0 {
                        measured += spikeSize
                        spikeLeft -= 1
                    }
                }
            }
            speed[row] = (max(0, measured) * 100).rounded() / 100
            speedAccuracy[row] = (deviation * accuracyScatter * 100).rounded() / 100
        }
    }
}
