import CFFTWBaseline
import Foundation
import Locomotion
import LocomotionDSP
import LocomotionTestSupport

/// Mutable state a benchmark case keeps between batches. Each batch moves the value out into a
/// local, so the timed loop mutates a uniquely referenced value: no exclusivity check on a
/// captured variable, and no copy-on-write copy of its buffers.
final class CaseState<Value> {
    private var value: Value?
    init(_ value: Value) { self.value = value }

    func withValue<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        var local = value.take()!
        defer { value = local }
        return try body(&local)
    }
}

/// Runs `body` for `iterations` operations, timed around the whole loop; what `body` returns is
/// summed into a checksum that is consumed afterwards.
@inline(__always)
func timedLoop(_ iterations: Int, _ body: (Int) throws -> Double) rethrows -> UInt64 {
    var checksum = 0.0
    let elapsed = try MonotonicClock.elapsed {
        for iteration in 0..<iterations { checksum += try body(iteration) }
    }
    blackHole(checksum)
    return elapsed
}

/// The inputs the kernels share, generated once from fixed seeds.
enum MatrixData {
    /// Walking-like acceleration magnitude (g) at `rate` Hz: a 1.8 Hz gait with a harmonic and
    /// noise on 1 g, `count` samples.
    static func magnitude(count: Int, rate: Double, seed: UInt64 = 7) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let t = Double(index) / rate
            return 1 + 0.3 * sin(2 * .pi * 1.8 * t) + 0.08 * sin(2 * .pi * 3.6 * t + 0.4) + 0.04 * random.nextGaussian()
        }
    }

    /// Three axes (g) of `count` samples of walking-like motion at `rate` Hz, axis by axis.
    static func axes(count: Int, rate: Double, seed: UInt64 = 9) -> (x: [Double], y: [Double], z: [Double]) {
        var random = SplitMix64(seed: seed)
        var x = [Double](), y = [Double](), z = [Double]()
        for index in 0..<count {
            let angle = 2 * Double.pi * 1.8 * Double(index) / rate
            x.append(0.1 + 0.05 * sin(angle) + 0.03 * random.nextGaussian())
            y.append(0.2 * cos(angle) + 0.03 * random.nextGaussian())
            z.append(0.98 + 0.3 * sin(angle) + 0.08 * sin(2 * angle) + 0.03 * random.nextGaussian())
        }
        return (x, y, z)
    }

    /// The bundled model's feature count, 4 classes: seeded Gaussian clusters for training the
    /// models in the benchmark (and scikit-learn on the same rows).
    static let modelColumns = 16
    static let modelClasses = 4

    /// `rows` labelled rows of `modelColumns` values: class *k* centred at *k* on every column,
    /// standard deviation 1.2, so the classes overlap as real features do.
    static func clusters(rows: Int, seed: UInt64) -> (values: [Double], labels: [Int]) {
        var random = SplitMix64(seed: seed)
        var values: [Double] = []
        var labels: [Int] = []
        values.reserveCapacity(rows * modelColumns)
        for row in 0..<rows {
            let label = row % modelClasses
            labels.append(label)
            for column in 0..<modelColumns {
                values.append(Double(label) * (1 + 0.1 * Double(column % 3)) + 1.2 * random.nextGaussian())
            }
        }
        return (values, labels)
    }

    /// One feature vector of the default set from a walking-like 2.56 s window at 50 Hz.
    static let vector: FeatureVector = {
        let window = axes(count: 128, rate: 50)
        var extractor = try! FeatureExtractor(configuration: FeatureConfiguration(), sampleRate: 50)
        var values = [Double](repeating: .nan, count: extractor.schema.count)
        window.x.withUnsafeBufferPointer { x in
            window.y.withUnsafeBufferPointer { y in
                window.z.withUnsafeBufferPointer { z in
                    values.withUnsafeMutableBufferPointer { row in
                        try! extractor.extractBuffers(start: 0, end: 2.56, x: x, y: y, z: z, into: row)
                    }
                }
            }
        }
        return FeatureVector(schema: extractor.schema, values: values, start: 0, end: 2.56)
    }()

    /// GPS fixes once a second: a drive between 0 and 20 m/s with noise, every 17th fix noisy
    /// and every 31st invalid.
    static func fixes(count: Int, seed: UInt64 = 3) -> [LocationFix] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let speed = 10 + 10 * sin(Double(index) / 60) + 0.5 * random.nextGaussian()
            let accuracy = index % 17 == 0 ? 3.0 : 0.5
            return try! LocationFix(
                time: Double(index), speed: index % 31 == 0 ? -1 : max(speed, 0), speedAccuracy: accuracy)
        }
    }
}

