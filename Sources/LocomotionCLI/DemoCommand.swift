import Foundation
import Locomotion
import LocomotionSimulation

/// `locomotion demo`: `analyze` on the default session, with its HTML report.
@_spi(Testing) public enum DemoCommand {
    /// The 63 s walking excerpt (the spectrum and steps tests' recording).
    static let recordingName = "uci-hapt-walk-exp01"
    /// The default session: the whole of UCI HAPT experiment 1 (sitting, standing, lying, walking,
    /// stairs and the transitions between them).
    static let sessionName = "uci-hapt-exp01"

    /// Where the bundled walking excerpt is, or `nil` when it is missing from the build.
    @_spi(Testing) public static var bundledRecordingPath: String? {
        Bundle.module.url(forResource: recordingName, withExtension: "csv")?.path
    }

    /// Where the default session is, or `nil` when it is missing from the build.
    static var sessionPath: String? {
        Bundle.module.url(forResource: sessionName, withExtension: "csv")?.path
    }

    /// What the default session is, for the output.
    static let sessionDescription =
        "the default session: UCI HAPT experiment 1, user 1 (CC BY 4.0): 412 s of a waist-worn phone at 50 Hz, sitting, standing, lying, walking and taking the stairs"

    static let summary = """
        usage: locomotion demo [--report FILE.html]

        Runs 'locomotion analyze' on the default session (\(sessionDescription)), prints its
        timeline and summary and writes its HTML report (default demo-report.html); then does the
        same for a simulated commute (walk, drive with a traffic jam, walk; FILE-commute.html),
        which shows a trip and GPS speed that no shippable recording has.
        """

    @_spi(Testing) public static let command = Command(
        name: "demo", summary: summary,
        options: [
            .option(
                "report", "FILE.html", .text(default: "demo-report.html"),
                "where the session's report goes (the commute's: FILE-commute.html)")
        ])

    static func run(_ arguments: [String]) -> Int32 {
        command.run(arguments) { (parsed) throws(UsageError) in
            guard parsed.positional.isEmpty else { throw UsageError(message: "demo takes no FILE") }
            return parsed.text("report")!
        } body: { _, report in
            run(report: report)
        }
    }

    /// The simulated commute's file name, as the output shows it.
    @_spi(Testing) public static let commuteName = "commute.csv"

    static func run(report: String) -> Int32 {
        let status = AnalyzeCommand.run(["--report", report])
        print(
            "\nAnd a simulated session (seeded, not a recording): a commute — walk, drive with a traffic jam, walk.\n")
        // A folder of its own: demos run at once (tests, two users) must not remove each other's
        // file. The output names the file as the session it is, so it is the same in every run.
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("locomotion-demo-\(UUID().uuidString)")
        let commute = folder.appendingPathComponent(commuteName).path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try Scenario.session(.commute, seed: 1).write(to: commute)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            return command.fail("\(error)")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let commuteReport = (report as NSString).deletingPathExtension + "-commute.html"
        let shown = [commute: "\(commuteName) (simulated, seed 1)"]
        return max(status, AnalyzeCommand.run([commute, "--report", commuteReport], sourceNames: shown))
    }
}
