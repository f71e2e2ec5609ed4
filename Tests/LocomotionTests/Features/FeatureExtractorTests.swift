import Foundation
@_spi(Testing) import Locomotion
import LocomotionDSP
import LocomotionTestSupport
import Testing

/// A recording of `count` samples at `rate` Hz whose x axis is `1 + amplitude·sin(2πft + phase)`
/// (so the magnitude is that too) and whose y and z axes are small independent tones.
private func sineRecording(
    count: Int, rate: Double = 50, frequency: Double, amplitude: Double = 0.3, phase: Double = 0.3,
    startTime: Double = 0
) -> Recording {
    let time = (0..<count).map { startTime + Double($0) / rate }
    let x = (0..<count).map { 1 + amplitude * sin(2 * .pi * frequency * Double($0) / rate + phase) }
    let y = (0..<count).map { 0.01 * sin(2 * .pi * 7 * Double($0) / rate) }
    let z = (0..<count).map { 0.01 * cos(2 * .pi * 11 * Double($0) / rate + 0.2) }
    return Recording(source: "sine", time: time, acceleration: ThreeAxisSeries(x: x, y: y, z: z))
}

/// A noisy three-axis walk-like recording with a gyroscope, seeded.
private func noisyRecording(count: Int, rate: Double = 50, seed: UInt64 = 7) -> Recording {
    var generator = SplitMix64(seed: seed)
    func noise() -> Double { Double.random(in: -0.1...0.1, using: &generator) }
    let time = (0..<count).map { Double($0) / rate }
    let phase = time.map { 2 * Double.pi * 1.8 * $0 }
    return Recording(
        source: "noisy", time: time,
        acceleration: ThreeAxisSeries(
            x: phase.map { 0.9 + 0.25 * sin($0) + noise() }, y: phase.map { 0.1 * cos($0) + noise() },
            z: phase.map { 0.3 + 0.1 * sin(2 * $0) + noise() }),
        rotationRate: ThreeAxisSeries(
            x: phase.map { 0.5 * sin($0) + noise() }, y: phase.map { _ in noise() }, z: phase.map { _ in noise() }))
}

private func value(_ table: FeatureTable, _ row: Int, _ name: String) throws -> Double {
    try #require(table[row][name])
}

@Suite("Feature extraction")
struct FeatureExtractorTests {
    @Test("a sine has its known mean, RMS, variance, zero skewness and its spectral peak")
    func sine() throws {
        // 1.953125 Hz is exactly 5 cycles in a 2.56 s window: bin 5 of 128 at 50 Hz.
        let frequency = 5 / 2.56
        let table = try sineRecording(count: 128, frequency: frequency).features(threadCount: 1)
        #expect(table.count == 1)
        let amplitude = 0.3
        // The y and z tones add under 1e-4 g² to the magnitude's square.
        #expect(abs(try value(table, 0, "acc_mag_mean") - 1) < 1e-3)
        #expect(abs(try value(table, 0, "acc_mag_variance") - amplitude * amplitude / 2) < 2e-3)
        #expect(abs(try value(table, 0, "acc_mag_rms") - (1 + amplitude * amplitude / 2).squareRoot()) < 1e-3)
        #expect(abs(try value(table, 0, "acc_mag_skewness")) < 0.05)
        #expect(abs(try value(table, 0, "acc_mag_kurtosis") + 1.5) < 0.05)
        #expect(abs(try value(table, 0, "acc_mag_dominant_frequency") - frequency) < 0.02)
        #expect(abs(try value(table, 0, "acc_mag_gait_frequency") - frequency) < 0.02)
        // A Hann-windowed tone on a bin puts 2/3 of its power there and 1/6 in each neighbour: the
        // peak holds 1/1.5 of the total, spread over 64 bins above DC (the y and z tones add 0.1 %).
        #expect(abs(try value(table, 0, "acc_mag_gait_prominence") / (64 / 1.5) - 1) < 0.01)
        #expect(abs(try value(table, 0, "acc_mag_spectral_centroid") - frequency) < 0.3)
        #expect(try value(table, 0, "acc_mag_spectral_entropy") < 0.3)
        #expect(try value(table, 0, "acc_mag_spectral_flatness") < 0.05)
        #expect(try value(table, 0, "acc_mag_power_0p3_3hz") > 0.99)
        #expect(abs(try value(table, 0, "acc_mag_mean_crossing_rate") - 2 * frequency) < 0.2)
        // d/dt of A·sin(2πft) has RMS 2πfA/√2; the first difference is within 1 % at 50 Hz.
        let jerk = 2 * Double.pi * frequency * amplitude / 2.squareRoot()
        #expect(abs(try value(table, 0, "acc_mag_jerk_rms") / jerk - 1) < 0.02)
        #expect(abs(try value(table, 0, "acc_mag_range") - 2 * amplitude) < 0.01)
        #expect(abs(try value(table, 0, "acc_mag_median") - 1) < 0.01)
    }

