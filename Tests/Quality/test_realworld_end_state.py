# SPDX-License-Identifier: Apache-2.0
"""Every real-world scene that renders ends in UIKit's end state.

After completeTransition(true), UIKit leaves the destination's view in the window: for a push,
a pop, a dismissal and a full-screen presentation it takes the source's view away, and the
corpus's destination screens are opaque and full-screen, so the last frame must be the
destination screen alone. That picture is drawn independently of the animator, by the scene's
`push` preset between the same two screens (its end state is the destination, untransformed),
and the two are compared pixel by pixel. The corpus files are other projects' code, restored by
`scripts/realworld-corpus fetch` and never committed; without them every test here skips, saying so.
"""
import json
import math
import subprocess
from pathlib import Path

import pytest
import yaml
from PIL import Image, ImageChops

REPO = Path(__file__).resolve().parents[2]
SEGUE = REPO / ".build" / "debug" / "segue"
CORPUS = REPO / "Tests" / "Fixtures" / "RealWorld"
_check = subprocess.run([str(REPO / "scripts" / "realworld-corpus"), "check"], capture_output=True, text=True)
pytestmark = pytest.mark.skipif(_check.returncode != 0, reason=_check.stdout.strip())

# Scenes whose last frame is not the destination alone, each for a reason of UIKit's or the
# code's own, written out.
NOT_DESTINATION_ALONE = {
    # animateTransition is empty: its interaction controller does the work (warned), so UIKit
    # never ends it and the from screen stays (its own test below). ElasticTransition's edge
    # pan never completes either, but its setup() adds the menu on top: the destination shows.
    "zlphoto-preview-pop.yaml": "never completes, stays on its from screen (its own test below)",
    # Custom presentations keep the presenter: the action sheet covers only the bottom, the
    # menu only its 90 pt.
    "zlphoto-custom-alert.yaml": "custom presentation, partial sheet (its own test below)",
    "yalantis-menu.yaml": "custom presentation, a 90 pt menu (its own test below)",
    # The photo viewer's own views change (its background fades in, its image view gives way to
    # its collection view): its own test below.
    "dtphoto-present.yaml": "the viewer's views change as they appear (its own test below)",
    # Over-full-screen and custom presentations that cover part of the screen: the presenter
    # stays beside the menu and under PanModal's dimmed sheet.
    "sidemenu-present.yaml": "over full screen, the presenter slid aside",
    "sidemenu-interactive.yaml": "over full screen, the presenter slid aside (dragged open)",
    "panmodal-present.yaml": "custom presentation, a sheet over a dimmed presenter",
    # BRD's modal: the sheet over the shared blur view, which the wallet screen's own layer
    # stands for (its own tests below, for both directions).
    "breadwallet-modal-present.yaml": "over full screen, the sheet over the dark blur (its own test below)",
    "breadwallet-modal-dismiss-interactive.yaml": "the blur layer faded out (its own test below)",
    # The deck: the card over the presenter's snapshot, scaled back (its own test below).
    "deck-present.yaml": "custom presentation, the card over the scaled-back presenter",
}


def rendered_scenes():
    return sorted(p.name for p in (CORPUS / "scenes").glob("*.yaml"))


def scene_args(name: str) -> list:
    """The flags a scene past a default limit renders with (corpus.json's scene_args)."""
    return json.loads((CORPUS / "corpus.json").read_text()).get("scene_args", {}).get(name.removesuffix(".yaml"), [])


def still(scene: Path, out: Path, extra: list = (), scale: int = 1) -> Image.Image:
    subprocess.run([str(SEGUE), "still", str(scene), "--time", "100", "--scale", str(scale), "-o", str(out), *extra],
                   check=True, capture_output=True, cwd=scene.parent)
    return Image.open(out).convert("RGB")


