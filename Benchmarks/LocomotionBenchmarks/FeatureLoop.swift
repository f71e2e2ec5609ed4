import Foundation
import Locomotion

extension FeatureBenchmarks {
    /// The flag that makes the executable extract features in a loop (for a profiler).
    static let loopFlag = "--feature-loop"

    /// Extracts the default set (or the named features) from 2,000 generated windows of
    /// `samples` at `rate` Hz, `passes` times; returns nanoseconds per window. For `perf record`,
    /// `perf stat` and similar tools. Among the names, `consecutive` extracts the 3,999
    /// consecutive windows of the generated windows laid end to end (hop half a window, as batch
    /// and streamed extraction do) instead, and `direct` turns the overlap reuse off.
    static func loop(passes: Int, rate: Double = 50, samples: Int = 128, featureNames: [String]) throws -> Double {
        let windows = 2_000
        let data = generate(windows: windows, samples: samples, rate: rate, seed: 1)
        var configuration = configuration(rate: rate, samples: samples)
        let features = featureNames.compactMap { BuiltinFeature(rawValue: $0) }
        if !features.isEmpty { configuration.features = features }
        if featureNames.contains("consecutive") {
            let reuse = !featureNames.contains("direct")
            let timed = try consecutiveCase(
                data, samples: samples, rate: rate, reusesOverlap: reuse, configuration: configuration)
            let count = passes * (2 * windows - 1)
            return Double(try timed.runBatch(count)) / Double(count)
        }
        var extractor = try FeatureExtractor(configuration: configuration, sampleRate: rate)
        var values = [Double](repeating: .nan, count: windows * extractor.schema.count)
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<passes { try extractAll(data, samples: samples, extractor: &extractor, into: &values) }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(passes * windows)
    }
}
