// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry

// Plane geometry for the rasterizer: rounded-rect polygons, near-plane clipping in homogeneous
// coordinates, projection to canvas pixels and a guard band, and integer pixel rectangles.
// Everything here is pure Swift and deterministic; nothing touches Cairo.

/// An integer rectangle of pixels, half-open: x0 ≤ x < x1, y0 ≤ y < y1.
struct PixelRect: Equatable, Sendable {
    var x0, y0, x1, y1: Int

    init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }

    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }

    func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

    /// The pixels touched by anti-aliased drawing of a polygon: its bounding box rounded outwards.
    /// Nil for an empty polygon.
    init?(enclosing points: [Point]) {
        guard let first = points.first else { return nil }
        var lo = first, hi = first
        for p in points {
            lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
            hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
        }
        // Points are already inside the guard band, so these conversions cannot overflow.
        self.init(x0: Int(lo.x.rounded(.down)), y0: Int(lo.y.rounded(.down)),
                  x1: Int(hi.x.rounded(.up)) + 1, y1: Int(hi.y.rounded(.up)) + 1)
    }
}

/// A homogeneous plane point (X, Y, W) on its way to the canvas.
struct HPoint {
    var x, y, w: Double
}

enum PlaneGeometry {
    /// Relative near-plane threshold: geometry is kept where W ≥ nearEpsilon × (largest W).
    static let nearEpsilon = 1e-3
    /// How far outside the canvas (pixels) a projected polygon is kept before it is cut with
    /// straight lines. Keeps every coordinate far inside Cairo's 24.8 fixed-point range.
    static let guardBand = 4096.0

    /// A rectangle with corners rounded by `radius` (clamped to half the shorter side, as
    /// Core Animation does), as a clockwise polygon (y down) in the rectangle's own space.
    /// `segmentsPerCorner` straight segments approximate each quarter circle.
    static func roundedRect(_ r: Rect, radius: Double, segmentsPerCorner: Int) -> [Point] {
        let w = r.width, h = r.height
        let rad = min(max(radius.isFinite ? radius : 0, 0), min(w, h) / 2)
        guard rad > 0, segmentsPerCorner > 0 else { return r.corners }
        var pts: [Point] = []
        pts.reserveCapacity(4 * (segmentsPerCorner + 1))
        // Corner centres and the start angle of each quarter (y down, so angles turn clockwise).
        let centres = [
            (Point(x: r.minX + rad, y: r.minY + rad), Double.pi),
            (Point(x: r.maxX - rad, y: r.minY + rad), 1.5 * Double.pi),
            (Point(x: r.maxX - rad, y: r.maxY - rad), 0.0),
            (Point(x: r.minX + rad, y: r.maxY - rad), 0.5 * Double.pi),
        ]
        for (c, start) in centres {
            for i in 0 ... segmentsPerCorner {
                let a = start + Double(i) / Double(segmentsPerCorner) * (Double.pi / 2)
                pts.append(Point(x: c.x + rad * cos(a), y: c.y + rad * sin(a)))
            }
        }
        return pts
    }

    /// Segments per quarter circle so that the chord error stays under ~0.05 pixel for a
    /// corner of `radiusPixels` on screen.
    static func segments(forRadiusPixels radiusPixels: Double) -> Int {
        guard radiusPixels.isFinite, radiusPixels > 0 else { return 0 }
        // Sagitta of a chord spanning θ: R (1 − cos(θ/2)) ≈ R θ² / 8 ≤ 0.05.
        let theta = (0.4 / radiusPixels).squareRoot()
        let n = Int(((Double.pi / 2) / theta).rounded(.up))
        return min(max(n, 2), 96)
    }

