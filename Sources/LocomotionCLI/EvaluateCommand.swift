import Foundation
import Locomotion

/// `locomotion evaluate DIR|FILE...`: scores an activity model on labelled recordings.
@_spi(Testing) public enum EvaluateCommand {
    static let summary = """
        usage: locomotion evaluate DIR|FILE... [--model MODEL.json|bundled] [--smoothing hysteresis|hmm|none] [--hold S]
                                   [--json] [reading options]

        Classifies every window of labelled recordings (the layouts of 'train') with the features
        the model was trained with, and prints per class the precision, recall, F1 and support, the
        accuracy, the macro-F1 and the confusion matrix. A window is scored only when all its
        samples carry the same label.
        """

    static let options: [Option] = [
        SharedOptions.model,
        .option(
            "smoothing", "S", .choice(["hysteresis", "hmm", "none"], default: "hysteresis"),
            "hysteresis (leaving driving takes twice the hold time), hmm\n(forward-backward over each recording) or none"
        ),
        .option(
            "hold", "S", .seconds(default: ActivityHysteresis.Configuration().holdTime), "the hysteresis hold time"),
        .flag(
            "json",
            "{accuracy, macroF1, confusion: {labels, matrix}, classes: {NAME: {precision,\nrecall, f1, support}}}"),
    ]

    /// What `--json` prints.
    struct Report: Encodable {
        struct Confusion: Encodable {
            var labels: [String]
            var matrix: [[Int]]
        }
        struct ClassScores: Encodable {
            var precision: Double?
            var recall: Double?
            var f1: Double?
            var support: Int
        }
        var accuracy: Double?
        var macroF1: Double?
        var confusion: Confusion
        var classes: [String: ClassScores]

        init(_ confusion: ActivityConfusion) {
            accuracy = confusion.accuracy
            macroF1 = confusion.macroF1
            self.confusion = Confusion(labels: ActivityType.allCases.map(\.identifier), matrix: confusion.counts)
            classes = Dictionary(
                uniqueKeysWithValues: ActivityType.allCases.filter { confusion.support(of: $0) > 0 }.map {
                    (
                        $0.identifier,
                        ClassScores(
                            precision: confusion.precision(of: $0), recall: confusion.recall(of: $0),
                            f1: confusion.f1(of: $0), support: confusion.support(of: $0))
                    )
                })
        }
    }

    @_spi(Testing) public static let command = Command(
        name: "evaluate", summary: summary, options: options, sections: [ReadingOptions.section])

    static func run(_ arguments: [String]) -> Int32 {
        command.run(arguments) { (parsed) throws(UsageError) in
            guard !parsed.positional.isEmpty else {
                throw UsageError(message: "evaluate needs at least one DIR or FILE")
            }
            _ = try AnalyzeCommand.smoothing(parsed, hop: 1)  // checked here, made for the model's hop below
            return try ReadingOptions.parse(parsed)  // a bad reading option is a usage error (2), as elsewhere
        } body: { parsed, reading in
            run(parsed, reading: reading)
        }
    }

    static func run(_ parsed: Arguments, reading: RecordingReadOptions) -> Int32 {
        do {
            let model = try ModelSupport.model(parsed.text("model"))
            let smoothing = try AnalyzeCommand.smoothing(parsed, hop: model.hop)
            let sources = try ActivityTrainingSet.sources(in: parsed.positional)
            var confusion = ActivityConfusion()
            for (index, source) in sources.enumerated() {
                CommandSupport.progress(
                    "\(index + 1) of \(sources.count): \(source.path)", done: index + 1 == sources.count)
                // Read here rather than in ActivityModel.evaluate(_:reading:) to note implausible values.
                let imported = try RecordingImporter.read(path: source.path, options: reading)
                for note in imported.plausibilityNotes { printError("locomotion: note: \(source.path): \(note)") }
                confusion.merge(
                    try model.evaluate(on: imported.recording, activity: source.activity, smoothing: smoothing))
            }
            guard confusion.total > 0 else {
                // An accuracy of nan with exit 0 would read as a score.
                return command.fail(
                    "nothing to score: no window of the \(sources.count) recordings carries one label that names an "
                        + "activity (labels in a label column, or recordings in activity-named folders; see 'train')")
            }
            if parsed.flag("json") {
                CommandSupport.printJSON(Report(confusion))
            } else {
                print("\(confusion.total) windows from \(sources.count) recordings, model \(model.kind.rawValue)")
                print(ModelSupport.scores(confusion), terminator: "")
            }
            return ExitStatus.success
        } catch {
            return command.fail("\(error)")
        }
    }
}
