# SPDX-License-Identifier: Apache-2.0
"""Core Animation features checked against Chromium, an independent renderer.

Each test writes one geometry twice: as a Segue scene rendered with `segue still`, and as
HTML/CSS/SVG screenshotted in headless Chromium at device pixel ratio 1, then compares the pixels.
Unit conversions between Core Animation and CSS/SVG are made in one place, `css_blur_radius` and
`svg_std_deviation` below, which follow `ShadowBlur` in Sources/SegueRaster/Shadows.swift and
docs/scene-format/shadows.md: Segue's Gaussian has σ = shadowRadius points, CSS's blur radius is
2σ, SVG's stdDeviation is σ. The other conversions sit beside the tests that use them:
`css_diagonal_angle` (a CSS linear-gradient angle for startPoint → endPoint corner to corner) and
`css_backdrop_blur_length` (a blur style's radius is CSS blur()'s standard deviation, following
`BackdropBlur` in Sources/SegueRaster/Blur.swift and docs/scene-format/blur.md).
"""
import base64
import io
import subprocess

import pytest

np = pytest.importorskip("numpy")
Image = pytest.importorskip("PIL.Image")


def css_blur_radius(shadow_radius: float) -> float:
    """CSS box-shadow blur radius for a CALayer shadowRadius (CSS: blur radius = 2σ)."""
    return 2 * shadow_radius


def svg_std_deviation(shadow_radius: float) -> float:
    """SVG feGaussianBlur stdDeviation for a CALayer shadowRadius."""
    return shadow_radius


WIDTH, HEIGHT = 320, 240


def chromium_pixels(browser, body: str) -> "np.ndarray":
    """The page's top-left WIDTH × HEIGHT CSS pixels as an RGB array."""
    page = ("<!doctype html><html><head><style>html,body{margin:0;padding:0;background:#fff;overflow:hidden}"
            "</style></head><body>" + body + "</body></html>")
    browser.get("data:text/html;base64," + base64.b64encode(page.encode()).decode())
    shot = browser.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "clip": {"x": 0, "y": 0, "width": WIDTH, "height": HEIGHT, "scale": 1}})
    image = Image.open(io.BytesIO(base64.b64decode(shot["data"]))).convert("RGB")
    return np.asarray(image, dtype=np.int16)


def segue_pixels(segue, tmp_path, scene: str, time: float = 0) -> "np.ndarray":
    path = tmp_path / "scene.yaml"
    path.write_text(scene)
    out = tmp_path / "still.png"
    subprocess.run([str(segue), "still", str(path), "--time", str(time), "-o", str(out)], check=True,
                   capture_output=True)
    return np.asarray(Image.open(out).convert("RGB"), dtype=np.int16)


def compare(ours, theirs, tmp_path, name):
    assert ours.shape == theirs.shape, (ours.shape, theirs.shape)
    diff = np.abs(ours - theirs)
    Image.fromarray(np.concatenate([ours, theirs], axis=1).astype(np.uint8)).save(tmp_path / f"{name}-side-by-side.png")
    return diff.mean(), np.percentile(diff, 99.5), diff.max()


def shadow_at_rest(array, x0, y0, x1, y1):
    """Mean darkness (255 − value) of a region: how much shadow falls there."""
    return float(255 - array[y0:y1, x0:x1].mean())


CANVAS = f"canvas: {{size: [{WIDTH}, {HEIGHT}], scale: 1, background: \"#FFFFFF\"}}\n"


