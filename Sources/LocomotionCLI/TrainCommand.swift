import Foundation
import Locomotion

/// `locomotion train DIR... --out MODEL`: trains an activity model on labelled recordings and
/// prints its cross-validated confusion matrix.
@_spi(Testing) public enum TrainCommand {
    static let summary = """
        usage: locomotion train DIR|FILE... --out MODEL.json [--kind forest|logistic|bayes] [--folds K|groups]
                                [--predictions FILE.csv] [--calibrate] [--window S] [--hop S] [--seed N]
                                [--date YYYY-MM-DD] [--json] [reading options]

        Trains an activity model. A DIR with sub-folders named after activities (walking/, running/,
        cycling/, driving/, stationary/) contributes every CSV file in them with that activity (the
        Create ML layout); other files and folders contribute recordings whose label column gives
        each window's activity (windows that straddle a change of label, or whose label names no
        activity, are dropped and counted). Cross-validation folds never split a group: the part of
        a file's name before '__', or else the whole name; --folds groups holds out one group at a
        time (leave one group out). --predictions writes every window's held-out probabilities;
        --calibrate fits the model's temperature to them (temperature scaling) and stores it.
        """

    /// `--kind K`: the kind of model (once `--model`, which now names a model file everywhere).
    static let kind = Option.option(
        "kind", "K",
        .choice(ActivityModel.Kind.allCases.map(\.rawValue), default: ActivityModel.Kind.randomForest.rawValue),
        "the kind of model: forest, logistic or bayes")

    static let options: [Option] = [
        .option("out", "MODEL.json", .text(default: nil), "where to write the model (required)"),
        kind, .deprecated("model", for: kind),
        .option(
            "folds", "K", .text(default: "5"),
            "grouped cross-validation folds (0 for none; groups: one fold per group)"),
        .option(
            "predictions", "FILE.csv", .text(default: nil),
            "write each window's held-out probabilities (file,group,truth,predicted,p_<activity>...)"),
        .flag(
            "calibrate",
            "fit the probabilities' temperature to the held-out windows and store it\n(needs cross-validation)"),
        SharedOptions.window, SharedOptions.hop,
        .option("seed", "N", .wholeNumber(minimum: 0, default: 0), "the random forest's seed"),
        .option(
            "date", "D", .text(default: nil),
            "the training date to record; give it to reproduce a file", shownDefault: "today, UTC"),
        .flag(
            "json",
            "print {windows, recordings, groups, windowsPerClass, dropped,\ncrossValidation (as evaluate --json), seconds} instead of text"
        ),
    ]

    /// The settings the options give.
    @_spi(Testing) public struct Settings {
        @_spi(Testing) public var kind: ActivityModel.Kind
        /// The folds; `nil` for one fold per group.
        var folds: Int?
        var predictions: String?
        var calibrate: Bool
        var seed: UInt64
        var out: String
        var configuration: FeatureConfiguration
        var reading: RecordingReadOptions
    }

    @_spi(Testing) public static let command = Command(
        name: "train", summary: summary, options: options, sections: [ReadingOptions.section])

    static func run(_ arguments: [String]) -> Int32 {
        command.run(arguments, parse: parse) { parsed, settings in run(parsed, arguments: arguments, settings: settings)
        }
    }

    @_spi(Testing) public static func parse(_ parsed: Arguments) throws(UsageError) -> Settings {
        guard !parsed.positional.isEmpty else { throw UsageError(message: "train needs at least one DIR or FILE") }
        guard let out = parsed.value("out") else { throw UsageError(message: "train needs --out MODEL.json") }
        guard parsed.value("kind") == nil || parsed.value("model") == nil else {
            throw UsageError(message: "--model is the old name of --kind; give one of them")
        }
        if parsed.value("model") != nil {
            printError(
                "locomotion train: note: --model K is deprecated; use --kind K (--model names a model file elsewhere)")
        }
        let kind = ActivityModel.Kind(rawValue: parsed.value("model") ?? parsed.text("kind")!)!
        if let date = parsed.value("date"), !CalendarText.isDate(date) {
            throw UsageError(
                message: "--date takes a date written YYYY-MM-DD (a real day of years 1-9999), not '\(date)'")
        }
        let foldsText = parsed.text("folds")!
        let folds: Int? = foldsText == "groups" ? nil : Int(foldsText)
        guard foldsText == "groups" || (folds.map { $0 == 0 || $0 >= 2 } ?? false) else {
            throw UsageError(message: "--folds takes 0 (none), at least 2, or 'groups', not '\(foldsText)'")
        }
        let predictions = parsed.value("predictions")
        guard predictions == nil || folds != 0 else {
            throw UsageError(message: "--predictions needs cross-validation (--folds other than 0)")
        }
        guard !parsed.flag("calibrate") || folds != 0 else {
            throw UsageError(message: "--calibrate needs cross-validation (--folds other than 0)")
        }
        let seed = UInt64(parsed.wholeNumber("seed")!)
        let configuration = FeatureConfiguration(windowDuration: parsed.number("window")!, hop: parsed.number("hop")!)
        guard max(configuration.windowDuration, configuration.hop) <= ActivityModel.largestWindowDuration else {
            // A model that names a longer window is refused when it is loaded.
            throw UsageError(
                message: "--window and --hop take at most \(ActivityModel.largestWindowDuration.compactDescription) s")
        }
        return Settings(
            kind: kind, folds: folds, predictions: predictions, calibrate: parsed.flag("calibrate"), seed: seed,
            out: out, configuration: configuration,
            reading: try ReadingOptions.parse(parsed))
    }

