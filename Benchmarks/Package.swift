// swift-tools-version:6.0
// The benchmarks: a package of their own beside Locomotion's, so a package that depends on Locomotion
// never resolves the benchmark executable, its C baseline or the test support. `make bench`,
// `make bench-check`, `make bench-smoke`, `make bench-e2e` and `make soak` build it in release mode
// (docs/Benchmarks.md).
import PackageDescription

// The benchmarks time the zero-copy kernels behind the public API, which are `package` access: in
// Locomotion's package, not its clients'. Swift's package name for a path dependency is the
// identity SwiftPM gives it, the folder's name lowercased, with every character outside
// [A-Za-z0-9_] made `_` (and `_` before a leading digit); the benchmark executable is compiled
// under that name instead of this package's (`packageAccess: false` drops SwiftPM's own), so it
// sees them as the tests do. The benchmarks are never a dependency, so the unsafe flag stays here.
let locomotionPackageName: String = {
    let folder = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "locomotion"
    var name = String(folder.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    if name.first?.isNumber == true { name = "_" + name }
    return name
}()

let package = Package(
    name: "LocomotionBenchmarks",
    dependencies: [.package(name: "Locomotion", path: "..")],
    targets: [
        // FFTW's header and library for the C baseline alone: the name differs from Locomotion's
        // own (internal) CFFTW target, which a package depending on Locomotion cannot name.
        .systemLibrary(
            name: "CFFTWLink",
            path: "CFFTWLink",
            pkgConfig: "fftw3",
            providers: [.apt(["libfftw3-dev"]), .brew(["fftw"])]
        ),
        .target(name: "CFFTWBaseline", dependencies: ["CFFTWLink"], path: "CFFTWBaseline"),
        // Seeded randomness and the chunked soak session, shared with Locomotion's tests:
        // `Support` is a link to `Tests/Support`, where the tests build it as a test target.
        .target(
            name: "LocomotionTestSupport",
            dependencies: [
                .product(name: "Locomotion", package: "Locomotion"),
                .product(name: "LocomotionSimulation", package: "Locomotion"),
            ],
            path: "Support"
        ),
        .executableTarget(
            name: "LocomotionBenchmarks",
            dependencies: [
                .product(name: "LocomotionDSP", package: "Locomotion"),
                .product(name: "Locomotion", package: "Locomotion"),
                .product(name: "LocomotionSimulation", package: "Locomotion"),
                "CFFTWBaseline", "LocomotionTestSupport",
            ],
            path: "LocomotionBenchmarks",
            packageAccess: false,
            swiftSettings: [.unsafeFlags(["-package-name", locomotionPackageName])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
