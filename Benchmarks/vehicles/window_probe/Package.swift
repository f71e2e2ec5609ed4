// swift-tools-version:6.0
// The in-vehicle evidence windows exactly as `locomotion analyze --resample auto` computes them, for
// the studies of Benchmarks/vehicles/ride_rules.py: a package of its own (public API only), built
// on demand, never a dependency of Locomotion or of the benchmarks.
import PackageDescription

let package = Package(
    name: "VehicleWindowProbe",
    dependencies: [.package(name: "Locomotion", path: "../../..")],
    targets: [
        .executableTarget(
            name: "VehicleWindowProbe", dependencies: [.product(name: "Locomotion", package: "Locomotion")])
    ],
    swiftLanguageModes: [.v6]
)
