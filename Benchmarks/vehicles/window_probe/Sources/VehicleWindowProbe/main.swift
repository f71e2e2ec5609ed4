import Foundation
import Locomotion

// VehicleWindowProbe RECORDING.csv OUT.csv [SAMPLES.csv]
//
// Reads a recording as `locomotion analyze` does with its default `--resample auto` (a 1–10 Hz
// log on a uniform grid at its own rate, at least 5 Hz), feeds its acceleration to
// `VehicleEvidence` (gravity included when the recording has `acc_*` columns, removed when it only
// has `linacc_*` ones) and writes one row per evidence window:
// end_s,duration_s,dynamic_rms_g,vibration_g,periodicity,sub_hertz_g,vertical_shake_g,horizontal_shake_g,
// shake_variation,kind; with SAMPLES.csv, also the
// resampled samples it fed (t_s,x_g,y_g,z_g).
let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: VehicleWindowProbe RECORDING.csv OUT.csv\n".utf8))
    exit(2)
}
do {
    var recording = try RecordingReader.read(path: arguments[1]).recording
    if let rate = SampleRatePolicy.automatic.targetRate(for: recording) {
        recording = try recording.resampled(to: rate)
    }
    guard let acceleration = recording.acceleration ?? recording.linearAcceleration else {
        FileHandle.standardError.write(Data("\(arguments[1]): no acceleration\n".utf8))
        exit(1)
    }
    // VEHICLE_PROBE_MAGNITUDE_MAXIMUM_SUBHERTZ: the magnitude rule's sub-hertz limit (1 lifts it), for
    // probe_rides.py --magnitude-loso.
    var configuration = VehicleEvidence.Configuration()
    let limit = ProcessInfo.processInfo.environment["VEHICLE_PROBE_MAGNITUDE_MAXIMUM_SUBHERTZ"]
    if let value = limit.flatMap(Double.init) {
        configuration.gravityRemovedMagnitudeMaximumSubHertz = value
    }
    var evidence = try VehicleEvidence(gravityIncluded: recording.acceleration != nil, configuration: configuration)
    var rows = "end_s,duration_s,dynamic_rms_g,vibration_g,periodicity,sub_hertz_g,"
    rows += "vertical_shake_g,horizontal_shake_g,shake_variation,kind\n"
    let write: (VehicleEvidenceWindow) -> Void = { window in
        rows += "\(window.endTime),\(window.duration),\(window.dynamicRMS),\(window.vibration),"
        rows += "\(window.periodicity),\(window.subHertzMotion),\(window.verticalShake),\(window.horizontalShake),"
        rows += "\(window.shakeVariation),"
        rows += "\(window.kind.rawValue)\n"
    }
    for i in 0..<recording.count {
        try evidence.append(
            time: recording.time[i], x: acceleration.x[i], y: acceleration.y[i], z: acceleration.z[i], emit: write)
    }
    evidence.finish(emit: write)
    try rows.write(toFile: arguments[2], atomically: true, encoding: .utf8)
    if arguments.count == 4 {
        // The samples the evidence saw (after the resampling), for studies of new window features.
        var samples = "t_s,x_g,y_g,z_g\n"
        for i in 0..<recording.count {
            samples += "\(recording.time[i]),\(acceleration.x[i]),\(acceleration.y[i]),\(acceleration.z[i])\n"
        }
        try samples.write(toFile: arguments[3], atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("\(arguments[1]): \(error)\n".utf8))
    exit(1)
}