def test_box_shadow_matches_css(browser, segue, tmp_path):
    radius, ox, oy = 6, 8, 10
    scene = CANVAS + f"""layers:
  - id: card
    frame: [80, 50, 150, 100]
    backgroundColor: "#3366CC"
    cornerRadius: 12
    shadowColor: "#000000"
    shadowOpacity: 0.5
    shadowRadius: {radius}
    shadowOffset: [{ox}, {oy}]
"""
    css = (f'<div style="position:absolute;left:80px;top:50px;width:150px;height:100px;border-radius:12px;'
           f'background:#3366CC;box-shadow:{ox}px {oy}px {css_blur_radius(radius)}px rgba(0,0,0,0.5)"></div>')
    ours, theirs = segue_pixels(segue, tmp_path, scene), chromium_pixels(browser, css)
    mean, p995, worst = compare(ours, theirs, tmp_path, "box-shadow")
    # Skia blurs large shadows with three box filters (an approximation of the Gaussian, a few
    # per cent of the shadow's strength off at most); an 8-bit value is 0.4 % of full scale. So:
    # small on average, a few levels at worst in the shadow.
    assert mean < 0.6, mean
    assert p995 < 6, p995
    # The card's own rounded corners are anti-aliased differently (Segue fills a polygon of the
    # arc, Skia computes analytic coverage): up to about an eighth of full scale on that one-pixel
    # outline. Away from the outline, only the shadow's blur differs.
    assert worst <= 40, worst
    away = np.ones(ours.shape[:2], dtype=bool)
    away[50 - 2:150 + 2, 80 - 2:230 + 2] = False
    assert np.abs(ours - theirs)[away].max() <= 6
    # And the shadow is where the offset puts it: below-right of the card, not above-left.
    assert shadow_at_rest(ours, 232, 70, 242, 150) > 10 > shadow_at_rest(ours, 66, 36, 76, 46)


def test_shadow_radius_is_sigma_not_css_blur(browser, segue, tmp_path):
    # The same comparison with the blur as Segue would draw CSS's blur radius read as σ: a
    # different picture. This keeps the conversion from drifting to 1:1 unnoticed.
    radius = 10
    scene = CANVAS + f"""layers:
  - id: card
    frame: [80, 50, 150, 100]
    backgroundColor: "#3366CC"
    shadowOpacity: 0.6
    shadowRadius: {radius}
    shadowOffset: [0, 0]
"""
    def css(blur):
        return (f'<div style="position:absolute;left:80px;top:50px;width:150px;height:100px;'
                f'background:#3366CC;box-shadow:0 0 {blur}px rgba(0,0,0,0.6)"></div>')
    ours = segue_pixels(segue, tmp_path, scene)
    same = compare(ours, chromium_pixels(browser, css(css_blur_radius(radius))), tmp_path, "sigma")[0]
    wrong = compare(ours, chromium_pixels(browser, css(radius)), tmp_path, "sigma-wrong")[0]
    assert same < 0.6 and wrong > 3 * same, (same, wrong)


def test_shadow_path_matches_svg_gaussian(browser, segue, tmp_path):
    # shadowPath on a layer that draws nothing itself: only the blurred, offset oval shows.
    radius = 5
    scene = CANVAS + f"""layers:
  - id: badge
    frame: [60, 40, 200, 160]
    shadowColor: "#1C5E2C"
    shadowOpacity: 0.8
    shadowRadius: {radius}
    shadowOffset: [6, -4]
    shadowPath: {{ovalIn: [20, 30, 160, 90]}}
"""
    svg = (f'<svg width="{WIDTH}" height="{HEIGHT}" style="display:block">'
           f'<filter id="b" x="-50%" y="-50%" width="200%" height="200%">'
           f'<feGaussianBlur stdDeviation="{svg_std_deviation(radius)}"/></filter>'
           f'<ellipse cx="{60 + 6 + 100}" cy="{40 - 4 + 75}" rx="80" ry="45" fill="#1C5E2C" fill-opacity="0.8" filter="url(#b)"/>'
           f'</svg>')
    ours, theirs = segue_pixels(segue, tmp_path, scene), chromium_pixels(browser, svg)
    mean, p995, worst = compare(ours, theirs, tmp_path, "shadow-path")
    # As above: Skia's box-filter approximation of the Gaussian, which errs most where a narrow
    # blur is steepest; there is nothing sharp to anti-alias.
    assert mean < 0.6, mean
    assert p995 < 7, p995
    assert worst <= 12, worst


