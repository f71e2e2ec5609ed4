import Foundation
import Locomotion
@_spi(Testing) import LocomotionCLI
import LocomotionTestSupport
import Testing

/// The commands that read a model extract the features with the model's whole feature
/// configuration, not only its window and hop; and `classify` scores with the package's one
/// labelling rule.
@Suite("locomotion: a model's feature configuration and the labelling rule")
struct ModelConfigurationCommandTests {
    /// A model trained with a gait band and power bands other than the defaults, written to a file.
    static func modelWithOtherBands() throws -> (path: String, walk: String) {
        var configuration = FeatureConfiguration(windowDuration: 3, hop: 1.5)
        configuration.gaitBand = 0.5...3
        configuration.powerBands = [0.2...2.5, 2.5...12]
        let features = [
            "acc_mag_std", "acc_mag_iqr", "acc_mag_gait_frequency", "acc_mag_power_0p2_2p5hz", "acc_mag_power_2p5_12hz",
        ]
        var set = ActivityTrainingSet(featureNames: features)
        let time = (0..<1500).map { Double($0) / 50 }
        for (index, (activity, amplitude)) in [(ActivityType.walking, 0.3), (.stationary, 0.002)].enumerated() {
            let z = time.map { 1 + amplitude * sin(2 * Double.pi * 1.8 * $0) + 0.001 * sin(37 * $0) }
            let recording = Recording(
                source: "r\(index)", time: time,
                acceleration: ThreeAxisSeries(x: time.map { _ in 0 }, y: time.map { _ in 0 }, z: z))
            try set.add(try recording.features(configuration), of: recording, group: "g\(index)", activity: activity)
        }
        let model = try ActivityModel.train(
            .naiveBayes, on: set,
            training: .init(command: "test", sources: [], windowsPerClass: [], date: "2026-01-01"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bands-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("model.json").path
        try model.encoded().write(to: URL(fileURLWithPath: path))
        let walk = folder.appendingPathComponent("walking.csv").path
        let rows = time.map { "\($0),0,0,\(1 + 0.3 * sin(2 * Double.pi * 1.8 * $0)),walking\n" }
        try ("t,ax,ay,az,label\n" + rows.joined()).write(toFile: walk, atomically: true, encoding: .utf8)
        return (path, walk)
    }

    @Test(arguments: [
        ["classify", "{walk}", "--classifier", "model", "--model", "{model}"],
        ["analyze", "{walk}", "--classifier", "model", "--model", "{model}"],
        ["evaluate", "{walk}", "--model", "{model}"],
    ])
    func aModelTrainedWithOtherBandsIsRead(_ arguments: [String]) throws {
        let (model, walk) = try Self.modelWithOtherBands()
        defer { try? FileManager.default.removeItem(atPath: (model as NSString).deletingLastPathComponent) }
        let filled = arguments.map { $0.replacingOccurrences(of: "{walk}", with: walk) }
            .map { $0.replacingOccurrences(of: "{model}", with: model) }
        let result = try OutputConventionTests.run(filled)
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.errors.contains("schema"), "\(result.errors)")
    }

    @Test func classifyDoesNotScoreWindowsWithTwoLabels() throws {
        let time = (0..<1000).map { Double($0) / 50 }
        let rows = time.map {
            "\($0),0,0,\(1 + 0.3 * sin(2 * Double.pi * 1.8 * $0)),\($0 < 10 ? "walking" : "sitting")\n"
        }
        let path = try temporaryCSVFile("t,ax,ay,az,label\n" + rows.joined())
        defer { try? FileManager.default.removeItem(atPath: path) }
        let report = try ClassifyCommandTests.classify([], file: path).record
        let unanimous = report.windows.filter { $0.end < 10 || $0.start >= 10 }.count
        #expect(unanimous < report.windows.count)
        #expect(report.scoredWindows == unanimous)
        #expect(report.confusion?.total == unanimous)
    }
}