    @Test("a constant signal has zero spread and missing shape and spectral features", arguments: [10.0, 50, 200])
    func constant(rate: Double) throws {
        let count = Int((2.56 * rate).rounded())
        let recording = Recording(
            source: "still", time: (0..<count).map { Double($0) / rate },
            acceleration: ThreeAxisSeries(
                x: Array(repeating: 0.1, count: count), y: Array(repeating: 0.2, count: count),
                z: Array(repeating: 0.97, count: count)))
        let vector = try recording.features(threadCount: 1)[0]
        #expect(vector["acc_mag_variance"] == 0)
        #expect(vector["acc_mag_std"] == 0)
        #expect(vector["acc_mag_iqr"] == 0)
        #expect(vector["acc_mag_mad"] == 0)
        #expect(vector["acc_mag_jerk_rms"] == 0)
        #expect(vector["acc_mag_mean_crossing_rate"] == 0)
        for name in [
            "acc_mag_skewness", "acc_mag_kurtosis", "acc_corr_xy", "acc_mag_dominant_frequency",
            "acc_mag_gait_frequency", "acc_mag_gait_prominence", "acc_mag_spectral_entropy",
            "acc_mag_spectral_flatness", "acc_mag_spectral_centroid", "acc_mag_power_0p3_3hz",
        ] {
            #expect(try #require(vector[name]).isNaN, "\(name)")
        }
    }

    @Test("absent optional streams are missing (NaN); a gyroscope gives its magnitude's mean and spread")
    func optionalStreams() throws {
        let plain = try sineRecording(count: 128, frequency: 2).features(threadCount: 1)[0]
        for name in [
            "gyro_mag_mean", "gyro_mag_std", "gps_speed", "gps_speed_valid", "gps_fix_age", "pedometer_cadence",
        ] {
            #expect(try #require(plain[name]).isNaN, "\(name)")
        }
        var recording = sineRecording(count: 128, frequency: 2)
        recording.rotationRate = ThreeAxisSeries(
            x: Array(repeating: 0.3, count: 128), y: Array(repeating: -0.4, count: 128),
            z: Array(repeating: 0, count: 128))
        var cadence = [Double](repeating: .nan, count: 128)
        cadence[40] = 1.7
        cadence[90] = 1.8
        recording.cadence = cadence
        var speed = [Double](repeating: .nan, count: 128)
        speed[10] = 1.4
        speed[60] = 1.5
        recording.speed = speed
        recording.speedAccuracy = speed.map { $0.isNaN ? .nan : 0.5 }
        let vector = try recording.features(threadCount: 1)[0]
        #expect(abs(try #require(vector["gyro_mag_mean"]) - 0.5) < 1e-12)
        #expect(try #require(vector["gyro_mag_std"]) < 1e-12)
        #expect(vector["pedometer_cadence"] == 1.8)
        #expect(vector["gps_speed_valid"] == 1)
        #expect(abs(try #require(vector["gps_fix_age"]) - (127 - 60) / 50.0) < 1e-9)
        let smoothed = try #require(vector["gps_speed"])
        #expect(smoothed >= 1.4 && smoothed <= 1.5)
    }

    @Test("subsets, per-axis features and user groups shape the schema")
    func schemaChoices() throws {
        var configuration = FeatureConfiguration(features: [.gaitFrequency, .mean], axisFeatures: [.mean, .maximum])
        configuration.groups.append(
            FeatureFunction(name: "acc_x_first", unit: "g", summary: "first x sample") { $0.x[0] })
        let table = try sineRecording(count: 256, frequency: 2).features(configuration, threadCount: 1)
        #expect(
            table.schema.names == [
                "acc_mag_gait_frequency", "acc_mag_mean", "acc_x_mean", "acc_y_mean", "acc_z_mean", "acc_x_max",
                "acc_y_max", "acc_z_max", "acc_x_first",
            ])
        #expect(table.schema.version == FeatureSchema.builtinVersion)
        let recording = sineRecording(count: 256, frequency: 2)
        let first = try #require(table[0]["acc_x_first"])
        #expect(first == recording.acceleration!.x[0])
        #expect(abs(try #require(table[0]["acc_x_max"]) - recording.acceleration!.x[0..<128].max()!) == 0)

