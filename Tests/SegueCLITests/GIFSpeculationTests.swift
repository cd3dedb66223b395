// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Work the GIF encoder runs ahead of its search or beside it (the prefetcher, a second segment
/// searched beside the first) changes only when results are ready, never what is chosen. At
/// `--jobs 1` the encoder runs none of it, at `--jobs 2` all of it: every scene must give the same
/// bytes both ways. Real scenes at a reduced size (they reach the same paths: global table,
/// ladder, repair, lossy LZW, two segments), which keeps the suite to about a minute.
@Suite struct GIFSpeculationTests {
    static let scenes: [String] = {
        let dir = packageRoot.appendingPathComponent("scenes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { dir.appendingPathComponent($0).path }
    }()

    @Test("the scenes are there to encode")
    func scenesFound() {
        #expect(Self.scenes.count >= 20, "scenes: \(Self.scenes)")
    }

    @Test("speculation off (--jobs 1), then on (--jobs 2): the same GIF", arguments: Self.scenes)
    func sameBytes(scene: String) throws {
        let box = try Sandbox()
        defer { box.remove() }
        let off = box.path("off.gif"), on = box.path("on.gif")
        let common = ["render", scene, "--scale", "0.4", "--quiet"]
        let r1 = try run(segueBinary, common + ["-o", off, "--jobs", "1"])
        try #require(r1.status == 0, "stderr: \(r1.stderr)")
        let r2 = try run(segueBinary, common + ["-o", on, "--jobs", "2"])
        try #require(r2.status == 0, "stderr: \(r2.stderr)")
        let a = try Data(contentsOf: URL(fileURLWithPath: off)), b = try Data(contentsOf: URL(fileURLWithPath: on))
        #expect(a.count > 800 && Array(a.prefix(6)) == Array("GIF89a".utf8))
        #expect(a == b, "\(URL(fileURLWithPath: scene).lastPathComponent): \(a.count) bytes without speculation, \(b.count) with it")
    }
}