@pytest.mark.skipif(not SEGUE.exists(), reason="segue is not built")
@pytest.mark.parametrize("name", rendered_scenes())
def test_last_frame_is_the_destination(name, tmp_path):
    scene = CORPUS / "scenes" / name
    check = subprocess.run([str(SEGUE), "check", str(scene), *scene_args(name)], capture_output=True, text=True, cwd=scene.parent)
    if check.returncode != 0:
        pytest.skip("does not render yet (STATUS.md lists what blocks it)")
    if name in NOT_DESTINATION_ALONE:
        pytest.skip(NOT_DESTINATION_ALONE[name])
    doc = yaml.safe_load(scene.read_text())
    steps = doc.get("timeline") or [{"transition": doc["transition"]}]
    step = next(s["transition"] for s in steps if isinstance(s, dict) and "transition" in s)
    # The same canvas and screens; the destination alone, drawn by the push preset's end state.
    reference = {"canvas": doc["canvas"], "screens": doc["screens"],
                 "transition": {"preset": "push", "from": step["from"], "to": step["to"]}}
    ref_path = scene.parent / f".end-state-{name}"
    ref_path.write_text(yaml.safe_dump(reference))
    try:
        expected = still(ref_path, tmp_path / "expected.png")
    finally:
        ref_path.unlink()
    actual = still(scene, tmp_path / "actual.png", scene_args(name))
    assert actual.size == expected.size
    diff = ImageChops.difference(actual, expected).convert("L")
    # Anti-aliased edges of text may differ by a level or two where a layer was drawn through a
    # scale; anything else is a different picture.
    changed = sum(diff.histogram()[17:])
    assert changed <= actual.size[0] * actual.size[1] * 0.001, f"{name}: {changed} pixels differ from the destination screen"


def screen_alone(scene: Path, doc: dict, screen: str, tmp_path: Path, scale: int = 1) -> Image.Image:
    """One screen of the scene, drawn alone by the push preset's end state."""
    reference = {"canvas": doc["canvas"], "screens": doc["screens"],
                 "transition": {"preset": "push", "from": next(s for s in doc["screens"] if s != screen), "to": screen}}
    ref_path = scene.parent / f".end-state-{screen}-{scene.name}"
    ref_path.write_text(yaml.safe_dump(reference))
    try:
        return still(ref_path, tmp_path / f"{screen}.png", scale=scale)
    finally:
        ref_path.unlink()


def same(a: Image.Image, b: Image.Image) -> int:
    """Pixels differing by more than anti-aliasing does."""
    return sum(ImageChops.difference(a, b).convert("L").histogram()[17:])


@pytest.mark.skipif(not SEGUE.exists(), reason="segue is not built")
@pytest.mark.parametrize("name", ["sidemenu-present.yaml", "sidemenu-interactive.yaml"])
def test_side_menu_ends_with_the_presenter_slid_aside(name, tmp_path):
    """viewSlideOut, menuWidth 292.5 (the scene's config): the menu is at x 0 … 292.5 under the
    presenter, which UIKit keeps (over full screen) translated right by 292.5; dragged open, the
    finger's release at 220 / 292.5 finishes it."""
    scene = CORPUS / "scenes" / name
    doc = yaml.safe_load(scene.read_text())
    # At 2 px per point the 292.5 pt edge falls on a pixel boundary (585).
    actual = still(scene, tmp_path / "actual.png", scale=2)
    home, menu = screen_alone(scene, doc, "home", tmp_path, 2), screen_alone(scene, doc, "menu", tmp_path, 2)
    w, h = actual.size
    # The menu is laid out at its 292.5 pt width, so its rows end (and their chevrons sit) further
    # left than on a full-width menu: compare the first 240 pt, which both layouts share.
    assert same(actual.crop((0, 0, 480, h)), menu.crop((0, 0, 480, h))) <= 480 * h * 0.001
    # Right of the edge: the home screen's first 97.5 pt.
    assert same(actual.crop((585, 0, w, h)), home.crop((0, 0, w - 585, h))) <= (w - 585) * h * 0.001