        #expect(throws: LocomotionError.self) {
            try FeatureConfiguration(axisFeatures: [.gaitFrequency]).schema()  // not a statistic of one series
        }
        configuration.groups.append(FeatureFunction(name: "acc_mag_mean", unit: "g", summary: "again") { _ in 0 })
        #expect(throws: LocomotionError.self) { try configuration.schema() }
    }

    @Test("the catalogue gives every built-in column the name, unit and description of schema version 3")
    func catalogueMatchesVersion3() throws {
        // Written from the schema before the catalogue was data-driven (`features --list --per-axis`):
        // a column that changes here needs a new FeatureSchema.builtinVersion.
        let url = try #require(Bundle.module.url(forResource: "Fixtures/builtin-features-v3", withExtension: "tsv"))
        let expected = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        let schema = try FeatureConfiguration(axisFeatures: BuiltinFeature.perAxisStatistics).schema()
        #expect(schema.descriptors.map { [$0.name, $0.unit, $0.summary] } == expected)
        #expect(BuiltinFeature.allCases.filter(\.isSpectral).count == 7)
    }

    @Test("every built-in feature has a unique name, a unit and a description")
    func descriptors() throws {
        let schema = try FeatureConfiguration(axisFeatures: BuiltinFeature.perAxisStatistics).schema()
        #expect(Set(schema.names).count == schema.count)
        for descriptor in schema.descriptors {
            #expect(!descriptor.unit.isEmpty && !descriptor.summary.isEmpty)
            #expect(descriptor.name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" }, "\(descriptor.name)")
        }
    }

    @Test("batch extraction on every core equals one thread, in the same order")
    func parallelMatchesSerial() throws {
        let recording = noisyRecording(count: 50 * 60)
        let configuration = FeatureConfiguration(axisFeatures: BuiltinFeature.perAxisStatistics)
        let serial = try recording.features(configuration, threadCount: 1)
        for threads in [2, 3, 8] {
            let parallel = try recording.features(configuration, threadCount: threads)
            #expect(parallel.windows == serial.windows)
            #expect(parallel.values.count == serial.values.count)
            #expect(
                zip(parallel.values, serial.values).allSatisfy {
                    $0.bitPattern == $1.bitPattern
                })
        }
    }

    @Test("windows never cross a gap; the partial last window of each stretch is reported")
    func gaps() throws {
        var first = noisyRecording(count: 300)
        let second = sineRecording(count: 200, frequency: 2, startTime: 100)
        first.rotationRate = nil
        first.append(contentsOf: second)
        let table = try first.features(sampleRate: 50, threadCount: 1)
        // 300 samples: windows at 0, 64, 128 (ends 256); partial from 192 (108 samples).
        // 200 samples: windows at 300, 364; partial from 428 (72 samples).
        #expect(table.windows.map(\.rows) == [0..<128, 64..<192, 128..<256, 300..<428, 364..<492])
        #expect(
            table.incompleteWindows == [
                IncompleteWindow(start: first.time[192], end: first.time[299], sampleCount: 108),
                IncompleteWindow(start: first.time[428], end: first.time[499], sampleCount: 72),
            ])
    }

    @Test("the streaming extractor emits the batch windows with the same values", arguments: [25.0, 50, 100])
    func streamingMatchesBatch(rate: Double) throws {
        var recording = noisyRecording(count: Int(rate * 20), rate: rate)
        var speed = [Double](repeating: .nan, count: recording.count)
        for row in stride(from: 5, to: recording.count, by: Int(rate)) { speed[row] = 1 + Double(row % 7) * 0.1 }
        recording.speed = speed
        var cadence = [Double](repeating: .nan, count: recording.count)
        for row in stride(from: 3, to: recording.count, by: Int(rate * 3)) {
            cadence[row] = 1.5 + Double(row % 5) * 0.05
        }
        recording.cadence = cadence
        let batch = try recording.features(sampleRate: rate, threadCount: 2)
        var stream = try StreamingFeatureExtractor(sampleRate: rate, hasGyroscope: true)
        var vectors: [FeatureVector] = []
        let acceleration = recording.acceleration!
        let rotation = recording.rotationRate!
        for row in 0..<recording.count {
            if let fix = recording.locationFix(row: row) { stream.append(fix: fix) }
            if !cadence[row].isNaN { stream.append(cadence: cadence[row], at: recording.time[row]) }
            if try stream.append(
                time: recording.time[row], x: acceleration.x[row], y: acceleration.y[row], z: acceleration.z[row],
                rotationRate: (rotation.x[row], rotation.y[row], rotation.z[row]))
            {
                vectors.append(try #require(stream.vector))
            }
        }
        let tail = stream.finish()
        #expect(vectors.count == batch.count)
        for (index, vector) in vectors.enumerated() where index < batch.count && vector != batch[index] {
            let differing = vector.schema.names.indices.filter {
                !(vector.values[$0] == batch[index].values[$0]
                    || (vector.values[$0].isNaN && batch[index].values[$0].isNaN))
            }
            Issue.record(
                "window \(index): \(differing.map { "\(vector.schema.names[$0]) \(vector.values[$0]) vs \(batch[index].values[$0])" })"
            )
            break
        }
        #expect(stream.incompleteWindows == batch.incompleteWindows)
        #expect(tail == batch.incompleteWindows.last)
    }

    @Test("rates outside 5–1000 Hz and bad windows are rejected with a named parameter")
    func invalidParameters() {
        #expect(throws: LocomotionError.self) { try FeatureExtractor(sampleRate: 4.9) }
        #expect(throws: LocomotionError.self) { try FeatureExtractor(sampleRate: 2000) }
        #expect(throws: LocomotionError.self) {
            try FeatureExtractor(configuration: .init(windowDuration: 0.05), sampleRate: 50)
        }
        #expect(throws: LocomotionError.self) {
            try FeatureExtractor(configuration: .init(gaitBand: 0.6...30), sampleRate: 50)
        }
        var recording = sineRecording(count: 128, frequency: 2)
        recording.acceleration!.y[5] = .nan
        #expect(throws: LocomotionError.self) { try recording.features(threadCount: 1) }
    }

    @Test("a streamed window longer than 2²⁰ samples is refused before its buffers are made")
    func streamedWindowsAreBounded() throws {
        let longest = Double(StreamingFeatureExtractor.maximumWindowSampleCount) / 50
        let minute = try StreamingFeatureExtractor(configuration: .init(windowDuration: 60), sampleRate: 50)
        #expect(minute.schema.count > 0)
        for duration in [longest + 1, 1e6, 1e300] {
            #expect {
                try StreamingFeatureExtractor(configuration: .init(windowDuration: duration), sampleRate: 50)
            } throws: { error in
                let error = error as? LocomotionError
                return error?.code == .invalidParameter && error?.parameter == "windowDuration"
                    && error?.message.contains(
                        "it must span at most 1048576 samples when streamed (20971.52 s at 50 Hz)") == true
            }
        }
        #expect(throws: LocomotionError.self) {
            try ActivityDetector(sampleRate: 50, features: .init(windowDuration: 1e6))
        }
    }

    @Test("awkward windows give values or NaN at every rate, never a crash", arguments: [10.0, 13, 25, 50, 100, 200])
    func awkwardWindows(rate: Double) throws {
        var extractor = try FeatureExtractor(sampleRate: rate)
        let n = extractor.windowLength
        var random = SplitMix64(seed: UInt64(rate))
        let windows: [(x: [Double], y: [Double], z: [Double])] = [
            ([Double](repeating: 0, count: n), [Double](repeating: 0, count: n), [Double](repeating: 0, count: n)),
            ((0..<n).map { $0 == n / 2 ? 8 : 1 }, [Double](repeating: 0, count: n), [Double](repeating: 0, count: n)),
            (
                (0..<n).map { $0 % 2 == 0 ? 1 : -1 }, [Double](repeating: 0.1, count: n),
                [Double](repeating: 0, count: n)
            ),
            (
                (0..<n).map { _ in 1 + 1e-12 * random.nextGaussian() }, [Double](repeating: 0, count: n),
                [Double](repeating: 0, count: n)
            ),
            (
                (0..<n).map { _ in 1e150 * random.nextGaussian() }, [Double](repeating: 1e150, count: n),
                [Double](repeating: 0, count: n)
            ),
            (
                (0..<n).map { _ in random.nextGaussian() }, (0..<n).map { _ in random.nextGaussian() },
                (0..<n).map { _ in random.nextGaussian() }
            ),
        ]
        for window in windows {
            let vector = try extractor.extract(
                start: 0, end: Double(n - 1) / rate, x: window.x, y: window.y, z: window.z)
            #expect(vector.values.allSatisfy { $0.isNaN || $0.isFinite })
            let steps = try #require(vector["gait_step_count"])
            #expect(steps >= 0 && steps <= Double(n))
        }
    }

    @Test("estimated and measured FFT plans give the same features to rounding")
    func planningRigorDoesNotChangeValues() throws {
        let recording = noisyRecording(count: 640)
        let estimated = try recording.features(threadCount: 1)  // the default
        var configuration = FeatureConfiguration()
        configuration.fftPlanning = .measure
        let measured = try recording.features(configuration, threadCount: 1)
        #expect(estimated.count == measured.count && estimated.count > 0)
        for row in 0..<estimated.count {
            for (a, b) in zip(estimated.row(row), measured.row(row)) {
                #expect(a.isNaN == b.isNaN)
                if !a.isNaN { #expect(abs(a - b) <= 1e-9 * Swift.max(abs(a), abs(b), 1e-300)) }
            }
        }
    }

    @Test("a band above Nyquist is missing; bands clip to Nyquist")
    func bandsAndNyquist() throws {
        let recording = noisyRecording(count: 26, rate: 10)
        let vector = try recording.features(sampleRate: 10, threadCount: 1)[0]
        #expect(try #require(vector["acc_mag_power_10_25hz"]).isNaN)
        let low = try #require(vector["acc_mag_power_0p3_3hz"])
        let middle = try #require(vector["acc_mag_power_3_10hz"])
        #expect(low > 0 && middle > 0 && low + middle <= 1 + 1e-12)
    }
}

