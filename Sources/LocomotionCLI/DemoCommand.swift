import Foundation
import Locomotion

/// `locomotion demo`: the spectrum command on the bundled UCI HAPT walking excerpt, with a
/// summary of the step frequency and the detected steps.
enum DemoCommand {
    static let recordingName = "uci-hapt-walk-exp01"

    /// Where the bundled recording is, or `nil` when it is missing from the build.
    static var bundledRecordingPath: String? {
        Bundle.module.url(forResource: recordingName, withExtension: "csv")?.path
    }

    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.isEmpty else {
            printError("locomotion demo: takes no arguments\n\nusage: locomotion demo")
            return 2
        }
        guard let path = bundledRecordingPath else {
            printError("locomotion demo: the bundled recording \(recordingName).csv is missing from the build")
            return 1
        }
        do {
            var recording = try RecordingReader.read(
                path: path, options: RecordingReadOptions(labelMap: DatasetLabels.uciHAPT)
            ).recording
            recording.source = "\(recordingName).csv (bundled)"
            print("Locomotion demo: 63 s of a waist-worn phone (UCI HAPT, experiment 1, user 1), CC BY 4.0")
            print("Dominant frequency of the acceleration magnitude per 2.56 s window, in the gait band:\n")
            let settings = SpectrumCommand.Settings(
                window: 2.56, hop: 1.28, band: GaitBand.default, json: false, reading: RecordingReadOptions())
            let report = try SpectrumCommand.analyse(recording, settings: settings)
            SpectrumCommand.emit([report], json: false)
            let walking = report.windows.filter { $0.label == "walking" }.compactMap(\.frequencyHz).sorted()
            if !walking.isEmpty {
                print(
                    String(
                        format:
                            "\nWalking windows: %d, median step frequency %.2f Hz (%.0f steps/min), range %.2f–%.2f Hz",
                        walking.count, walking[walking.count / 2], walking[walking.count / 2] * 60, walking.first!,
                        walking.last!))
            }
            let steps = try StepsCommand.analyse(recording)
            let cadence = steps.meanCadenceStepsPerSecond.map {
                String(format: ", mean cadence while walking %.2f steps/s (%.0f steps/min)", $0, $0 * 60)
            }
            print("Steps detected: \(steps.stepCount)" + (cadence ?? ""))
            let rules = try ClassifyCommand.parse(Arguments([], options: [], flags: []))
            print("\nActivity of each window by the activity rules:")
            print(ClassifyCommand.text(try ClassifyCommand.analyse(recording, settings: rules)), terminator: "")
            return 0
        } catch {
            printError("locomotion demo: \(error)")
            return 1
        }
    }
}
