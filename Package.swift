// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
// Segue's pipeline, one target per stage; each target depends on exactly the modules it imports
// (ARCHITECTURE.md draws the graph, and a test checks it against this file):
// SegueScene → SegueTimeline → SegueDisplayList → SegueRaster (Cairo) → SegueEncode (FFmpeg, libimagequant);
// SegueSwiftImport (swift-syntax) and the presets expand scene files in SeguePresets, where scenes are loaded;
// SegueDecode (FFmpeg, libwebp) reads files back beside the encoder, sharing only SegueFFmpeg's set-up;
// SegueDiff compares, SegueCharts (Cairo) draws charts and reports; SegueRender, SegueStudio and SegueCLI
// are the front ends; SegueKit re-exports the pipeline for library users.
import PackageDescription

let package = Package(
    name: "Segue",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "segue", targets: ["segue"]),
        // Segue as a library (docs/library.md): the whole pipeline behind one import, and golden
        // assertions for XCTest and Swift Testing.
        .library(name: "SegueKit", targets: ["SegueKit"]),
        .library(name: "SegueTesting", targets: ["SegueTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // Swift animator import (SegueSwiftImport): the parser only, no macros or compiler plugins.
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        // Studio (segue preview): SwiftNIO's HTTP/1 codec, which bounds and parses request heads
        // in linear time before Studio's own code sees them.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // Pure math shared by every stage: CATransform3D, points, colours. No dependencies.
        .target(name: "SegueGeometry"),
        // Before stage 1: UIKit animator source (Swift) → scene-file YAML nodes, evaluated symbolically.
        .target(name: "SegueSwiftImport", dependencies: [
            "SegueGeometry", "Yams",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
        ]),
        // Stage 1: scene files (YAML/JSON) → validated scene model with source locations.
        .target(name: "SegueScene", dependencies: ["SegueGeometry", "Yams"]),
        // Stage 1b: presets and Swift animators expand into ordinary layers and animations before
        // the scene is decoded; the scene format's JSON Schema (it covers both). Front ends load
        // scenes through here.
        .target(name: "SeguePresets", dependencies: ["SegueGeometry", "SegueScene", "SegueSwiftImport", "SegueTimeline", "Yams"]),
        // Stage 2: scene model + time → per-layer presentation state (pure function of time).
        .target(name: "SegueTimeline", dependencies: ["SegueGeometry", "SegueScene"]),
        // Stage 3: layer state → display list (full matrices, projected quads, draw order).
        .target(name: "SegueDisplayList", dependencies: ["SegueGeometry", "SegueScene", "SegueTimeline"]),
        // Stage 4: display list → premultiplied BGRA pixels. With SegueCharts, the only targets that see Cairo/pixman/Pango.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo pangocairo pixman-1 harfbuzz freetype2 fontconfig",
                       providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libpixman-1-dev"])]),
        .target(name: "SegueRaster", dependencies: ["SegueGeometry", "SegueScene", "SegueDisplayList", "CCairo"]),
        // Charts (`segue plot`), contact sheets and diff-report pictures, drawn with Cairo and Pango.
        .target(name: "SegueCharts", dependencies: ["SegueGeometry", "SegueRaster", "CCairo"]),
        // Stage 5: pixels → MP4/PNG files, and files → frames beside it. Only SegueFFmpeg, the
        // encoder and the decoder see FFmpeg.
        .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat libavcodec libswscale libavutil",
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]),
        // FFmpeg's set-up shared by the encoder and the decoder: log level, error text, frame planes.
        .target(name: "SegueFFmpeg", dependencies: ["CFFmpeg"]),
        // GIF palettes (libimagequant), seen only by the encoder.
        .systemLibrary(name: "CImageQuant", pkgConfig: "imagequant", providers: [.apt(["libimagequant-dev"])]),
        // Perceptual metrics (SSIMULACRA2): the GIF encoder aims at a score with it. Inner loops in C.
        .target(name: "CSSIMULACRA2"),
        .target(name: "SegueMetrics", dependencies: ["CSSIMULACRA2"]),
        .target(name: "SegueEncode", dependencies: ["SegueRaster", "SegueMetrics", "SegueFFmpeg", "CFFmpeg", "CImageQuant"]),
        // Animated WebP read back for comparisons (FFmpeg 5.1 decodes only still WebP).
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        // Beside the encoder: files → frames (PNG folders, GIF, WebP, APNG, video) for comparisons.
        .target(name: "SegueDecode", dependencies: ["SegueRaster", "SegueFFmpeg", "CFFmpeg", "CWebP"]),
        // Decoded frames → pixelmatch/SSIM comparisons, diff reports, golden tests.
        // zlib, for the compressed geometry dump kept beside pixel goldens.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "SegueDiff", dependencies: ["SegueGeometry", "SegueScene", "SegueTimeline", "SegueDisplayList", "SegueRaster",
                                                 "SegueCharts", "SegueEncode", "SegueDecode", "CZlib"]),
        // The render path shared by the front ends (CLI and Studio): frames rendered in
        // parallel and handed to an encoder in order.
        .target(name: "SegueRender", dependencies: ["SegueTimeline", "SegueDisplayList", "SegueRaster", "SegueEncode"]),
        // Studio: `segue preview`, a local web page that plays, inspects and live-reloads a scene.
        .target(name: "SegueStudio", dependencies: [
            "SegueScene", "SeguePresets", "SegueTimeline", "SegueDisplayList", "SegueRaster", "SegueEncode", "SegueRender",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        // Command-line front end: thin subcommands over the stages.
        .target(name: "SegueCLI", dependencies: [
            "SegueGeometry", "SegueScene", "SeguePresets", "SegueSwiftImport", "SegueTimeline", "SegueDisplayList", "SegueRaster", "SegueCharts",
            "SegueMetrics", "SegueEncode", "SegueDecode", "SegueDiff", "SegueRender", "SegueStudio",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The executable: sets the process's allocator policy (CMalloc), then runs the CLI.
        .target(name: "CMalloc"),
        .executableTarget(name: "segue", dependencies: ["SegueCLI", "CMalloc"]),
        // Library products: every stage behind one import, and golden assertions for test suites.
        .target(name: "SegueKit", dependencies: ["SegueGeometry", "SegueScene", "SeguePresets", "SegueTimeline", "SegueDisplayList",
                                                "SegueRaster", "SegueCharts", "SegueEncode", "SegueDecode", "SegueDiff", "SegueRender"]),
        .target(name: "SegueTesting", dependencies: ["SegueKit"]),

        // Fuzz targets (scripts/fuzz, docs/reliability.md). Built normally they replay the
        // committed corpus and crash files; scripts/fuzz builds them with libFuzzer and ASan.
        .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
        .executableTarget(name: "SceneFuzzer", dependencies: ["FuzzSupport", "SegueScene", "SeguePresets", "SegueTimeline", "SegueDisplayList"],
                          path: "Fuzz/SceneFuzzer"),
        .executableTarget(name: "MediaFuzzer", dependencies: ["FuzzSupport", "SegueScene", "SegueRaster", "SegueDecode"], path: "Fuzz/MediaFuzzer"),

        .testTarget(name: "SegueGeometryTests", dependencies: ["SegueGeometry"]),
        .testTarget(name: "SegueSceneTests", dependencies: ["SegueGeometry", "SegueScene", "SeguePresets"]),
        // Fixture animators live in Tests/SegueSwiftImportTests/Animators (read by path, not bundled).
        .testTarget(name: "SegueSwiftImportTests", dependencies: ["SegueGeometry", "SegueScene", "SeguePresets", "SegueSwiftImport",
                                                                    "SegueTimeline", "SegueDisplayList"], exclude: ["Animators"]),
        .testTarget(name: "SegueTimelineTests", dependencies: ["SegueGeometry", "SegueScene", "SeguePresets", "SegueTimeline"]),
        .testTarget(name: "SegueDisplayListTests", dependencies: ["SegueGeometry", "SegueScene", "SegueTimeline", "SegueDisplayList"]),
        .testTarget(name: "SegueRasterTests", dependencies: ["SegueGeometry", "SegueScene", "SeguePresets", "SegueTimeline", "SegueDisplayList", "SegueRaster", "SegueCharts", "CCairo"]),
        .testTarget(name: "SegueEncodeTests", dependencies: ["SegueRaster", "SegueEncode", "SegueMetrics"]),
        .testTarget(name: "SegueCLITests", dependencies: ["SegueCLI", "SegueDecode", "SegueDiff"]),
        .testTarget(name: "SegueDiffTests", dependencies: ["SegueRaster", "SegueEncode", "SegueDecode", "SegueDiff"]),
        .testTarget(name: "SegueTestingTests", dependencies: ["SegueKit", "SegueTesting"]),
    ]
)

// scripts/test sets SEGUE_OPTIMIZE_TESTS so that the pixel-crunching stages run optimised inside
// its debug build, where unoptimised they spend most of the test suite's time. The flags are
// unsafe ones, which SwiftPM accepts only in a root package and which would stop anyone depending
// on SegueKit or SegueTesting by version, so they are added only when asked for. Optimisation
// leaves the output bytes unchanged: no fast-math, and `-enable-testing` from the debug build
// stays, so `@testable import` still works.
import Foundation

if ProcessInfo.processInfo.environment["SEGUE_OPTIMIZE_TESTS"] == "1" {
    let hot: Set<String> = ["SegueRaster", "SegueMetrics", "CSSIMULACRA2", "SegueEncode", "SegueDecode", "SegueDiff"]
    for target in package.targets where hot.contains(target.name) {
        if target.name.hasPrefix("C") {
            target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-O2"])]
        } else {
            target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O"])]
        }
    }
}
