import Dispatch
import Foundation
import Locomotion
import LocomotionReport

/// `locomotion analyze [FILE|DIR...]`: the activity timeline, totals, steps, trips and GPS quality
/// of recordings, scored against their labels when they have them.
@_spi(Testing) public enum AnalyzeCommand {
    static let summary = """
        usage: locomotion analyze [FILE|DIR...] [--classifier rules|fusion|model [--model M]]
                                  [--smoothing hysteresis|hmm|none] [--hold S] [--no-in-vehicle]
                                  [--no-walker-rhythm] [--no-walker-ride-hint] [--no-bicycle-ride]
                                  [--window S] [--hop S] [--jobs N] [--json | --jsonl | --csv]
                                  [--shard K/N] [--out FILE] [--report FILE.html]
                                  [--label-map FILE] [reading options]

        Per recording: the activity timeline (start, end, duration, activity, confidence), the time
        in each activity, the steps taken on foot (steps the detector finds in vehicles or while
        sitting are left out) and their cadence, trips (from driving until on foot again, with
        distance from the smoothed GPS speed), GPS fix quality, and, when the recording has labels,
        the window accuracy, macro-F1 and confusion matrix. Folders are read recursively (.csv
        files); files run in parallel; a file that fails is reported and the others still run; a
        summary row per file ends the output. With no FILE it analyzes the default session
        (UCI HAPT experiment 1, bundled).
        """

    static let options: [Option] = [
        SharedOptions.classifier, SharedOptions.model,
        .option(
            "smoothing", "S", .choice(["hysteresis", "hmm", "none"], default: "hysteresis"),
            "hysteresis, hmm (a hidden Markov model over the whole recording)\nor none"),
        .option(
            "hold", "S", .seconds(default: ActivityHysteresis.Configuration().holdTime),
            "the hysteresis hold time in seconds (leaving driving takes 2 S with --no-in-vehicle)"),
        .flag(
            "no-in-vehicle",
            "without the in-vehicle stage: driving is what the smoothed windows say\n(rides are not held through their stops)"
        ),
        .flag(
            "no-walker-rhythm",
            "without the walker's rhythm as walking evidence: a slow walker's windows\nare what the classifier says"
        ),
        .flag(
            "no-walker-ride-hint",
            "without the very slow walker's rhythm (50 steps/min and slower) as on-foot\nevidence for the in-vehicle stage"
        ),
        .flag(
            "no-bicycle-ride",
            "without a ride's pedalling as cycling evidence: a cyclist's coasting\nwindows are what the classifier says"
        ),
        SharedOptions.window, SharedOptions.hop,
        .option(
            "jobs", "N", .wholeNumber(minimum: 1, default: nil),
            "files analyzed at once; the output is the same for every N", shownDefault: "every core"),
        .flag("json", "one JSON object per file, in an array"),
        .flag(
            "jsonl",
            "JSON Lines: the same object per file on one line, a line per file as it\nis done (in file order); 'locomotion summarize' merges such files"
        ),
        .option(
            "shard", "K/N", .text(default: nil),
            "analyze only part K of N (0 <= K < N): the files, sorted by path\ncomponent by component, at positions K, K+N, K+2N, ...; N runs with\nthe same FILE|DIR arguments cover every file once (see docs/Scaling.md)"
        ),
        .option(
            "out", "FILE", .text(default: nil),
            "write the output to FILE (put in place when the run ends) instead of\nstandard output"),
        .flag("csv", "the timelines as CSV: file,start_s,end_s,duration_s,activity,confidence"),
        .option(
            "label-map", "FILE", .text(default: nil),
            "lines LABEL,ACTIVITY saying which activity a label value names (for\nlabels the built-in names do not know; ACTIVITY is walking, running,\ncycling, driving, stationary or unknown to leave it unscored)"
        ),
        .option(
            "report", "F.html", .text(default: nil),
            "a self-contained HTML report (timeline, acceleration, gait frequency and\ncadence, GPS speed, confidence, summary); with several files, one report\nper file named F-<file>.html"
        ),
    ]

