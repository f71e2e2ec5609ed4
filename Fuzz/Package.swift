// swift-tools-version:6.0
// libFuzzer targets over Locomotion's public API, one executable per target. A package of its own
// so `make test` never builds them: `make fuzz` builds it with libFuzzer and AddressSanitizer
// (libFuzzer supplies `main`) and runs each target from Fuzz/Corpus/<target>.
import PackageDescription

let locomotion: Target.Dependency = .product(name: "Locomotion", package: "Locomotion")

let package = Package(
    name: "LocomotionFuzz",
    dependencies: [.package(name: "Locomotion", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [locomotion]),
        .executableTarget(name: "FuzzRecordingReader", dependencies: [locomotion, "FuzzSupport"]),
        .executableTarget(name: "FuzzModelLoader", dependencies: [locomotion, "FuzzSupport"]),
        .executableTarget(name: "FuzzDetector", dependencies: [locomotion, "FuzzSupport"]),
        .executableTarget(name: "FuzzRowParsing", dependencies: [locomotion, "FuzzSupport"]),
        .executableTarget(name: "FuzzExportReaders", dependencies: [locomotion, "FuzzSupport"]),
        .executableTarget(name: "FuzzZipArchive", dependencies: [locomotion, "FuzzSupport"]),
        .executableTarget(name: "FuzzResampler", dependencies: [locomotion, "FuzzSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
