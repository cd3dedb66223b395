# SPDX-License-Identifier: Apache-2.0
"""report.html of `segue diff` and `segue test`, opened from file:// in headless Chromium.

The compared frames are drawn here with Pillow, so every expected count below follows from
the drawing, not from Segue: a frame whose every pixel changes colour differs in
width × height pixels, and a solid block drawn on a flat background differs in exactly the
block's pixels.
"""
import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest

Image = pytest.importorskip("PIL.Image")

W, H = 200, 100
GREEN, MAGENTA, WHITE, BLACK = (0, 200, 0), (200, 0, 200), (255, 255, 255), (0, 0, 0)
FRAMES = 5
ALL_CHANGED = 1            # every pixel of this frame changes colour: W × H = 20000 px
BLOCK = 3                  # a 7 × 3 black block appears on white: 21 px
BLOCK_BOX = (150, 40, 157, 43)


def _frame(colour):
    return Image.new("RGB", (W, H), colour)


@pytest.fixture(scope="module")
def diff_report(segue, tmp_path_factory):
    root = tmp_path_factory.mktemp("report")
    expected, actual = root / "expected", root / "actual"
    expected.mkdir(); actual.mkdir()
    for i in range(FRAMES):
        e = _frame(GREEN if i == ALL_CHANGED else WHITE)
        a = e.copy()
        if i == ALL_CHANGED:
            a = _frame(MAGENTA)
        if i == BLOCK:
            a.paste(BLACK, BLOCK_BOX)
        e.save(expected / f"frame-{i:04d}.png")
        a.save(actual / f"frame-{i:04d}.png")
    report = root / "report"
    run = subprocess.run([str(segue), "diff", str(expected), str(actual), "--report", str(report)],
                         capture_output=True, text=True)
    assert run.returncode == 1, run.stderr  # frames differ
    return report


def _open(browser, page: Path):
    browser.get(page.resolve().as_uri())
    return browser


def _summary_row(browser, row=0):
    rows = browser.find_elements("css selector", "table.summary-table tbody tr")
    cells = rows[row].find_elements("css selector", "td")
    return {c.get_attribute("data-col"): c.text for c in cells}


def _screenshot(browser):
    return Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")


def _box(browser, element):
    return browser.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", element)


def test_report_is_self_contained(diff_report):
    html = (diff_report / "report.html").read_text()
    # No server and no network: nothing is fetched from elsewhere.
    for marker in ("http://", "https://", "//cdn", "<link "):
        assert marker not in html
    for image in ("filmstrip-expected.png", "filmstrip-actual.png", f"frame-{ALL_CHANGED:04d}-diff.png"):
        assert (diff_report / image).exists()


def test_summary_shows_the_counts(browser, diff_report):
    _open(browser, diff_report / "report.html")
    row = _summary_row(browser)
    assert row["frames"] == str(FRAMES)
    assert row["failed"] == "2"
    assert row["pixels"] == str(W * H)
    # Two frames differ, so the worst SSIM is below 1 (its value is pixelmatch's business).
    assert 0 <= float(row["ssim"]) < 1
    assert row["status"] == "failed"
    failing_sections = browser.find_elements("css selector", ".frame")
    assert sorted(int(f.get_attribute("data-frame")) for f in failing_sections) == [ALL_CHANGED, BLOCK]
    block = browser.find_element("css selector", f'.frame[data-frame="{BLOCK}"] h3').text
    assert "21 px differ" in block


def test_filmstrip_marks_the_failing_frames(browser, diff_report):
    _open(browser, diff_report / "report.html")
    cells = browser.find_elements("css selector", ".filmstrip .cell")
    assert [int(c.get_attribute("data-frame")) for c in cells] == list(range(FRAMES))
    marked = [int(c.get_attribute("data-frame")) for c in cells if "failing" in c.get_attribute("class").split()]
    assert marked == [ALL_CHANGED, BLOCK]
    # The mark is visible: a red bar under the cell.
    cell = cells[ALL_CHANGED]
    left, top, width, height = _box(browser, cell)
    shot = _screenshot(browser)
    r, g, b = shot.getpixel((int(left + width / 2), int(top + height + 4)))
    assert r > 200 and g < 90 and b < 90


def test_playback_shows_expected_and_actual_of_the_same_frame(browser, diff_report):
    _open(browser, diff_report / "report.html")
    players = {p.get_attribute("data-side"): p for p in browser.find_elements("css selector", ".player")}
    def colours():
        shot = _screenshot(browser)
        out = {}
        for side, p in players.items():
            left, top, width, height = _box(browser, p)
            out[side] = shot.getpixel((int(left + width / 2), int(top + height / 2)))
        return out
    start = colours()
    assert start["expected"] == WHITE and start["actual"] == WHITE
    # Scrub to the frame whose colour changes: both players follow, each with its own side.
    browser.execute_script("const s = document.querySelector('.scrub'); s.value = arguments[0];"
                           "s.dispatchEvent(new Event('input'));", ALL_CHANGED)
    moved = colours()
    assert moved["expected"] == GREEN and moved["actual"] == MAGENTA
    assert "frame 1" in browser.find_element("css selector", ".frame-label").text
    # Play advances both in step.
    browser.find_element("css selector", ".play").click()
    browser.implicitly_wait(0)
    import time
    def frame():
        return int(browser.find_element("css selector", ".scrub").get_attribute("value"))
    # The playback loops over few frames, so it is sampled while playing; the frame shown at the
    # moment of pausing may be any of them, ALL_CHANGED included.
    deadline = time.time() + 5
    advanced = False
    while time.time() < deadline and not advanced:
        advanced = frame() != ALL_CHANGED
        time.sleep(0.05)
    browser.find_element("css selector", ".play").click()
    assert advanced
    # Paused: the frame stays where it is.
    paused = frame()
    time.sleep(0.5)
    assert frame() == paused