    /// What the command prints.
    enum Format: String {
        case text, json, jsonl, csv
    }

    struct Settings {
        var options: RecordingAnalysis.Options
        var jobs: Int
        var format: Format
        var reading: RecordingReadOptions
        var classifierName: String
        var report: String?
        /// `--shard K/N`: analyze only this part of the files.
        var shard: Shard?
        /// `--out FILE`: the output goes there instead of standard output.
        var out: String?
        /// Names to show instead of paths (the bundled session's).
        var sourceNames: [String: String] = [:]
    }

    @_spi(Testing) public static let command = Command(
        name: "analyze", summary: summary, options: options, sections: [ReadingOptions.section],
        footer: "exit status: 0 every file analyzed, 1 a file failed, 2 a usage error")

    static func run(_ arguments: [String]) -> Int32 {
        command.run(arguments, parse: parse, body: run)
    }

    /// ``run(_:)`` showing each file of `sourceNames` by its name there instead of its path.
    static func run(_ arguments: [String], sourceNames: [String: String]) -> Int32 {
        command.run(
            arguments,
            parse: { (parsed) throws(UsageError) in
                var settings = try parse(parsed)
                settings.sourceNames = sourceNames
                return settings
            }, body: run)
    }

    static func run(_ parsed: Arguments, settings: Settings) -> Int32 {
        var settings = settings
        var paths = parsed.positional
        var reading = settings.reading
        if paths.isEmpty {
            guard let session = DemoCommand.sessionPath else {
                return command.fail("the default session is missing from the build")
            }
            let note = "No FILE given: analyzing \(DemoCommand.sessionDescription)."
            // Machine-readable output stays clean: the note goes to standard error there.
            if settings.format != .text || settings.out != nil { printError(note) } else { print(note + "\n") }
            paths = [session]
            reading.labelTranslations = DatasetLabels.uciHAPT
        }
        var files = expand(paths)
        if parsed.positional.isEmpty { settings.sourceNames[files[0]] = "\(DemoCommand.sessionName).csv (bundled)" }
        if let shard = settings.shard { files = shard.select(files) }
        // Every file the run reads, which neither --out nor --report may replace.
        let inputs = parsed.positional + files + ["model", "label-map"].compactMap { parsed.value($0) }
        let output: CommandOutput
        do {
            output = try CommandOutput(path: settings.out, inputs: inputs)
            if let report = settings.report {
                for file in files {
                    _ = try OutputPath.checked(reportPath(report, file: file, count: files.count), inputs: inputs)
                }
            }
        } catch {
            return command.fail(error.message)
        }
        var status = ExitStatus.success
        var reports: [Report] = []
        var written: [String] = []
        if settings.format == .csv {
            output.write(CSVQuoting.record(["file", "start_s", "end_s", "duration_s", "activity", "confidence"]))
        }
        // Each file is handed over in the order of `files` as soon as it and those before it are
        // done: the output does not depend on --jobs, and only the small per-file reports are kept.
        analyze(files, settings: settings, reading: reading) { index, outcome in
            let file = files[index]
            let report: Report
            switch outcome {
            case .success(let analyzed):
                report = Report(analyzed.summary)
                if let resampling = analyzed.summary.resampling {
                    printError("locomotion: note: \(file): \(resampling.summary)")
                }
                for note in analyzed.summary.plausibilityNotes { printError("locomotion: note: \(file): \(note)") }
                for requirement in analyzed.summary.skipped {
                    printError("locomotion: note: \(file): \(requirement.explanation)")
                }
                if analyzed.summary.windowCount == 0 {
                    // Not an error (the output says 0 windows), but nothing in the file was classified.
                    let window = settings.options.features.windowDuration.compactDescription
                    printError("\(file): no whole \(window) s window between gaps: nothing classified")
                }
                if let path = settings.report, let html = analyzed.html {
                    let path = reportPath(path, file: file, count: files.count)
                    do throws(OutputPath.Refusal) {
                        let report = try CommandOutput(path: path, inputs: inputs)
                        report.write(html)
                        if let failure = report.finish() { throw OutputPath.Refusal(message: failure) }
                        written.append(path)
                    } catch {
                        status = command.fail("cannot write the report: \(error.message)")
                    }
                }
                switch settings.format {
                case .text: output.write(text(analyzed.summary, classifier: settings.classifierName) + "\n")
                case .csv:
                    for segment in analyzed.summary.timeline.segments {
                        output.write(
                            CSVQuoting.record([
                                analyzed.summary.source, "\(segment.start)", "\(segment.end)", "\(segment.duration)",
                                segment.activity.identifier, segment.confidence.identifier,
                            ]))
                    }
                case .json, .jsonl: break
                }
            case .failure(let error):
                // Parameter errors (a rate out of range) do not name the file; data errors do.
                var message = CommandSupport.message(error, path: file)
                if (error as? LocomotionError)?.code == .missingColumn, file.lowercased().hasSuffix(".gpx") {
                    // A GPX track is collected from folders like any recording, but holds no motion.
                    message =
                        "\(file): a GPX track holds positions and times, no acceleration: there is no motion to "
                        + "classify ('locomotion speed \(file)' gives its speeds)"
                }
                status = command.fail(message)
                report = Report(file: file, error: message)
            }
            if settings.format == .jsonl {
                output.write(report.jsonLine + "\n")
            } else if settings.format != .csv {
                reports.append(report)
            }
        }
        switch settings.format {
        case .json: output.write(CommandSupport.jsonText(reports) + "\n")
        case .text:
            output.write(summary(reports))
            for path in written { output.write("report: \(path)\n") }
        case .csv, .jsonl: break
        }
        if let failure = output.finish() {
            status = command.fail(failure)
        }
        return status
    }

