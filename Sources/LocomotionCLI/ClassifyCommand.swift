import Foundation
import Locomotion

/// `locomotion classify FILE...`: the activity of every window, by the activity rules or the vote
/// fusion, scored against the file's labels when it has any.
@_spi(Testing) public enum ClassifyCommand {
    static let summary = """
        usage: locomotion classify FILE... [--classifier rules|fusion|model [--model M]] [--hold S] [--truth ACTIVITY]
                                   [--window S] [--hop S] [--csv | --json] [reading options]

        Classifies each window and prints, per file, the windows of each activity and — when the
        windows carry labels naming activities (walking, sitting, car, ...) or --truth is given —
        the accuracy and the confusion matrix. A window is scored only when all its samples carry
        the same label (the labelling rule of analyze, train and evaluate). A model (--classifier
        model) extracts the features it was trained with and adds the class probabilities to
        --csv and --json.
        """

    static let options: [Option] = [
        SharedOptions.classifier, SharedOptions.model,
        .option(
            "hold", "S", .seconds(default: nil),
            "hysteresis: a new activity must persist S seconds (leaving driving\ntwice as long) before it replaces the current one; none without it"
        ),
        .option(
            "truth", "A", .choice(ActivityType.decidable.map(\.identifier), default: nil),
            "the whole file's true activity (walking, running, cycling, driving,\nstationary), for recordings without labels"
        ),
        SharedOptions.window, SharedOptions.hop,
        .flag("csv", "one row per window: file, start_s, end_s, label, activity,\nconfidence, rule"),
        .flag("json", "the per-file reports with every window, as JSON"),
    ]

    enum Classifier {
        case rules
        case fusion
        case model(ActivityModel)

        var name: String {
            switch self {
            case .rules: return "rules"
            case .fusion: return "fusion"
            case .model(let model): return "model (\(model.kind.rawValue))"
            }
        }
    }

    struct Settings {
        var classifier: Classifier
        var hold: Double?
        var truth: ActivityType?
        var features: FeatureConfiguration
        var csv: Bool
        var json: Bool
        var reading: RecordingReadOptions
    }

    /// One window as printed.
    struct Window: Encodable {
        var start: Double
        var end: Double
        var label: String?
        var activity: ActivityType
        var confidence: Confidence
        var rule: String
        var probabilities: ActivityProbabilities?
    }

    /// What the command reports for one file (also its JSON schema).
    struct Report: Encodable {
        var file: String
        var classifier: String
        var windows: [Window]
        var counts: [String: Int]
        var scoredWindows: Int
        var accuracy: Double?
        var balancedAccuracy: Double?
        var confusion: ActivityConfusion?
    }

    @_spi(Testing) public static let command = Command(
        name: "classify", summary: summary, options: options, sections: [ReadingOptions.section])

    static func run(_ arguments: [String]) -> Int32 {
        command.run(arguments) { (parsed) throws(UsageError) in
            guard !parsed.positional.isEmpty else { throw UsageError(message: "classify needs at least one FILE") }
            return try parse(parsed)
        } body: { parsed, settings in
            run(parsed, settings: settings)
        }
    }

    static func run(_ parsed: Arguments, settings: Settings) -> Int32 {
        let (status, reports) = CommandSupport.analyzeFiles(
            parsed.positional, command: command, reading: settings.reading
        ) { recording in try analyze(recording, settings: settings) }
        if settings.json {
            CommandSupport.printJSON(reports)
        } else if settings.csv {
            print(csv(reports), terminator: "")
        } else {
            for report in reports { print(text(report), terminator: "") }
        }
        return status
    }

