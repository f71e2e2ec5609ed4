import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// Recordings whose acceleration has gravity removed, or comes as user acceleration plus gravity,
/// are read and analyzed; what needs gravity is missing, never computed from the wrong quantity.
@Suite("Gravity-removed recordings")
struct GravityFreeRecordingTests {
    /// A constant gravity vector (g) on a tilted phone: about 1 g long.
    static let gravity = (x: 0.1, y: 0.45, z: 0.88)

    /// `seconds` of a car-like ride at `rate` Hz with gravity removed: slow surges along y, a
    /// road vibration on z and seeded noise on every axis, as a phone in a car measures it.
    static func ride(rate: Double = 50, seconds: Double = 60, seed: UInt64 = 7) -> ThreeAxisSeries {
        var random = SeededRandomGenerator(seed: seed)
        let time = (0..<Int(seconds * rate)).map { Double($0) / rate }
        func noise() -> Double { Double.random(in: -0.02...0.02, using: &random) }
        return ThreeAxisSeries(
            x: time.map { 0.03 * sin(2 * .pi * 0.05 * $0) + noise() },
            y: time.map { 0.08 * sin(2 * .pi * 0.1 * $0) + noise() },
            z: time.map { 0.05 * sin(2 * .pi * 11 * $0) + noise() })
    }

    static func time(_ series: ThreeAxisSeries, rate: Double = 50) -> [Double] {
        (0..<series.count).map { Double($0) / rate }
    }

    /// `series` with the constant gravity added: what the raw accelerometer of a phone that does
    /// not turn measures.
    static func withGravity(_ series: ThreeAxisSeries) -> ThreeAxisSeries {
        ThreeAxisSeries(
            x: series.x.map { $0 + gravity.x }, y: series.y.map { $0 + gravity.y }, z: series.z.map { $0 + gravity.z })
    }

    static func constantGravity(count: Int) -> ThreeAxisSeries {
        ThreeAxisSeries(
            x: Array(repeating: gravity.x, count: count), y: Array(repeating: gravity.y, count: count),
            z: Array(repeating: gravity.z, count: count))
    }

    @Test func aRecordingSaysWhatItsAccelerationHolds() throws {
        let linear = Self.ride(seconds: 4)
        let time = Self.time(linear)
        let raw = Recording(source: "raw", time: time, acceleration: Self.withGravity(linear))
        let free = Recording(source: "free", time: time, linearAcceleration: linear)
        let coreMotion = Recording(
            source: "cm", time: time, linearAcceleration: linear, gravity: Self.constantGravity(count: linear.count))
        #expect(raw.accelerationContent == .includingGravity)
        #expect(free.accelerationContent == .excludingGravity)
        #expect(coreMotion.accelerationContent == .both)
        #expect(Recording(source: "gps", time: [0, 1], speed: [1, 1]).accelerationContent == nil)
        #expect(free.accelerationIncludingGravity == nil)
        let sum = try #require(coreMotion.accelerationIncludingGravity)
        #expect(zip(sum.z, raw.acceleration!.z).allSatisfy { abs($0 - $1) < 1e-15 })
        #expect(free.missingAnalysisRequirements() == [.gravity])
        #expect(raw.missingAnalysisRequirements().isEmpty && coreMotion.missingAnalysisRequirements().isEmpty)
    }

    @Test(arguments: [
        ["t_s", "linacc_x_g", "linacc_y_g", "linacc_z_g"],
        ["time", "userAcceleration.x", "userAcceleration.y", "userAcceleration.z"],
        ["timestamp", "linear_acceleration_x_m_s2", "linear_acceleration_y_m_s2", "linear_acceleration_z_m_s2"],
        ["t", "user_acc_x", "user_acc_y", "user_acc_z"], ["t", "lin_acc_x_g", "lin_acc_y_g", "lin_acc_z_g"],
    ])
    func gravityFreeHeadersAreReadAsLinearAcceleration(header: [String]) throws {
        let scale = header[1].hasSuffix("_m_s2") ? 9.80665 : 1
        let text = header.joined(separator: ",") + "\n0,\(0.1 * scale),0,0\n0.02,0,\(0.2 * scale),0\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("linacc-\(UUID()).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recording = try RecordingReader.read(path: path).recording
        #expect(recording.accelerationContent == .excludingGravity)
        #expect(abs(recording.linearAcceleration!.x[0] - 0.1) < 1e-12)
        #expect(abs(recording.linearAcceleration!.y[1] - 0.2) < 1e-12)
    }