    static func parse(_ parsed: Arguments) throws(UsageError) -> Settings {
        let name = parsed.text("classifier")!
        var options = RecordingAnalysis.Options(
            features: FeatureConfiguration(windowDuration: parsed.number("window")!, hop: parsed.number("hop")!))
        guard name == "model" || parsed.value("model") == nil else {
            throw UsageError(message: "--model needs --classifier model")
        }
        if name == "fusion" {
            do { options.classifier = .voteFusion(try VoteFusion()) } catch { preconditionFailure("\(error)") }
        }
        // For a model, checked here and made for the model's hop below (as evaluate does).
        options.smoothing = try smoothing(parsed, hop: name == "model" ? 1 : options.features.hop)
        if parsed.flag("no-in-vehicle") { options.inVehicle = nil }
        if parsed.flag("no-walker-rhythm") { options.walkerRhythmEvidence = false }
        if parsed.flag("no-walker-ride-hint") { options.walkerRhythmInVehicleStage = false }
        if parsed.flag("no-bicycle-ride") { options.bicycleRideEvidence = false }
        let jobs = parsed.wholeNumber("jobs") ?? ProcessInfo.processInfo.activeProcessorCount
        let reading = try ReadingOptions.parse(parsed)
        let formats = [Format.json, .jsonl, .csv].filter { parsed.flag($0.rawValue) }
        guard formats.count <= 1 else {
            throw UsageError(
                message: formats.map { "--\($0.rawValue)" }.joined(separator: ", ") + " exclude each other")
        }
        let shard = try parsed.value("shard").map(Shard.init(parsing:))
        // Files an option names, last, so that a usage error is found before any file is read.
        options.labelMap = try parsed.value("label-map").map(labelMap(at:)) ?? [:]
        if name == "model" {
            let model: ActivityModel
            do {
                model = try ModelSupport.model(parsed.text("model"))
            } catch {
                throw UsageError(message: "--model: \(error)", isFileError: true)
            }
            options.classifier = .custom(model)
            options.features = model.featureConfiguration
            options.smoothing = try smoothing(parsed, hop: options.features.hop)
        }
        return Settings(
            options: options, jobs: jobs, format: formats.first ?? .text, reading: reading, classifierName: name,
            report: parsed.value("report"), shard: shard, out: parsed.value("out"))
    }

