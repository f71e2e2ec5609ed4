import Foundation
import Locomotion
import Testing

/// ``Recording/plausibilityNotes()``: values that read without error but a user would want to hear
/// about (docs/Reliability.md).
@Suite("Plausibility notes")
struct PlausibilityNotesTests {
    /// Four seconds of a plausible walk at 50 Hz, gyroscope included.
    @Test func aPlausibleWalkHasNoNotes() {
        #expect(TestRecordings.plausibleWalk().plausibilityNotes().isEmpty)
    }

    @Test func duplicateTimestampsAreCounted() {
        let walk = TestRecordings.plausibleWalk()
        let doubled = Recording(
            source: "twice", time: walk.time.flatMap { [$0, $0] },
            acceleration: ThreeAxisSeries(
                x: walk.acceleration!.x.flatMap { [$0, $0] }, y: walk.acceleration!.y.flatMap { [$0, $0] },
                z: walk.acceleration!.z.flatMap { [$0, $0] }))
        let notes = doubled.plausibilityNotes()
        #expect(notes.count == 1)
        #expect(notes.first?.hasPrefix("200 of 400 rows repeat the previous row's timestamp") == true, "\(notes)")
    }

    @Test func degreesPerSecondReadAsRadiansAreNoted() {
        var walk = TestRecordings.plausibleWalk()
        let rotation = walk.rotationRate!
        let factor = 180 / Double.pi
        walk.rotationRate = ThreeAxisSeries(
            x: rotation.x.map { $0 * factor + 60 }, y: rotation.y.map { $0 * factor }, z: rotation.z)
        let notes = walk.plausibilityNotes()
        #expect(notes.count == 1 && notes.first?.contains("look like degrees per second") == true, "\(notes)")
        // The library names the reading option, not a command line's flag.
        let option = ReadOptionSuggestion.rotationRateInDegreesPerSecond.phrase
        #expect(notes.first?.contains("read them with \(option), or name the columns *_deg_s") == true)
        #expect(notes.first?.contains("--") == false)
    }

    @Test func accelerationSpikesAndAConstantSignalAreNoted() {
        var walk = TestRecordings.plausibleWalk()
        var x = walk.acceleration!.x
        x[50] = 1000
        x[120] = -400
        walk.acceleration = ThreeAxisSeries(x: x, y: walk.acceleration!.y, z: walk.acceleration!.z)
        let spikes = walk.plausibilityNotes()
        #expect(
            spikes.count == 1
                && spikes.first?.hasPrefix("2 of 200 rows have an acceleration beyond 32 g") == true,
            "\(spikes)")
        let zeros = Recording(
            source: "zeros", time: walk.time,
            acceleration: ThreeAxisSeries(
                x: Array(repeating: 0, count: 200), y: Array(repeating: 0, count: 200),
                z: Array(repeating: 0, count: 200)))
        #expect(zeros.plausibilityNotes().contains { $0.hasPrefix("the acceleration is the same in every row") })
    }

    @Test func implausiblePedometerValuesAreNoted() {
        var walk = TestRecordings.plausibleWalk()
        walk.cadence = (0..<200).map { $0 == 10 ? 1e6 : ($0 % 50 == 0 ? 1.8 : .nan) }
        walk.steps = (0..<200).map { $0 % 50 == 0 ? Double(1000 - $0) : .nan }
        let notes = walk.plausibilityNotes()
        #expect(notes.count == 2, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("1 pedometer cadences exceed 10 steps/s") })
        #expect(notes.contains { $0.contains("cumulative step count decreases 3 times") })
    }
}
