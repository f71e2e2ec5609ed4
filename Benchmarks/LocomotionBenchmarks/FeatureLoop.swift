import Foundation
import Locomotion

extension FeatureBenchmarks {
    /// The flag that makes the executable extract features in a loop (for a profiler).
    static let loopFlag = "--feature-loop"

    /// Extracts the default set from 2,000 generated 128-sample 50 Hz windows, `passes` times;
    /// returns nanoseconds per window. For `perf record` and similar tools.
    static func loop(passes: Int, featureNames: [String]) throws -> Double {
        let (rate, samples, windows) = (50.0, 128, 2_000)
        let data = generate(windows: windows, samples: samples, rate: rate, seed: 1)
        var configuration = configuration(rate: rate, samples: samples)
        if !featureNames.isEmpty { configuration.features = featureNames.compactMap { BuiltinFeature(rawValue: $0) } }
        var extractor = try FeatureExtractor(configuration: configuration, sampleRate: rate)
        var values = [Double](repeating: .nan, count: windows * extractor.schema.count)
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<passes { try extractAll(data, samples: samples, extractor: &extractor, into: &values) }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(passes * windows)
    }
}