/// The frequency (Hz) of `findDominantFrequency(in:sampleRate:options:)` with its defaults, 0 when
/// there is none: the work the dominant-frequency cells time.
func strongestFrequency(_ samples: [Double], sampleRate: Double) -> Double {
    (try? findDominantFrequency(in: samples, sampleRate: sampleRate))??.frequency ?? 0
}

/// The naive O(n²) DFT baseline of `findDominantFrequency`: the strongest bin above DC from a direct
/// sum per bin, without windowing or refinement.
func naiveDominantFrequency(_ samples: UnsafeBufferPointer<Double>, sampleRate: Double) -> Double {
    let count = samples.count
    var mean = 0.0
    for sample in samples { mean += sample }
    mean /= Double(count)
    var bestBin = 1
    var bestPower = -1.0
    for bin in 1...max(1, count / 2) {
        let step = 2 * Double.pi * Double(bin) / Double(count)
        var real = 0.0
        var imaginary = 0.0
        for index in 0..<count {
            let value = samples[index] - mean
            real += value * cos(step * Double(index))
            imaginary -= value * sin(step * Double(index))
        }
        let power = real * real + imaginary * imaginary
        if power > bestPower { (bestPower, bestBin) = (power, bin) }
    }
    return Double(bestBin) * sampleRate / Double(count)
}

extension MatrixKernel {
    /// Every kernel the matrix measures, in report order.
    static var all: [MatrixKernel] {
        spectral + statistics + gait + speed + features + classifiers + smoothing + detection + parsing
    }

    /// A kernel over rates × windows whose set-up starts from the cell's walking-like
    /// magnitude: `make(n, rate, samples)`.
    private static func windowKernel(
        _ name: String, operation: String = "window", growth: String, zeroAllocations: Bool, summary: String,
        _ make: @escaping (_ n: Int, _ rate: Double, _ samples: [Double]) throws -> MatrixCase
    ) -> MatrixKernel {
        MatrixKernel(
            name: name, operation: operation, shape: .rateAndWindow, expectedGrowth: growth,
            zeroAllocations: zeroAllocations, summary: summary
        ) { cell in
            try make(cell.samples!, cell.rate!, MatrixData.magnitude(count: cell.samples!, rate: cell.rate!))
        }
    }

    static var spectral: [MatrixKernel] {
        [
            windowKernel(
                "fft.heldPlan", operation: "transform", growth: "n log n", zeroAllocations: true,
                summary: "RealFFTPlan.forward on caller buffers; baseline: FFTW from C, same n"
            ) { n, rate, samples in
                let plan = try RealFFTPlan(count: n)
                var output = [ComplexDouble](repeating: .zero, count: plan.binCount)
                guard
                    let baseline = samples.withUnsafeBufferPointer({ cfftw_baseline_create(Int32(n), $0.baseAddress!) })
                else { throw BenchmarkError.baselineUnavailable(count: n) }
                let work: (Int) -> UInt64 = { iterations in
                    samples.withUnsafeBufferPointer { input in
                        output.withUnsafeMutableBufferPointer { bins in
                            timedLoop(iterations) { _ in
                                plan.forward(input, into: bins)
                                return bins[min(1, bins.count - 1)].real
                            }
                        }
                    }
                }
                return MatrixCase(
                    samplesPerOperation: n, work: work,
                    baselines: [("FFTW C", { UInt64(cfftw_baseline_run(baseline, Int64($0))) })],
                    teardown: { cfftw_baseline_destroy(baseline) })
            },
            windowKernel(
                "fft.dominantFrequency", operation: "window", growth: "n log n", zeroAllocations: false,
                summary:
                    "findDominantFrequency(in:sampleRate:options:) (FFT, parabolic peak, least-squares refinement); "
                    + "baseline: a naive O(n²) DFT peak for n <= 512"
            ) { n, rate, samples in
                let work: (Int) -> UInt64 = { iterations in
                    timedLoop(iterations) { _ in strongestFrequency(samples, sampleRate: rate) }
                }
                let naive: (Int) -> UInt64 = { iterations in
                    samples.withUnsafeBufferPointer { input in
                        timedLoop(iterations) { _ in naiveDominantFrequency(input, sampleRate: rate) }
                    }
                }
                return MatrixCase(samplesPerOperation: n, work: work, baselines: n <= 512 ? [("naive DFT", naive)] : [])
            },
            windowKernel(
                "welch", operation: "window", growth: "n log n", zeroAllocations: false,
                summary: "welch(_:sampleRate:) over the window, segments of n/4 (at least 8), half overlap, Hann"
            ) { n, rate, samples in
                let options = WelchOptions(segmentLength: max(8, n / 4))
                _ = try welch(samples, sampleRate: rate, options: options)
                return MatrixCase(samplesPerOperation: n) { iterations in
                    try timedLoop(iterations) { _ in try welch(samples, sampleRate: rate, options: options).values[1] }
                }
            },
        ]
    }

