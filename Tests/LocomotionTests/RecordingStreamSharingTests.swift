import Foundation
import Testing

@testable import Locomotion

/// The parser's cores are shared by the files streamed at once (`analyze --jobs N`).
@Suite("RecordingStream: cores shared by open files")
struct RecordingStreamSharingTests {
    @Test func filesOpenOnEveryCoreParseSequentiallyWithTheSameRows() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sharing-\(UUID().uuidString).csv"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try RecordingParallelParsingTests.text().write(toFile: path, atomically: true, encoding: .utf8)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // As many files open as cores: each gets at most one core, so no chunk is split (other
        // tests' open files only lower the share further).
        let others = try (1..<max(1, cores)).map { _ in try RecordingStream(path: path) }
        let stream = try RecordingStream(path: path)
        #expect(StreamedFiles.count >= cores)
        var rows = try #require(try stream.nextChunk(maximumRowCount: 8_192))
        while let chunk = try stream.nextChunk(maximumRowCount: 8_192) { rows.append(contentsOf: chunk) }
        #expect(stream.parallelChunkCount == 0)
        #expect(others.count == cores - 1)
        // The rows do not depend on how they were parsed.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let fromText = try RecordingStream(text: text, source: path)
        var expected = try #require(try fromText.nextChunk(maximumRowCount: 8_192))
        while let chunk = try fromText.nextChunk(maximumRowCount: 8_192) { expected.append(contentsOf: chunk) }
        #expect(RecordingWriter.csv(rows) == RecordingWriter.csv(expected))
    }
}
