import Foundation
import Locomotion
import LocomotionSimulation

/// `locomotion demo`: `analyze` on the default session, with its HTML report.
enum DemoCommand {
    /// The 63 s walking excerpt (the spectrum and steps tests' recording).
    static let recordingName = "uci-hapt-walk-exp01"
    /// The default session: the whole of UCI HAPT experiment 1 (sitting, standing, lying, walking,
    /// stairs and the transitions between them).
    static let sessionName = "uci-hapt-exp01"

    /// Where the bundled walking excerpt is, or `nil` when it is missing from the build.
    static var bundledRecordingPath: String? {
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

    static let command = Command(
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

    static func run(report: String) -> Int32 {
        let status = AnalyzeCommand.run(["--report", report])
        print(
            "\nAnd a simulated session (seeded, not a recording): a commute — walk, drive with a traffic jam, walk.\n")
        // A name of its own: demos run at once (tests, two users) must not remove each other's file.
        let unique = UUID().uuidString.prefix(8)
        let commute = FileManager.default.temporaryDirectory.appendingPathComponent("locomotion-commute-\(unique).csv")
            .path
        do {
            try Scenario.session(.commute, seed: 1).write(to: commute)
        } catch {
            return command.fail("\(error)")
        }
        defer { try? FileManager.default.removeItem(atPath: commute) }
        let commuteReport = (report as NSString).deletingPathExtension + "-commute.html"
        return max(status, AnalyzeCommand.run([commute, "--report", commuteReport]))
    }
}