    static var statistics: [MatrixKernel] {
        [
            windowKernel(
                "stats.window", operation: "window", growth: "n", zeroAllocations: true,
                summary: "Statistics.summary(of:scratch:): moments, extrema, RMS, median, IQR, MAD, crossings"
            ) { n, rate, samples in
                var scratch = [Double](repeating: 0, count: 2 * n)
                return MatrixCase(samplesPerOperation: n) { iterations in
                    try samples.withUnsafeBufferPointer { input in
                        try scratch.withUnsafeMutableBufferPointer { scratch in
                            try timedLoop(iterations) { _ in try Statistics.summary(of: input, scratch: scratch).median
                            }
                        }
                    }
                }
            },
            MatrixKernel(
                name: "stats.rolling", operation: "sample", shape: .rateAndWindow, expectedGrowth: "1",
                zeroAllocations: true, summary: "RollingStatistics.append and mean/variance, window of n samples"
            ) { cell in
                let n = cell.samples!
                let samples = MatrixData.magnitude(count: 4_096, rate: cell.rate!)
                let state = CaseState((try RollingStatistics(capacity: n), 0))
                return MatrixCase(samplesPerOperation: 1) { iterations in
                    try state.withValue { state in
                        try samples.withUnsafeBufferPointer { input in
                            try timedLoop(iterations) { _ in
                                try state.0.append(input[state.1 & 4_095])
                                state.1 &+= 1
                                return state.0.mean! + state.0.variance!
                            }
                        }
                    }
                }
            },
            MatrixKernel(
                name: "filter.butterworth", operation: "sample", shape: .rateAndWindow, expectedGrowth: "1",
                zeroAllocations: true,
                summary: "4th-order Butterworth low-pass at rate/5 through SOSFilter.process(_:into:), "
                    + "blocks of n samples with the state carried; baseline: scipy sosfilt on the same blocks"
            ) { cell in
                let n = cell.samples!
                let rate = cell.rate!
                let sections = try Butterworth.design(order: 4, band: .lowPass(cutoff: rate / 5), sampleRate: rate)
                let blocks = max(1, 4_096 / n)
                let signal = MatrixData.magnitude(count: blocks * n, rate: rate)
                var output = [Double](repeating: 0, count: n)
                let state = CaseState((SOSFilter(sections), 0))
                let work: (Int) throws -> UInt64 = { iterations in
                    try state.withValue { state in
                        try signal.withUnsafeBufferPointer { input in
                            try output.withUnsafeMutableBufferPointer { output in
                                try timedLoop(iterations) { _ in
                                    let block = state.1 % blocks
                                    try state.0.process(
                                        UnsafeBufferPointer(rebasing: input[(block * n)..<((block + 1) * n)]),
                                        into: output)
                                    state.1 &+= 1
                                    return output[0]
                                }
                            }
                        }
                    }
                }
                let job = PythonJob(
                    kind: "sosfilt",
                    fields: [
                        ("sos", .array(sections.scipyRows.map { .array($0.map { .number($0, decimals: 17) }) })),
                        ("block", .int(n)),
                    ], files: [("signal", MatrixData.magnitude(count: max(blocks, 64) * n, rate: rate))])
                return MatrixCase(
                    operationScale: Double(n), samplesPerOperation: 1, work: work, python: ("scipy sosfilt", job))
            },
            MatrixKernel(
                name: "resample", operation: "sample", shape: .none, expectedGrowth: "1", zeroAllocations: false,
                summary: "RecordingResampler from 2000 Hz to 1000 Hz (400 Hz anti-alias cutoff), three axes, "
                    + "chunks of 4096 rows; baseline: scipy resample_poly(x, 1, 2) on the same axes"
            ) { _ in
                let (rate, chunkRows, chunks) = (2000.0, 4_096, 16)
                let axes = MatrixData.axes(count: chunkRows * chunks, rate: rate)
                let whole = Recording(
                    source: "bench", time: (0..<(chunkRows * chunks)).map { Double($0) / rate },
                    acceleration: ThreeAxisSeries(x: axes.x, y: axes.y, z: axes.z))
                let pieces = (0..<chunks).map { whole[rows: ($0 * chunkRows)..<(($0 + 1) * chunkRows)] }
                let span = Double(chunkRows * chunks) / rate
                let state = CaseState((try RecordingResampler(sampleRate: 1000, inputRate: rate, maximumGap: 0.1), 0))
                let work: (Int) throws -> UInt64 = { iterations in
                    try state.withValue { state in
                        try timedLoop(iterations) { _ in
                            // The same rows again later: time keeps going forwards.
                            var piece = pieces[state.1 % chunks]
                            let offset = Double(state.1 / chunks) * span
                            if offset > 0 { piece.time = piece.time.map { $0 + offset } }
                            state.1 &+= 1
                            return try state.0.append(piece).count == 0 ? 0 : 1
                        }
                    }
                }
                let job = PythonJob(kind: "resample_poly", files: [("signal", axes.x + axes.y + axes.z)])
                return MatrixCase(
                    operationScale: Double(chunkRows), samplesPerOperation: 1, work: work,
                    python: ("scipy resample_poly", job))
            },
            windowKernel(
                "peaks", growth: "n", zeroAllocations: false,
                summary: "findPeaks(in:options:) with distance 0.25 s and prominence 0.1 g; baseline: scipy find_peaks"
            ) { n, rate, samples in
                let options = PeakFindingOptions(distance: 0.25 * rate, prominence: 0.1)
                let expected = try findPeaks(in: samples, options: options).count
                let work: (Int) throws -> UInt64 = { iterations in
                    try samples.withUnsafeBufferPointer { input in
                        try timedLoop(iterations) { _ in Double(try findPeaks(in: input, options: options).count) }
                    }
                }
                let job = PythonJob(
                    kind: "find_peaks",
                    fields: [
                        ("distance", .number(0.25 * rate, decimals: 6)), ("prominence", .number(0.1, decimals: 6)),
                    ],
                    files: [("signal", samples)], expectedPeaks: expected)
                return MatrixCase(samplesPerOperation: n, work: work, python: ("scipy find_peaks", job))
            },
        ]
    }