@pytest.mark.skipif(not SEGUE.exists(), reason="segue is not built")
def test_pan_modal_ends_as_a_sheet_over_the_dimmed_presenter(tmp_path):
    """PanModal with no scroll view rests at topOffset = the safe area's top (47 pt on a 390 × 844
    iPhone) + 21 = 68 pt, over the presenter dimmed by black at 0.7 alpha: 0.3 × its colour."""
    scene = CORPUS / "scenes" / "panmodal-present.yaml"
    doc = yaml.safe_load(scene.read_text())
    actual = still(scene, tmp_path / "actual.png")
    detail, listing = screen_alone(scene, doc, "detail", tmp_path), screen_alone(scene, doc, "list", tmp_path)
    w, h = actual.size
    # Below the drag indicator and the rounded corners: the detail screen from its top, 68 pt down.
    assert same(actual.crop((0, 88, w, h)), detail.crop((0, 20, w, h - 68))) <= w * (h - 88) * 0.001
    # Above the sheet, clear of the drag indicator (which sits just above it): the dimmed list.
    dimmed = listing.crop((0, 0, w, 50)).point(lambda v: round(v * 0.3))
    assert same(actual.crop((0, 0, w, 50)), dimmed) <= w * 50 * 0.001


@pytest.mark.skipif(not SEGUE.exists(), reason="segue is not built")
def test_yalantis_menu_ends_as_a_90_pt_strip_over_the_kept_presenter(tmp_path):
    """Position .left: the menu's view is framed (0, 0, preferredContentSize.width = 90 (bound),
    the host's height), and the custom presentation keeps the host, unmoved, beside it."""
    scene = CORPUS / "scenes" / "yalantis-menu.yaml"
    doc = yaml.safe_load(scene.read_text())
    actual = still(scene, tmp_path / "actual.png")
    home = screen_alone(scene, doc, "home", tmp_path)
    w, h = actual.size
    # Right of the strip: the home screen where it was.
    assert same(actual.crop((90, 0, w, h)), home.crop((90, 0, w, h))) <= (w - 90) * h * 0.001
    # The strip: the menu's own background, #1C1C1E, below its last item (four 72 pt rows from
    # y = 60 end by 340) and left of the home screen.
    assert actual.getpixel((45, 600)) == (0x1C, 0x1C, 0x1E)
    assert home.getpixel((45, 600)) != (0x1C, 0x1C, 0x1E)


@pytest.mark.skipif(not SEGUE.exists(), reason="segue is not built")
def test_zlphoto_action_sheet_ends_full_screen_over_a_half_shade(tmp_path):
    """The action sheet's view slides to y = 0 and, in the completion, takes the background
    black at alpha 0.5 (the shade view is removed): the list shows through at half its
    colour wherever the detail screen has no content of its own; its opaque hero is on top."""
    scene = CORPUS / "scenes" / "zlphoto-custom-alert.yaml"
    doc = yaml.safe_load(scene.read_text())
    actual = still(scene, tmp_path / "actual.png")
    detail, listing = screen_alone(scene, doc, "detail", tmp_path), screen_alone(scene, doc, "list", tmp_path)
    w, h = actual.size
    # The hero, 360 pt tall at the top: the detail screen's pixels.
    assert same(actual.crop((0, 0, w, 360)), detail.crop((0, 0, w, 360))) <= w * 360 * 0.001
    # Below the button (the detail's last content ends near 470 pt): the list at half colour.
    half = listing.crop((0, 560, w, h)).point(lambda v: round(v * 0.5))
    assert same(actual.crop((0, 560, w, h)), half) <= w * (h - 560) * 0.001


@pytest.mark.skipif(not SEGUE.exists(), reason="segue is not built")
def test_deck_ends_as_a_card_over_the_scaled_back_presenter(tmp_path):
    """DeckTransition on a 390 × 844 iPhone (status bar 47 pt): the card's top is at
    presentingViewTopInset (47) + insetForPresentedView (8) = 55 pt, with 8 pt rounded top
    corners drawn in black; above it, on black, the presenter's snapshot scaled by
    1 − 2 × 47 / 844 = 0.888626 from the top centre, its top at 47 pt, its sides at
    (390 − 346.56) / 2 = 21.72 pt, under black at alpha 1 − 0.8."""
    scene = CORPUS / "scenes" / "deck-present.yaml"
    doc = yaml.safe_load(scene.read_text())
    actual = still(scene, tmp_path / "actual.png", scale=2)
    detail = screen_alone(scene, doc, "detail", tmp_path, 2)
    listing = screen_alone(scene, doc, "list", tmp_path, 2)
    w, h = actual.size
    # The card: the detail screen from its top, 55 pt down (its content is in its first 445 pt).
    assert same(actual.crop((40, 140, w - 40, 1000)), detail.crop((40, 30, w - 40, 890))) <= (w - 80) * 860 * 0.001
    # The rounded corner: at (0.5, 55.5) pt, 10.6 pt from the arc's centre (8, 63): black.
    assert max(actual.getpixel((1, 111))) <= 8
    # Left of the snapshot, above the card: the black background.
    assert max(actual.getpixel((20, 100))) <= 8
    # The snapshot's top strip at (195, 51) pt shows the list at (195, 4 / 0.888626 = 4.5) pt,
    # darkened to 0.8 of its colour.
    expected = [round(c * 0.8) for c in listing.getpixel((390, 9))]
    got = actual.getpixel((390, 102))
    assert all(abs(a - b) <= 3 for a, b in zip(got, expected)), (got, expected)