    static func parse(_ parsed: Arguments) throws(UsageError) -> Settings {
        let name = parsed.text("classifier")!
        guard name == "model" || parsed.value("model") == nil else {
            throw UsageError(message: "--model needs --classifier model")
        }
        var features = FeatureConfiguration(windowDuration: parsed.number("window")!, hop: parsed.number("hop")!)
        let truth = parsed.text("truth").flatMap(ActivityType.init(identifier:))
        guard !(parsed.flag("csv") && parsed.flag("json")) else {
            throw UsageError(message: "--csv and --json exclude each other")
        }
        let hold = parsed.number("hold")
        let reading = try ReadingOptions.parse(parsed)
        // The model file last: a usage error is found before any file is read.
        let classifier: Classifier
        switch name {
        case "fusion": classifier = .fusion
        case "model":
            do {
                let model = try ModelSupport.model(parsed.text("model"))
                classifier = .model(model)
                features = model.featureConfiguration
            } catch {
                throw UsageError(message: "--model: \(error)", isFileError: true)
            }
        default: classifier = .rules
        }
        return Settings(
            classifier: classifier, hold: hold, truth: truth, features: features,
            csv: parsed.flag("csv"), json: parsed.flag("json"), reading: reading)
    }

    static func analyze(_ recording: Recording, settings: Settings) throws -> Report {
        let table = try recording.features(settings.features)
        var results: [ActivityResult] = []
        var rules: [String] = []
        switch settings.classifier {
        case .rules:
            let decisions = try FeatureRuleClassifier().decisions(table)
            results = decisions.map(\.result)
            rules = decisions.map(\.rule.rawValue)
        case .fusion:
            let fusion = try VoteFusion()
            results = table.windows.indices.map { fusion.classify(table[$0]) }
            rules = results.map { _ in "vote_fusion" }
        case .model(let model):
            results = try model.classify(table)
            rules = results.map { _ in "model" }
        }
        if let hold = settings.hold {
            results = try ActivityHysteresis(configuration: .holding(hold)).smooth(results)
        }
        let windows = zip(table.windows, zip(results, rules)).map { window, decided in
            Window(
                start: window.start, end: window.end, label: window.majorityLabel, activity: decided.0.activity,
                confidence: decided.0.confidence, rule: decided.1, probabilities: decided.0.probabilities)
        }
        var counts: [String: Int] = [:]
        for window in windows { counts[window.activity.identifier, default: 0] += 1 }
        // The package's one labelling rule: a window whose samples carry more than one label is not scored.
        let truths = ActivityTrainingSet.truths(of: table, recording: recording, activity: settings.truth)
        let scored = ActivityConfusion(results: results, truths: truths)
        let confusion = scored.total == 0 ? nil : scored
        return Report(
            file: recording.source, classifier: settings.classifier.name, windows: windows, counts: counts,
            scoredWindows: scored.total, accuracy: confusion?.accuracy, balancedAccuracy: confusion?.balancedAccuracy,
            confusion: confusion)
    }

    static func text(_ report: Report) -> String {
        var lines = ["\(report.file)  (\(report.windows.count) windows, \(report.classifier))"]
        for activity in ActivityType.allCases {
            let count = report.counts[activity.identifier] ?? 0
            guard count > 0 else { continue }
            let share = Double(count) / Double(report.windows.count) * 100
            lines.append(
                "  \(activity.identifier.padding(toLength: 11, withPad: " ", startingAt: 0))"
                    + String(format: "%6ld windows  %5.1f%%", count, share))
        }
        if let confusion = report.confusion, let accuracy = confusion.accuracy {
            lines.append(
                String(
                    format: "  against the labels: %ld windows scored, accuracy %.3f, balanced accuracy %.3f",
                    report.scoredWindows, accuracy, confusion.balancedAccuracy ?? .nan))
            lines += CommandSupport.confusionLines(confusion, indent: "    ")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func csv(_ reports: [Report]) -> String {
        // Probability columns only when a model made the decisions, so the rules' CSV keeps its shape.
        let withProbabilities = reports.contains { $0.windows.contains { $0.probabilities != nil } }
        let probabilityNames = withProbabilities ? ActivityType.decidable.map { "p_\($0.identifier)" } : []
        var text = CSVQuoting.record(
            ["file", "start_s", "end_s", "label", "activity", "confidence", "rule"] + probabilityNames)
        for report in reports {
            for window in report.windows {
                let probabilities =
                    withProbabilities
                    ? ActivityType.decidable.map { activity in window.probabilities.map { "\($0[activity])" } ?? "" }
                    : []
                text += CSVQuoting.record(
                    [
                        report.file, "\(window.start)", "\(window.end)", window.label ?? "", window.activity.identifier,
                        window.confidence.identifier, window.rule,
                    ] + probabilities)
            }
        }
        return text
    }
}
