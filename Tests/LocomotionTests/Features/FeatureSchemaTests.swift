import Foundation
import Locomotion
import LocomotionDSP
import LocomotionTestSupport
import Testing

@Suite("Feature schema, configuration and groups")
struct FeatureSchemaTests {
    /// `count` samples of a seeded, walk-like three-axis signal with a gyroscope, at 50 Hz.
    static func walk(count: Int, seed: UInt64 = 3) -> (x: [Double], y: [Double], z: [Double], g: [[Double]]) {
        var generator = SplitMix64(seed: seed)
        func noise() -> Double { Double.random(in: -0.1...0.1, using: &generator) }
        let phase = (0..<count).map { 2 * Double.pi * 1.9 * Double($0) / 50 }
        return (
            phase.map { 0.9 + 0.3 * sin($0) + noise() }, phase.map { 0.1 * cos($0) + noise() },
            phase.map { _ in 0.3 + noise() }, (0..<3).map { _ in phase.map { 0.4 * sin($0) + noise() } }
        )
    }

    @Test("an extractor's schema records its rate, window, hop, bands, axes and fix age")
    func schemaRecordsTheParameters() throws {
        let configuration = FeatureConfiguration(windowDuration: 5.12, hop: 2.56, gaitBand: 0.5...3)
        let schema = try FeatureExtractor(configuration: configuration, sampleRate: 100).schema
        let parameters = try #require(schema.parameters)
        #expect(parameters.sampleRate == 100)
        #expect(parameters.windowDuration == 5.12 && parameters.hop == 2.56)
        #expect(parameters.gaitBand == 0.5...3)
        #expect(parameters.powerBands == [0.3...3, 3...10, 10...25])
        #expect(parameters.axes == ["x", "y", "z"] && parameters.maximumFixAge == 10)
        // Before extraction the rate is not known.
        #expect(try configuration.schema().parameters?.sampleRate == nil)
        // The table carries the extractor's schema.
        let walk = Self.walk(count: 1024)
        let recording = Recording(
            source: "walk", time: (0..<1024).map { Double($0) / 100 },
            acceleration: ThreeAxisSeries(x: walk.x, y: walk.y, z: walk.z))
        #expect(try recording.features(configuration, sampleRate: 100).schema == schema)
    }

    @Test("schema equality ignores the summaries, not the names, units, version or parameters")
    func equalityIgnoresProse() throws {
        let schema = try FeatureConfiguration().schema(sampleRate: 50)
        var reworded = schema
        reworded.descriptors[0].summary = "the average magnitude, in other words"
        #expect(reworded == schema && reworded.hashValue == schema.hashValue)
        var unit = schema
        unit.descriptors[0].unit = "m/s²"
        #expect(unit != schema)
        var renamed = schema
        renamed.descriptors[0].name = "acc_mag_average"
        #expect(renamed != schema)
        var version = schema
        version.version += 1
        #expect(version != schema)
        #expect(try FeatureConfiguration(hop: 0.64).schema(sampleRate: 50) != schema)
        #expect(try FeatureConfiguration().schema(sampleRate: 100) != schema)
    }

