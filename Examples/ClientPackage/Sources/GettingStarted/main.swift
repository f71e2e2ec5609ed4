import Foundation
import Locomotion

// A recording bundled with the package: all of UCI HAPT experiment 1 (412 s at 50 Hz from a phone on
// the waist; acceleration in g, rotation in rad/s; CC BY 4.0), each row labelled with what the volunteer
// was doing. Run from the package's folder, or pass the path of your own recording.
let path = CommandLine.arguments.dropFirst().first ?? "Sources/LocomotionCLI/Resources/uci-hapt-exp01.csv"
let options = RecordingReadOptions(labelTranslations: DatasetLabels.uciHAPT)
let recording = try RecordingReader.read(path: path, options: options).recording
print("\(recording.count) samples over \(String(format: "%.1f", recording.duration)) s")

// The dominant frequency (Hz) of the acceleration magnitude in the gait band, one per 2.56 s window.
// Over the windows labelled walking, it is the step frequency.
let gait = try recording.dominantFrequencyTimeline()
let walking = gait.windows.filter { $0.majorityLabel == "walking" }.compactMap { $0.dominant?.frequency }
print("dominant frequency while walking: \(String(format: "%.2f", walking.sorted()[walking.count / 2])) Hz")

// Steps: one per heel strike, each with its time (s); the cadence in steps/s.
let steps = try recording.detectSteps()
print("steps: \(steps.count), cadence \(String(format: "%.2f", steps.meanCadence() ?? 0)) steps/s")

// The feature table: one named vector per 2.56 s window, every 1.28 s (see docs/Features.md for units).
let table = try recording.features()
print("features: \(table.count) windows × \(table.schema.count) columns: \(table.schema.names.prefix(4)) …")

// The bundled classifier: a naive Bayes model over 16 of those features, with class probabilities.
let model = try ActivityModel.bundled
let decisions = try model.classify(table)
print("model: \(decisions.filter { $0.activity == .walking }.count) of \(decisions.count) windows walking")

// The activity timeline: the model's decisions held for 5 s before they change, as segments of time.
let analysis = try recording.analyzeActivities(.init(classifier: .custom(model)))
for segment in analysis.timeline.segments {
    let span = String(format: "%6.1f–%6.1f s", segment.start, segment.end)
    print("\(span)  \(segment.activity.displayName) (\(segment.formattedDuration), \(segment.confidence))")
}