    /// Reads the label map `--label-map` names (``ActivityLabelMap``); a file that cannot be read
    /// or parsed is a file error.
    @_spi(Testing) public static func labelMap(at path: String) throws(UsageError) -> [String: ActivityType] {
        do {
            return try ActivityLabelMap.read(path: path)
        } catch {
            throw UsageError(message: "--label-map: \(error)", isFileError: true)
        }
    }

    /// The smoothing `--smoothing` and `--hold` ask for.
    static func smoothing(_ parsed: Arguments, hop: Double) throws(UsageError) -> ActivitySmoothing {
        let name = parsed.text("smoothing")!
        guard name == "hysteresis" || parsed.value("hold") == nil else {
            throw UsageError(message: "--hold applies to --smoothing hysteresis only")
        }
        switch name {
        case "none": return .none
        case "hmm":
            do { return try .hiddenMarkov(hop: hop) } catch { throw UsageError(message: error.message) }
        default: return .hysteresis(.holding(parsed.number("hold")!))
        }
    }

    /// The files named, with folders replaced by the recordings under them (sorted; see
    /// `recordings(inFolder:)`). A path that does not exist stays: it fails as a file of its own,
    /// in the output with the others, as every per-file command reports it.
    @_spi(Testing) public static func expand(_ paths: [String]) -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                files.append(path)
                continue
            }
            files += recordings(inFolder: path)
        }
        return files
    }

    /// Analyzes the files, `settings.jobs` at a time, with a progress line on a terminal, and hands
    /// each outcome to `deliver` in the order of `files` (file `i` once files `0...i` are done), one
    /// call at a time.
    static func analyze(
        _ files: [String], settings: Settings, reading: RecordingReadOptions,
        deliver: @escaping (Int, Result<Analyzed, any Error>) -> Void
    ) {
        nonisolated(unsafe) let deliver = deliver
        nonisolated(unsafe) var pending: [Int: Result<Analyzed, any Error>] = [:]
        nonisolated(unsafe) var next = 0
        let lock = NSLock()
        nonisolated(unsafe) var done = 0
        nonisolated(unsafe) var rows = 0
        let started = Date()
        let semaphore = DispatchSemaphore(value: settings.jobs)
        let group = DispatchGroup()
        for (index, file) in files.enumerated() {
            semaphore.wait()
            group.enter()
            DispatchQueue.global().async {
                defer {
                    semaphore.signal()
                    group.leave()
                }
                let outcome = Result<Analyzed, any Error> {
                    // Chunk by chunk: memory does not grow with the file's length, with a report too
                    // (its panels keep bounded series).
                    guard settings.report != nil else {
                        let (summary, rows) = try RecordingImporter.analyzeActivities(
                            path: file, reading: reading, options: settings.options, source: settings.sourceNames[file])
                        return Analyzed(summary: summary, html: nil, rows: rows)
                    }
                    let (summary, html, rows) = try ActivityReport.analyze(
                        path: file, reading: reading, options: settings.options, source: settings.sourceNames[file])
                    return Analyzed(summary: summary, html: html, rows: rows)
                }
                lock.lock()
                defer { lock.unlock() }
                pending[index] = outcome
                while let ready = pending.removeValue(forKey: next) {
                    deliver(next, ready)
                    next += 1
                }
                done += 1
                rows += (try? outcome.get().rows) ?? 0
                let elapsed = Date().timeIntervalSince(started)
                let left = elapsed / Double(done) * Double(files.count - done)
                CommandSupport.progress(
                    String(
                        format: "analyzed %ld of %ld files, %.0f rows/s, about %.0f s left", done, files.count,
                        Double(rows) / max(elapsed, 1e-9), left),
                    done: done == files.count)
            }
        }
        group.wait()
    }

    /// A file's analysis and, with `--report`, its HTML report.
    struct Analyzed {
        var summary: RecordingAnalysisSummary
        var html: String?
        /// The recording's rows, for the progress line.
        var rows: Int
    }

    /// Where the report of file `index` of `count` goes: `path` itself for one file, else
    /// `path` with `-<file name>` before its extension.
    static func reportPath(_ path: String, file: String, count: Int) -> String {
        guard count > 1 else { return path }
        let stem = (path as NSString).deletingPathExtension
        let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        return "\(stem)-\(name).html"
    }

    static func clock(_ seconds: Double) -> String {
        String(format: "%9.2f", seconds)
    }

    static func text(_ analysis: RecordingAnalysisSummary, classifier: String) -> String {
        var lines = ["\(analysis.source)  (\(analysis.windowCount) windows, \(classifier))", "  timeline"]
        lines.append("       start s      end s  duration   activity    confidence")
        for segment in analysis.timeline.segments {
            lines.append(
                "    \(clock(segment.start))  \(clock(segment.end))  "
                    + segment.formattedDuration.padding(toLength: 9, withPad: " ", startingAt: 0) + " "
                    + segment.activity.identifier.padding(toLength: 11, withPad: " ", startingAt: 0) + " "
                    + segment.confidence.identifier)
            for stop in segment.stops ?? [] {
                lines.append(
                    "      stop  \(clock(stop.start))  \(clock(stop.end))  " + DurationFormat.compact(stop.duration))
            }
        }
        let totals = analysis.timeline.totals.map { "\($0.activity) \(DurationFormat.compact($0.seconds))" }
        lines.append("  totals    " + (totals.isEmpty ? "none" : totals.joined(separator: ", ")))
        let cadence =
            analysis.meanCadence.map { String(format: ", mean cadence %.2f steps/s (%.0f steps/min)", $0, $0 * 60) }
            ?? ""
        lines.append("  steps     \(analysis.stepCount) on foot (of \(analysis.detectedStepCount) detected)" + cadence)
        if analysis.trips.isEmpty {
            lines.append("  trips     none")
        }
        for (index, trip) in analysis.trips.enumerated() {
            let distance = trip.distance.map { String(format: ", %.2f km", $0 / 1000) } ?? ", no GPS speed"
            lines.append(
                "  trip \(index + 1)    \(clock(trip.start).trimmingCharacters(in: .whitespaces))–\(clock(trip.end).trimmingCharacters(in: .whitespaces)) s, "
                    + DurationFormat.compact(trip.duration) + distance
                    + (trip.isClosed ? "" : " (the recording ends during it)"))
        }
        if let report = analysis.speedReport {
            lines.append(
                "  GPS       \(report.validFixCount) valid fixes of \(report.fixCount), \(report.counts.rejectedSpikes) rejected as spikes"
            )
        }
        if let confusion = analysis.confusion {
            lines.append(
                String(
                    format: "  labels    %ld windows scored: accuracy %.3f, macro-F1 %.3f", confusion.total,
                    confusion.accuracy ?? .nan, confusion.macroF1 ?? .nan))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One row per file and a total.
    static func summary(_ reports: [Report]) -> String {
        var lines = [
            "summary", "  file                                      duration  windows  steps  trips  accuracy  status",
        ]
        for report in reports {
            let name = (report.file as NSString).lastPathComponent
            let shown = name.count > 40 ? "…" + name.suffix(39) : name
            lines.append(
                "  " + shown.padding(toLength: 40, withPad: " ", startingAt: 0)
                    + String(
                        format: "  %8@  %7ld  %5ld  %5ld  %8@  %@", DurationFormat.compact(report.duration ?? 0),
                        report.windows,
                        report.stepsOnFoot, report.trips.count,
                        report.accuracy.map { String(format: "%.3f", $0) } ?? "–",
                        report.error == nil ? "ok" : "failed"))
        }
        let failed = reports.filter { $0.error != nil }.count
        lines.append("  \(reports.count) files, \(failed) failed")
        return lines.joined(separator: "\n") + "\n"
    }

    /// What `--json` prints per file, and `--jsonl` on one line per file (what `summarize` reads).
    @_spi(Testing) public typealias Report = RecordingAnalysisRecord
}