    static var gait: [MatrixKernel] {
        [
            MatrixKernel(
                name: "steps", operation: "sample", shape: .rate, expectedGrowth: "1",
                zeroAllocations: false,
                summary: "StepDetector.process(time:x:y:z:into:) on walking-like motion, steps array reused"
            ) { cell in
                let rate = cell.rate!
                let count = 8_192
                let axes = MatrixData.axes(count: count, rate: rate)
                var steps: [Step] = []
                steps.reserveCapacity(1_024)
                let state = CaseState((try StepDetector(sampleRate: rate), 0, steps))
                return MatrixCase(samplesPerOperation: 1) { iterations in
                    try state.withValue { state in
                        try timedLoop(iterations) { _ in
                            let index = state.1 % count
                            try state.0.process(
                                time: Double(state.1) / rate, x: axes.x[index], y: axes.y[index], z: axes.z[index],
                                into: &state.2)
                            state.1 &+= 1
                            if state.2.count > 512 { state.2.removeAll(keepingCapacity: true) }
                            return Double(state.2.count)
                        }
                    }
                }
            }
        ]
    }

    static var speed: [MatrixKernel] {
        [
            MatrixKernel(
                name: "kalman.update", operation: "fix", shape: .counts([100, 1_000, 10_000]), expectedGrowth: "1",
                zeroAllocations: true,
                summary: "SpeedKalmanFilter.update(with:) over a drive of N fixes at 1 Hz, restarted after the last"
            ) { cell in
                let fixes = MatrixData.fixes(count: cell.count!)
                let state = CaseState((SpeedKalmanFilter(), 0))
                return MatrixCase(samplesPerOperation: nil) { iterations in
                    state.withValue { state in
                        fixes.withUnsafeBufferPointer { fixes in
                            timedLoop(iterations) { _ in
                                if state.1 == fixes.count { (state.0, state.1) = (SpeedKalmanFilter(), 0) }
                                let speed = state.0.update(with: fixes[state.1]).speed ?? 0
                                state.1 += 1
                                return speed
                            }
                        }
                    }
                }
            },
            MatrixKernel(
                name: "kalman.rts", operation: "fix", shape: .counts([100, 1_000, 10_000]), expectedGrowth: "1",
                zeroAllocations: false,
                summary: "SpeedSmoother.smooth (forward filter and Rauch–Tung–Striebel pass) over N fixes, per fix"
            ) { cell in
                let count = cell.count!
                let fixes = MatrixData.fixes(count: count)
                let smoother = SpeedSmoother()
                return MatrixCase(operationScale: Double(count), samplesPerOperation: nil) { iterations in
                    timedLoop(iterations) { _ in smoother.smooth(fixes)[count / 2].speed ?? 0 }
                }
            },
        ]
    }

