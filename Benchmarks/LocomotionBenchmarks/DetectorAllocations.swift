import Foundation
import Locomotion

/// The streaming detector's steady-state allocations counted by valgrind, the way the features
/// suite counts the streaming extractor's: a process streams *N* windows of motion samples
/// through an ``ActivityDetector`` and another 2*N*; the difference in their allocation counts,
/// divided by the extra samples, is the allocations per sample. It cross-checks the matrix's
/// counting hook on the `detector.*` kernels.
enum DetectorAllocations {
    /// The flag that makes the executable only stream samples through a detector.
    static let streamOnlyFlag = "--detector-stream-only"
    static let rate = 50.0

    /// The detectors counted: the default (feature rules) and the bundled model.
    static let classifiers = ["rules", "model"]

    /// Streams `windows` windows (after one of warm-up) at 50 Hz with default features
    /// (2.56 s windows, 1.28 s hop) and returns the samples fed: the body valgrind watches.
    static func streamOnly(windows: Int, classifier: String) throws -> Int {
        let choice: ActivityDetector.Classifier? = classifier == "model" ? .custom(try ActivityModel.bundled) : nil
        var detector = try ActivityDetector(sampleRate: rate, classifier: choice)
        let axes = MatrixData.axes(count: 4_096, rate: rate)
        var sample = 0
        while detector.windowCount < windows + 1 {
            let index = sample % 4_096
            _ = try detector.process(
                .motion(MotionSample(time: Double(sample) / rate, x: axes.x[index], y: axes.y[index], z: axes.z[index]))
            )
            sample += 1
        }
        return sample
    }

    /// Allocations per sample for `classifier`, or why valgrind could not count them.
    static func perSample(classifier: String, windows: Int = 200) -> Result<
        (small: Int, large: Int, perSample: Double), Skipped
    > {
        let hop = 64  // samples per window at 50 Hz with a 1.28 s hop
        switch (
            FeatureBenchmarks.valgrindAllocations([streamOnlyFlag, "\(windows)", classifier]),
            FeatureBenchmarks.valgrindAllocations([streamOnlyFlag, "\(2 * windows)", classifier])
        ) {
        case (.success(let small), .success(let large)):
            return .success((small, large, Double(large - small) / Double(windows * hop)))
        case (.failure(let skipped), _), (_, .failure(let skipped)):
            return .failure(skipped)
        }
    }
}