@Suite("Feature subsets")
struct FeatureSubsetTests {
    @Test("a feature computed alone has the value it has in the full set")
    func aloneEqualsInFull() throws {
        let time = (0..<256).map { Double($0) / 50 }
        let recording = Recording(
            source: "s", time: time,
            acceleration: ThreeAxisSeries(
                x: time.map { 0.9 + 0.2 * sin(11 * $0) }, y: time.map { 0.1 * cos(7 * $0) },
                z: time.map { 0.3 + 0.05 * sin(3 * $0) }))
        let full = try recording.features(sampleRate: 50, threadCount: 1)
        for feature in BuiltinFeature.allCases {
            let alone = try recording.features(
                FeatureConfiguration(features: [feature]), sampleRate: 50, threadCount: 1)
            for column in 0..<alone.schema.count {
                let name = alone.schema.names[column]
                let expected = try #require(full[0][name])
                let actual = alone[0].values[column]
                #expect(actual == expected || (actual.isNaN && expected.isNaN), "\(name)")
            }
        }
    }
}

@Suite("Streaming feature extraction across gaps")
struct StreamingGapTests {
    @Test("a gap ends the stretch in the stream as in the batch: same windows, same incomplete windows")
    func gapsMatchBatch() throws {
        let rate = 50.0
        let first = (0..<300).map { Double($0) / rate }
        let second = (0..<200).map { 100 + Double($0) / rate }
        let time = first + second
        let x = time.map { 0.9 + 0.2 * sin(9 * $0) }
        let y = time.map { 0.1 * cos(5 * $0) }
        let z = time.map { 0.3 + 0.05 * sin(2 * $0) }
        let recording = Recording(source: "gap", time: time, acceleration: ThreeAxisSeries(x: x, y: y, z: z))
        let batch = try recording.features(sampleRate: rate, threadCount: 1)
        var stream = try StreamingFeatureExtractor(sampleRate: rate)
        var vectors: [FeatureVector] = []
        for row in time.indices where try stream.append(time: time[row], x: x[row], y: y[row], z: z[row]) {
            vectors.append(try #require(stream.vector))
        }
        stream.finish()
        #expect(vectors == batch.vectors)
        #expect(stream.incompleteWindows == batch.incompleteWindows)
        #expect(stream.incompleteWindows.map(\.sampleCount) == [108, 72])
        #expect(throws: LocomotionError.self) { try stream.append(time: 0, x: 0, y: 0, z: 1) }
    }
}

@Suite("Gait features")
struct GaitFeatureTests {
    static let names = [
        "gait_step_count", "gait_step_cadence", "gait_autocorrelation_cadence", "gait_step_regularity",
        "gait_stride_regularity",
    ]

