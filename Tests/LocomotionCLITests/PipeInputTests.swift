import Foundation
import LocomotionCLI
import Testing

/// Recordings read from pipes and FIFOs (docs/RecordingFormat.md, "Pipes"): the format is
/// detected from a prefix that is then replayed, so nothing of the stream is lost, and a FIFO is
/// opened once, so a writer that has finished does not leave the reader waiting.
@Suite("locomotion: pipes and FIFOs")
struct PipeInputTests {
    /// Runs the binary with `input` written to its standard input from another thread; fails
    /// (and ends the process) when it has not finished after `limit` seconds.
    static func run(_ arguments: [String], input: Data?, limit: Double = 120) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BadCommandLineMatrixTests.binary)
        process.arguments = arguments
        let (output, errors, standardInput) = (Pipe(), Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        if input != nil { process.standardInput = standardInput }
        try process.run()
        if let input {
            DispatchQueue.global().async {
                try? standardInput.fileHandleForWriting.write(contentsOf: input)
                try? standardInput.fileHandleForWriting.close()
            }
        }
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outputData = Data()
        nonisolated(unsafe) var errorData = Data()
        DispatchQueue.global().async {
            outputData = output.fileHandleForReading.readDataToEndOfFile()
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            finished.signal()
        }
        guard finished.wait(timeout: .now() + limit) == .success else {
            process.terminate()
            Issue.record("\(arguments) did not finish within \(limit) s")
            return (-1, "", "")
        }
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }

    @Test func infoAndAnalyzeReadStandardInputAsTheyReadTheFile() throws {
        let (folder, walk) = try OutputSafetyTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let data = try Data(contentsOf: URL(fileURLWithPath: walk))
        for command in [["info"], ["analyze", "--json"], ["steps"], ["info", "--format", "csv"]] {
            let fromFile = try Self.run(command + [walk], input: nil)
            let fromPipe = try Self.run(command + ["/dev/stdin"], input: data)
            #expect(fromFile.status == 0 && fromPipe.status == 0, "\(command): \(fromPipe.errors)")
            #expect(!fromPipe.output.isEmpty)
            // JSON escapes the slashes of the name.
            let named = fromPipe.output.replacingOccurrences(of: "/dev/stdin", with: walk)
                .replacingOccurrences(of: #"\/dev\/stdin"#, with: walk.replacingOccurrences(of: "/", with: #"\/"#))
            #expect(named == fromFile.output, "\(command)")
        }
    }

    @Test func aFIFOWhoseWriterHasFinishedIsReadWithoutWaiting() throws {
        let (folder, walk) = try OutputSafetyTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A short recording, small enough for the FIFO's buffer: the writer finishes and closes
        // as soon as the reader opens, before it has read anything.
        let text =
            try String(contentsOfFile: walk, encoding: .utf8).split(separator: "\n").prefix(400)
            .joined(separator: "\n") + "\n"
        let fifo = folder + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        for command in [["info"], ["analyze", "--json"]] {
            DispatchQueue.global().async {
                let descriptor = open(fifo, O_WRONLY)
                guard descriptor >= 0 else { return }
                _ = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress!, $0.count - 1) }
                close(descriptor)
            }
            let result = try Self.run(command + [fifo], input: nil, limit: 60)
            #expect(result.status == 0, "\(command): \(result.errors)")
            #expect(
                result.output.contains(command == ["info"] ? "rows            399" : "\"windows\""), "\(result.output)")
        }
    }

    @Test func aZipArchiveOnAPipeIsRefusedWithAReason() throws {
        let archive = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("LocomotionTests/Fixtures/formats/sensorlogger-android.zip")
        let result = try Self.run(["info", "/dev/stdin"], input: try Data(contentsOf: archive))
        #expect(result.status == 1)
        #expect(result.errors.contains("a zip archive cannot be read from a pipe"), "\(result.errors)")
    }
}
