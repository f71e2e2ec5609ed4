import Foundation
import Locomotion
import LocomotionTestSupport
import Testing

/// The recordings several suites read or make, in one place.
enum TestRecordings {
    /// The path of a recording bundled with the command line tool (Sources/LocomotionCLI/Resources;
    /// UCI HAPT, CC BY 4.0, see the README there).
    static func bundledPath(_ name: String) -> String {
        packageRoot().appendingPathComponent("Sources/LocomotionCLI/Resources/\(name)").path
    }

    /// The bundled UCI HAPT walk.
    static let bundledWalkPath = bundledPath("uci-hapt-walk-exp01.csv")

    /// A bundled recording, read with UCI HAPT's activity labels.
    static func bundled(_ name: String) throws -> Recording {
        try RecordingReader.read(path: bundledPath(name), options: .init(labelTranslations: DatasetLabels.uciHAPT))
            .recording
    }

    /// The bundled UCI HAPT walk, read with its activity labels.
    static func bundledWalk() throws -> Recording { try bundled("uci-hapt-walk-exp01.csv") }

    /// A CSV excerpt from Tests/LocomotionTests/Fixtures (each with its origin and licence beside it).
    static func fixture(_ name: String) throws -> Recording {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "csv"))
        return try RecordingReader.read(path: url.path).recording
    }

    /// `recording` with every acceleration axis clipped at ±`limit` g, as a phone with that range records it.
    static func clipped(_ recording: Recording, at limit: Double) throws -> Recording {
        var clipped = recording
        let a = try #require(recording.acceleration)
        let clip = { (v: [Double]) in v.map { min(max($0, -limit), limit) } }
        clipped.acceleration = ThreeAxisSeries(x: clip(a.x), y: clip(a.y), z: clip(a.z))
        return clipped
    }

    /// `count` rows at 50 Hz of plausible acceleration (g) and rotation rate (rad/s): no
    /// plausibility note applies to it.
    static func plausibleWalk(count: Int = 200) -> Recording {
        Recording(
            source: "walk", time: (0..<count).map { Double($0) * 0.02 },
            acceleration: ThreeAxisSeries(
                x: (0..<count).map { 0.1 + 0.05 * cos(Double($0)) }, y: Array(repeating: 0, count: count),
                z: (0..<count).map { 1 + 0.2 * sin(Double($0)) }),
            rotationRate: ThreeAxisSeries(
                x: (0..<count).map { 0.5 * sin(Double($0) * 0.3) }, y: Array(repeating: 0.1, count: count),
                z: Array(repeating: 0, count: count)))
    }
}
