import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

@Suite("Recording sampling, segments and resampling")
struct RecordingSamplingTests {
    private func recording(time: [Double], x: [Double]? = nil) -> Recording {
        let values = x ?? time
        return Recording(
            source: "mem", time: time,
            acceleration: ThreeAxisSeries(x: values, y: values.map { 2 * $0 }, z: values.map { _ in 1 }),
            labels: time.indices.map { "L\($0)" })
    }

    @Test(arguments: [50.0, 100.0, 200.0])
    func estimatesTheRateDespiteJitterGapsAndDuplicates(rate: Double) throws {
        var generator = SplitMix64(seed: UInt64(rate))
        var time: [Double] = []
        var t = 0.0
        for index in 0..<5_000 {
            t += (1 + Double.random(in: -0.3...0.3, using: &generator)) / rate
            if index == 1_000 { t += 5 }
            time.append(t)
            if index % 97 == 0 { time.append(t) }  // a duplicate timestamp
        }
        let analysis = try #require(recording(time: time).samplingAnalysis())
        #expect(abs(analysis.sampleRate - rate) < 0.02 * rate)
        #expect(analysis.gaps.count == 1 && analysis.gaps[0].duration > 5)
        #expect(analysis.duplicateTimestamps == 52)
        #expect(analysis.jitter > 0.1 / rate && analysis.jitter < 0.3 / rate)
    }

    @Test func roundedTimestampsStillGiveTheTrueRate() throws {
        // 64 Hz written to the millisecond: intervals alternate between 15 and 16 ms.
        let time = (0..<640).map { (Double($0) / 64 * 1000).rounded() / 1000 }
        let rate = try #require(recording(time: time).estimatedSampleRate)
        #expect(abs(rate - 64) < 0.2)
    }

    @Test func degenerateTimestamps() {
        #expect(recording(time: []).samplingAnalysis() == nil)
        #expect(recording(time: [1]).samplingAnalysis() == nil)
        #expect(recording(time: [1, 1, 1]).samplingAnalysis() == nil)
        #expect(recording(time: []).segments().isEmpty)
        #expect(recording(time: [3]).segments() == [0..<1])
    }

    @Test func segmentsSplitAtGaps() {
        let time = [0, 0.1, 0.2, 0.3, 5.0, 5.1, 5.2, 9.0, 9.1]
        let rec = recording(time: time)
        #expect(rec.segments(maximumGap: 1) == [0..<4, 4..<7, 7..<9])
        #expect(rec.segments(maximumGap: 10) == [0..<9])
        #expect(rec.segments() == [0..<4, 4..<7, 7..<9])
    }

    @Test func resamplingGivesEachSegmentItsOwnGridAndNeverBridgesAGap() throws {
        let time = [0, 0.03, 0.05, 0.11, 0.2, 3.0, 3.02, 3.1]
        let rec = recording(time: time)
        let resampled = try rec.resampled(to: 50, maximumGap: 1)
        // Each segment's grid starts at its first row and ends at or before its last.
        #expect(resampled.segments(maximumGap: 1) == [0..<11, 11..<17])
        #expect(resampled.time[10] <= 0.2 && resampled.time[11] == 3.0)
        for (index, t) in resampled.time.enumerated() {
            let segmentStart = index < 11 ? 0 : 3.0
            #expect(abs(t - segmentStart - Double(index < 11 ? index : index - 11) / 50) < 1e-12)
        }
        // The kernel's weights are normalised and the same for every axis: a constant stays
        // exactly constant, and y = 2x stays y = 2x.
        let acceleration = try #require(resampled.acceleration)
        for index in resampled.time.indices {
            #expect(abs(acceleration.z[index] - 1) < 1e-12)
            #expect(abs(acceleration.y[index] - 2 * acceleration.x[index]) < 1e-12)
        }
        #expect(resampled.labels?[2] == "L1")  // t = 0.04: latest row at or before is t = 0.03
        #expect(throws: LocomotionError.self) { try rec.resampled(to: 0) }
        #expect(throws: LocomotionError.self) { try rec.resampled(to: 50, maximumGap: -1) }
    }
}

