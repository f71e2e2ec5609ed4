import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

@Suite("Recording resampling")
struct RecordingResamplerTests {
    /// 18 s of rows at `rate` over 20 s: jittered timestamps, a gap of 2 s after 8 s, GPS fixes once a second,
    /// a pressure cell every 0.5 s, labels changing at 5 s and a rotation rate.
    static func session(rate: Double = 2000) -> Recording {
        let time = (0..<Int(18 * rate)).map { (index: Int) -> Double in
            let gap: Double = Double(index) >= 8 * rate ? 2 : 0
            let jitter: Double = 0.1 * sin(1.7 * Double(index)) / rate
            return Double(index) / rate + gap + jitter
        }
        func wave(_ frequency: Double) -> [Double] { time.map { sin(2 * .pi * frequency * $0) } }
        let fixes = time.indices.map { index in index % Int(rate) == 7 ? 1.5 + Double(index) / rate : .nan }
        let pressure = time.indices.map { $0 % Int(rate / 2) == 3 ? "1013.\($0)" : "" }
        return Recording(
            source: "session", time: time,
            acceleration: ThreeAxisSeries(x: wave(1.8), y: wave(3.6), z: time.map { _ in 1 }),
            rotationRate: ThreeAxisSeries(x: wave(0.9), y: wave(0.5), z: wave(5)),
            speed: fixes, latitude: fixes.map { $0.isNaN ? .nan : 48.1 },
            labels: time.map { $0 < 5 ? "walking" : "running" },
            extraColumns: [ExtraColumn(name: "pressure_hPa", values: pressure)])
    }

    /// Where two recordings first differ ("count", or a column and row), or `nil` when equal
    /// with NaN equal to NaN (`==` on recordings with sparse columns is never true); a short
    /// message instead of two whole recordings.
    static func firstDifference(_ a: Recording, _ b: Recording) -> String? {
        guard a.count == b.count else { return "count \(a.count) vs \(b.count)" }
        for (column, values) in a.numericColumns {
            let other = b.values(of: column)!
            if let row = values.indices.first(where: {
                values[$0] != other[$0] && !(values[$0].isNaN && other[$0].isNaN)
            }) {
                return "\(column) row \(row): \(values[row]) vs \(other[row])"
            }
        }
        if a.labels != b.labels { return "labels" }
        if a.extraColumns != b.extraColumns { return "extra columns" }
        return a.hasSameColumns(as: b) && a.source == b.source ? nil : "source or columns present"
    }

    @Test func chunksGiveTheRowsOfTheWholeRecording() throws {
        let recording = Self.session()
        let (whole, report) = try recording.resampling(to: 100, maximumGap: 0.5)
        for chunkRows in [1, 77, 4096, 50_000] {
            var resampler = try RecordingResampler(sampleRate: 100, inputRate: report.inputRate, maximumGap: 0.5)
            var chunked = try resampler.append(recording[rows: 0..<0])
            for start in stride(from: 0, to: recording.count, by: chunkRows) {
                chunked.append(
                    contentsOf: try resampler.append(recording[rows: start..<min(start + chunkRows, recording.count)]))
            }
            chunked.append(contentsOf: resampler.finish())
            #expect(Self.firstDifference(chunked, whole) == nil, "chunks of \(chunkRows) rows")
            #expect(resampler.report == report)
        }
    }

    @Test func eachSegmentGetsItsOwnGridAndTheSignalSurvives() throws {
        let recording = Self.session()
        let (resampled, report) = try recording.resampling(to: 100, maximumGap: 0.5)
        #expect(report.segments == 2 && report.rowsRead == recording.count)
        #expect(report.rowsWritten == resampled.count)
        #expect(resampled.segments(maximumGap: 0.5).count == 2)
        let second = try #require(resampled.time.firstIndex { $0 > 9 })
        #expect(second == 800 && resampled.time[second] == recording.time[16_000])
        #expect(abs(resampled.time[second - 1] - 7.99) < 1e-9)
        #expect(resampled.count == 1800)
        // The 1.8 Hz wave at the grid times, away from the segments' ends.
        let acceleration = try #require(resampled.acceleration)
        for index in resampled.time.indices
        where ![0..<30, 770..<830, 1770..<1800].contains(where: { $0.contains(index) }) {
            #expect(abs(acceleration.x[index] - sin(2 * .pi * 1.8 * resampled.time[index])) < 1e-3, "row \(index)")
        }
        #expect(resampled.rotationRate != nil && resampled.linearAcceleration == nil)
        #expect(resampled.labels?[499] == "walking" && resampled.labels?[501] == "running")
    }

