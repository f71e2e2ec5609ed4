import Locomotion
import Testing

@Suite struct DurationFormatTests {
    @Test func durationsFormatAsHoursMinutesSeconds() {
        #expect(DurationFormat.compact(3723) == "1h 2m 3s")
        #expect(DurationFormat.compact(123.9) == "2m 3s")
        #expect(DurationFormat.compact(0) == "0m 0s")
        #expect(DurationFormat.compact(-61) == "-1m 1s")
        #expect(DurationFormat.compact(.nan) == "n/a")
        #expect(DurationFormat.compact(1e300).hasSuffix("s"))
    }
}
