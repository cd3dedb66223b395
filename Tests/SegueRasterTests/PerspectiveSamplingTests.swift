// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueRaster
import SegueGeometry

/// Accuracy and speed of drawing textures under perspective.
struct PerspectiveSamplingTests {
    /// A texture whose red and green channels are sawtooth ramps, 16 levels per texel:
    /// texel (i, j) holds R = 16i + 8, G = 16j + 8 (mod 256), its value at its centre i + ½.
    /// Bilinear sampling at texel coordinate t therefore gives exactly 16t (mod 256) wherever the
    /// two texels it blends are not either side of a wrap, so a rendered pixel tells where it
    /// sampled to 1/16 texel (plus pixman's 7-bit weights and truncating 8-bit arithmetic).
    static func rampTexture(size: Int, pointsPerTexel: Double) -> Texture {
        let px = PixelBuffer(width: size, height: size)!
        let p = px.data.assumingMemoryBound(to: UInt8.self)
        for j in 0 ..< size {
            for i in 0 ..< size {
                let o = j * px.stride + i * 4
                p[o] = 0; p[o + 1] = UInt8((16 * j + 8) & 255); p[o + 2] = UInt8((16 * i + 8) & 255); p[o + 3] = 255
            }
        }
        let side = Double(size) * pointsPerTexel
        return Texture(pixels: px, rect: Rect(x: 0, y: 0, width: side, height: side))
    }

    /// Draws the ramp texture on a strongly tilted card and returns the largest sampling error
    /// in texels over all pixels well inside the card.
    static func maxSamplingError(mode: PerspectiveMode) throws -> (error: Double, pixels: Int) {
        let scale = 2.0
        let card = PerspectiveCard(side: 360, centre: Point(x: 200, y: 200), angle: 55 * .pi / 180, distance: 400)
        let texture = rampTexture(size: 720, pointsPerTexel: 0.5)
        let list = displayList([], width: 400, height: 400, scale: scale)
        let renderer = FrameRenderer(list: list, cache: TextureCache(byteLimit: 0), planeBuffers: PlaneBufferPool(), width: 800, height: 800)
        renderer.perspectiveMode = mode
        var pixels = [UInt8](repeating: 0, count: 800 * 800 * 4)
        try pixels.withUnsafeMutableBytes { buffer in
            renderer.target = try RenderTarget.make(data: buffer.baseAddress!, stride: 3200,
                                                    rect: PixelRect(x0: 0, y0: 0, x1: 800, y1: 800))
            let h = card.transform.planeHomography.then(.scale(scale, scale))
            let map = Homography.scale(0.5, 0.5).then(h)
            let poly = PlaneGeometry.project(PlaneGeometry.nearClipped(texture.rect.corners, h), canvasWidth: 800, canvasHeight: 800)
            renderer.drawProjective(texture, map: map, polygon: poly, alpha: 1)
            renderer.target.destroy()
        }
        let image = RasterImage(width: 800, height: 800, bytesPerRow: 3200, pixels: pixels)
        dump(image, "ramp-\(mode)")
        var worst = 0.0, count = 0
        func error(_ value: UInt8, _ t: Double) -> Double? {
            // Skip samples whose bilinear pair may straddle a wrap (texels 15|16 mod 16).
            let k = (t - 0.5).truncatingRemainder(dividingBy: 16)
            guard k > 0.6, k < 14.4 else { return nil }
            let expected = (16 * t).truncatingRemainder(dividingBy: 256)
            return abs(Double(value) - expected) / 16
        }
        for py in 0 ..< 800 {
            for px in 0 ..< 800 {
                let qs = samplePoints(px: px, py: py, scale: scale, radius: 2).map { card.layerPoint(canvas: $0) }
                guard qs.allSatisfy({ $0.w > 0 && $0.x > 1 && $0.y > 1 && $0.x < 359 && $0.y < 359 }) else { continue }
                let q = qs[4]
                let p = image.pixel(x: px, y: py)
                // Texel coordinates: two texels per point.
                guard let eu = error(p.r, 2 * q.x), let ev = error(p.g, 2 * q.y) else { continue }
                worst = max(worst, eu, ev)
                count += 1
            }
        }
        return (worst, count)
    }

    @Test func pixmanTiledAffineIsAccurateToAQuarterTexel() throws {
        let r = try Self.maxSamplingError(mode: .tiledAffine)
        print("pixman tiled affine: max sampling error \(r.error) texel over \(r.pixels) pixels")
        #expect(r.pixels > 50_000)
        // 0.04 texel from the tile approximation, the rest from 7-bit weights and truncation.
        #expect(r.error < 0.25)
    }

    @Test func pixmanProjectiveIsAccurateToAQuarterTexel() throws {
        let r = try Self.maxSamplingError(mode: .projective)
        print("pixman projective (128-px tiles, conditioned 16.16): max sampling error \(r.error) texel over \(r.pixels) pixels")
        #expect(r.pixels > 50_000)
        #expect(r.error < 0.25)
    }

    @Test func conditionedTransformKeepsPixmanRowStartsInRange() {
        // A tile far from the origin of a strong perspective map: values stay inside 16.16.
        let g = Homography(h11: 0.9, h12: 0.1, h13: 0.0011, h21: -0.05, h22: 1.1, h23: 0.0002,
                           h31: 1500, h32: 2600, h33: 1.7)
        let c = PerspectiveDrawing.conditioned(g, width: 128, height: 128)!
        for x in [0.0, 128] {
            for y in [0.0, 128] {
                let p = c.apply(x: x, y: y)
                #expect(abs(p.x) <= 16384.01 && abs(p.y) <= 16384.01 && abs(p.w) <= 16384.01)
                // Same projective map: the dehomogenised point is unchanged.
                let q = g.apply(x: x, y: y)
                #expect(abs(p.x / p.w - q.x / q.w) < 1e-9 && abs(p.y / p.w - q.y / q.w) < 1e-9)
            }
        }
    }
}