    static func run(_ parsed: Arguments, arguments: [String], settings: Settings) -> Int32 {
        let (kind, folds, seed, out) = (settings.kind, settings.folds, settings.seed, settings.out)
        let (configuration, reading) = (settings.configuration, settings.reading)
        do {
            let started = Date()
            let json = parsed.flag("json")
            func say(_ text: String) { if !json { print(text) } }
            let sources = try ActivityTrainingSet.sources(in: parsed.positional)
            // Checked before training, which can take long: never a device or a training file.
            let output = try CommandOutput(path: out, inputs: parsed.positional + sources.map(\.path))
            let predictionsOutput = try settings.predictions.map {
                try CommandOutput(path: $0, inputs: parsed.positional + sources.map(\.path) + [out])
            }
            var sourceOfRow: [Int] = []
            let set = try ModelSupport.trainingSet(
                sources, featureNames: ActivityModel.defaultFeatures, configuration: configuration, reading: reading
            ) { source, rows in sourceOfRow += repeatElement(source, count: rows) }
            say("\(set.count) windows from \(sources.count) recordings in \(Set(set.groups).count) groups")
            for activity in ActivityType.decidable {
                let count = set.activities.filter { $0 == activity }.count
                if count > 0 {
                    say("  \(activity.identifier.padding(toLength: 11, withPad: " ", startingAt: 0)) \(count)")
                }
            }
            for (reason, count) in set.dropped.sorted(by: { $0.key < $1.key }) {
                say("  dropped (\(reason)): \(count)")
            }
            var crossValidation: ActivityConfusion?
            var temperature = 1.0
            if folds != 0 {
                let foldCount = folds ?? Set(set.groups).count
                let heldOut = try ActivityModel.crossValidatedProbabilities(
                    kind, on: set, folds: foldCount, seed: seed
                ) { done, total in
                    CommandSupport.progress("cross-validation fold \(done) of \(total)", done: done == total)
                }
                var confusion = ActivityConfusion()
                for (row, probabilities) in heldOut.enumerated() {
                    confusion.add(truth: set.activities[row], predicted: probabilities.mostProbable)
                }
                crossValidation = confusion
                say(
                    folds == nil
                        ? "\ncross-validated (leave one group out, \(foldCount) groups):"
                        : "\ncross-validated (\(foldCount) folds grouped by recording or subject):")
                say(ModelSupport.scores(confusion).trimmingCharacters(in: .newlines))
                if settings.calibrate {
                    temperature = try ActivityModel.fittedTemperature(heldOut, truths: set.activities)
                    let before = try ActivityModel.expectedCalibrationError(heldOut, truths: set.activities)
                    let tempered = heldOut.map { ActivityModel.tempered($0, temperature: temperature) }
                    let after = try ActivityModel.expectedCalibrationError(tempered, truths: set.activities)
                    say(
                        String(
                            format: "calibrated: temperature %.4f; held-out expected calibration error %.4f -> %.4f",
                            temperature, before, after))
                }
                if let predictionsOutput {
                    predictionsOutput.write(
                        heldOutTable(
                            heldOut, of: set,
                            files: sourceOfRow.map { relative(sources[$0].path, to: parsed.positional) }))
                    if let failure = predictionsOutput.finish() { throw OutputPath.Refusal(message: failure) }
                }
            }
            let record = ActivityModel.TrainingRecord(
                command: (["locomotion", "train"] + withoutOutput(arguments)).joined(separator: " "),
                sources: sources.map { relative($0.path, to: parsed.positional) }, windowsPerClass: [],
                date: parsed.value("date") ?? ModelSupport.today())
            let model = try ActivityModel.train(kind, on: set, training: record, seed: seed).calibrated(
                temperature: temperature)
            output.write(String(decoding: model.encoded(), as: UTF8.self))
            if let failure = output.finish() { throw OutputPath.Refusal(message: failure) }
            if json {
                CommandSupport.printJSON(
                    Summary(
                        windows: set.count, recordings: sources.count, groups: Set(set.groups).count,
                        windowsPerClass: Dictionary(
                            uniqueKeysWithValues: zip(model.classes.map(\.identifier), model.training.windowsPerClass)),
                        dropped: set.dropped, crossValidation: crossValidation.map(EvaluateCommand.Report.init),
                        seconds: Date().timeIntervalSince(started)))
            }
            say(
                "\nwrote \(out) (\(kind.rawValue), \(model.featureNames.count) features, classes \(model.classes.map(\.identifier).joined(separator: ", ")))"
            )
            return ExitStatus.success
        } catch {
            return command.fail("\(error)")
        }
    }
}