def test_shadow_turns_with_its_layer_in_perspective(browser, segue, tmp_path):
    # A card turned about y under a perspective casts its shadow in its own plane, as
    # Chromium draws a box-shadow on a 3D-transformed element.
    radius = 4
    scene = CANVAS + f"""layers:
  - id: stage
    frame: [0, 0, {WIDTH}, {HEIGHT}]
    sublayerTransform: [{{perspective: 500}}]
    sublayers:
      - id: card
        frame: [90, 50, 140, 120]
        backgroundColor: "#FF9500"
        shadowOpacity: 0.5
        shadowRadius: {radius}
        shadowOffset: [10, 10]
        transform: [{{rotateY: 35deg}}]
"""
    css = (f'<div style="position:absolute;left:0;top:0;width:{WIDTH}px;height:{HEIGHT}px;perspective:500px;'
           f'perspective-origin:{WIDTH / 2}px {HEIGHT / 2}px">'
           f'<div style="position:absolute;left:90px;top:50px;width:140px;height:120px;background:#FF9500;'
           f'transform:rotateY(35deg);box-shadow:10px 10px {css_blur_radius(radius)}px rgba(0,0,0,0.5)"></div></div>')
    ours, theirs = segue_pixels(segue, tmp_path, scene), chromium_pixels(browser, css)
    mean, p995, worst = compare(ours, theirs, tmp_path, "perspective")
    # Resampling a plane in perspective differs between the two renderers along the card's
    # edges (each anti-aliases its own way), on top of the blur approximation above.
    assert mean < 1.2, mean
    assert p995 < 40, p995


def test_masked_corners_match_per_corner_border_radius(browser, segue, tmp_path):
    # maskedCorners [topLeft, bottomRight] is CSS border-radius with only those two corners.
    scene = CANVAS + """layers:
  - id: card
    frame: [60, 40, 200, 160]
    backgroundColor: "#34C759"
    cornerRadius: 40
    maskedCorners: [topLeft, bottomRight]
"""
    css = ('<div style="position:absolute;left:60px;top:40px;width:200px;height:160px;background:#34C759;'
           'border-radius:40px 0 40px 0"></div>')
    ours, theirs = segue_pixels(segue, tmp_path, scene), chromium_pixels(browser, css)
    mean, p995, worst = compare(ours, theirs, tmp_path, "masked-corners")
    # Only anti-aliasing along the two arcs differs (Segue fills a polygon of the arc, Skia
    # computes analytic coverage); the square corners and straight edges are pixel-aligned.
    # A quarter of full scale at most, on single edge pixels of the arcs.
    assert mean < 0.3, mean
    assert worst <= 64, worst
    assert (ours[40, 259] == theirs[40, 259]).all() and (ours[199, 60] == theirs[199, 60]).all()


def test_continuous_corner_differs_from_circular_only_near_the_corner(browser, segue, tmp_path):
    # Chromium has no continuous corner to compare with; what it does give independently is the
    # circular one. Segue's continuous corner must leave the straight edges and the diagonal
    # where the circular corner has them, and differ only between (docs/scene-format/corners.md:
    # the same arc in the middle, transitions over 1.6 × radius instead of 1 × radius).
    scene = CANVAS + """layers:
  - id: card
    frame: [60, 40, 200, 160]
    backgroundColor: "#000000"
    cornerRadius: 40
    cornerCurve: continuous
"""
    css = ('<div style="position:absolute;left:60px;top:40px;width:200px;height:160px;background:#000;'
           'border-radius:40px"></div>')
    ours, theirs = segue_pixels(segue, tmp_path, scene), chromium_pixels(browser, css)
    diff = np.abs(ours - theirs).max(axis=2)
    # More than 1.6 × 40 = 64 from every corner along the edges: identical.
    assert diff[40:200, 60 + 64:260 - 64].max() == 0 and diff[40 + 64:200 - 64, 60:260].max() == 0
    # Near the corners they differ (the continuous curve lifts off the edge earlier) ...
    # (by more than a tenth of a pixel's coverage on the top row).
    assert diff[40:44, 60 + 41:60 + 63].max() > 30
    # ... but meet on the diagonal: the point R(1 − 1/√2) in from the corner along both axes.
    d = int(round(40 * (1 - 2 ** -0.5)))
    assert diff[40 + d - 1:40 + d + 2, 60 + d - 1:60 + d + 2].max() < 100