    /// Maps a polygon through a plane homography into homogeneous canvas coordinates and cuts
    /// it with the near plane W ≥ ε (Sutherland–Hodgman in homogeneous space, where straight
    /// lines stay straight). Returns an empty array when nothing is in front of the eye or the
    /// matrix produces non-finite values.
    static func nearClipped(_ polygon: [Point], _ h: Homography) -> [HPoint] {
        var v: [HPoint] = []
        v.reserveCapacity(polygon.count + 2)
        var maxW = -Double.infinity
        for p in polygon {
            let q = h.apply(x: p.x, y: p.y)
            guard q.x.isFinite, q.y.isFinite, q.w.isFinite else { return [] }
            v.append(HPoint(x: q.x, y: q.y, w: q.w))
            maxW = max(maxW, q.w)
        }
        guard maxW > 0, v.count >= 3 else { return [] }
        let eps = maxW * nearEpsilon
        if v.allSatisfy({ $0.w >= eps }) { return v }
        var out: [HPoint] = []
        out.reserveCapacity(v.count + 2)
        for i in 0 ..< v.count {
            let a = v[i], b = v[(i + 1) % v.count]
            let aIn = a.w >= eps, bIn = b.w >= eps
            if aIn { out.append(a) }
            if aIn != bIn {
                let t = (eps - a.w) / (b.w - a.w)
                out.append(HPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, w: eps))
            }
        }
        return out.count >= 3 ? out : []
    }

    /// Divides by W and cuts the result with the guard band around a canvas of the given size.
    static func project(_ v: [HPoint], canvasWidth: Int, canvasHeight: Int) -> [Point] {
        guard v.count >= 3 else { return [] }
        var pts = v.map { Point(x: $0.x / $0.w, y: $0.y / $0.w) }
        guard pts.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return [] }
        let lo = -guardBand
        let hiX = Double(canvasWidth) + guardBand, hiY = Double(canvasHeight) + guardBand
        if pts.allSatisfy({ $0.x >= lo && $0.x <= hiX && $0.y >= lo && $0.y <= hiY }) { return pts }
        pts = clip(pts) { $0.x - lo }
        pts = clip(pts) { hiX - $0.x }
        pts = clip(pts) { $0.y - lo }
        pts = clip(pts) { hiY - $0.y }
        return pts.count >= 3 ? pts : []
    }

    /// Sutherland–Hodgman against the half plane f(p) ≥ 0 for an affine f.
    private static func clip(_ pts: [Point], _ f: (Point) -> Double) -> [Point] {
        guard pts.count >= 3 else { return [] }
        var out: [Point] = []
        out.reserveCapacity(pts.count + 2)
        for i in 0 ..< pts.count {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            let fa = f(a), fb = f(b)
            if fa >= 0 { out.append(a) }
            if (fa >= 0) != (fb >= 0) {
                let t = fa / (fa - fb)
                out.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
        }
        return out
    }

    /// Largest local magnification (canvas units per plane unit) of the projective map at the
    /// given homogeneous images of plane points: the larger singular value of the Jacobian of
    /// (x, y) ↦ (X/W, Y/W).
    static func maxMagnification(_ h: Homography, at points: [HPoint]) -> Double {
        var best = 0.0
        for p in points where p.w > 0 {
            let w2 = p.w * p.w
            let a = (h.h11 * p.w - p.x * h.h13) / w2, b = (h.h21 * p.w - p.x * h.h23) / w2
            let c = (h.h12 * p.w - p.y * h.h13) / w2, d = (h.h22 * p.w - p.y * h.h23) / w2
            let s = a * a + b * b + c * c + d * d
            let disc = (((a - d) * (a - d) + (b + c) * (b + c)) * ((a + d) * (a + d) + (b - c) * (b - c))).squareRoot()
            let sigma = ((s + disc) / 2).squareRoot()
            if sigma.isFinite { best = max(best, sigma) } else { return .infinity }
        }
        return best
    }

    /// True when all entries are finite.
    static func isFinite(_ t: Transform3D) -> Bool {
        t.rowMajor.allSatisfy { $0.isFinite }
    }

    /// Whether a convex polygon (either orientation) contains the whole rectangle.
    static func convexPolygon(_ poly: [Point], contains r: (x0: Double, y0: Double, x1: Double, y1: Double)) -> Bool {
        guard poly.count >= 3 else { return false }
        var area = 0.0
        for i in 0 ..< poly.count {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            area += a.x * b.y - b.x * a.y
        }
        if area == 0 { return false }
        let sign: Double = area > 0 ? 1 : -1
        let corners = [(r.x0, r.y0), (r.x1, r.y0), (r.x1, r.y1), (r.x0, r.y1)]
        for i in 0 ..< poly.count {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            let ex = b.x - a.x, ey = b.y - a.y
            for (cx, cy) in corners where (ex * (cy - a.y) - ey * (cx - a.x)) * sign <= 0 { return false }
        }
        return true
    }

    /// Whether a convex polygon (either orientation) can touch the rectangle; false only when
    /// some polygon edge has the whole rectangle strictly on its outer side (or the boxes miss).
    static func convexPolygon(_ poly: [Point], mayTouch r: (x0: Double, y0: Double, x1: Double, y1: Double)) -> Bool {
        guard poly.count >= 3 else { return false }
        var area = 0.0
        for i in 0 ..< poly.count {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            area += a.x * b.y - b.x * a.y
        }
        if area == 0 { return false }
        let sign: Double = area > 0 ? 1 : -1
        let corners = [(r.x0, r.y0), (r.x1, r.y0), (r.x1, r.y1), (r.x0, r.y1)]
        for i in 0 ..< poly.count {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            let ex = b.x - a.x, ey = b.y - a.y
            // Inside is to the left of each edge for positive area (y down: clockwise on screen).
            var allOut = true
            for (cx, cy) in corners {
                let cross = (ex * (cy - a.y) - ey * (cx - a.x)) * sign
                if cross >= -1e-9 { allOut = false; break }
            }
            if allOut { return false }
        }
        return true
    }
}