/// What `train --json` prints.
private struct Summary: Encodable {
    var windows: Int
    var recordings: Int
    var groups: Int
    var windowsPerClass: [String: Int]
    var dropped: [String: Int]
    var crossValidation: EvaluateCommand.Report?
    var seconds: Double
}

/// The held-out probabilities as CSV: one line per window with its file, group, true and
/// predicted activity, and a probability per decidable activity (shortest round-trip text).
private func heldOutTable(_ heldOut: [ActivityProbabilities], of set: ActivityTrainingSet, files: [String]) -> String {
    var text = CSVQuoting.record(
        ["file", "group", "truth", "predicted"] + ActivityType.decidable.map { "p_\($0.identifier)" })
    for (row, probabilities) in heldOut.enumerated() {
        text += CSVQuoting.record(
            [files[row], set.groups[row], set.activities[row].identifier, probabilities.mostProbable.identifier]
                + probabilities.values.map { "\($0)" })
    }
    return text
}

/// `path` without the folder argument it was found under, so the model records the same sources
/// wherever the corpus lies.
private func relative(_ path: String, to arguments: [String]) -> String {
    for argument in arguments {
        let folder = argument.hasSuffix("/") ? argument : argument + "/"
        if path.hasPrefix(folder) { return String(path.dropFirst(folder.count)) }
    }
    return path
}

/// The arguments without `--out PATH` and `--predictions PATH`: where files are written is not
/// part of the model, so the same training gives the same bytes wherever it is written.
private func withoutOutput(_ arguments: [String]) -> [String] {
    let written = ["--out", "--predictions"]
    var kept: [String] = []
    var skipNext = false
    for argument in arguments {
        if skipNext {
            skipNext = false
        } else if written.contains(argument) {
            skipNext = true
        } else if !written.contains(where: { argument.hasPrefix($0 + "=") }) {
            kept.append(argument)
        }
    }
    return kept
}

/// What `train`, `evaluate` and `classify --model` share.
enum ModelSupport {
    /// Reads every source and collects its labelled windows, with a progress line on a terminal.
    static func trainingSet(
        _ sources: [ActivityTrainingSet.Source], featureNames: [String], configuration: FeatureConfiguration,
        reading: RecordingReadOptions, added: (_ source: Int, _ rows: Int) -> Void = { _, _ in }
    ) throws -> ActivityTrainingSet {
        var set = ActivityTrainingSet(featureNames: featureNames)
        for (index, source) in sources.enumerated() {
            CommandSupport.progress(
                "features \(index + 1) of \(sources.count): \(source.path)", done: index + 1 == sources.count)
            let imported = try RecordingImporter.read(path: source.path, options: reading)
            for note in imported.plausibilityNotes { printError("locomotion: note: \(source.path): \(note)") }
            let recording = imported.recording
            let before = set.count
            try set.add(
                try recording.features(configuration), of: recording, group: source.group, activity: source.activity)
            added(index, set.count - before)
        }
        return set
    }

    /// The model `--model` names: a file written by `train`, or the bundled one (`bundled` or
    /// nothing).
    static func model(_ name: String?) throws -> ActivityModel {
        guard let name, name != "bundled" else { return try ActivityModel.bundled }
        return try ActivityModel(contentsOf: URL(fileURLWithPath: name))
    }

    /// Today's date in UTC, as YYYY-MM-DD.
    static func today() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date())
    }

    /// Per-class precision, recall, F1 and support, accuracy and macro-F1, then the matrix.
    static func scores(_ confusion: ActivityConfusion) -> String {
        var lines = ["  class        precision  recall      f1  support"]
        for activity in ActivityType.decidable where confusion.support(of: activity) > 0 {
            lines.append(
                "  " + activity.identifier.padding(toLength: 11, withPad: " ", startingAt: 0)
                    + String(
                        format: "%10.3f %7.3f %7.3f %8ld", confusion.precision(of: activity) ?? 0,
                        confusion.recall(of: activity) ?? 0, confusion.f1(of: activity) ?? 0,
                        confusion.support(of: activity)))
        }
        lines.append(
            String(
                format: "  accuracy %.3f, macro-F1 %.3f, %ld windows", confusion.accuracy ?? .nan,
                confusion.macroF1 ?? .nan, confusion.total))
        lines += CommandSupport.confusionLines(confusion, indent: "  ")
        return lines.joined(separator: "\n") + "\n"
    }
}