def test_stroke_end_and_dashes_match_svg(browser, segue, tmp_path):
    # A quadratic-and-line path stroked with round caps up to strokeEnd 0.6, next to a dashed
    # closed polygon; SVG draws the first with pathLength="1" and a dash of 0.6 (the same cut by
    # length), the second with stroke-dasharray.
    scene = CANVAS + """layers:
  - id: s
    frame: [0, 0, 320, 240]
    path: [{moveTo: [30, 200]}, {quadCurveTo: [150, 200], controlPoint: [90, 40]}, {lineTo: [150, 120]}]
    fillColor: null
    strokeColor: "#FF3B30"
    lineWidth: 8
    lineCap: round
    lineJoin: round
    strokeEnd: 0.6
  - id: d
    frame: [0, 0, 320, 240]
    path: [{moveTo: [190, 40]}, {lineTo: [290, 40]}, {lineTo: [290, 200]}, {lineTo: [190, 200]}, close]
    fillColor: "#E5F1FF"
    strokeColor: "#007AFF"
    lineWidth: 4
    lineDashPattern: [14, 6]
"""
    svg = (f'<svg width="{WIDTH}" height="{HEIGHT}" style="display:block">'
           '<path d="M30 200 Q90 40 150 200 L150 120" pathLength="1" fill="none" stroke="#FF3B30" stroke-width="8" '
           'stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="0.6 1"/>'
           '<path d="M190 40 L290 40 L290 200 L190 200 Z" fill="#E5F1FF" stroke="#007AFF" stroke-width="4" '
           'stroke-dasharray="14 6"/></svg>')
    ours, theirs = segue_pixels(segue, tmp_path, scene), chromium_pixels(browser, svg)
    mean, p995, worst = compare(ours, theirs, tmp_path, "stroke")
    # Both renderers cut the stroke at the same length and dash in the same units; they differ
    # only in anti-aliasing along the stroke's edges (Cairo and Skia rasterize curves their own
    # ways), and Segue measures the length on a polyline within a tenth of a pixel.
    assert mean < 1.0, mean
    assert p995 < 90, p995
    # Where the stroke ends: SVG and Segue agree within a pixel on whether a point is stroked.
    ends = np.abs(ours.astype(int) - theirs.astype(int)).max(axis=2) > 128
    assert ends.sum() < 40, ends.sum()


def test_shape_mask_matches_css_clip_path(browser, segue, tmp_path):
    # A circular reveal's frame: a layer masked by a shape layer's oval, as CSS clip-path: circle().
    scene = CANVAS + """layers:
  - id: screen
    frame: [40, 20, 240, 200]
    backgroundColor: "#5856D6"
    mask: {id: reveal, frame: [0, 0, 240, 200], path: {ovalIn: [50, 40, 130, 130]}}
    sublayers: [{id: bar, frame: [0, 80, 240, 30], backgroundColor: "#FFCC00"}]
"""
    css = ('<div style="position:absolute;left:40px;top:20px;width:240px;height:200px;background:#5856D6;'
           'clip-path:circle(65px at 115px 105px)"><div style="position:absolute;left:0;top:80px;width:240px;'
           'height:30px;background:#FFCC00"></div></div>')
    ours, theirs = segue_pixels(segue, tmp_path, scene), chromium_pixels(browser, css)
    mean, p995, worst = compare(ours, theirs, tmp_path, "mask")
    # The circle's edge is the only place they can differ: Segue's oval is four cubics (within
    # 0.03 % of the radius, a fifth of a pixel here) anti-aliased by Cairo, Chromium's an exact
    # circle anti-aliased by Skia. Inside and outside the pixels are identical.
    assert mean < 0.6, mean
    diff = np.abs(ours - theirs).max(axis=2)
    yy, xx = np.mgrid[0:HEIGHT, 0:WIDTH]
    r = np.hypot(xx + 0.5 - 155, yy + 0.5 - 125)
    assert diff[np.abs(r - 65) > 1.5].max() == 0
    assert worst <= 96, worst