    @Test func everyEventIsPlacedNearItsTimeOrCounted() throws {
        let recording = Self.session()
        let (resampled, report) = try recording.resampling(to: 100, maximumGap: 0.5)
        let fixes = recording.speed!.filter { !$0.isNaN }
        #expect(resampled.speed!.filter { !$0.isNaN } == fixes)
        #expect(report.eventsPlaced["speed"] == fixes.count && report.eventsPlaced["latitude"] == fixes.count)
        #expect(report.eventsNotPlaced.isEmpty && report.largestEventShift <= 0.5 / 100 + 1e-9)
        // A dense column at 2000 Hz has 20 events per grid row at 100 Hz: the first nearest each
        // row holds it, the rest are counted.
        var dense = recording
        dense.cadence = recording.time.map { _ in 1.8 }
        let (denseResampled, denseReport) = try dense.resampling(to: 100, maximumGap: 0.5)
        let placed = denseResampled.cadence!.filter { !$0.isNaN }.count
        #expect(placed == denseResampled.count)
        #expect(denseReport.eventsPlaced["cadence"] == placed)
        #expect(denseReport.eventsNotPlaced["cadence"] == recording.count - placed)
        #expect(denseReport.summary.contains("\(recording.count - placed) event cells left out"))
        #expect(denseReport.largestEventShift <= 0.5 / 100 + 1e-9)
    }

    @Test func textColumnsAreStatesAndTheChangesNoGridRowShowsAreCounted() throws {
        let recording = Self.session()
        let (resampled, report) = try recording.resampling(to: 100, maximumGap: 0.5)
        // The labels change once, at 5 s, and every grid row shows the state it is in.
        #expect(report.hiddenTextChanges["label"] == nil)
        #expect(Set(resampled.labels!) == ["walking", "running"])
        // A pressure cell on one row in 1000 (every 0.5 s at 2000 Hz) is a state of 0.5 ms: the
        // grid row every 10 ms shows it only when it is the latest row. Each one not shown is
        // counted (the change back to empty is shown by the next grid row).
        let cells = recording.extraColumns[0].values.filter { !$0.isEmpty }.count
        let shown = resampled.extraColumns[0].values.filter { !$0.isEmpty }
        let hidden = try #require(report.hiddenTextChanges["pressure_hPa"])
        #expect(hidden == cells - shown.count && hidden > 0)
        #expect(report.omittedCount == hidden && report.summary.contains("\(hidden) text changes"))
        // A label of one row among 2000 Hz rows is hidden too.
        var flicker = recording
        flicker.labels![1234] = "stumble"
        let flickerReport = try flicker.resampling(to: 100, maximumGap: 0.5).report
        #expect(flickerReport.hiddenTextChanges["label"] == 1)
    }

    @Test func anEventAfterTheLastGridTimeGoesOnTheLastRow() throws {
        let time = [0, 0.01, 0.02, 0.029]
        let recording = Recording(
            source: "r", time: time,
            acceleration: ThreeAxisSeries(x: [0, 0, 0, 0], y: [0, 0, 0, 0], z: [1, 1, 1, 1]),
            speed: [.nan, .nan, .nan, 4])
        let resampled = try recording.resampled(to: 50)
        #expect(resampled.time == [0, 0.02])
        #expect(resampled.speed!.elementsEqual([.nan, 4]) { $0 == $1 || ($0.isNaN && $1.isNaN) })
    }

    @Test func downsampledWalkingCountsTheSameSteps() throws {
        let native = try WalkRecording.make(rate: 100).detectSteps().steps
        let fast = WalkRecording.make(rate: 2000)
        let resampled = try fast.resampled(to: 100)
        #expect(abs(resampled.estimatedSampleRate! - 100) < 1e-6)
        let steps = try resampled.detectSteps().steps
        #expect(native.count > 40)
        #expect(abs(steps.count - native.count) <= 1)
    }

