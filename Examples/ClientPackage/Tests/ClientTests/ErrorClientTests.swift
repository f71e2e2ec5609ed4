import Foundation
import Locomotion
import Testing

/// Errors as a user handles them: by code, with a `default` branch, reading the typed context.
@Suite struct ErrorClientTests {
    /// What a user's handler reports for an error, switching on the code.
    func report(_ error: LocomotionError) -> String {
        switch error.code {
        case .malformedCell:
            return
                "\(error.location?.path ?? "?") line \(error.location?.line ?? 0), column \(error.location?.column ?? "?"): '\(error.value ?? "")'"
        case .invalidParameter:
            return "setting \(error.parameter ?? "?"): \(error.expected ?? "")"
        default:
            return "\(error)"
        }
    }

    @Test func aBadFileIsCaughtByItsCode() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("client-\(UUID().uuidString).csv").path
        try "t,ax,ay,az\n0,0,0,1\n0.02,0,abc,1\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try RecordingReader.read(path: path)
            Issue.record("a cell that is not a number was read")
        } catch {
            #expect(error.code.isDataError)
            #expect(report(error) == "\(path) line 3, column ay: 'abc'")
        }
    }

    @Test func aBadSettingIsCaughtByItsCode() {
        do {
            _ = try FeatureExtractor(configuration: FeatureConfiguration(windowDuration: 0), sampleRate: 50)
            Issue.record("a window of 0 s was accepted")
        } catch {
            #expect(!error.code.isDataError)
            #expect(report(error) == "setting windowDuration: it must be finite and positive (s)")
        }
    }

    /// The detector's calls name their error type: the catch reads the code without a cast.
    @Test func aDetectorErrorNeedsNoCast() throws {
        var detector = try ActivityDetector(sampleRate: 50)
        _ = try detector.process(.pedometer(time: 10, cadence: 1.8))
        do {
            _ = try detector.process(.pedometer(time: 5, cadence: 1.8))
            Issue.record("a pedometer update going back in time was accepted")
        } catch {
            #expect(error.code == .timeGoesBackwards && error.code.isDataError)
        }
    }

    /// The importer's analysis names its error type too: a missing file reads as a code.
    @Test func anImportedAnalysisErrorNeedsNoCast() {
        do {
            _ = try RecordingImporter.analyzeActivities(path: "/nonexistent/locomotion-client-test.csv")
            Issue.record("a missing file was analyzed")
        } catch {
            #expect(error.code == .unreadableFile && error.location?.path == "/nonexistent/locomotion-client-test.csv")
        }
    }

    @Test func aDSPErrorIsCaughtByItsCode() {
        do {
            _ = try findDominantFrequency(in: [1, .nan, 1, 0], sampleRate: 50)
            Issue.record("a NaN sample was accepted")
        } catch {
            #expect(error.code == .nonFiniteSample && error.sampleIndex == 1)
        }
    }
}