@pytest.mark.skipif(not SEGUE.exists(), reason="segue is not built")
def test_route_composer_half_way_is_an_even_cross_fade(tmp_path):
    """BlurredBackgroundTransitionAnimator presenting: the detail fades in over 0.3 s with
    UIKit's default ease-in-out, which is exactly 0.5 at half time; the blur view's fade waits
    0.15 s (its delay), so it is still at alpha 0. At 0.15 s every pixel is the mean of the two
    screens (the list stays under a custom presentation)."""
    scene = CORPUS / "scenes" / "routecomposer-blur.yaml"
    doc = yaml.safe_load(scene.read_text())
    subprocess.run([str(SEGUE), "still", str(scene), "--time", "0.15", "--scale", "1", "-o", str(tmp_path / "mid.png")],
                   check=True, capture_output=True, cwd=scene.parent)
    actual = Image.open(tmp_path / "mid.png").convert("RGB")
    detail, listing = screen_alone(scene, doc, "detail", tmp_path), screen_alone(scene, doc, "list", tmp_path)
    expected = Image.blend(listing, detail, 0.5)
    w, h = actual.size
    # Rounding of two 8-bit blends: within 2 levels everywhere.
    diff = ImageChops.difference(actual, expected).convert("L")
    assert sum(diff.histogram()[3:]) <= w * h * 0.001
    # And not simply one screen: the list's orange card and the detail's green hero mix.
    assert same(actual.crop((0, 100, w, 300)), detail.crop((0, 100, w, 300))) > w * 100
    # A quarter of the way (0.075 s) the curve is not linear: cubic-bezier(0.42, 0, 0.58, 1) at
    # x = 0.25 is y = 0.1292 (solved by bisection), not 0.25.
    subprocess.run([str(SEGUE), "still", str(scene), "--time", "0.075", "--scale", "1", "-o", str(tmp_path / "q.png")],
                   check=True, capture_output=True, cwd=scene.parent)
    quarter = Image.open(tmp_path / "q.png").convert("RGB")
    diff = ImageChops.difference(quarter, Image.blend(listing, detail, 0.1292)).convert("L")
    assert sum(diff.histogram()[3:]) <= w * h * 0.001


@pytest.mark.skipif(not SEGUE.exists(), reason="segue is not built")
def test_garland_user_card_snapshot_a_quarter_of_the_way(tmp_path):
    """UserCardDismissAnimationController: a 0.7 s keyframe group (UIKit eases the whole group,
    cubic-bezier(0.42, 0, 0.58, 1), whose value at a quarter of the time is 0.1292): the card's
    snapshot goes from the card's frame (0, 0, 390, 360) to the cell's (16, 116, 358, 200), so at
    0.175 s it spans x 2.07 … 387.94 and y 14.99 … 354.33; its content (the hero, #34C759) fades
    out over the first 0.4 of the group, alpha 1 − 0.1292 / 0.4 = 0.677, over the nearly white
    screens beneath."""
    scene = CORPUS / "scenes" / "garland-usercard-dismiss.yaml"
    subprocess.run([str(SEGUE), "still", str(scene), "--time", "0.175", "--scale", "1", "-o", str(tmp_path / "q.png")],
                   check=True, capture_output=True, cwd=scene.parent)
    im = Image.open(tmp_path / "q.png").convert("RGB")
    a = 1 - 0.1292 / 0.4
    green = [round(c * a + 255 * (1 - a)) for c in (0x34, 0xC7, 0x59)]
    def inside(p):
        return all(abs(x - y) <= 4 for x, y in zip(im.getpixel(p), green))
    def outside(p):
        return min(im.getpixel(p)) >= 245
    # Left and right edges on row 100, top and bottom on column 195, a pixel clear of each.
    assert outside((1, 100)) and inside((3, 100)) and inside((386, 100)) and outside((388, 100))
    assert outside((195, 13)) and inside((195, 16)) and inside((195, 353)) and outside((195, 355))


