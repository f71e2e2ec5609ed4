import Foundation
import Locomotion
@_spi(Testing) import LocomotionCLI
import LocomotionTestSupport
import Testing

@Suite("streamed output")
struct StreamedOutputTests {
    struct Window: Encodable, Equatable {
        var start: Double
        var label: String?
        var values: [Double?]
    }

    struct Plain: Encodable {
        var name: String
        var windows: [Window]
        var steps: [Double]
        var nested: [[Double]]
    }

    struct Streamed: Encodable {
        var name: String
        var windows: StreamedArray<Window>
        var steps: StreamedArray<Double>
        var nested: [[Double]]
    }

    static func windows(_ count: Int) -> [Window] {
        (0..<count).map { Window(start: Double($0) / 10, label: $0 % 3 == 0 ? nil : "w\"\($0)", values: [1.5, nil]) }
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    @Test(arguments: [0, 1, 511, 512, 513, 2000])
    func streamedJSONIsByteForByteTheEncodersOutput(count: Int) throws {
        let windows = Self.windows(count)
        let steps = (0..<count).map { $0 == 7 ? Double.nan : Double($0) * 0.51 }
        let plain = [Plain(name: "a/b", windows: windows, steps: steps, nested: [[1], []])]
        let expected = String(decoding: try Self.encoder.encode(plain), as: UTF8.self) + "\n"
        var pieces: [String] = []
        let streamed = [
            Streamed(name: "a/b", windows: StreamedArray(windows), steps: StreamedArray(steps), nested: [[1], []])
        ]
        try StreamedJSON.write(streamed, encoder: Self.encoder) { pieces.append($0) }
        #expect(pieces.joined() == expected)
        // A plain encoder sees the elements too.
        #expect(try Self.encoder.encode(streamed) == (try Self.encoder.encode(plain)))
        // Written in pieces no larger than a batch, never as one string.
        let largest = pieces.map(\.utf8.count).max() ?? 0
        #expect(count < 2 * StreamedJSON.batchSize || largest < expected.utf8.count / 2)
    }

    @Test func featuresAreWrittenOneWindowAtATime() throws {
        let count = 3000
        let recording = Recording(
            source: "walk", time: (0..<count).map { Double($0) / 50 },
            acceleration: ThreeAxisSeries(
                x: (0..<count).map { 0.2 * sin(Double($0) * 0.23) }, y: Array(repeating: 0, count: count),
                z: (0..<count).map { 1 + 0.1 * cos(Double($0) * 0.5) }))
        var configuration = FeatureConfiguration()
        configuration.hop = 0.04
        let table = try recording.features(configuration)
        #expect(table.count > 1000)
        for json in [false, true] {
            var pieces: [String] = []
            if json {
                FeaturesCommand.writeJSON([("walk", table)]) { pieces.append($0) }
            } else {
                FeaturesCommand.writeCSV([("walk", table)], schema: table.schema) { pieces.append($0) }
            }
            let whole = pieces.joined()
            let text =
                json
                ? FeaturesCommand.json([("walk", table)]) : FeaturesCommand.csv([("walk", table)], schema: table.schema)
            #expect(whole == text)
            #expect(pieces.count > table.count / StreamedJSON.batchSize)
            #expect((pieces.map(\.utf8.count).max() ?? 0) * 2 < whole.utf8.count, "json: \(json)")
        }
    }
}

@Suite("locomotion errors name the file")
struct ErrorMessageTests {
    @Test func analysisErrorsArePrefixedWithTheFile() {
        let error = LocomotionError.invalidParameter(name: "hop", value: "5", requirement: "r")
        #expect(CommandSupport.message(error, path: "a.csv") == "a.csv: hop = 5 is invalid; r")
        // A sample rate out of range also gets the option that resamples it.
        let rate = LocomotionError.invalidParameter(name: "sampleRate", value: "5", requirement: "r")
        #expect(
            CommandSupport.message(rate, path: "a.csv")
                == "a.csv: sampleRate = 5 is invalid; r (--resample HZ resamples it)")
        let named = LocomotionError.tooShort(path: "a.csv", rows: 1, required: 2, purpose: "p")
        #expect(CommandSupport.message(named, path: "a.csv") == named.description)
        // A row of a recording is named once, not after the file a second time.
        let row = LocomotionError.invalidData(at: .recording("a.csv", row: 7), value: "x", expected: "y")
        #expect(CommandSupport.message(row, path: "a.csv") == "a.csv row 7: x is invalid; y")
    }

    @Test func setValuesOutOfRangeAreUsageErrors() throws {
        let path = try temporaryCSVFile("t,ax,ay,az\n0,0,0,1\n0.02,0,0,1\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(LocomotionTool.run(["steps", path, "--set", "prominenceWindow=0"]) == 2)
        #expect(LocomotionTool.run(["steps", path, "--set", "minimumSpread=-1"]) == 2)
        #expect(throws: UsageError.self) {
            try DetectorOptions.parse(
                try Arguments(["--set", "prominenceWindow=0"], declarations: DetectorOptions.options))
        }
    }
}