    static var features: [MatrixKernel] {
        [true, false].map { gait in
            MatrixKernel(
                name: gait ? "features" : "features.noGait", operation: "window", shape: .rateAndWindow,
                expectedGrowth: "n log n", zeroAllocations: true,
                summary:
                    "FeatureExtractor.extract, \(gait ? "the default set (38 columns)" : "the default set without the five gait features")"
                    + ", measured FFT plans; baseline: the numpy reference on 200 windows"
            ) { cell in
                let n = cell.samples!
                let rate = cell.rate!
                let windows = 64
                let data = FeatureBenchmarks.generate(windows: windows, samples: n, rate: rate, seed: 1)
                let timing = try FeatureBenchmarks.timingCase(
                    data, samples: n, rate: rate, windowCount: windows, gait: gait)
                let numpyWindows = 200
                let job = PythonJob(
                    kind: "features",
                    fields: [
                        ("windows", .int(numpyWindows)), ("samples", .int(n)), ("rate", .number(rate, decimals: 3)),
                        ("gait", .bool(gait)),
                    ],
                    files: [
                        ("input", FeatureBenchmarks.generate(windows: numpyWindows, samples: n, rate: rate, seed: 1))
                    ])
                return MatrixCase(samplesPerOperation: n, work: timing.runBatch, python: ("numpy", job))
            }
        }
    }

    /// One classifier's per-vector case.
    private static func classifier(
        _ name: String, summary: String, zeroAllocations: Bool, sklearn: String?,
        _ make: @escaping () throws -> (Int) throws -> UInt64
    ) -> MatrixKernel {
        MatrixKernel(
            name: name, operation: "vector", shape: .none, expectedGrowth: "1", zeroAllocations: zeroAllocations,
            summary: summary
        ) { _ in
            let work = try make()
            guard let sklearn else { return MatrixCase(samplesPerOperation: nil, work: work) }
            let train = MatrixData.clusters(rows: 2_000, seed: 21)
            let test = MatrixData.clusters(rows: 10_000, seed: 22)
            let job = PythonJob(
                kind: "sklearn",
                fields: [
                    ("model", .string(sklearn)), ("rows", .int(2_000)), ("columns", .int(MatrixData.modelColumns)),
                ],
                files: [("train", train.values), ("test", test.values)],
                integerFiles: [("labels", train.labels)])
            return MatrixCase(samplesPerOperation: nil, work: work, python: ("scikit-learn", job))
        }
    }

    /// A per-vector case of a model trained in the benchmark: `predictProbabilities(_:into:)` over
    /// 10,000 seeded vectors.
    private static func modelCase(_ model: any ProbabilisticModel) -> (Int) -> UInt64 {
        let test = MatrixData.clusters(rows: 10_000, seed: 22).values
        let columns = MatrixData.modelColumns
        var probabilities = [Double](repeating: 0, count: model.classCount)
        return { iterations in
            timedLoop(iterations) { iteration in
                let row = iteration % 10_000
                model.predictProbabilities(test[(row * columns)..<((row + 1) * columns)], into: &probabilities)
                return probabilities[0]
            }
        }
    }

