import Foundation
import Locomotion

/// The `locomotion` command: parses the subcommand and hands over to it.
@main
@_spi(Testing) public enum LocomotionTool {
    static let usage = """
        usage: locomotion <command> [options]

        commands:
          analyze [FILE|DIR...]
                             activity timeline, totals, steps on foot, trips, GPS quality, scores
                             (--shard K/N --jsonl: one part of the files, for a cluster's job array)
          summarize RESULTS...
                             the summary table of 'analyze --jsonl' outputs merged (shards)
          info FILE...       duration, rows, sample rate and jitter, columns, gaps, GPS fixes, labels
          spectrum FILE...   dominant frequency of the acceleration magnitude per window
          speed FILE...      raw and Kalman-smoothed GPS speed per fix, with rejected spikes
          steps FILE...      step count, mean cadence and cadence per window (--json: every step time)
          evaluate-steps RECORDING --reference STEPS.csv | --still-labels CODES | --vehicle
                             step detection against reference steps, or false steps per minute
          features FILE...   one feature vector per window, as CSV or JSON (--list for the schema)
          classify FILE...   the activity of every window (activity rules or vote fusion), scored
                             against the file's labels when it has them
          train DIR... --out MODEL.json
                             trains an activity model (--kind forest, logistic, bayes), cross-validated
                             by group
          evaluate DIR|FILE... [--model M]
                             precision, recall, F1, accuracy and macro-F1 of a model on labelled data
          fuse --speed S --cadence F --variance V [--os FLAGS]
                             the vote fusion's activity and the votes behind it
          simulate SCENARIO  a seeded synthetic session (scenarios A-H, commute) as recording CSV
          demo               cadence and steps of the bundled walk (UCI HAPT excerpt)
          help               this text (also --help, -h); --version prints the version

        Run 'locomotion <command> --help' for a command's options.
        """

    /// Every subcommand's declaration (its options, usage and messages), in the order of ``usage``.
    @_spi(Testing) public static var commands: [Command] {
        [
            AnalyzeCommand.command, SummarizeCommand.command, InfoCommand.command, SpectrumCommand.command,
            SpeedCommand.command, StepsCommand.command, EvaluateStepsCommand.command, FeaturesCommand.command,
            ClassifyCommand.command, TrainCommand.command, EvaluateCommand.command, FuseCommand.command,
            SimulateCommand.command, DemoCommand.command,
        ]
    }

    /// The package's version.
    @_spi(Testing) public static let version = "0.5.0"

    static func main() {
        exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs a command line (without the program name) and returns the exit status
    /// (``ExitStatus``): 0 success, 1 a file or data error, 2 a usage error.
    @_spi(Testing) public static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            printError(usage)
            return ExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "help", "--help", "-h":
            print(usage)
            return ExitStatus.success
        case "--version", "version":
            print("locomotion \(version)")
            return ExitStatus.success
        case "info":
            return InfoCommand.run(rest)
        case "spectrum":
            return SpectrumCommand.run(rest)
        case "speed":
            return SpeedCommand.run(rest)
        case "features":
            return FeaturesCommand.run(rest)
        case "demo":
            return DemoCommand.run(rest)
        case "analyze":
            return AnalyzeCommand.run(rest)
        case "summarize":
            return SummarizeCommand.run(rest)
        case "classify":
            return ClassifyCommand.run(rest)
        case "train":
            return TrainCommand.run(rest)
        case "evaluate":
            return EvaluateCommand.run(rest)
        case "fuse":
            return FuseCommand.run(rest)
        case "steps":
            return StepsCommand.run(rest)
        case "evaluate-steps":
            return EvaluateStepsCommand.run(rest)
        case "simulate": return SimulateCommand.run(rest)
        default:
            printError("locomotion: unknown command '\(command)' (see 'locomotion --help')")
            return ExitStatus.usage
        }
    }
}

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((commandLineWording(message) + "\n").utf8))
}
