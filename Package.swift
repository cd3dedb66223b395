// swift-tools-version:6.0
// Segue's pipeline, one target per stage; each stage imports only the stage before it:
// SegueScene → SegueTimeline → SegueDisplayList → SegueRaster (Cairo, pixman) → SegueEncode (FFmpeg).
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
    ],
    targets: [
        // Pure math shared by every stage: CATransform3D, points, colours. No dependencies.
        .target(name: "SegueGeometry"),
        // Stage 1: scene files (YAML/JSON) → validated scene model with source locations.
        .target(name: "SegueScene", dependencies: ["SegueGeometry", "Yams"]),
        // Stage 2: scene model + time → per-layer presentation state (pure function of time).
        .target(name: "SegueTimeline", dependencies: ["SegueScene"]),
        // Stage 3: layer state → display list (full matrices, projected quads, draw order).
        .target(name: "SegueDisplayList", dependencies: ["SegueTimeline"]),
        // Stage 4: display list → premultiplied BGRA pixels. The only stage that sees Cairo/pixman/Pango.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo pangocairo pixman-1 harfbuzz freetype2 fontconfig",
                       providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libpixman-1-dev"])]),
        .target(name: "SegueRaster", dependencies: ["SegueDisplayList", "CCairo"]),
        // Stage 5: pixels → MP4/PNG files. The only stage that sees FFmpeg.
        .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat libavcodec libswscale libavutil",
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]),
        // GIF palettes (libimagequant), seen only by the encoder.
        .systemLibrary(name: "CImageQuant", pkgConfig: "imagequant", providers: [.apt(["libimagequant-dev"])]),
        // Animated WebP read back for comparisons (FFmpeg 5.1 decodes only still WebP).
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        .target(name: "SegueEncode", dependencies: ["SegueRaster", "CFFmpeg", "CImageQuant", "CWebP"]),
        // Beside the encoder: decoded frames → pixelmatch/SSIM comparisons, diff reports, golden tests.
        // zlib, for the compressed geometry dump kept beside pixel goldens.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "SegueDiff", dependencies: ["SegueEncode", "CZlib"]),
        // Command-line front end: thin subcommands over the stages.
        .target(name: "SegueCLI", dependencies: [
            "SegueEncode",
            "SegueDiff",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "segue", dependencies: ["SegueCLI"]),
        // Library products: every stage behind one import, and golden assertions for test suites.
        .target(name: "SegueKit", dependencies: ["SegueDiff"]),
        .target(name: "SegueTesting", dependencies: ["SegueKit"]),

        // Fuzz targets (scripts/fuzz, docs/reliability.md). Built normally they replay the
        // committed corpus and crash files; scripts/fuzz builds them with libFuzzer and ASan.
        .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
        .executableTarget(name: "SceneFuzzer", dependencies: ["FuzzSupport", "SegueDisplayList"], path: "Fuzz/SceneFuzzer"),
        .executableTarget(name: "MediaFuzzer", dependencies: ["FuzzSupport", "SegueEncode"], path: "Fuzz/MediaFuzzer"),

        .testTarget(name: "SegueGeometryTests", dependencies: ["SegueGeometry"]),
        .testTarget(name: "SegueSceneTests", dependencies: ["SegueScene"]),
        .testTarget(name: "SegueTimelineTests", dependencies: ["SegueTimeline"]),
        .testTarget(name: "SegueDisplayListTests", dependencies: ["SegueDisplayList"]),
        .testTarget(name: "SegueRasterTests", dependencies: ["SegueRaster", "CCairo"]),
        .testTarget(name: "SegueEncodeTests", dependencies: ["SegueEncode"]),
        .testTarget(name: "SegueCLITests", dependencies: ["SegueCLI"]),
        .testTarget(name: "SegueDiffTests", dependencies: ["SegueDiff"]),
        .testTarget(name: "SegueTestingTests", dependencies: ["SegueTesting"]),
    ]
)
