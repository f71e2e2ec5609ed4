import Foundation
import FuzzSupport

/// Encodes events in the layout `decodeEvent` reads, for the seed corpus.
struct EventEncoder {
    var bytes: [UInt8]

    init(configuration: UInt8) { bytes = [configuration] }

    /// ±8 in steps of 1/4096; NaN as the code `value(_:)` reads as NaN.
    mutating func value(_ value: Double) {
        let raw = value.isNaN ? Int16.max : Int16(clamping: Int((value * 4096).rounded()))
        bytes += [UInt8(truncatingIfNeeded: raw), UInt8(truncatingIfNeeded: raw >> 8)]
    }

    /// A motion sample one interval after the previous one (time byte 100: no jitter), or with
    /// `timeCode` for a gap, a repeat or a broken time.
    mutating func motion(
        _ x: Double, _ y: Double, _ z: Double, rotation: (Double, Double, Double)? = nil, timeCode: UInt8 = 100
    ) {
        bytes += [0, timeCode]
        for axis in [x, y, z] { value(axis) }
        if let rotation { for axis in [rotation.0, rotation.1, rotation.2] { value(axis) } }
    }

    mutating func fix(speed: Double, accuracy: UInt8) {
        bytes += [4, 255]
        value(speed / 8)
        bytes.append(accuracy)
    }

    mutating func pedometer(cadence: Double) {
        bytes += [5, 255]
        value(cadence)
    }

    mutating func report(flags: UInt8, confidence: UInt8) { bytes += [6, 255, flags, confidence] }

    mutating func pressure(offsetHectopascals: Double) {
        bytes += [7, 255]
        value(offsetHectopascals)
    }
}

/// Configuration byte: bits 0–1 the rate (10, 25, 50, 100 Hz), bit 2 a gyroscope, bits 3–4 the
/// classifier (rules, vote fusion, the bundled model), bit 5 one-second windows.
func seeds() -> [(name: String, bytes: [UInt8])] {
    func gait(_ index: Int, rate: Double, frequency: Double, depth: Double) -> Double {
        1 + depth * sin(2 * Double.pi * frequency * Double(index) / rate)
    }
    var walking = EventEncoder(configuration: 0x02)  // 50 Hz, rules
    for index in 0..<400 { walking.motion(0.02, -0.05, gait(index, rate: 50, frequency: 1.8, depth: 0.3)) }

    var model = EventEncoder(configuration: 0x12)  // 50 Hz, the bundled model
    for index in 0..<300 { model.motion(0.01, 0.1, gait(index, rate: 50, frequency: 2.6, depth: 0.8)) }

    var driving = EventEncoder(configuration: 0x0D)  // 25 Hz, gyroscope, vote fusion
    driving.report(flags: 0x08, confidence: 2)  // automotive
    for index in 0..<200 {
        if index % 25 == 0 { driving.fix(speed: 13 + Double(index) / 50, accuracy: 8) }
        if index == 120 { driving.report(flags: 0x01, confidence: 1) }  // stationary
        driving.motion(0.02, 0.01, gait(index, rate: 25, frequency: 11, depth: 0.02), rotation: (0.01, 0, 0.02))
    }

    var mixed = EventEncoder(configuration: 0x20)  // 10 Hz, one-second windows, rules
    for index in 0..<120 {
        if index % 10 == 0 { mixed.pedometer(cadence: 1.7) }
        if index % 20 == 0 { mixed.pressure(offsetHectopascals: -0.1 * Double(index / 20)) }
        if index % 30 == 0 { mixed.fix(speed: index == 60 ? -1 : 1.4, accuracy: index == 90 ? 255 : 4) }
        let timeCode: UInt8 = index == 50 ? 230 : (index == 80 ? 254 : 100)  // a 6 s gap; a repeated time
        mixed.motion(0, 0.05, gait(index, rate: 10, frequency: 1.5, depth: 0.3), timeCode: timeCode)
    }

    var broken = EventEncoder(configuration: 0x21)  // 25 Hz, one-second windows
    for index in 0..<80 {
        let timeCode: UInt8 = [20: 250, 40: 251, 60: 252][index] ?? 100  // backwards, NaN, infinity
        broken.motion(index == 30 ? .nan : 0, 0, 1, timeCode: timeCode)
    }
    broken.report(flags: 0x3F, confidence: 0)
    return [
        ("walking-rules-50hz", walking.bytes), ("running-model-50hz", model.bytes),
        ("driving-fusion-gps-reports-25hz", driving.bytes), ("pedometer-pressure-gap-10hz", mixed.bytes),
        ("broken-times-nan-25hz", broken.bytes),
    ]
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    if let folder = corpusFolderToWrite { writeCorpus(seeds(), to: folder) }
    return 0
}