def css_diagonal_angle(width: float, height: float) -> float:
    """The CSS linear-gradient angle (clockwise from up) that runs from a box's top-left corner
    to its bottom-right one. CSS's gradient line passes through the centre along that angle and
    ends where the perpendiculars through the corners cross it, which for the diagonal's own
    direction are those two corners: the same gradient as startPoint [0, 0] → endPoint [1, 1]."""
    import math
    return math.degrees(math.atan2(width, -height))


def test_gradients_match_css_gradients(browser, segue, tmp_path):
    # Axial (with locations, corner to corner), radial (an ellipse about startPoint reaching
    # endPoint) and conic (a sweep from straight up about the centre), each as CSS draws it.
    scene = CANVAS + """layers:
  - id: axial
    frame: [10, 10, 140, 100]
    colors: ["#FF3B30", "#FFCC00", "#007AFF"]
    locations: [0, 0.3, 1]
    startPoint: [0, 0]
    endPoint: [1, 1]
  - id: radial
    frame: [170, 10, 140, 100]
    type: radial
    colors: ["#FFFFFF", "#5856D6", "#000000"]
    locations: [0, 0.6, 1]
    startPoint: [0.5, 0.5]
    endPoint: [1, 1]
  - id: conic
    frame: [90, 125, 140, 110]
    type: conic
    colors: ["#FF3B30", "#34C759", "#007AFF", "#FF3B30"]
    startPoint: [0.5, 0.5]
    endPoint: [0.5, 0]
"""
    angle = css_diagonal_angle(140, 100)
    html = (f'<div style="position:absolute;left:10px;top:10px;width:140px;height:100px;'
            f'background:linear-gradient({angle}deg,#FF3B30 0%,#FFCC00 30%,#007AFF 100%)"></div>'
            '<div style="position:absolute;left:170px;top:10px;width:140px;height:100px;'
            'background:radial-gradient(70px 50px at 70px 50px,#FFFFFF 0%,#5856D6 60%,#000000 100%)"></div>'
            '<div style="position:absolute;left:90px;top:125px;width:140px;height:110px;'
            'background:conic-gradient(from 0deg at 70px 55px,#FF3B30,#34C759,#007AFF,#FF3B30)"></div>')
    ours, theirs = segue_pixels(segue, tmp_path, scene), chromium_pixels(browser, html)
    mean, p995, worst = compare(ours, theirs, tmp_path, "gradients")
    # The colours are opaque, so premultiplied (CSS) and straight (Core Graphics, Segue)
    # interpolation agree, and both renderers evaluate the same parameter at pixel centres.
    # What may differ: Skia can dither a gradient (±1 level) and the two quantize the ramp to
    # 8 bits their own way, so one or two levels, nowhere more.
    assert mean < 0.5, mean
    assert p995 <= 2, p995
    assert worst <= 3, worst
    # The geometry is not trivially shared: CSS's "to bottom right" keyword (a different line for
    # a non-square box) or a circle instead of the ellipse would be visibly off.
    keyword = html.replace(f"{angle}deg", "to bottom right").replace("70px 50px at", "circle 60px at")
    assert compare(ours, chromium_pixels(browser, keyword), tmp_path, "gradients-wrong")[0] > 5 * max(mean, 0.2)


def css_backdrop_blur_length(radius: float) -> float:
    """CSS backdrop-filter blur() length for a blur style's radius: CSS's blur() takes the
    Gaussian's standard deviation, which is what Segue's radius is (BackdropBlur in
    Sources/SegueRaster/Blur.swift, docs/scene-format/blur.md)."""
    return radius


