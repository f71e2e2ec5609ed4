import Foundation
import Locomotion
@_spi(Testing) import LocomotionCLI
import Testing

/// `locomotion train --folds groups --predictions FILE --calibrate`: leave one group out, every
/// window's held-out probabilities, and the temperature stored in the model.
@Suite("locomotion train: leave one group out, held-out probabilities, calibration")
struct TrainLeaveOneGroupOutTests {
    /// A Create ML corpus of three sources (groups `a`, `b`, `c`), each with 30 s of walking and
    /// 30 s of a phone at rest at 50 Hz.
    static func corpus() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("logo-\(UUID().uuidString)").path
        let time = (0..<1500).map { Double($0) / 50 }
        for (source, (amplitude, cadence)) in zip(["a", "b", "c"], [(0.25, 1.7), (0.35, 1.9), (0.3, 1.8)]) {
            for activity in ["walking", "stationary"] {
                try FileManager.default.createDirectory(
                    atPath: "\(folder)/\(activity)", withIntermediateDirectories: true)
                let rows = time.map { t in
                    let z =
                        activity == "walking"
                        ? 1 + amplitude * sin(2 * Double.pi * cadence * t) : 1 + 0.002 * sin(37 * t)
                    return "\(t),0.01,0.02,\(z)\n"
                }
                try ("t,ax,ay,az\n" + rows.joined()).write(
                    toFile: "\(folder)/\(activity)/\(source)__\(activity).csv", atomically: true, encoding: .utf8)
            }
        }
        return folder
    }

    @Test func eachGroupIsHeldOutAndItsProbabilitiesWrittenAndTheTemperatureStored() throws {
        let folder = try Self.corpus()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let model = folder + "/model.json"
        let predictions = folder + "/held-out.csv"
        #expect(
            LocomotionTool.run([
                "train", folder, "--kind", "bayes", "--folds", "groups", "--predictions", predictions, "--calibrate",
                "--date", "2026-12-03", "--out", model,
            ]) == 0)
        let lines = try String(contentsOfFile: predictions, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "file,group,truth,predicted,p_walking,p_running,p_cycling,p_driving,p_stationary")
        let rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let trained = try ActivityModel(contentsOf: URL(fileURLWithPath: model))
        #expect(rows.count == trained.training.windowsPerClass.reduce(0, +) && rows.count > 60)
        #expect(Set(rows.map { String($0[1]) }) == ["a", "b", "c"])
        for row in rows {
            let probabilities = row[4...].map { Double($0)! }
            #expect(abs(probabilities.reduce(0, +) - 1) < 1e-9)
            #expect(row[0].hasPrefix("walking/") == (row[2] == "walking"))
        }
        #expect(ActivityModel.temperatureRange.contains(trained.temperature))
        // Where the files went is not part of the model.
        #expect(!trained.training.command.contains(predictions) && !trained.training.command.contains(model))
        #expect(trained.training.command.hasSuffix("--calibrate --date 2026-12-03"))
        // The stored temperature is the one fitted to those held-out probabilities.
        let heldOut = try rows.map { try #require(ActivityProbabilities(weights: $0[4...].map { Double($0)! })) }
        let truths = try rows.map { try #require(ActivityType(rawValue: String($0[2]))) }
        let fitted = try ActivityModel.fittedTemperature(heldOut, truths: truths)
        #expect(abs(fitted - trained.temperature) <= 1e-6 * trained.temperature)
    }

    @Test(arguments: [
        ["--folds", "1"], ["--folds", "some"], ["--folds", "0", "--predictions", "p.csv"],
        ["--folds", "0", "--calibrate"],
    ])
    func badCombinationsAreUsageErrors(_ extra: [String]) throws {
        #expect(LocomotionTool.run(["train", "/nonexistent", "--out", "/tmp/never.json"] + extra) == 2)
    }
}
