import Foundation
import Testing

@testable import Locomotion

@Suite("RecordingReader")
struct RecordingReaderTests {
    @Test(arguments: [
        ("t,ax,ay,az", "t"), ("T_S,ACC_X,ACC_Y,ACC_Z", "t_s"), ("time,acc_x_g,acc_y_g,acc_z_g", "time"),
        ("timestamp, ax , ay , az", "timestamp"),
    ])
    func acceptsColumnAliases(header: String, timeName: String) throws {
        let recording = try RecordingReader.parse("\(header)\n0,1,0,0\n0.02,0,1,0\n0.04,0,0,1\n", source: "mem")
        #expect(recording.time == [0, 0.02, 0.04])
        #expect(recording.accelerationX == [1, 0, 0])
        #expect(recording.accelerationZ == [0, 0, 1])
        #expect(recording.labels == nil)
    }

    @Test func keepsLabelsAndIgnoresUnknownColumns() throws {
        let text = "extra,t,ax,ay,az,label\nfoo,0,0,0,1,walk\nbar,1,0,0,1,sit\n"
        let recording = try RecordingReader.parse(text, source: "mem")
        #expect(recording.labels == ["walk", "sit"])
        #expect(recording.accelerationMagnitude == [1, 1])
    }

    @Test func namesTheLineAndColumnOfABadCell() {
        let text = "t,ax,ay,az\n0,0,0,1\n0.1,0,zero,1\n"
        #expect(
            throws: LocomotionError.malformedCell(
                path: "f.csv", line: 3, column: "ay", value: "zero", expected: "a finite number")
        ) {
            try RecordingReader.parse(text, source: "f.csv")
        }
    }

    @Test func rejectsNaNAndInfinity() {
        for bad in ["nan", "inf", "-Infinity"] {
            #expect(throws: LocomotionError.self) {
                try RecordingReader.parse("t,ax,ay,az\n0,0,0,\(bad)\n", source: "f.csv")
            }
        }
    }

    @Test func rejectsTimeGoingBackwards() {
        let text = "t,ax,ay,az\n0,0,0,1\n1,0,0,1\n0.5,0,0,1\n"
        #expect(throws: LocomotionError.timeGoesBackwards(path: "f.csv", line: 4, previous: 1, current: 0.5)) {
            try RecordingReader.parse(text, source: "f.csv")
        }
    }

    @Test func rejectsShortRowsAndMissingColumns() {
        #expect(throws: LocomotionError.wrongCellCount(path: "f.csv", line: 2, found: 3, expected: 4)) {
            try RecordingReader.parse("t,ax,ay,az\n0,0,1\n", source: "f.csv")
        }
        #expect(
            throws: LocomotionError.missingColumn(
                path: "f.csv", quantity: "acceleration z", accepted: ["az", "acc_z", "acc_z_g"])
        ) {
            try RecordingReader.parse("t,ax,ay\n0,0,1\n", source: "f.csv")
        }
    }

    @Test func reportsAnUnreadableFile() {
        #expect(throws: LocomotionError.self) { try RecordingReader.read(path: "/nonexistent/walk.csv") }
    }

    @Test func estimatesTheSampleRateDespiteJitterAndGaps() {
        var generator = SplitMix64(seed: 7)
        var time: [Double] = []
        var t = 0.0
        for index in 0..<2000 {
            t += 0.01 + Double.random(in: -0.002...0.002, using: &generator)
            if index == 1000 { t += 5 }  // a five-second gap
            time.append(t)
        }
        let zeros = [Double](repeating: 0, count: time.count)
        let recording = Recording(
            source: "mem", time: time, accelerationX: zeros, accelerationY: zeros, accelerationZ: zeros)
        let rate = try! #require(recording.estimatedSampleRate)
        #expect(abs(rate - 100) < 2)
    }
}
