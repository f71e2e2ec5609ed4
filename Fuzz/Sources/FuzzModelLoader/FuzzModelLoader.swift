import Foundation
import FuzzSupport
import Locomotion

// The stored-JSON loaders fed arbitrary bytes: `ActivityModel(data:)` (first byte even) and a
// step detector configuration decoded from JSON (first byte odd), as a server loading a user's
// model or parameters would. Beyond "no crash" it checks:
// - a refusal is a LocomotionError (models) or a DecodingError/LocomotionError (configurations)
//   with a message;
// - a model that loads writes itself back to bytes that load into the same bytes;
// - a model that loads classifies a vector of the current schema (values from the input, NaN
//   for some) into one of its classes, with finite probabilities in [0, 1] summing to at most 1,
//   or refuses the schema with `schemaMismatch`;
// - a configuration that decodes and validates makes a step detector that runs on samples.

let schema = try! FeatureExtractor(sampleRate: 50).schema

func checkModel(_ data: Data, values: [Double]) {
    let model: ActivityModel
    do {
        model = try ActivityModel(data: data)
    } catch {
        require(!error.message.isEmpty, "a refusal without a message")
        return
    }
    let encoded = model.encoded()
    guard let reloaded = try? ActivityModel(data: encoded) else {
        fatalError("invariant violated: a loaded model's own encoding does not load")
    }
    require(reloaded.encoded() == encoded, "a model's encoding changes when it is loaded again")

    var prepared: ActivityModel.Prepared
    do {
        prepared = try model.prepared(for: schema)
    } catch {
        require(error.code == .schemaMismatch, "prepared(for:) refused with \(error.code), not schemaMismatch")
        return
    }
    let vector = FeatureVector(
        schema: schema, values: (0..<schema.count).map { values.isEmpty ? 0 : values[$0 % values.count] },
        start: 0, end: model.windowDuration)
    let result = prepared.classify(vector)
    require(model.classes.contains(result.activity), "classified as \(result.activity), not one of \(model.classes)")
    if let probabilities = result.probabilities?.values {
        require(
            probabilities.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 } && probabilities.reduce(0, +) <= 1 + 1e-9,
            "probabilities \(probabilities)")
    }
}

func checkStepConfiguration(_ data: Data, values: [Double]) {
    let configuration: StepDetectorConfiguration
    do {
        configuration = try JSONDecoder().decode(StepDetectorConfiguration.self, from: data)
        try configuration.validate()
    } catch {
        require(error is DecodingError || error is LocomotionError, "untyped refusal \(type(of: error))")
        return
    }
    guard var detector = try? StepDetector(sampleRate: 50, configuration: configuration) else {
        fatalError("invariant violated: a validated configuration is refused by StepDetector")
    }
    var steps: [Step] = []
    for index in 0..<200 {
        let z =
            1 + 0.3 * sin(2 * Double.pi * 1.8 * Double(index) / 50)
            + (values.isEmpty ? 0 : values[index % values.count])
        try? detector.process(time: Double(index) / 50, x: 0, y: 0, z: z, into: &steps)
    }
    detector.finish(into: &steps)
    require(steps.allSatisfy { $0.time.isFinite }, "a step at a non-finite time")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let selector = input.byte()
    let bytes = Data(input.remaining)
    // Feature values for the vector: small signed numbers from the input's bytes, NaN for 0x80.
    let values = bytes.prefix(64).map { $0 == 0x80 ? Double.nan : Double(Int8(bitPattern: $0)) / 16 }
    if selector & 1 == 0 { checkModel(bytes, values: values) } else { checkStepConfiguration(bytes, values: values) }
    return 0
}
