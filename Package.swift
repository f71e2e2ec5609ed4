// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Locomotion",
    products: [
        .library(name: "LocomotionDSP", targets: ["LocomotionDSP"]),
        .library(name: "Locomotion", targets: ["Locomotion"]),
        .library(name: "LocomotionReport", targets: ["LocomotionReport"]),
        .library(name: "LocomotionSimulation", targets: ["LocomotionSimulation"]),
        .executable(name: "locomotion", targets: ["LocomotionCLI"]),
    ],
    targets: [
        .systemLibrary(
            name: "CFFTW",
            path: "CFFTW",
            pkgConfig: "fftw3",
            providers: [.apt(["libfftw3-dev"]), .brew(["fftw"])]
        ),
        // zlib's inflate, for reading zip archives (phone exports) without unpacking them to disk.
        .systemLibrary(
            name: "CZlib",
            path: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(name: "LocomotionDSP", dependencies: ["CFFTW"]),
        .target(name: "Locomotion", dependencies: ["LocomotionDSP", "CZlib"], resources: [.copy("Resources")]),
        // The HTML activity report: a library of its own so the CLI holds no rendering and users
        // can make the same report.
        .target(name: "LocomotionReport", dependencies: ["Locomotion"]),
        // Seeded synthetic sessions for the scenarios: tests, the demo and users' own tests. The
        // core library never imports it.
        .target(name: "LocomotionSimulation", dependencies: ["Locomotion"]),
        // The CLI's folder is not `Sources/locomotion`: on case-insensitive file systems (macOS) it
        // would collide with `Sources/Locomotion`. The product still builds a binary named `locomotion`.
        .executableTarget(
            name: "LocomotionCLI",
            dependencies: ["Locomotion", "LocomotionDSP", "LocomotionReport", "LocomotionSimulation"],
            resources: [.copy("Resources")]
        ),
        // Seeded randomness and the chunked soak session, shared by the tests and the benchmarks
        // (Benchmarks/, a package of its own, links the folder): a test target, so a package that
        // depends on Locomotion never resolves it.
        .testTarget(
            name: "LocomotionTestSupport", dependencies: ["Locomotion", "LocomotionSimulation"], path: "Tests/Support"),
        .testTarget(
            name: "LocomotionDSPTests",
            dependencies: ["LocomotionDSP", "LocomotionTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "LocomotionTests",
            dependencies: ["Locomotion", "LocomotionTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "LocomotionCLITests", dependencies: ["LocomotionCLI", "Locomotion", "LocomotionTestSupport"]),
        .testTarget(
            name: "LocomotionReportTests", dependencies: ["LocomotionReport", "Locomotion", "LocomotionTestSupport"]),
        .testTarget(
            name: "LocomotionSimulationTests",
            dependencies: ["LocomotionSimulation", "Locomotion", "LocomotionTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