    @Test("the schema and the configuration survive JSON")
    func codableRoundTrips() throws {
        var configuration = FeatureConfiguration(
            windowDuration: 5, hop: 1, features: [.mean, .gaitFrequency, .bandPowerFractions], axisFeatures: [.median],
            gaitBand: 0.5...3, powerBands: [0.5...4], maximumFixAge: 7, speedFilter: .constantVelocity,
            fftPlanning: .measure)
        let decoded = try JSONDecoder().decode(FeatureConfiguration.self, from: JSONEncoder().encode(configuration))
        #expect(decoded.windowDuration == 5 && decoded.hop == 1)
        #expect(decoded.features == configuration.features && decoded.axisFeatures == [.median])
        #expect(decoded.gaitBand == 0.5...3 && decoded.powerBands == [0.5...4] && decoded.maximumFixAge == 7)
        #expect(decoded.speedFilter == .constantVelocity && decoded.fftPlanning == .measure)
        #expect(try decoded.schema(sampleRate: 50) == configuration.schema(sampleRate: 50))
        // A missing key takes its default; a bad speed filter is refused.
        let sparse = try JSONDecoder().decode(FeatureConfiguration.self, from: Data(#"{"hop": 0.64}"#.utf8))
        #expect(sparse.hop == 0.64 && sparse.windowDuration == 2.56 && sparse.features == BuiltinFeature.allCases)
        var filter = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(SpeedKalmanFilter.Configuration.default))
                as? [String: Any])
        filter["gateSigmas"] = -1
        let badFilter = try JSONSerialization.data(withJSONObject: ["speedFilter": filter])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FeatureConfiguration.self, from: badFilter) }
        // Groups are code: encoding them throws instead of dropping them.
        configuration.groups.append(FeatureFunction(name: "acc_x_first", unit: "g", summary: "first x") { $0.x[0] })
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(configuration) }

        let schema = try FeatureConfiguration().schema(sampleRate: 50)
        let schemaBack = try JSONDecoder().decode(FeatureSchema.self, from: JSONEncoder().encode(schema))
        #expect(schemaBack == schema && schemaBack.descriptors == schema.descriptors)
    }

    #if compiler(>=6.2)
        @Test("the span entry point reads slices in place and equals the array entry point, bit for bit")
        func spanExtract() throws {
            var extractor = try FeatureExtractor(sampleRate: 50)
            let n = extractor.windowLength
            // Windows inside longer arrays, as a batch loop has them: slices, not copies.
            let (x, y, z, g) = Self.walk(count: 3 * n)
            let window = n..<(2 * n)
            let vector = try extractor.extract(
                start: 2.56, end: 5.1, x: Array(x[window]), y: Array(y[window]), z: Array(z[window]),
                rotationRate: (Array(g[0][window]), Array(g[1][window]), Array(g[2][window])))
            var row = [Double](repeating: .nan, count: extractor.schema.count)
            var output = row.mutableSpan
            try extractor.extract(
                start: 2.56, end: 5.1, x: x[window].span, y: y[window].span, z: z[window].span,
                rotationRate: (g[0][window].span, g[1][window].span, g[2][window].span), into: &output)
            _ = consume output
            #expect(zip(vector.values, row).allSatisfy { $0.bitPattern == $1.bitPattern })
            #expect(!(vector["gyro_mag_mean"] ?? .nan).isNaN)
            var plain = [Double](repeating: 0, count: extractor.schema.count)
            var plainOutput = plain.mutableSpan
            try extractor.extract(
                start: 2.56, end: 5.1, x: x[window].span, y: y[window].span, z: z[window].span, into: &plainOutput)
            _ = consume plainOutput
            #expect(plain[try #require(extractor.schema.index(of: "gyro_mag_mean"))].isNaN)
            #expect(plain[try #require(extractor.schema.index(of: "acc_mag_mean"))] == vector["acc_mag_mean"])
            // A window of the wrong length and a row of the wrong length are parameter errors.
            var short = [Double](repeating: 0, count: extractor.schema.count - 1)
            var shortOutput = short.mutableSpan
            #expect(throws: LocomotionError.self) {
                try extractor.extract(
                    start: 0, end: 2.54, x: x[window].span, y: y[window].span, z: z[window].span, into: &shortOutput)
            }
            _ = consume shortOutput
            var fresh = [Double](repeating: 0, count: extractor.schema.count)
            var freshOutput = fresh.mutableSpan
            let shortZ = z[1..<n]  // one sample short
            #expect(throws: LocomotionError.self) {
                try extractor.extract(
                    start: 0, end: 2.54, x: x[window].span, y: y[window].span, z: shortZ.span, into: &freshOutput)
            }
            _ = consume freshOutput
            _ = (short, fresh)
        }
    #endif

    @Test("the array entry point takes the gyroscope and equals the buffer entry point")
    func safeExtractWithGyroscope() throws {
        var extractor = try FeatureExtractor(sampleRate: 50)
        let (x, y, z, g) = Self.walk(count: extractor.windowLength)
        let vector = try extractor.extract(start: 0, end: 2.54, x: x, y: y, z: z, rotationRate: (g[0], g[1], g[2]))
        var row = [Double](repeating: .nan, count: extractor.schema.count)
        try x.withUnsafeBufferPointer { x in
            try y.withUnsafeBufferPointer { y in
                try z.withUnsafeBufferPointer { z in
                    try g[0].withUnsafeBufferPointer { gx in
                        try g[1].withUnsafeBufferPointer { gy in
                            try g[2].withUnsafeBufferPointer { gz in
                                try row.withUnsafeMutableBufferPointer { row in
                                    try extractor.extractBuffers(
                                        start: 0, end: 2.54, x: x, y: y, z: z, rotationRate: (gx, gy, gz), into: row)
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(zip(vector.values, row).allSatisfy { $0.bitPattern == $1.bitPattern })
        let gyroscopeMean = try #require(vector["gyro_mag_mean"])
        #expect(!gyroscopeMean.isNaN)
        #expect(try extractor.extract(start: 0, end: 2.54, x: x, y: y, z: z)["gyro_mag_mean"]?.isNaN == true)
        #expect(throws: LocomotionError.self) {
            try extractor.extract(
                start: 0, end: 2.54, x: x, y: y, z: z, rotationRate: (g[0], g[1], Array(g[2].dropLast())))
        }
    }

    /// A group that reads every part of its window and writes `count` values.
    struct Probe: FeatureGroup {
        var count = 3
        let descriptors = [
            FeatureDescriptor(name: "probe_x0", unit: "g", summary: "first x"),
            FeatureDescriptor(name: "probe_gyro_z_last", unit: "rad/s", summary: "last z rotation"),
            FeatureDescriptor(name: "probe_entry", unit: "1", summary: "the value found on entry"),
        ]
        func compute(_ window: FeatureWindow, into values: inout [Double]) {
            let entry = values[2]
            values = Array(repeating: .nan, count: count)
            guard count == 3 else { return }
            values[0] = window.x[0]
            values[1] = window.rotationRate?.z.last ?? .nan
            values[2] = entry
        }
    }

    @Test("a group sees the window as arrays, starts from NaN, and a wrong count is an error")
    func groupsReceiveSafeArrays() throws {
        var configuration = FeatureConfiguration(features: [.mean])
        configuration.groups = [Probe()]
        var extractor = try FeatureExtractor(configuration: configuration, sampleRate: 50)
        let (x, y, z, g) = Self.walk(count: extractor.windowLength)
        for _ in 0..<2 {  // the second window sees NaN on entry again
            let vector = try extractor.extract(start: 0, end: 2.54, x: x, y: y, z: z, rotationRate: (g[0], g[1], g[2]))
            #expect(vector["probe_x0"] == x[0] && vector["probe_gyro_z_last"] == g[2].last)
            #expect(vector["probe_entry"]?.isNaN == true)
        }
        #expect(try extractor.extract(start: 0, end: 2.54, x: x, y: y, z: z)["probe_gyro_z_last"]?.isNaN == true)
        configuration.groups = [Probe(count: 2)]
        var wrong = try FeatureExtractor(configuration: configuration, sampleRate: 50)
        #expect(throws: LocomotionError.self) { try wrong.extract(start: 0, end: 2.54, x: x, y: y, z: z) }
    }

    @Test("the dominant-frequency column is the Gaussian estimate, not the functions' default sinusoid fit")
    func dominantFrequencyColumnIsTheGaussianEstimate() throws {
        var extractor = try FeatureExtractor(sampleRate: 50)
        let (x, y, z, _) = Self.walk(count: extractor.windowLength)
        let magnitude = zip(x, zip(y, z)).map { ($0 * $0 + $1.0 * $1.0 + $1.1 * $1.1).squareRoot() }
        let column = try #require(
            try extractor.extract(start: 0, end: 2.54, x: x, y: y, z: z)["acc_mag_dominant_frequency"])
        let gaussian = try #require(
            try findDominantFrequency(in: magnitude, sampleRate: 50, options: .init(interpolation: .gaussian)))
        #expect(abs(column - gaussian.frequency) < 1e-9)
        let fitted = try #require(try findDominantFrequency(in: magnitude, sampleRate: 50))
        #expect(abs(fitted.frequency - column) > 1e-6, "the default estimate differs, as documented")
    }
}
