import Foundation
import Locomotion
import LocomotionSimulation

/// A long simulated session for soak runs, made chunk by chunk so that nothing holds the whole
/// of it: chunk *i* is a seeded scenario session (walks, drives, rides, a commute…, with GPS
/// fixes and operating-system activity reports) whose times start where chunk *i − 1* ended.
/// The same chunk index always gives the same chunk, bit for bit.
public struct SoakSession: Sendable {
    /// Seconds of each chunk.
    public let chunkSeconds: Double
    /// The number of chunks.
    public let chunkCount: Int

    static let scenarios: [ScenarioName] = [
        .commute, .sidewalkWalk, .motorwayDrive, .cycling, .trafficJam, .carParkWalk, .passenger, .sprintToBus,
        .treadmillWalk,
    ]

    /// A session of `chunkCount` chunks of `chunkSeconds` each (every scenario's minimum is far shorter).
    public init(chunkSeconds: Double, chunkCount: Int) {
        self.chunkSeconds = chunkSeconds
        self.chunkCount = chunkCount
    }

    /// Chunk `index` with its times (and its reports') moved to start at `index · chunkSeconds`.
    /// Every chunk has the same columns — time, acceleration, rotation rate, speed and its accuracy,
    /// cadence (NaN where the scenario has none) — so chunks can be appended for the batch path.
    public func chunk(_ index: Int) -> SimulatedSession {
        var session = Scenario.session(
            Self.scenarios[index % Self.scenarios.count], duration: chunkSeconds, seed: 0x50AC + UInt64(index))
        let offset = Double(index) * chunkSeconds
        let rows = session.recording
        let none = [Double](repeating: .nan, count: rows.count)
        session.recording = Recording(
            source: "soak", time: rows.time.map { $0 + offset }, acceleration: rows.acceleration,
            rotationRate: rows.rotationRate, speed: rows.speed ?? none, speedAccuracy: rows.speedAccuracy ?? none,
            cadence: rows.cadence ?? none)
        session.activityReports = session.activityReports.map { report in
            var moved = report
            moved.start += offset
            return moved
        }
        return session
    }
}

/// What a streaming run decided, as numbers that compare across runs and paths.
public struct DecisionDigest: Sendable, Equatable {
    /// FNV-1a over each window's activity, confidence, times and probabilities (bit patterns).
    public private(set) var checksum: UInt64 = 0xCBF2_9CE4_8422_2325
    /// The windows digested.
    public private(set) var count = 0

    public init() {}

    /// Adds one window's result.
    public mutating func add(_ result: ActivityResult) {
        func mix(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                checksum = (checksum ^ (value >> UInt64(shift) & 0xFF)) &* 0x100_0000_01B3
            }
        }
        mix(UInt64(ActivityType.allCases.firstIndex(of: result.activity) ?? 99))
        mix(UInt64(result.confidence.rawValue))
        mix(result.start.bitPattern)
        mix(result.end.bitPattern)
        for probability in result.probabilities?.values ?? [] { mix(probability.bitPattern) }
        count += 1
    }
}

/// Resident memory of this process in KiB (VmRSS of /proc/self/status), `nil` where there is none.
public func residentKilobytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
}

/// The first `chunks` chunks of `session` through a fresh detector (with `finish()`) and through
/// the batch path (`Recording.analyzeActivities()` on the same rows), side by side.
public struct SoakComparison: Sendable {
    public var streamed = DecisionDigest()
    public var batch = DecisionDigest()
    /// Timeline segments: the batch path's, and the streaming detector's own timeline.
    public var batchSegments: [ActivitySegment] = []
    public var streamedSegments: [ActivitySegment] = []
    public var streamedDetectedSteps = 0, batchDetectedSteps = 0
    /// Steps on foot: by the window's own decision (streaming) and by the smoothed timeline (batch).
    public var streamedStepsOnFoot = 0, batchStepsOnFoot = 0

    public var isEqual: Bool {
        streamed == batch && streamedSegments == batchSegments && streamedDetectedSteps == batchDetectedSteps
    }

    public init(_ session: SoakSession, chunks: Int) throws {
        var detector = try ActivityDetector(sampleRate: 50)
        var recording: Recording?
        for index in 0..<chunks {
            let chunk = session.chunk(index)
            for decision in try detector.process(chunk.events()) {
                streamed.add(decision.result)
            }
            if recording == nil { recording = chunk.recording } else { recording!.append(contentsOf: chunk.recording) }
        }
        try detector.finish()
        (streamedDetectedSteps, streamedStepsOnFoot) = (detector.detectedStepCount, detector.stepCount)
        streamedSegments = detector.timeline.segments
        guard let recording else { return }
        let analysis = try recording.analyzeActivities()
        for result in analysis.windows { batch.add(result) }
        batchSegments = analysis.timeline.segments
        (batchDetectedSteps, batchStepsOnFoot) = (analysis.detectedSteps.count, analysis.steps.count)
    }
}