def test_blur_matches_css_backdrop_filter(browser, segue, tmp_path):
    # A dark blur sheet (radius 20, saturation 1.8, tint white 0.11 at 0.73) over two coloured
    # blocks, as backdrop-filter: blur() saturate() under a translucent background. The blocks
    # keep more than 3σ from the sheet's edges: Chromium reads only the backdrop inside the
    # element (mirroring it at the edges) while Segue reads what lies beyond, and with white all
    # round both see the same.
    scene = CANVAS + """layers:
  - {id: red, frame: [100, 80, 60, 80], backgroundColor: "#FF3B30"}
  - {id: blue, frame: [160, 80, 60, 80], backgroundColor: "#007AFF"}
  - {id: sheet, frame: [20, 0, 280, 240], blur: dark}
"""
    radius = 20
    html = ('<div style="position:absolute;left:100px;top:80px;width:60px;height:80px;background:#FF3B30"></div>'
            '<div style="position:absolute;left:160px;top:80px;width:60px;height:80px;background:#007AFF"></div>'
            f'<div style="position:absolute;left:20px;top:0;width:280px;height:240px;'
            f'backdrop-filter:blur({css_backdrop_blur_length(radius)}px) saturate(1.8);'
            'background:rgba(28.05,28.05,28.05,0.73)"></div>')
    ours, theirs = segue_pixels(segue, tmp_path, scene), chromium_pixels(browser, html)
    mean, p995, worst = compare(ours, theirs, tmp_path, "blur")
    # Skia blurs wide backdrops on a downscaled copy with box-filter passes, Segue on blocks of
    # σ/4 pixels with three boxes (Kovesi's widths): both approximate the same Gaussian, and the
    # tint leaves 0.27 of the backdrop, so they agree within a few levels.
    assert mean < 0.5, mean
    assert p995 <= 2, p995
    assert worst <= 4, worst
    # A blur twice as wide is visibly different: the radius is not lost in the comparison.
    wider = html.replace(f"blur({css_backdrop_blur_length(radius)}px)", f"blur({2 * radius}px)")
    assert compare(ours, chromium_pixels(browser, wider), tmp_path, "blur-wrong")[0] > 2 * max(mean, 0.3)


def test_contents_rect_matches_css_background_position(browser, segue, tmp_path):
    # contentsRect [0.5, 0.5, 0.5, 0.5] on a 200 × 80 layer (resize gravity) shows the image's
    # bottom-right quarter stretched to the bounds: in CSS, the whole image sized to
    # 200 / 0.5 × 80 / 0.5 and shifted by −x × that size, which is how a sprite sheet is cut.
    import pathlib
    import shutil
    lake = pathlib.Path(__file__).resolve().parents[2] / "scenes" / "images" / "lake.png"
    shutil.copy(lake, tmp_path / "lake.png")
    scene = CANVAS + """layers:
  - {id: slice, frame: [60, 40, 200, 80], contents: lake.png, contentsRect: [0.5, 0.5, 0.5, 0.5]}
  - {id: whole, frame: [60, 140, 200, 80], contents: lake.png}
"""
    data = base64.b64encode(lake.read_bytes()).decode()
    html = (f'<div style="position:absolute;left:60px;top:40px;width:200px;height:80px;'
            f'background-image:url(data:image/png;base64,{data});background-size:400px 160px;'
            'background-position:-200px -80px"></div>'
            f'<div style="position:absolute;left:60px;top:140px;width:200px;height:80px;'
            f'background-image:url(data:image/png;base64,{data});background-size:200px 80px"></div>')
    ours, theirs = segue_pixels(segue, tmp_path, scene), chromium_pixels(browser, html)
    mean, p995, worst = compare(ours, theirs, tmp_path, "contents-rect")
    # Shrinking the photo's thin highlights (1–2 pixel lines) differs between Cairo's filter and
    # Skia's mipmaps by tens of levels on single pixels, for the plain image (the lower row) as
    # much as for the slice. Averaged over 8 × 8 blocks, where the filters agree, what remains
    # is where each renderer takes the pixels from: the slice must be no further off than the
    # whole image is.
    def blocks(a, y0, x0):
        r = a[y0:y0 + 80, x0:x0 + 200].astype(float)
        return r.reshape(10, 8, 25, 8, 3).mean(axis=(1, 3))
    slice_err = np.abs(blocks(ours, 40, 60) - blocks(theirs, 40, 60)).max()
    whole_err = np.abs(blocks(ours, 140, 60) - blocks(theirs, 140, 60)).max()
    assert slice_err <= max(1.5 * whole_err, 4), (slice_err, whole_err)
    assert mean < 2, mean
    # The other quarter of the image would be a different picture.
    other = html.replace("background-position:-200px -80px", "background-position:0 0")
    assert compare(ours, chromium_pixels(browser, other), tmp_path, "contents-rect-wrong")[0] > 3 * mean
