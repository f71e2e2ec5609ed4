import Foundation
import FuzzSupport
import Locomotion

// The feature extractor and the streaming ActivityDetector fed arbitrary bytes decoded as sensor
// events: motion samples (with or without a rotation rate), GPS fixes, pedometer cadences, OS
// activity reports with any flags and pressure readings, at times that mostly advance by one
// sample interval but may repeat, jump, go backwards or be NaN or infinite, with values that may
// be NaN, infinite or 1e300. Input layout: one configuration byte, then events of a kind byte, a
// time byte and the kind's values (see `decodeEvent`); the events are fed until the detector has
// decided `maximumDecisions` windows; the events after the one that made the last are not fed.
// Beyond "no crash" it checks:
// - a refused event throws a LocomotionError (the detector's typed throws) with a message and leaves the counts unchanged;
// - each decision is one more window, lies between finite times, and has finite probabilities;
// - steps on foot never exceed the steps detected;
// - the same input gives the same decisions, bit for bit, on a second detector, checked for the
//   configuration bytes with bits 6 and 7 set (a quarter of them; the other bits pick the same
//   setups): a second run doubled every input's cost, and a detector that kept state between
//   copies would differ on any input, so a quarter of the inputs find it;
// - motion-only input that the detector accepts whole gives, through `Recording.features` and
//   the same classifier, the same windows and decisions (streaming equals batch).

let sampleRates: [Double] = [10, 25, 50, 100]
let bundledModel = try! ActivityModel.bundled

struct Setup {
    var sampleRate: Double
    var hasGyroscope: Bool
    var classifier: ActivityDetector.Classifier
    var features: FeatureConfiguration
    /// Whether the classifier decides from the vector alone (not from OS reports).
    var batchComparable: Bool

    init(_ byte: UInt8) {
        sampleRate = sampleRates[Int(byte & 3)]
        hasGyroscope = byte & 4 != 0
        features = FeatureConfiguration()
        if byte & 0x20 != 0 {
            features.windowDuration = 1
            features.hop = 0.5
        }
        switch byte >> 3 & 3 {
        case 1:
            classifier = .voteFusion(try! VoteFusion())
            batchComparable = false
        case 2 where byte & 0x20 == 0:
            classifier = .custom(bundledModel)
            batchComparable = true
        default:
            classifier = .rules(try! FeatureRuleClassifier())
            batchComparable = true
        }
    }
}

/// A value from two bytes: ±8 in steps of 1/4096, or one of the values that break arithmetic.
func value(_ input: inout FuzzInput) -> Double {
    switch input.int16() {
    case .max: return .nan
    case .max - 1: return .infinity
    case .min: return -.infinity
    case .max - 2: return 1e300
    case let raw: return Double(raw) / 4096
    }
}

/// The next event at `clock`, which advances by one sample interval for motion samples (time byte
/// below 200) or by the byte's gap; a few time bytes give this event alone a broken time.
func decodeEvent(_ input: inout FuzzInput, clock: inout Double, setup: Setup) -> SensorEvent? {
    let kind = input.byte()
    let timeCode = input.byte()
    let interval = 1 / setup.sampleRate
    var time = clock
    switch timeCode {
    case 0..<200:
        if kind & 7 < 4 { clock += interval + Double(Int(timeCode) - 100) * interval / 1000 }
        time = clock
    case 200..<250: clock += Double(timeCode - 200) * 0.2; time = clock
    case 250: time = clock - interval
    case 251: time = .nan
    case 252: time = .infinity
    case 253: time = clock + 1e9
    default: break  // the same time as the previous event
    }
    switch kind & 7 {
    case 0...3:
        let (x, y, z) = (value(&input), value(&input), value(&input))
        let rotation =
            setup.hasGyroscope && kind & 7 != 3
            ? MotionSample.RotationRate(x: value(&input), y: value(&input), z: value(&input)) : nil
        return .motion(MotionSample(time: time, x: x, y: y, z: z, rotationRate: rotation))
    case 4:
        let speed = value(&input) * 8
        let accuracyByte = input.byte()
        let accuracy: Double? = accuracyByte == 0xFF ? nil : Double(Int8(bitPattern: accuracyByte)) / 16
        // LocationFix refuses non-finite numbers itself; such a fix never reaches the detector.
        return (try? LocationFix(time: time, speed: speed, speedAccuracy: accuracy)).map { .location($0) }
    case 5:
        return .pedometer(time: time, cadence: value(&input))
    case 6:
        let flags = MotionActivityFlags(rawValue: input.byte())
        let confidence = Confidence(rawValue: Int(input.byte() % 3)) ?? .low
        return .activityReport(MotionActivityReport(flags: flags, confidence: confidence, start: time))
    default:
        return .pressure(time: time, pascals: 101_325 + value(&input) * 100)
    }
}

/// Everything a run decided, as bit patterns, for comparisons.
struct RunRecord: Equatable {
    var windows: [[UInt64]] = []
    var committed: [ActivityType] = []
    var steps: (detected: Int, onFoot: Int) = (0, 0)
    var refused = 0

    static func == (a: RunRecord, b: RunRecord) -> Bool {
        a.windows == b.windows && a.committed == b.committed && a.steps == b.steps && a.refused == b.refused
    }
}

func bits(_ result: ActivityResult) -> [UInt64] {
    [
        UInt64(ActivityType.allCases.firstIndex(of: result.activity)!), UInt64(result.confidence.rawValue),
        result.start.bitPattern, result.end.bitPattern,
    ] + (result.probabilities?.values.map(\.bitPattern) ?? [])
}