    @Test func userAccelerationAndGravityColumnsMakeTheAccelerationIncludingGravity() throws {
        let linear = Self.ride(seconds: 20)
        let time = Self.time(linear)
        let gravity = Self.constantGravity(count: linear.count)
        var text = "time,userAccelerationX,userAccelerationY,userAccelerationZ,gravityX,gravityY,gravityZ\n"
        for row in time.indices {
            text +=
                "\(time[row]),\(linear.x[row]),\(linear.y[row]),\(linear.z[row]),\(gravity.x[row]),\(gravity.y[row]),\(gravity.z[row])\n"
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("coremotion-\(UUID()).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recording = try RecordingReader.read(path: path).recording
        #expect(recording.accelerationContent == .both)
        let raw = Recording(source: "raw", time: time, acceleration: Self.withGravity(linear))
        let fromColumns = try recording.features(threadCount: 1)
        let fromRaw = try raw.features(threadCount: 1)
        #expect(fromColumns.windows.count == fromRaw.windows.count && fromColumns.windows.count > 10)
        let std = try #require(fromColumns.schema.index(of: "acc_mag_std"))
        for window in fromColumns.windows.indices {
            #expect(abs(fromColumns[window].values[std] - fromRaw[window].values[std]) < 1e-12)
        }
    }

    @Test func withoutGravityTheMagnitudeFeaturesAreMissingAndTheOffsetFreeOnesAgree() throws {
        let linear = Self.ride(seconds: 20)
        let time = Self.time(linear)
        var configuration = FeatureConfiguration()
        configuration.axisFeatures = [.mean, .standardDeviation, .interquartileRange, .maximum]
        let free = try Recording(source: "free", time: time, linearAcceleration: linear)
            .features(configuration, threadCount: 1)
        let raw = try Recording(source: "raw", time: time, acceleration: Self.withGravity(linear))
            .features(configuration, threadCount: 1)
        #expect(free.windows.count == raw.windows.count && free.windows.count > 10)
        let schema = free.schema
        for name in [
            "acc_mag_mean", "acc_mag_std", "acc_mag_dominant_frequency", "acc_sma", "gait_step_count",
            "acc_x_mean", "acc_z_max",
        ] {
            let column = try #require(schema.index(of: name), "\(name)")
            #expect(free.windows.indices.allSatisfy { free[$0].values[column].isNaN }, "\(name) is not missing")
            #expect(raw.windows.indices.allSatisfy { !raw[$0].values[column].isNaN }, "\(name) missing with gravity")
        }
        for name in ["acc_corr_xy", "acc_corr_yz", "acc_x_std", "acc_z_std", "acc_y_iqr"] {
            let column = try #require(schema.index(of: name), "\(name)")
            for window in free.windows.indices {
                let (a, b) = (free[window].values[column], raw[window].values[column])
                #expect(a.isFinite && abs(a - b) < 1e-9, "\(name): \(a) without gravity, \(b) with it")
            }
        }
        let extractor = try FeatureExtractor(
            configuration: configuration, sampleRate: 50, accelerationContent: .excludingGravity)
        #expect(extractor.missingRequirements == [.gravity])
    }

    @Test func aGravityFreeRideIsAnalysedEndToEndWholeAndStreamed() throws {
        let linear = Self.ride(seconds: 90)
        let recording = Recording(source: "ride", time: Self.time(linear), linearAcceleration: linear)
        let analysis = try recording.analyzeActivities()
        #expect(analysis.skipped == [.gravity])
        #expect(analysis.windows.count == 69)  // (90 s − 2.56 s) / 1.28 s + 1 windows
        #expect(analysis.detectedSteps.isEmpty && analysis.steps.isEmpty)
        // The timeline runs from the first window's start to the last window's end (87.04 + 2.54 s).
        #expect(analysis.timeline.segments[0].start == 0)
        #expect(abs(analysis.timeline.segments.last!.end - 89.58) < 1e-9)
        // Without |a| the activity rules have no deviation to go on: nothing is called walking.
        #expect(analysis.windows.allSatisfy { !$0.activity.isPedestrian })
        let path = try WalkRecording.temporaryCSV(recording)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("t_s,linacc_x_g,linacc_y_g,linacc_z_g\n"))
        var whole = analysis.summary
        whole.source = path
        let (streamed, rows) = try RecordingImporter.analyzeActivities(path: path)
        #expect(rows == recording.count)
        #expect(streamed == whole)
        #expect(streamed.skipped == [.gravity])
    }

    /// A gravity-removed ride on a road whose seat rings at 1.8 Hz, a walker's cadence, analysed
    /// end to end: the ringing fades before it repeats (`gravityRemovedStrideRegularity`), so the
    /// ride is driving; read as gait, as before that check, it keeps the ride out for longer.
    @Test func aGravityFreeRideOnARoadRingingAtACadenceIsDriving() throws {
        let road = VehicleEvidenceGravityRemovedTests.roughRoad(seconds: 180, ringing: 1.8, decay: 0.45, seed: 3)
        let recording = Recording(
            source: "ringing ride", time: road.t, linearAcceleration: ThreeAxisSeries(x: road.x, y: road.y, z: road.z))
        func drivingShare(_ options: RecordingAnalysis.Options) throws -> Double {
            let segments = try recording.analyzeActivities(options).timeline.segments
            return segments.filter { $0.activity == .driving }.map(\.duration).reduce(0, +) / 180
        }
        var asBefore = RecordingAnalysis.Options()
        asBefore.inVehicle?.evidence.gravityRemovedStrideRegularity = 0
        let after = try drivingShare(.init())
        let before = try drivingShare(asBefore)
        #expect(after > 0.85, "driving \(after)")
        #expect(after > before + 0.1, "driving \(after), before the stride check \(before)")
    }

    @Test func theAccelerationSplitsIntoUserAccelerationAndGravityWhereGravityIsKnown() throws {
        let linear = Self.ride(seconds: 30)
        let time = Self.time(linear)
        let free = try #require(
            try Recording(source: "free", time: time, linearAcceleration: linear).separatedAcceleration())
        #expect(free.user == linear && free.gravity == nil)
        let both = try #require(
            try Recording(
                source: "both", time: time, acceleration: Self.withGravity(linear), linearAcceleration: linear
            )
            .separatedAcceleration())
        #expect(both.gravity!.z.allSatisfy { abs($0 - Self.gravity.z) < 1e-12 })
        // From the raw accelerometer alone, the 0.3 Hz low-pass finds the constant gravity (the
        // ride's slowest surge, 0.05 Hz, leaks into it by its own amplitude at most).
        let raw = try #require(
            try Recording(source: "raw", time: time, acceleration: Self.withGravity(linear)).separatedAcceleration())
        let settled = raw.gravity!.y[500...]
        #expect(settled.allSatisfy { abs($0 - Self.gravity.y) < 0.09 })
        let total = Self.withGravity(linear)
        #expect(zip(zip(raw.user.x, raw.gravity!.x), total.x).allSatisfy { abs($0.0 + $0.1 - $1) < 1e-12 })
        #expect(try Recording(source: "gps", time: [0, 1], speed: [1, 1]).separatedAcceleration() == nil)
    }

    @Test func anAnalyzerSetUpForGravityRefusesAGravityFreeChunk() throws {
        let linear = Self.ride(seconds: 10)
        let chunk = Recording(source: "ride", time: Self.time(linear), linearAcceleration: linear)
        var analyzer = try RecordingAnalyzer(
            source: "ride", sampleRate: 50, featureGap: 0.1, stepGap: 0.1, hasGyroscope: false)
        do {
            try analyzer.append(chunk)
            Issue.record("a gravity-removed chunk was analyzed as acceleration with gravity")
        } catch {
            #expect(error.code == .invalidData && error.message.contains("excluding-gravity"))
        }
        var matching = try RecordingAnalyzer(
            source: "ride", sampleRate: 50, featureGap: 0.1, stepGap: 0.1, hasGyroscope: false,
            accelerationContent: .excludingGravity)
        try matching.append(chunk)
        #expect(try matching.finish().skipped == [.gravity])
    }

    @Test func analysesThatCannotRunWithoutGravitySaySo() throws {
        let linear = Self.ride(seconds: 10)
        let recording = Recording(source: "ride", time: Self.time(linear), linearAcceleration: linear)
        do {
            _ = try recording.detectSteps()
            Issue.record("step detection ran without gravity")
        } catch {
            #expect(error.code == .missingColumn && error.message.contains("gravity removed"))
        }
    }

    @Test func aSensorLoggerExportWithOnlyAccelerometerCsvIsAnalyzed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sensorlogger-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let linear = Self.ride(seconds: 30)
        // Sensor Logger on Android writes m/s², z first; its Accelerometer.csv has gravity removed.
        var text = "time,seconds_elapsed,z,y,x\n"
        for row in 0..<linear.count {
            let t = Double(row) / 50
            text += "\(1_700_000_000_000_000_000 + row * 20_000_000),\(t),"
            text += "\(linear.z[row] * 9.80665),\(linear.y[row] * 9.80665),\(linear.x[row] * 9.80665)\n"
        }
        try text.write(to: folder.appendingPathComponent("Accelerometer.csv"), atomically: true, encoding: .utf8)
        let imported = try RecordingImporter.read(path: folder.path)
        #expect(imported.format == .sensorLogger)
        #expect(imported.recording.accelerationContent == .excludingGravity)
        #expect(imported.notes.contains { $0.contains("what needs gravity is skipped") })
        let (summary, rows) = try RecordingImporter.analyzeActivities(path: folder.path)
        #expect(rows == linear.count)
        #expect(summary.skipped == [.gravity] && summary.windowCount == 22)
        #expect(summary.detectedStepCount == 0)
    }

    /// User acceleration beside a gravity stream (`.both`) takes the gravity-included path end to
    /// end: the activity analysis, the in-vehicle stage and the timeline are those of the raw
    /// accelerometer (their sum), and nothing is skipped.
    @Test func userAccelerationWithGravityIsAnalysedAsTheRawAccelerometer() throws {
        let linear = Self.ride(seconds: 90)
        let time = Self.time(linear)
        let coreMotion = Recording(
            source: "ride", time: time, linearAcceleration: linear, gravity: Self.constantGravity(count: linear.count))
        let raw = Recording(source: "ride", time: time, acceleration: Self.withGravity(linear))
        #expect(coreMotion.accelerationContent == .both)
        let both = try coreMotion.analyzeActivities()
        let reference = try raw.analyzeActivities()
        #expect(both.skipped.isEmpty)
        #expect(both.summary == reference.summary)
        #expect(both.smoothed.map(\.activity) == reference.smoothed.map(\.activity))
        // Not what the same user acceleration gives alone (the gravity-removed path skips gravity).
        let free = try Recording(source: "ride", time: time, linearAcceleration: linear).analyzeActivities()
        #expect(free.skipped == [.gravity])

        // Sensor Logger: Accelerometer.csv (user acceleration) and Gravity.csv, m/s², z first.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sensorlogger-gravity-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ x: [Double], _ y: [Double], _ z: [Double]) throws {
            var text = "time,seconds_elapsed,z,y,x\n"
            for row in 0..<x.count {
                text += "\(1_700_000_000_000_000_000 + row * 20_000_000),\(time[row]),"
                text += "\(z[row] * 9.80665),\(y[row] * 9.80665),\(x[row] * 9.80665)\n"
            }
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let gravity = Self.constantGravity(count: linear.count)
        try write("Accelerometer.csv", linear.x, linear.y, linear.z)
        try write("Gravity.csv", gravity.x, gravity.y, gravity.z)
        let imported = try RecordingImporter.read(path: folder.path)
        #expect(imported.recording.accelerationContent == .both)
        let (summary, rows) = try RecordingImporter.analyzeActivities(path: folder.path)
        #expect(rows == linear.count)
        #expect(summary.skipped.isEmpty)
        #expect(summary.windowCount == reference.summary.windowCount)
        #expect(summary.timeline.segments.map(\.activity) == reference.summary.timeline.segments.map(\.activity))
    }
}
