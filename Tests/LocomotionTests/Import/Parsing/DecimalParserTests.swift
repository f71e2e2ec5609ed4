import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

@Suite("DecimalParser")
struct DecimalParserTests {
    private func parse(_ text: String) -> DecimalParser.Number { DecimalParser.parseNumber(text) }

    private func iso(_ text: String) -> Double? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { DecimalParser.parseISO8601($0.baseAddress!, 0, $0.count) }
    }

    @Test(arguments: [
        "0", "-0", "1", "+1", "0.1", "-0.0001", "123.456", "1e3", "1E-5", "2.5e+10", "007", "0.000123",
        "9007199254740993", "12345678901234567890123", "1.7976931348623157e308", "4.9e-324", "  3.25 ",
        "0.1234567890123456789", "1e22", "1e23", "1e-22", "1e-23",
    ])
    func matchesSwiftsCorrectlyRoundedParser(text: String) throws {
        let expected = try #require(Double(text.trimmingCharacters(in: .whitespaces)))
        #expect(parse(text) == .value(expected))
    }

    @Test func roundTripsRandomDoublesAndFixedDecimals() {
        var generator = SplitMix64(seed: 3)
        for _ in 0..<20_000 {
            let value =
                Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF) * (Bool.random(using: &generator) ? 1 : -1)
            #expect(parse(value.description) == .value(value))
            let fixed = String(format: "%.4f", Double.random(in: -20...20, using: &generator))
            #expect(parse(fixed) == .value(Double(fixed)!))
        }
    }

    @Test func everySplitOfUpToEighteenDigitsAroundThePoint() {
        var generator = SplitMix64(seed: 8)
        for digitCount in 1...18 {
            for _ in 0..<40 {
                let digits = String(
                    (0..<digitCount).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
                for split in 0...digitCount {
                    let text =
                        String(digits.prefix(split)) + (split < digitCount ? "." + digits.dropFirst(split) : "")
                    let signed = Bool.random(using: &generator) ? "-" + text : text
                    guard let expected = Double(signed) else { continue }
                    #expect(parse(signed) == .value(expected), "\(signed)")
                }
            }
        }
    }

    @Test func digitsStopAtTheCellBoundaryEvenWhenMoreDigitsFollow() throws {
        // Cells end at the limit given, though the bytes after it are digits of the next cell.
        let recording = try RecordingReader.parse("t,ax,ay,az\n1.25,12345678,9,0.000001\n", source: "d.csv").recording
        #expect(recording.time == [1.25])
        #expect(recording.acceleration == ThreeAxisSeries(x: [12_345_678], y: [9], z: [0.000001]))
        let noNewline = try RecordingReader.parse("t,ax,ay,az\n2,0.5,-0.25,1234567890123", source: "d.csv").recording
        #expect(noNewline.acceleration?.z == [1_234_567_890_123])
    }

    @Test(arguments: ["", "   ", "abc", "1.2.3", "1e", "--1", "1,5", ".", "e5", "0x10", "1 2"])
    func rejectsWhatIsNotANumber(text: String) {
        #expect(parse(text) == (text.allSatisfy(\.isWhitespace) ? .empty : .invalid))
    }

    @Test func specialValuesParseForTheCallerToJudge() {
        guard case .value(let nan) = parse("NaN") else {
            Issue.record("NaN did not parse")
            return
        }
        #expect(nan.isNaN)
        #expect(parse("-inf") == .value(-.infinity))
        #expect(parse("Infinity") == .value(.infinity))
    }

    @Test func iso8601() {
        #expect(iso("1970-01-01T00:00:00Z") == 0)
        #expect(iso("2000-02-29T12:00:00Z") == 951_825_600)
        #expect(iso("2023-02-28T10:42:06Z") == 1_677_580_926)
        #expect(iso("2023-02-28T11:42:06+01:00") == 1_677_580_926)
        #expect(iso("2023-02-28T10:42:06.25") == 1_677_580_926.25)
        #expect(iso("1969-12-31T23:59:59Z") == -1)
        for bad in ["2023-02-28", "2023-13-01T00:00:00Z", "2023-02-28T10:42:06Q", "yesterday", "2023-02-28T25:00"] {
            #expect(iso(bad) == nil, "\(bad)")
        }
    }

    @Test func impossibleDatesAndOffsetsAreRejected() {
        for bad in [
            "2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2024-04-31T00:00:00Z", "1900-02-29T00:00:00Z",
            "2024-02-01T00:00:00+25:00", "2024-02-01T00:00:00+19:00", "2024-02-01T00:00:00-05:60",
            "2024-02-01T00:00:00+05:",
        ] {
            #expect(iso(bad) == nil, "\(bad)")
        }
        #expect(iso("2024-02-29T00:00:00Z") == 1_709_164_800)
        #expect(iso("2000-02-29T00:00:00+14:00") == 951_732_000)
        #expect(iso("2024-12-31T23:59:59-1800") == 1_735_754_399)
    }
}