def test_slider_drag_moves_the_visible_split(browser, diff_report):
    from selenium.webdriver.common.action_chains import ActionChains
    _open(browser, diff_report / "report.html")
    slider = browser.find_element("css selector", f'.frame[data-frame="{ALL_CHANGED}"] .slider')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", slider)
    left, top, width, height = _box(browser, slider)
    assert (round(width), round(height)) == (W, H)  # shown at its own size at DPR 1
    y = int(top + height / 5)  # above the handle's knob, which sits in the middle

    def at(x):
        return _screenshot(browser).getpixel((int(left + x), y))

    # The split starts in the middle: expected (green) left of it, actual (magenta) right.
    assert at(40) == GREEN and at(160) == MAGENTA and at(75) == GREEN
    # Drag the split to a quarter of the width: 75 px from the left is now the actual side.
    ActionChains(browser).move_to_element_with_offset(slider, 0, 0).click_and_hold() \
        .move_by_offset(-W // 4, 0).release().perform()
    assert at(40) == GREEN and at(75) == MAGENTA and at(160) == MAGENTA
    # And to 90 %: 160 px from the left is now the expected side.
    ActionChains(browser).move_to_element_with_offset(slider, -W // 4, 0).click_and_hold() \
        .move_by_offset(W * 90 // 100 - W // 4, 0).release().perform()
    assert at(75) == GREEN and at(160) == GREEN and at(190) == MAGENTA


def test_side_by_side_toggle(browser, diff_report):
    _open(browser, diff_report / "report.html")
    frame = browser.find_element("css selector", f'.frame[data-frame="{ALL_CHANGED}"]')
    sbs = frame.find_element("css selector", ".views > .side-by-side")
    split = frame.find_element("css selector", ".split-view")
    assert split.is_displayed() and not sbs.is_displayed()
    frame.find_element("css selector", ".toggle").click()
    assert sbs.is_displayed() and not split.is_displayed()
    images = sbs.find_elements("css selector", "img")
    shot = _screenshot(browser)
    colours = []
    for img in images:
        left, top, width, height = _box(browser, img)
        colours.append(shot.getpixel((int(left + width / 2), int(top + height / 2))))
    assert colours == [GREEN, MAGENTA]


def _scene(path: Path, colour: str):
    path.write_text(f"canvas: {{size: [40, 30], scale: 1, fps: 10}}\nduration: 0.3\n"
                    f"layers: [{{id: box, frame: [5, 5, 20, 10], backgroundColor: \"{colour}\"}}]\n")


def test_segue_test_report_and_merge(segue, browser, tmp_path):
    scenes = tmp_path / "scenes"
    scenes.mkdir()
    _scene(scenes / "alpha.yaml", "#FF9500")
    _scene(scenes / "beta.yaml", "#007AFF")
    golden = tmp_path / "golden"
    for name in ("alpha", "beta"):
        subprocess.run([str(segue), "test", str(scenes / f"{name}.yaml"), "--golden", str(golden), "--record", "all",
                        "--every", "1", "--report", str(tmp_path / f"record-{name}")], check=True, capture_output=True)
    # Break one golden frame of alpha with a 6 × 5 block far from the box (the canvas is white there).
    frames = sorted((golden / "alpha").glob("frame-*.png"))
    assert len(frames) >= 3
    broken = Image.open(frames[1]).convert("RGBA")
    broken.paste((200, 0, 200, 255), (30, 20, 36, 25))
    broken.save(frames[1])
    shard1, shard2 = tmp_path / "shard-1", tmp_path / "shard-2"
    one = subprocess.run([str(segue), "test", str(scenes / "alpha.yaml"), "--golden", str(golden), "--record", "never",
                          "--report", str(shard1)], capture_output=True, text=True)
    assert one.returncode == 1, one.stdout + one.stderr
    two = subprocess.run([str(segue), "test", str(scenes / "beta.yaml"), "--golden", str(golden), "--record", "never",
                          "--report", str(shard2)], capture_output=True, text=True)
    assert two.returncode == 0, two.stdout + two.stderr

    _open(browser, shard1 / "report.html")
    row = _summary_row(browser)
    assert row["scene"] == "alpha" and row["frames"] == str(len(frames))
    assert row["failed"] == "1" and row["pixels"] == "30"

    merged = tmp_path / "merged"
    subprocess.run([str(segue), "test", "--merge", str(shard1), str(shard2), "--report", str(merged)], capture_output=True)
    assert (merged / "report.html").exists()
    _open(browser, merged / "report.html")
    rows = [_summary_row(browser, i) for i in range(2)]
    assert [r["scene"] for r in rows] == ["alpha", "beta"]
    assert rows[0]["failed"] == "1" and rows[0]["pixels"] == "30"
    assert rows[1]["failed"] == "0" and rows[1]["status"] == "passed"
    # The merged page finds the shard's images where they are.
    loaded = browser.execute_script(
        "return Array.from(document.querySelectorAll('.frame img')).map(i => i.complete && i.naturalWidth > 0);")
    assert loaded and all(loaded)