@pytest.mark.skipif(not SEGUE.exists(), reason="segue is not built")
def test_an_empty_animator_leaves_the_from_screen(tmp_path):
    """ZLPhotoPreviewAnimatedTransition.animateTransition(using:) is empty: nothing is added to
    the container and completeTransition(_:) is never called, so UIKit shows the pop's from
    screen (the detail) for as long as the app runs."""
    scene = CORPUS / "scenes" / "zlphoto-preview-pop.yaml"
    doc = yaml.safe_load(scene.read_text())
    actual = still(scene, tmp_path / "actual.png")
    detail = screen_alone(scene, doc, "detail", tmp_path)
    w, h = actual.size
    assert same(actual, detail) <= w * h * 0.001


@pytest.mark.skipif(not SEGUE.exists(), reason="segue is not built")
def test_photo_viewer_ends_on_the_photo_fitted_over_black(tmp_path):
    """DTPhotoViewerController's presentingAnimation(): the image view goes to
    AVMakeRect(aspect 3:2, inside 390 × 844) = 390 × 260 at y = (844 − 260) / 2 = 292, the
    background view to alpha 1 (black); the completion shows the collection view, whose cell shows
    the photo aspect-fit at the same place. At t = 0 the photo is still at the thumbnail's frame,
    (16, 116) and 358 pt wide, over the list."""
    scene = CORPUS / "scenes" / "dtphoto-present.yaml"
    photo = Image.open(REPO / "scenes" / "images" / "lake.png").convert("RGB")
    end = still(scene, tmp_path / "end.png")
    assert end.size == (390, 844)
    for y in (10, 280, 560, 830):
        assert end.getpixel((195, y)) == (0, 0, 0), f"not black at y {y}"
    fitted = photo.resize((390, 260), Image.LANCZOS)
    diff = ImageChops.difference(end.crop((0, 292, 390, 552)), fitted).convert("L")
    assert sum(diff.histogram()[40:]) <= 390 * 260 * 0.02, "the photo is not fitted at y 292 … 552"
    start = subprocess.run([str(SEGUE), "still", str(scene), "--time", "0", "--scale", "1", "-o", str(tmp_path / "start.png")],
                           check=True, capture_output=True, cwd=scene.parent)
    first = Image.open(tmp_path / "start.png").convert("RGB")
    thumb = photo.resize((358, 239), Image.LANCZOS)
    # Inside the rounded corners: the thumbnail's middle band.
    diff = ImageChops.difference(first.crop((30, 130, 360, 340)), thumb.crop((14, 14, 344, 224))).convert("L")
    assert sum(diff.histogram()[40:]) <= 330 * 210 * 0.02, "the photo does not start at the thumbnail"
    # The list around it is not covered yet: its light background below the rows.
    assert first.getpixel((195, 700))[0] > 200


def luminance(img: Image.Image, box) -> float:
    region = img.crop(box).convert("L")
    return sum(i * n for i, n in enumerate(region.histogram())) / (region.size[0] * region.size[1])


@pytest.mark.skipif(not SEGUE.exists(), reason="segue is not built")
def test_breadwallet_modal_ends_as_a_sheet_over_the_darkened_wallet(tmp_path):
    """PresentModalAnimator: the modal's view (clear, its white sheet from y 424) springs up to
    its final frame over the shared blur view, whose effect goes from none to .dark; over full
    screen the wallet stays under both."""
    scene = CORPUS / "scenes" / "breadwallet-modal-present.yaml"
    doc = yaml.safe_load(scene.read_text())
    end = still(scene, tmp_path / "end.png")
    wallet = screen_alone(scene, doc, "home", tmp_path)
    # Inside the sheet, left of its title: white.
    assert all(c >= 250 for c in end.getpixel((30, 450))), end.getpixel((30, 450))
    # Just above the sheet the sheet is not there: the wallet, darkened by the blur.
    assert end.getpixel((30, 420)) != (255, 255, 255)
    assert luminance(end, (0, 0, 390, 400)) < 0.6 * luminance(wallet, (0, 0, 390, 400))


