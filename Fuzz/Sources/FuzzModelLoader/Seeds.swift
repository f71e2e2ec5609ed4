import Foundation
import FuzzSupport
import Locomotion

/// Models of each kind trained on a few synthetic windows, the bundled model with its list of
/// training sources cut short, and step detector configurations; each after its selector byte
/// (even: a model, odd: a step detector configuration).
func seeds() -> [(name: String, bytes: [UInt8])] {
    func recording(frequency: Double, depth: Double, seconds: Int) -> Recording {
        let count = seconds * 50
        let time = (0..<count).map { Double($0) / 50 }
        // A deterministic wobble stands in for noise, so the seeds are the same on every run.
        let z = time.map { 1 + depth * sin(2 * Double.pi * frequency * $0) + 0.003 * sin(97 * $0) }
        return Recording(
            source: "synthetic", time: time,
            acceleration: ThreeAxisSeries(
                x: time.map { 0.01 * cos(13 * $0) }, y: [Double](repeating: 0, count: count), z: z))
    }
    var set = ActivityTrainingSet(featureNames: ActivityModel.defaultFeatures)
    for (activity, frequency, depth) in [
        (ActivityType.walking, 1.8, 0.3), (.running, 2.8, 0.9), (.stationary, 0.0, 0.0),
    ] {
        let walk = recording(frequency: frequency, depth: depth, seconds: 12)
        try! set.add(try! walk.features(sampleRate: 50), of: walk, group: "\(activity)", activity: activity)
    }
    let record = ActivityModel.TrainingRecord(
        command: "fuzz seeds", sources: ["synthetic"], windowsPerClass: [], date: "2026-12-01")
    var seeds: [(name: String, bytes: [UInt8])] = ActivityModel.Kind.allCases.map { kind in
        ("model-\(kind.rawValue)", [0] + Array(try! ActivityModel.train(kind, on: set, training: record).encoded()))
    }
    // The bundled model lists hundreds of training files; a few keep the seed small.
    var bundled = try! JSONSerialization.jsonObject(with: try! ActivityModel.bundled.encoded()) as! [String: Any]
    var training = bundled["training"] as! [String: Any]
    training["sources"] = Array((training["sources"] as! [Any]).prefix(2))
    bundled["training"] = training
    seeds.append(
        ("model-bundled", [0] + Array(try! JSONSerialization.data(withJSONObject: bundled, options: .sortedKeys))))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    seeds.append(("steps-default", [1] + Array(try! encoder.encode(StepDetectorConfiguration()))))
    seeds.append(("steps-trunk", [1] + Array(try! encoder.encode(StepDetectorConfiguration.trunk))))
    return seeds
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    if let folder = corpusFolderToWrite { writeCorpus(seeds(), to: folder) }
    return 0
}