    static var classifiers: [MatrixKernel] {
        [
            classifier(
                "classify.rules",
                summary: "FeatureRuleClassifier.classify(_:) on one default-set vector (columns looked up per call)",
                zeroAllocations: false, sklearn: nil
            ) {
                let rules = try FeatureRuleClassifier()
                let vector = MatrixData.vector
                return { iterations in
                    try timedLoop(iterations) { _ in try rules.classify(vector).end }
                }
            },
            classifier(
                "classify.rules.prepared", summary: "FeatureRuleClassifier.prepared(for:).classify(_:) on one vector",
                zeroAllocations: true, sklearn: nil
            ) {
                let rules = try FeatureRuleClassifier().prepared(for: MatrixData.vector.schema)
                let vector = MatrixData.vector
                return { iterations in timedLoop(iterations) { _ in rules.classify(vector).end } }
            },
            classifier(
                "classify.voteFusion",
                summary: "VoteFusion.classify(_:) on one default-set vector (its decision lists the votes)",
                zeroAllocations: false, sklearn: nil
            ) {
                let fusion = try VoteFusion()
                let vector = MatrixData.vector
                return { iterations in timedLoop(iterations) { _ in fusion.classify(vector).end } }
            },
            classifier(
                "classify.bundledModel",
                summary:
                    "ActivityModel.bundled.classify(_:) (naive Bayes, 16 columns looked up by name) on one vector; "
                    + "baseline: scikit-learn GaussianNB",
                zeroAllocations: false, sklearn: "naive_bayes"
            ) {
                let model = try ActivityModel.bundled
                let vector = MatrixData.vector
                return { iterations in try timedLoop(iterations) { _ in try model.classify(vector).end } }
            },
            classifier(
                "classify.bundledModel.prepared",
                summary: "ActivityModel.bundled.prepared(for:).classify(_:) (columns bound once) on one vector; "
                    + "baseline: scikit-learn GaussianNB",
                zeroAllocations: true, sklearn: "naive_bayes"
            ) {
                var model = try ActivityModel.bundled.prepared(for: MatrixData.vector.schema)
                let vector = MatrixData.vector
                return { iterations in timedLoop(iterations) { _ in model.classify(vector).end } }
            },
        ]
            + trainedModels.map { name, summary, sklearn, fit in
                classifier(name, summary: summary, zeroAllocations: true, sklearn: sklearn) {
                    let train = MatrixData.clusters(rows: 2_000, seed: 21)
                    return modelCase(
                        try fit(FeatureMatrix(values: train.values, columnCount: MatrixData.modelColumns), train.labels)
                    )
                }
            }
    }

    /// The models trained in the benchmark on seeded clusters (the same rows scikit-learn gets):
    /// name, summary, scikit-learn's model, and how to fit.
    private static var trainedModels:
        [(String, String, String, (FeatureMatrix, [Int]) throws -> any ProbabilisticModel)]
    {
        let classes = MatrixData.modelClasses
        return [
            (
                "classify.naiveBayes",
                "GaussianNaiveBayes.predictProbabilities(_:into:), 16 features, 4 classes; baseline: GaussianNB",
                "naive_bayes", { try GaussianNaiveBayes.fit($0, labels: $1, classCount: classes) }
            ),
            (
                "classify.logisticRegression",
                "LogisticRegression.predictProbabilities(_:into:); baseline: LogisticRegression(C=1)",
                "logistic_regression", { try LogisticRegression.fit($0, labels: $1, classCount: classes) }
            ),
            (
                "classify.randomForest",
                "RandomForest.predictProbabilities(_:into:), 100 trees; baseline: RandomForestClassifier(100), one job",
                "random_forest", { try RandomForest.fit($0, labels: $1, classCount: classes) }
            ),
        ]
    }