@pytest.mark.skipif(not SEGUE.exists(), reason="segue is not built")
def test_breadwallet_modal_swiped_down_ends_on_the_wallet(tmp_path):
    """ModalTransitionDelegate's finger drags 300 pt down in 0.3 s (1000 pt/s, past its 50 pt/s
    threshold): it finishes; DismissModalAnimator slides the modal off and fades the blur view to
    alpha 0, and UIKit takes the modal's view away. The last frame is the wallet with nothing
    over it: the wallet screen drawn alone without the blur layer the scene gives it."""
    scene = CORPUS / "scenes" / "breadwallet-modal-dismiss-interactive.yaml"
    doc = yaml.safe_load(scene.read_text())
    bare = dict(doc)
    bare["screens"] = {k: {kk: vv for kk, vv in v.items() if kk != "layers"} for k, v in doc["screens"].items()}
    ref_path = scene.parent / f".end-state-bare-{scene.name}"
    ref_path.write_text(yaml.safe_dump(bare))
    try:
        wallet = screen_alone(ref_path, bare, "home", tmp_path)
    finally:
        ref_path.unlink()
    end = still(scene, tmp_path / "end.png")
    assert same(end, wallet) <= end.size[0] * end.size[1] * 0.001
    # Half way through the drag (0.25 s: 150 pt) the modal is still there, over the blur.
    mid = subprocess.run([str(SEGUE), "still", str(scene), "--time", "0.25", "--scale", "1", "-o", str(tmp_path / "mid.png")],
                         check=True, capture_output=True, cwd=scene.parent)
    assert same(Image.open(tmp_path / "mid.png").convert("RGB"), wallet) > end.size[0] * end.size[1] * 0.2


@pytest.mark.skipif(not SEGUE.exists(), reason="segue is not built")
def test_adequate_photo_pulled_down_scrubs_its_property_animator_linearly(tmp_path):
    """ZoomOutAnimator is interruptible: UIKit scrubs the spring property animator that
    interruptibleAnimator(using:) returns linearly in the finger's progress. At 0.25 s the finger is
    150 pt down, progress 150 / 844 (the handler divides by the view's height), so the photo's copy
    is that far from the viewer's photo frame (0, 292, 390 × 260) to the gallery's
    (16, 116, 358 × 238.667): its top at 292 − 176 × p, its left edge at 16 × p. The viewer (black)
    is at alpha 1 − p over the deal screen."""
    scene = CORPUS / "scenes" / "adequate-photo-dismiss-interactive.yaml"
    doc = yaml.safe_load(scene.read_text())
    subprocess.run([str(SEGUE), "still", str(scene), "--time", "0.25", "--scale", "1", "-o", str(tmp_path / "mid.png")],
                   check=True, capture_output=True, cwd=scene.parent)
    mid = Image.open(tmp_path / "mid.png").convert("RGB")
    p = 150 / 844
    top, left = 292 - 176 * p, 16 * p
    deal = screen_alone(scene, doc, "deal", tmp_path)
    veil = tuple(round(c * p) for c in deal.getpixel((195, 820)))
    assert all(abs(a - b) <= 2 for a, b in zip(mid.getpixel((195, 820)), veil)), (mid.getpixel((195, 820)), veil)
    # The copy's first whole row and column, and the veil just outside them.
    assert mid.getpixel((195, math.ceil(top) - 2)) == mid.getpixel((195, 820))
    assert mid.getpixel((195, math.ceil(top))) != mid.getpixel((195, 820))
    assert mid.getpixel((math.floor(left) - 1, 400)) == mid.getpixel((195, 820))
    assert mid.getpixel((math.ceil(left), 400)) != mid.getpixel((195, 820))