@Suite("RecordingWriter and RecordingSummary")
struct RecordingWriterTests {
    static func fullRecording() -> Recording {
        var generator = SplitMix64(seed: 5)
        let count = 300
        func column() -> [Double] { (0..<count).map { _ in Double.random(in: -3...3, using: &generator) } }
        func sparse() -> [Double] {
            (0..<count).map { $0 % 10 == 0 ? Double.random(in: -1...30, using: &generator) : .nan }
        }
        return Recording(
            source: "mem", time: (0..<count).map { Double($0) / 50 + 1e-3 },
            acceleration: ThreeAxisSeries(x: column(), y: column(), z: column()),
            linearAcceleration: ThreeAxisSeries(x: column(), y: column(), z: column()),
            rotationRate: ThreeAxisSeries(x: column(), y: column(), z: column()), speed: sparse(),
            speedAccuracy: sparse(), horizontalAccuracy: sparse(), latitude: sparse(), longitude: sparse(),
            cadence: sparse(), steps: sparse(), labels: (0..<count).map { $0 % 3 == 0 ? "walk, brisk" : "say \"hi\"" },
            extraColumns: [ExtraColumn(name: "comment", values: (0..<count).map { "row \($0)" })])
    }

    @Test func writingThenReadingGivesTheSameRecordingBitForBit() throws {
        let original = Self.fullRecording()
        let reread = try RecordingReader.parse(RecordingWriter.csv(original), source: "mem").recording
        // NaN != NaN, so compare the bit patterns of every numeric column.
        func bits(_ recording: Recording) -> [[UInt64]] {
            var columns = [recording.time]
            for series in [recording.acceleration, recording.linearAcceleration, recording.rotationRate] {
                columns += [series!.x, series!.y, series!.z]
            }
            columns += [
                recording.speed!, recording.speedAccuracy!, recording.horizontalAccuracy!, recording.latitude!,
                recording.longitude!, recording.cadence!, recording.steps!,
            ]
            return columns.map { $0.map(\.bitPattern) }
        }
        #expect(bits(reread) == bits(original))
        #expect(reread.labels == original.labels && reread.extraColumns == original.extraColumns)
    }

    @Test func streamingWriterAppendsChunks() throws {
        let original = Self.fullRecording()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("locomotion-write-\(UUID()).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try RecordingWriter(path: path, columnsOf: original)
        try writer.append(original[rows: 0..<100])
        try writer.append(original[rows: 100..<300])
        #expect(throws: LocomotionError.self) { try writer.append(Recording(source: "other", time: [1])) }
        try writer.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == RecordingWriter.csv(original))
    }

    @Test func summaryCountsFixesLabelsAndSkippedRows() throws {
        let text = """
            t,ax,ay,az,speed,speed_accuracy,label
            0,0,0,1,1.2,0.5,walk
            1,0,0,1,,,walk
            2,0,0,1,-1,-1,sit
            3,0,0,1,0.8,-1,sit
            4,0,0,oops,,,sit
            10,0,0,1,2,0.4,walk
            """
        let loaded = try RecordingReader.parse(text, source: "s.csv", options: RecordingReadOptions(lenient: true))
        let summary = RecordingSummary(loaded)
        #expect(summary.rows == 5 && summary.duration == 10)
        #expect(summary.fixes?.count == 4 && summary.fixes?.valid == 2)
        #expect(summary.labelCounts?.map(\.label) == ["walk", "sit"])
        #expect(summary.labelCounts?.map(\.rows) == [3, 2])
        #expect(summary.skippedRows == ["malformedNumber": 1] && summary.firstSkippedLine == ["malformedNumber": 6])
        #expect(summary.sampling?.gaps.count == 1)
        #expect(
            summary.columns.map(\.quantity) == [
                "time", "accelerationX", "accelerationY", "accelerationZ", "speed", "speedAccuracy", "label",
            ])
    }
}

@Suite("Resampling to absurd rates")
struct AbsurdResamplingTests {
    @Test(arguments: [1e300, 1e12])
    func aGridTooLargeForMemoryIsAnErrorNotATrap(rate: Double) {
        let recording = Recording(
            source: "r", time: [0, 0.02, 0.04],
            acceleration: ThreeAxisSeries(x: [0, 0, 0], y: [0, 0, 0], z: [1, 1, 1]))
        #expect {
            try recording.resampled(to: rate)
        } throws: { error in
            let error = error as? LocomotionError
            return error?.code == .invalidParameter && error?.parameter == "sampleRate"
        }
        #expect((try? recording.resampled(to: 100))?.count == 5)
    }
}