    @Test("the default schema lists the gait features with their units, schema version 3")
    func schema() throws {
        let schema = try FeatureConfiguration().schema()
        #expect(schema.version == 3 && FeatureSchema.builtinVersion == 3)
        let units = Self.names.map { name in schema.index(of: name).map { schema.descriptors[$0].unit } }
        #expect(units == ["steps", "steps/s", "steps/s", "1", "1"])
        #expect(BuiltinFeature.allCases.filter(\.isGait).count == 5)
    }

    @Test(
        "a walking window has its steps, cadence and regularity", arguments: [(50.0, 1.8), (50.0, 1.4), (100.0, 2.0)])
    func walking(rate: Double, cadence: Double) throws {
        let (recording, steps) = GaitSimulation.walking(
            rate: rate, duration: 5.12, cadence: cadence, amplitude: 0.2, jitter: 0.01)
        let configuration = FeatureConfiguration(windowDuration: 5.12, hop: 5.12)
        let vector = try recording.features(configuration, threadCount: 1)[0]
        let count = vector["gait_step_count"] ?? .nan
        #expect(count >= Double(steps.count - 2) && count <= Double(steps.count))
        #expect(abs(try #require(vector["gait_step_cadence"]) - cadence) < 0.1 * cadence)
        #expect(abs(try #require(vector["gait_autocorrelation_cadence"]) - cadence) < 0.05 * cadence)
        #expect(try #require(vector["gait_step_regularity"]) > 0.7)
        #expect(try #require(vector["gait_stride_regularity"]) > 0.7)
    }

