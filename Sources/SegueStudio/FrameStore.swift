// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueRender
import SegueDisplayList
import SegueRaster

/// One rendered frame as the page draws it: straight (not premultiplied) RGBA rows, top to
/// bottom, the layout of the canvas's ImageData, so the browser copies the pixels as they are.
struct PreviewFrame: Sendable {
    var width: Int
    var height: Int
    var rgba: Data
}

/// Renders frames on demand and keeps them, newest last, up to a memory budget. The page asks
/// for the frame at the current time first and then its neighbours, so the order of requests is
/// the order of rendering. Frames of an older scene version are dropped when a newer one renders.
final class FrameStore: @unchecked Sendable {
    struct Key: Hashable { var version: Int; var index: Int; var scale: Double; var touches: Bool }

    private let session: SceneSession
    /// One rasterizer per scene version: its texture cache keeps decoded images by path, and
    /// a new version may be a new image under the same path.
    private var rasterizer: (version: Int, renderer: Rasterizer) = (-1, Rasterizer())
    private let lock = NSCondition()
    /// Frames being rendered now; a second request for one waits for it instead of rendering it again.
    private var rendering: Set<Key> = []
    private var frames: [Key: PreviewFrame] = [:]
    private var order: [Key] = []
    private var bytes = 0
    private let budget: Int

    init(session: SceneSession, budget: Int = 512 << 20) {
        self.session = session
        self.budget = budget
    }

    enum Failure: Error { case noScene }

    /// The frame the page asked for last (index, scale, touches): after an edit it is the one
    /// the page will ask for first, so it is rendered before the page asks.
    private var lastAsked = (index: 0, scale: 1.0, touches: false)

    /// Renders the frame the page is most likely to ask for next, in the background.
    func warm() {
        let wanted = lock.withLock { lastAsked }
        // A thread of its own, not Dispatch's pool, which the server's request handling shares (see `offload`).
        Thread.detachNewThread { [self] in
            _ = try? frame(index: wanted.index, scale: wanted.scale, touches: wanted.touches, remember: false)
        }
    }

    /// Frame `index` of the current version at `scale` pixels per point. Blocks while rendering.
    func frame(index: Int, scale: Double, touches: Bool, remember: Bool = true) throws -> (PreviewFrame, version: Int) {
        guard let (timeline, version) = session.timeline(scale: scale) else { throw Failure.noScene }
        let clamped = max(0, min(index, timeline.frameCount - 1))
        let key = Key(version: version, index: clamped, scale: scale, touches: touches)
        if remember { lock.withLock { lastAsked = (clamped, scale, touches) } }
        let cached: PreviewFrame? = lock.withLock {
            while rendering.contains(key) { lock.wait() }
            if let hit = frames[key] { return hit }
            rendering.insert(key)
            return nil
        }
        if let cached { return (cached, version) }
        defer { lock.withLock { rendering.remove(key); lock.broadcast() } }
        let list = DisplayListBuilder.build(timeline, frame: clamped, showTouches: touches)
        let renderer = lock.withLock { () -> Rasterizer in
            if rasterizer.version < version { rasterizer = (version, Rasterizer()) }
            return rasterizer.renderer
        }
        let image: RasterImage
        do {
            try renderer.checkResources(list)
            image = try renderer.render(list)
        } catch {
            session.report(error, version: version)
            throw error
        }
        let frame = PreviewFrame(width: image.width, height: image.height, rgba: Self.straightRGBA(image))
        lock.withLock {
            if let stale = order.first, stale.version < version { dropAll(olderThan: version) }
            if frames[key] == nil {
                frames[key] = frame; order.append(key); bytes += frame.rgba.count
                while bytes > budget, let oldest = order.first {
                    order.removeFirst()
                    if let gone = frames.removeValue(forKey: oldest) { bytes -= gone.rgba.count }
                }
            }
        }
        return (frame, version)
    }

    private func dropAll(olderThan version: Int) {
        for key in order where key.version < version { if let gone = frames.removeValue(forKey: key) { bytes -= gone.rgba.count } }
        order.removeAll { $0.version < version }
    }

    /// Premultiplied BGRA → straight RGBA with the rounding every Segue writer uses
    /// (round(c × 255 / a); a transparent pixel is 0, 0, 0, 0), so the page's pixels are the
    /// PNG's pixels.
    static func straightRGBA(_ image: RasterImage) -> Data {
        var out = Data(count: image.width * image.height * 4)
        out.withUnsafeMutableBytes { (dst: UnsafeMutableRawBufferPointer) in
            let d = dst.bindMemory(to: UInt8.self)
            image.pixels.withUnsafeBufferPointer { src in
                for y in 0 ..< image.height {
                    var s = y * image.bytesPerRow, o = y * image.width * 4
                    for _ in 0 ..< image.width {
                        let b = Int(src[s]), g = Int(src[s + 1]), r = Int(src[s + 2]), a = Int(src[s + 3])
                        if a == 255 {
                            d[o] = UInt8(r); d[o + 1] = UInt8(g); d[o + 2] = UInt8(b); d[o + 3] = 255
                        } else if a == 0 {
                            d[o] = 0; d[o + 1] = 0; d[o + 2] = 0; d[o + 3] = 0
                        } else {
                            d[o] = UInt8(min(255, (r * 255 + a / 2) / a))
                            d[o + 1] = UInt8(min(255, (g * 255 + a / 2) / a))
                            d[o + 2] = UInt8(min(255, (b * 255 + a / 2) / a))
                            d[o + 3] = UInt8(a)
                        }
                        s += 4; o += 4
                    }
                }
            }
        }
        return out
    }
}
