import Foundation
import Locomotion
import LocomotionTestSupport

/// The soak run (`make soak`): the streaming ActivityDetector over a simulated session of many
/// hours at 50 Hz with GPS fixes and operating-system reports, generated one chunk at a time so
/// neither the generator nor the run holds the session. Resident memory (VmRSS) is sampled after
/// every chunk. Afterwards the first hours are regenerated and run through a fresh detector and
/// through the batch path (which holds them whole), and must give the same windows bit for bit,
/// the same timeline and the same detected steps; the soak's own windows over those hours must
/// have the same checksum too.
enum Soak {
    static let flag = "--soak"

    struct Sample {
        var hour: Double
        var kilobytes: Int
    }

    /// Runs `hours` of session in chunks of `chunkSeconds`, then the comparison over `compareHours`.
    static func run(hours: Double, compareHours: Double, chunkSeconds: Double = 3600) throws -> Bool {
        let session = SoakSession(
            chunkSeconds: chunkSeconds, chunkCount: Int((hours * 3600 / chunkSeconds).rounded(.up)))
        let compareChunks = min(session.chunkCount, Int((compareHours * 3600 / chunkSeconds).rounded(.up)))
        var detector = try ActivityDetector(sampleRate: 50)
        var digest = DecisionDigest()
        var prefix = DecisionDigest()
        var memory: [Sample] = []
        var (samples, fixes, reports) = (0, 0, 0)
        let started = Date()
        for index in 0..<session.chunkCount {
            let events = try session.chunk(index).events()
            for event in events {
                switch event {
                case .motion: samples += 1
                case .location: fixes += 1
                case .activityReport: reports += 1
                default: break
                }
                if let decision = try detector.process(event) {
                    digest.add(decision.result)
                    if index < compareChunks { prefix.add(decision.result) }
                }
            }
            if let kilobytes = residentKilobytes() {
                memory.append(Sample(hour: Double(index + 1) * chunkSeconds / 3600, kilobytes: kilobytes))
            }
        }
        try detector.finish()
        let seconds = Date().timeIntervalSince(started)
        let peak = memory.max { $0.kilobytes < $1.kilobytes }
        func megabytes(_ sample: Sample?) -> String {
            sample.map { String(format: "%.1f MB at hour %.0f", Double($0.kilobytes) / 1024, $0.hour) } ?? "n/a"
        }
        print(
            "soak: \(hours) h simulated (\(session.chunkCount) chunks of \(Int(chunkSeconds)) s) in \(Int(seconds)) s")
        print("  events         \(samples) motion samples at 50 Hz, \(fixes) GPS fixes, \(reports) OS activity reports")
        print("  windows        \(digest.count), checksum \(String(digest.checksum, radix: 16))")
        print("  steps          \(detector.detectedStepCount) detected, \(detector.stepCount) on foot")
        print(
            "  resident       start \(megabytes(memory.first)), peak \(megabytes(peak)), end \(megabytes(memory.last))")
        print("  resident/hour  " + memory.map { String($0.kilobytes / 1024) }.joined(separator: " ") + " (MB)")

        let comparison = try SoakComparison(session, chunks: compareChunks)
        let prefixMatches = comparison.streamed == prefix
        print("batch check over the first \(compareChunks) chunks (\(Double(compareChunks) * chunkSeconds / 3600) h):")
        print(
            "  windows        streamed \(comparison.streamed.count) (\(String(comparison.streamed.checksum, radix: 16))), batch \(comparison.batch.count) (\(String(comparison.batch.checksum, radix: 16))), soak's own \(prefix.count) (\(String(prefix.checksum, radix: 16)))"
        )
        print(
            "  timeline       streamed \(comparison.streamedSegments.count) segments, batch \(comparison.batchSegments.count)"
        )
        print(
            "  steps          detected streamed \(comparison.streamedDetectedSteps), batch \(comparison.batchDetectedSteps); on foot streamed \(comparison.streamedStepsOnFoot) (window decisions), batch \(comparison.batchStepsOnFoot) (smoothed timeline)"
        )
        let equal = comparison.isEqual && prefixMatches
        print(equal ? "  equal: yes" : "  equal: NO")
        return equal
    }
}