    @Test func aHoleNarrowerThanTheGapIsBridgedLinearlyAndCounted() throws {
        // 100 Hz with no rows from 1 s to 1.6 s, resampled at 100 Hz across it (gap limit 1 s):
        // no row lies under the kernel (0.3 s each side) at 1.3 s, so the rows around it serve.
        let time = (0..<300).map { Double($0) / 100 }.filter { !(1.005..<1.6).contains($0) }
        let x = time.map { 2 * $0 }
        let recording = Recording(
            source: "hole", time: time, acceleration: ThreeAxisSeries(x: x, y: x, z: time.map { _ in 1 }))
        let (resampled, report) = try recording.resampling(to: 100, maximumGap: 1)
        #expect(report.segments == 1 && report.rowsInterpolatedLinearly > 0)
        #expect(report.summary.contains("\(report.rowsInterpolatedLinearly) rows interpolated linearly"))
        let middle = try #require(resampled.time.firstIndex { abs($0 - 1.3) < 1e-9 })
        #expect(abs(resampled.acceleration!.x[middle] - 2.6) < 1e-9)
    }

    @Test func timesTooLargeForAGridStepStillEnd() throws {
        // At 10⁴⁴ s a step of 0.05 s is lost in rounding: the grid ends at the rows' index.
        let recording = Recording(
            source: "huge", time: [0, 0.02, 0.12, 1e44, 1e44],
            acceleration: ThreeAxisSeries(x: [0, 0, 0, 0, 0], y: [0, 0, 0, 0, 0], z: [1, 1, 1, 1, 1]))
        let resampled = try recording.resampled(to: 20, maximumGap: 0.5)
        #expect(resampled.count == 4 && resampled.time.last == 1e44)
    }

    @Test(arguments: [1e17, 1.1111111111111111e+49])
    func aDuplicateLastTimeInTheNextChunkGivesTheRowsOfTheWholeRecording(huge: Double) throws {
        // The fuzzer's finding, reduced: a segment of two rows at one time so large that the
        // kernel's half-width is lost in rounding. Row by row, the grid row at that time was
        // written before the second row arrived and held the first row's values.
        let recording = Recording(
            source: "duplicate", time: [0.14, 0.16, 0.18, 0.2, 0.22, huge, huge],
            acceleration: ThreeAxisSeries(
                x: [0, 0, 0, 0, 0, 0, 0], y: [0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0], z: [1, 1, 1, 1, 1, 1, 1]))
        var whole = try RecordingResampler(sampleRate: 25, inputRate: 50, maximumGap: 0.1)
        var expected = try whole.append(recording)
        expected.append(contentsOf: whole.finish())
        var resampler = try RecordingResampler(sampleRate: 25, inputRate: 50, maximumGap: 0.1)
        var chunked = try resampler.append(recording[rows: 0..<0])
        for row in 0..<recording.count {
            chunked.append(contentsOf: try resampler.append(recording[rows: row..<row + 1]))
        }
        chunked.append(contentsOf: resampler.finish())
        #expect(Self.firstDifference(chunked, expected) == nil)
        #expect(resampler.report == whole.report)
        // The grid row at the duplicated time holds the latest row at or before it.
        #expect(expected.time.last == huge && expected.acceleration?.y.last == 0)
    }

    @Test func badRowsAndSettingsAreErrors() throws {
        var backwards = Self.session(rate: 100)
        backwards.time[50] = backwards.time[48]
        #expect {
            try backwards.resampled(to: 50, maximumGap: 0.5)
        } throws: { error in
            (error as? LocomotionError)?.code == .timeGoesBackwards
                && (error as? LocomotionError)?.location?.sample == 51
        }
        var notFinite = Self.session(rate: 100)
        notFinite.rotationRate!.y[7] = .nan
        #expect {
            try notFinite.resampled(to: 50, maximumGap: 0.5)
        } throws: { error in
            let error = error as? LocomotionError
            return error?.code == .invalidData && error?.location?.row == 8
                && error?.location?.column == "rotationRateY"
        }
        for (rate, input, gap) in [(0.0, 100.0, 1.0), (100, .nan, 1), (100, 100, 0), (100, 100, -.infinity)] {
            #expect(throws: LocomotionError.self) {
                try RecordingResampler(sampleRate: rate, inputRate: input, maximumGap: gap)
            }
        }
        var empty = try RecordingResampler(sampleRate: 50, inputRate: 100, maximumGap: .infinity)
        #expect(empty.finish().count == 0)
    }
}
