// swift-tools-version:6.0
// A package that depends on Locomotion as a user's package would, through its public API only
// (no @testable import). `make test` builds and tests it.
import PackageDescription

let package = Package(
    name: "ClientPackage",
    dependencies: [.package(name: "Locomotion", path: "../..")],
    targets: [
        .executableTarget(name: "ActivityCheck", dependencies: [.product(name: "Locomotion", package: "Locomotion")]),
        // docs/GettingStarted.md's program, byte for byte (a test of the main package compares them).
        .executableTarget(name: "GettingStarted", dependencies: [.product(name: "Locomotion", package: "Locomotion")]),
        .testTarget(name: "ClientTests", dependencies: [.product(name: "Locomotion", package: "Locomotion")]),
    ],
    swiftLanguageModes: [.v6]
)
