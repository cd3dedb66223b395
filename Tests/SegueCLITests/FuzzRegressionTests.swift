// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Every input that made a fuzz target crash (docs/reliability.md) is kept in
/// `Fuzz/regressions/TARGET/` and replayed here through the same target, built normally, so a
/// fixed crash cannot come back. The targets sit beside the `segue` binary.
@Suite struct FuzzRegressionTests {
    @Test(arguments: [("scene", "SceneFuzzer"), ("media", "MediaFuzzer")])
    func crashesFoundByFuzzingStayFixed(target: String, executable: String) throws {
        let binary = segueBinary.deletingLastPathComponent().appendingPathComponent(executable)
        let folder = packageRoot.appendingPathComponent("Fuzz/regressions/\(target)")
        let corpus = packageRoot.appendingPathComponent("Fuzz/corpus/\(target)")
        let cases = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
        // The regressions, then the seed corpus: the seeds are valid and broken inputs of every kind.
        let result = try run(binary, [folder.path, corpus.path])
        #expect(result.status == 0, "a \(target) regression crashes again: \(result.stderr.suffix(2000))")
        let seeds = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { !$0.hasPrefix(".") }.count
        #expect(result.stdout.contains("replayed \(cases.count + seeds) inputs"), "\(result.stdout)")
    }

    /// Found by the media fuzzer: a PNG header claiming 2,155,872,511 × 4,294,967,295 pixels
    /// overflowed the decompression-bomb check itself. Now it is refused like any other bomb.
    @Test func aPNGHeaderWhoseAreaOverflowsIsRefused() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let image = packageRoot.appendingPathComponent("Fuzz/regressions/media/png-header-size-overflow.png").path
        try FileManager.default.copyItem(atPath: image, toPath: box.path("huge.png"))
        let scene = try box.write("s.yaml", """
        canvas: {size: [40, 30], scale: 1}
        layers:
          - {id: photo, frame: [0, 0, 40, 30], contents: huge.png}
        """)
        let result = try segue("check", scene)
        #expect(result.status == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.hasPrefix("\(scene):3:50: error: "), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("2155872511×4294967295"), "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("Swift runtime failure"))
    }
}

extension FuzzRegressionTests {
    /// Found by the media fuzzer: a 546-byte animated WebP whose header claims a 12,255,256 × 48
    /// canvas made libwebp allocate two canvases of 2.3 GB before Segue looked at the size. The
    /// size is now read from the header first, and `segue diff` refuses the input at once.
    @Test func anAnimatedWebPWithAHugeCanvasIsRefusedBeforeDecoding() throws {
        let huge = packageRoot.appendingPathComponent("Fuzz/regressions/media/webp-canvas-12255256x48.webp").path
        let other = packageRoot.appendingPathComponent("Fuzz/corpus/media/tiny.png").path
        let result = try segue("diff", huge, other)
        #expect(result.status == 2, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("12255256×48") && result.stderr.contains("100 million pixels"), "stderr: \(result.stderr)")
    }
}