    @Test("the default 2.56 s window of a walk counts its steps")
    func defaultWindow() throws {
        let (recording, _) = GaitSimulation.walking(
            rate: 50, duration: 2.56, cadence: 1.8, amplitude: 0.2, jitter: 0.01)
        let vector = try recording.features(threadCount: 1)[0]
        // Four steps fall inside the window; the detector's contexts are cut at its edges.
        #expect((3...5).contains(vector["gait_step_count"] ?? .nan))
        #expect(abs(try #require(vector["gait_step_cadence"]) - 1.8) < 0.1)
        #expect(abs(try #require(vector["gait_autocorrelation_cadence"]) - 1.8) < 0.1)
        #expect(try #require(vector["gait_step_regularity"]) > 0.7)
    }

    @Test("a still window has no steps and missing cadences; a constant one has missing regularity too")
    func still() throws {
        let still = try GaitSimulation.still(rate: 50, duration: 2.56).features(threadCount: 1)[0]
        #expect(still["gait_step_count"] == 0)
        #expect(try #require(still["gait_step_cadence"]).isNaN)
        // Noise may have a weak autocorrelation peak at a step lag, never a regular one.
        #expect(!(still["gait_step_regularity"].map { $0 > 0.5 } ?? true))
        let count = 128
        let constant = try Recording(
            source: "constant", time: (0..<count).map { Double($0) / 50 },
            acceleration: ThreeAxisSeries(
                x: Array(repeating: 0.1, count: count), y: Array(repeating: 0.2, count: count),
                z: Array(repeating: 0.97, count: count))
        ).features(threadCount: 1)[0]
        #expect(constant["gait_step_count"] == 0)
        for name in Self.names.dropFirst() { #expect(try #require(constant[name]).isNaN, "\(name)") }
    }
}

@Suite("Feature extraction with absurd windows")
struct AbsurdWindowFeatureTests {
    @Test func aWindowLongerThanAnyRecordingIsReportedIncompleteWithoutTrapping() throws {
        let recording = sineRecording(count: 300, frequency: 1.8)
        for duration in [1e308, 1e20] {
            let table = try recording.features(FeatureConfiguration(windowDuration: duration), threadCount: 1)
            #expect(table.count == 0)
            #expect(table.incompleteWindows == [IncompleteWindow(start: 0, end: 299 / 50, sampleCount: 300)])
        }
    }

    @Test func aHopLongerThanAnyRecordingGivesTheFirstWindowOnly() throws {
        let recording = sineRecording(count: 300, frequency: 1.8)
        let table = try recording.features(FeatureConfiguration(hop: 1e308), threadCount: 1)
        #expect(table.count == 1 && table.windows[0].rows == 0..<128)
        // The next window would start past the end: no incomplete window (hops over rows are the caller's choice).
        #expect(table.incompleteWindows.isEmpty)
    }

    @Test func validationNeedsNoExtractor() throws {
        let lengths = try FeatureExtractor.validate(.init(), sampleRate: 50)
        #expect(lengths.window == 128 && lengths.hop == 64)
        #expect(throws: LocomotionError.self) {
            try FeatureExtractor.validate(FeatureConfiguration(gaitBand: 30...40), sampleRate: 50)
        }
    }
}
