// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
// A package outside Segue that uses it the way an app's repository would: by path here, by URL in
// real life. scripts/test-library-client builds it and runs both targets (docs/library.md).
import PackageDescription

let package = Package(
    name: "LibraryClient",
    dependencies: [.package(name: "Segue", path: "../../..")],
    targets: [
        .executableTarget(name: "render-frame", dependencies: [.product(name: "SegueKit", package: "Segue")]),
        .testTarget(name: "ClientTests", dependencies: [.product(name: "SegueTesting", package: "Segue")],
                    exclude: ["Scenes", "Goldens"]),
    ]
)