/// A fresh detector per configuration byte, made once: setting one up (schema, FFT plans, the
/// model bound to the schema) costs far more than a short input, and each run starts from a copy,
/// which must behave as a fresh detector (a value type). `nil` for a configuration it refuses.
nonisolated(unsafe) var freshDetectors: [UInt8: (setup: Setup, detector: ActivityDetector?)] = [:]

func freshDetector(_ byte: UInt8) -> (setup: Setup, detector: ActivityDetector?) {
    if let made = freshDetectors[byte] { return made }
    let setup = Setup(byte)
    // The walker's rhythm turns some of the classifier's windows into walking from the step
    // detector's memory, and a bicycle ride's pedalling turns coasting windows into cycling from
    // the windows before, which the batch classifier path cannot see: both are on only where the
    // windows are not compared with that path.
    let detector = try? ActivityDetector(
        sampleRate: setup.sampleRate,
        options: .init(
            features: setup.features, classifier: setup.classifier,
            walkerRhythmEvidence: !setup.batchComparable, bicycleRideEvidence: !setup.batchComparable),
        hasGyroscope: setup.hasGyroscope)
    freshDetectors[byte] = (setup, detector)
    return (setup, detector)
}

/// The most decisions one input runs to: the events after the one that made the last are not fed.
/// Eight windows are 11.5 s at the default windowing (2.56 s, hop 1.28 s), more than the smoother
/// and the step detector need to settle, and the cost of an input then no longer grows with its
/// length: a 4 KiB input at 10 Hz made 38 windows, each extracted twice (streaming and batch),
/// which was most of the target's time. Longer streams stay with the unit tests and the
/// benchmarks (docs/Reliability.md, "Cost per input").
let maximumDecisions = 8

/// Runs `events` through a copy of `fresh` until `maximumDecisions` windows are decided; `fed`
/// is how many events that took (all of them, when fewer windows are decided).
func run(_ events: [SensorEvent], fresh: ActivityDetector) -> (record: RunRecord, fed: Int) {
    var detector = fresh
    var record = RunRecord()
    var fed = 0
    for event in events where record.windows.count < maximumDecisions {
        fed += 1
        let before = (detector.windowCount, detector.detectedStepCount, detector.stepCount)
        do {
            if let decision = try detector.process(event) {
                require(detector.windowCount == before.0 + 1, "a decision that is not one more window")
                let result = decision.result
                require(
                    result.start.isFinite && result.end.isFinite && result.start <= result.end,
                    "a window from \(result.start) to \(result.end)")
                if let probabilities = result.probabilities?.values {
                    require(
                        probabilities.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 }, "probabilities \(probabilities)"
                    )
                }
                record.windows.append(bits(result))
                record.committed.append(decision.committed)
            } else {
                require(detector.windowCount == before.0, "a window counted without a decision")
            }
        } catch {
            require(!error.message.isEmpty, "an error without a message: \(error.code)")
            require(
                (detector.windowCount, detector.detectedStepCount, detector.stepCount) == before,
                "a refused \(event) changed the counts")
            record.refused += 1
        }
        require(detector.stepCount <= detector.detectedStepCount, "more steps on foot than steps")
    }
    do {
        try detector.finish()
    } catch {
        require(!error.message.isEmpty, "an error without a message at finish: \(error.code)")
    }
    require(detector.stepCount <= detector.detectedStepCount, "more steps on foot than steps after finish")
    record.steps = (detector.detectedStepCount, detector.stepCount)
    return (record, fed)
}

/// The batch path over the same motion samples: `Recording.features`, then the classifier.
func batch(_ samples: [MotionSample], setup: Setup) throws -> [[UInt64]] {
    let recording = Recording(
        source: "fuzz", time: samples.map(\.time),
        acceleration: ThreeAxisSeries(x: samples.map(\.x), y: samples.map(\.y), z: samples.map(\.z)),
        rotationRate: setup.hasGyroscope
            ? ThreeAxisSeries(
                x: samples.map { $0.rotationRate!.x }, y: samples.map { $0.rotationRate!.y },
                z: samples.map { $0.rotationRate!.z }) : nil)
    let table = try recording.features(setup.features, sampleRate: setup.sampleRate, threadCount: 1)
    return try setup.classifier.classifier.classify(table).map(bits)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let configuration = input.byte()
    let (setup, fresh) = freshDetector(configuration)
    var events: [SensorEvent] = []
    var clock = 0.0
    while !input.isAtEnd {
        if let event = decodeEvent(&input, clock: &clock, setup: setup) { events.append(event) }
    }
    guard let fresh else { return 0 }
    let (first, fed) = run(events, fresh: fresh)
    events.removeLast(events.count - fed)
    if configuration >> 6 == 3 {
        require(run(events, fresh: fresh).record == first, "a second detector decided differently on the same events")
    }

    let samples = events.compactMap { if case .motion(let sample) = $0 { sample } else { nil } }
    guard setup.batchComparable, first.refused == 0, samples.count == events.count,
        !setup.hasGyroscope || samples.allSatisfy({ $0.rotationRate != nil })
    else { return 0 }
    do {
        let windows = try batch(samples, setup: setup)
        require(
            windows == first.windows,
            "streaming gave \(first.windows.count) windows, batch \(windows.count), or they differ")
    } catch {
        fatalError("invariant violated: the detector accepted every sample but the batch path threw \(error)")
    }
    return 0
}