    static var smoothing: [MatrixKernel] {
        [
            MatrixKernel(
                name: "hmm.forward", operation: "window", shape: .none, expectedGrowth: "1", zeroAllocations: true,
                summary: "HiddenMarkovFilter.update(_:into:), the activity priors at a 1.28 s hop"
            ) { _ in
                let smoother = try HiddenMarkovSmoother.activities(hop: 1.28)
                let states = smoother.stateCount
                let inputs = (0..<8).map { shift in
                    (0..<states).map { 0.05 + Double(($0 + shift) % states) / Double(states) }
                }
                var posterior = [Double](repeating: 0, count: states)
                let state = CaseState(HiddenMarkovFilter(smoother: smoother))
                return MatrixCase(samplesPerOperation: nil) { iterations in
                    try state.withValue { filter in
                        try timedLoop(iterations) { iteration in
                            try filter.update(inputs[iteration & 7], into: &posterior)
                            return posterior[0]
                        }
                    }
                }
            },
            MatrixKernel(
                name: "hysteresis", operation: "window", shape: .none, expectedGrowth: "1", zeroAllocations: true,
                summary: "ActivityHysteresis.update(_:at:) on a sequence that changes activity every 7 windows"
            ) { _ in
                let activities = (0..<64).map { ActivityType.decidable[($0 / 7) % ActivityType.decidable.count] }
                let state = CaseState((try ActivityHysteresis(), 0))
                return MatrixCase(samplesPerOperation: nil) { iterations in
                    try state.withValue { state in
                        try timedLoop(iterations) { _ in
                            let committed = try state.0.update(activities[state.1 & 63], at: Double(state.1) * 1.28)
                            state.1 &+= 1
                            return committed == .walking ? 1 : 0
                        }
                    }
                }
            },
        ]
    }

    /// The streaming detector per motion sample, windows of the cell's length with half-window hops.
    private static func detector(_ name: String, shape: MatrixShape, summary: String, model: Bool) -> MatrixKernel {
        MatrixKernel(
            name: name, operation: "sample", shape: shape, expectedGrowth: "log n", zeroAllocations: true,
            summary: summary
        ) { cell in
            let rate = cell.rate!
            let window = cell.window ?? 2.56
            let count = 8_192
            let axes = MatrixData.axes(count: count, rate: rate)
            let features = FeatureConfiguration(windowDuration: window, hop: window / 2, fftPlanning: .measure)
            let classifier: ActivityDetector.Classifier? = model ? .custom(try ActivityModel.bundled) : nil
            let state = CaseState(
                (try ActivityDetector(sampleRate: rate, features: features, classifier: classifier), 0))
            return MatrixCase(samplesPerOperation: 1) { iterations in
                try state.withValue { state in
                    try timedLoop(iterations) { _ in
                        let index = state.1 % count
                        let sample = MotionSample(
                            time: Double(state.1) / rate, x: axes.x[index], y: axes.y[index], z: axes.z[index])
                        state.1 &+= 1
                        return try state.0.process(.motion(sample)).map { $0.result.end } ?? 0
                    }
                }
            }
        }
    }

    static var detection: [MatrixKernel] {
        [
            detector(
                "detector.rules", shape: .rateAndWindow,
                summary: "ActivityDetector.process(.motion) with the feature rules, hop = window/2", model: false),
            detector(
                "detector.model", shape: .rate,
                summary: "ActivityDetector.process(.motion) with the bundled model (its 2.56 s windows, 1.28 s hop)",
                model: true),
        ]
    }

    static var parsing: [MatrixKernel] {
        [
            MatrixKernel(
                name: "csv", operation: "MB", shape: .none, expectedGrowth: "1", zeroAllocations: false,
                summary: "RecordingStream over a generated 10 MB 50 Hz file (both cores), per MB; "
                    + "baseline: pandas.read_csv(engine=\"c\")"
            ) { _ in
                let directory = FileManager.default.temporaryDirectory.appendingPathComponent("locomotion-bench").path
                let file = try CSVBenchmarks.generate(minimumBytes: 10 << 20, in: directory)
                let megabytes = Double(file.bytes) / 1e6
                let work: (Int) throws -> UInt64 = { iterations in
                    try timedLoop(iterations) { _ in Double(try CSVBenchmarks.countRows(path: file.path)) }
                }
                return MatrixCase(
                    operationScale: megabytes, samplesPerOperation: nil, work: work,
                    external: [
                        (
                            "pandas",
                            {
                                CSVBenchmarks.pandasSeconds(path: file.path, runs: 5).map { $0 * 1e9 / megabytes }
                                    .mapError { Skipped(message: $0.message) }
                            }
                        )
                    ])
            }
        ]
    }
}
