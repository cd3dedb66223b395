// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueRaster
import SegueDisplayList
import SegueGeometry
import SegueScene

/// A missing or unusable `contents` image is reported where the scene names it, with a hint.
struct ResourceErrorTests {
    static func listUsing(_ path: String) -> DisplayList {
        let layer = node(transform: .identity, bounds: Rect(x: 0, y: 0, width: 10, height: 10),
                         image: ImageContents(path: path, location: testLocation))
        return displayList([layer], width: 10, height: 10, scale: 1)
    }

    @Test func missingImageIsReportedAtItsContentsLocation() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/nope.png"
        let list = Self.listUsing(path)
        #expect(throws: RasterError.imageNotFound(path: path, location: testLocation)) { try Rasterizer().checkResources(list) }
        #expect(throws: RasterError.imageNotFound(path: path, location: testLocation)) { try Rasterizer().render(list) }
        let error = RasterError.imageNotFound(path: path, location: testLocation)
        #expect(error.description.hasPrefix("scene.yaml:7:5: error: contents image '\(path)' does not exist"))
        #expect(error.description.contains("\n  hint: "))
    }

    @Test func corruptPNGIsReportedAsDamaged() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/broken.png"
        // A real PNG cut in half: the signature is right, the data is not.
        writePNG(path, width: 64, height: 64) { x, y in RGB8(r: x * 4, g: y * 4, b: 0) }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        do {
            try Rasterizer().checkResources(Self.listUsing(path))
            Issue.record("a truncated PNG was accepted")
        } catch let error as RasterError {
            guard case .imageCorrupt(let p, let location, _) = error else {
                Issue.record("expected imageCorrupt, got \(error)"); return
            }
            #expect(p == path && location == testLocation)
            #expect(error.description.hasPrefix("scene.yaml:7:5: error: contents 'broken.png' is a damaged PNG file"))
        }
    }

    @Test func jpegIsReportedAsNotPNGWithAConversionHint() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/shot.jpg"
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00]).write(to: URL(fileURLWithPath: path))
        let expected = RasterError.imageNotPNG(path: path, location: testLocation, detectedFormat: "JPEG")
        #expect(throws: expected) { try Rasterizer.checkImage(ImageContents(path: path, location: testLocation)) }
        #expect(expected.description.contains("contents 'shot.jpg' is a JPEG file, not a PNG file"))
        #expect(expected.suggestion?.contains("ffmpeg -i 'shot.jpg' 'shot.png'") == true)
    }

    @Test func directoryIsReportedAsUnreadable() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            try Rasterizer.checkImage(ImageContents(path: dir, location: testLocation))
            Issue.record("a directory was accepted")
        } catch let error as RasterError {
            guard case .imageUnreadable = error else { Issue.record("got \(error)"); return }
            #expect(error.location == testLocation)
        }
    }

    @Test func validPNGPassesAndIsDecodedPremultiplied() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/ok.png"
        writePNG(path, width: 3, height: 2) { _, _ in RGB8(r: 10, g: 20, b: 30) }
        try Rasterizer.checkImage(ImageContents(path: path, location: testLocation))
        let pixels = try ImageLoader.load(ImageContents(path: path, location: testLocation))
        #expect(pixels.width == 3 && pixels.height == 2)
        let p = pixels.data.assumingMemoryBound(to: UInt8.self)
        #expect([p[0], p[1], p[2], p[3]] == [30, 20, 10, 255])
    }

    @Test func errorsWithoutALocationPrintPlainly() {
        let e = RasterError.invalidCanvas(width: 0, height: 10, scale: 1)
        #expect(e.location == nil)
        #expect(e.description.hasPrefix("error: the canvas is 0×10 pixels"))
    }
}
