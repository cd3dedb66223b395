# SPDX-License-Identifier: Apache-2.0
"""Segue Studio (`segue preview`) in a real browser: the page's pixels, its clock and its
live reloading, checked against `segue still` and the wall clock."""
import io
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest
from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import REPO

# A small scene of our own: a solid square on a coloured canvas, and a bar that slides across
# in 2 s, so a frame's content says which frame and which version of the file it is.
SCENE = """\
canvas: {{size: [200, 120], scale: 1, fps: 30, background: "{background}"}}
layers:
  - {{id: square, frame: [20, 20, 60, 60], backgroundColor: "#FFFFFF"}}
  - {{id: bar, frame: [0, 100, 40, 10], backgroundColor: "#000000"}}
animations:
  - {{layer: bar, keyPath: position.x, from: 20, to: 180, duration: 2, timing: linear}}
"""
RED, BLUE = "#FF0000", "#0000FF"


class Preview:
    """A `segue preview` process on a free port, stopped (SIGTERM, then SIGKILL) at the end."""

    def __init__(self, segue: Path, scene: Path, cwd: Path):
        self.process = subprocess.Popen([str(segue), "preview", str(scene), "--port", "0"], cwd=cwd,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
        if not match:
            self.stop()
            raise AssertionError(f"no URL from segue preview: {line!r} {self.process.stderr.read()!r}")
        self.url = match.group(1)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture
def scene_dir(tmp_path):
    (tmp_path / "scene.yaml").write_text(SCENE.format(background=RED))
    return tmp_path


@pytest.fixture
def own_preview(segue, scene_dir):
    preview = Preview(segue, scene_dir / "scene.yaml", cwd=scene_dir)
    yield preview
    preview.stop()


def wait_until(browser, script, timeout=20.0, interval=0.05):
    """Polls a JavaScript expression until it is truthy; returns its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = browser.execute_script("return " + script)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for: {script}")
        time.sleep(interval)


def open_page(browser, url):
    browser.get(url)
    wait_until(browser, "window.studio && studio.drawnFrame >= 0")


def shown_frame_is(index):
    return f"studio.drawnFrame === {index} && studio.drawnKey === `${{studio.version}}/{index}/${{devicePixelRatio}}/0`"


def canvas_image(browser) -> Image.Image:
    data_url = browser.execute_script("return document.getElementById('frame').toDataURL('image/png')")
    import base64
    return Image.open(io.BytesIO(base64.b64decode(data_url.split(",", 1)[1]))).convert("RGBA")


def canvas_pixel(browser, x, y):
    return tuple(browser.execute_script(
        "return Array.from(document.getElementById('frame').getContext('2d').getImageData(arguments[0], arguments[1], 1, 1).data)",
        x, y))


def test_canvas_at_frame_n_equals_the_rendered_png(segue, browser, tmp_path):
    """The page's canvas at frame N is, pixel for pixel, `segue still --frame N` at the page's
    device pixel ratio (1 here). The page receives straight RGBA and puts it into the canvas
    unscaled; the canvas stores premultiplied colour, so a translucent pixel may come back
    1 off per channel (the two roundings differ). Opaque pixels must be identical."""
    scene = REPO / "scenes" / "preset-flip.yaml"
    preview = Preview(segue, scene, cwd=tmp_path)
    try:
        started = time.monotonic()
        open_page(browser, preview.url)
        first_frame = browser.execute_script("return studio.firstFrameMs")
        print(f"first frame shown {first_frame:.0f} ms after the page started ({time.monotonic() - started:.2f} s with page load)")
        for index in (0, 23, 71):
            browser.execute_script(f"studio.seekFrame({index})")
            wait_until(browser, shown_frame_is(index))
            shown = canvas_image(browser)
            still = tmp_path / f"still-{index}.png"
            subprocess.run([str(segue), "still", str(scene), "--frame", str(index), "--scale", "1", "-o", str(still)], check=True)
            expected = Image.open(still).convert("RGBA")
            assert shown.size == expected.size == (390, 844)
            worst_opaque, worst_translucent, differing = 0, 0, 0
            shown_bytes, expected_bytes = shown.tobytes(), expected.tobytes()
            for i in range(0, len(expected_bytes), 4):
                a, b = shown_bytes[i:i + 4], expected_bytes[i:i + 4]
                if a == b:
                    continue
                differing += 1
                delta = max(abs(p - q) for p, q in zip(a, b))
                if b[3] == 255:
                    worst_opaque = max(worst_opaque, delta)
                else:
                    worst_translucent = max(worst_translucent, delta)
            print(f"frame {index}: {differing} pixels differ; worst opaque {worst_opaque}, translucent {worst_translucent}")
            assert worst_opaque == 0, f"frame {index}: an opaque pixel differs by {worst_opaque}"
            assert worst_translucent <= 1, f"frame {index}: a translucent pixel differs by {worst_translucent}"
        # Different frames really are different pictures (the test could not pass by showing frame 0).
        assert canvas_image(browser).tobytes() != Image.open(tmp_path / "still-0.png").convert("RGBA").tobytes()
    finally:
        preview.stop()


def test_the_scrubber_and_arrow_keys_move_time(browser, own_preview):
    open_page(browser, own_preview.url)
    frames = browser.execute_script("return studio.frameCount")
    assert frames == 61  # 2 s at 30 fps: frames 0 … 60
    scrubber = browser.find_element(By.ID, "scrubber")
    width = scrubber.size["width"]
    # Click three quarters of the way along the slider (the thumb's half-width makes the
    # reachable track a little shorter than the element, hence the tolerance).
    ActionChains(browser).move_to_element_with_offset(scrubber, int(width * 0.25), 0).click().perform()
    index = wait_until(browser, "studio.drawnFrame > 0 && studio.drawnFrame === studio.frame && studio.frame")
    assert abs(index - 45) <= 3, index
    readout = browser.find_element(By.ID, "readout").text
    assert f"frame {index} / 60" in readout
    assert f"{index / 30:.3f} s" in readout
    # The bar's centre moves linearly from 20 to 180 in 2 s, so its left edge (it is 40 wide)
    # is at 80·t points.
    bar_left = 80 * index / 30
    assert canvas_pixel(browser, int(bar_left) + 3, 105)[:3] == (0, 0, 0)
    assert canvas_pixel(browser, int(bar_left) - 3, 105)[:3] == (255, 0, 0)

    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    wait_until(browser, f"studio.frame === {index + 1} && studio.drawnFrame === {index + 1}")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    wait_until(browser, f"studio.frame === {index - 1} && studio.drawnFrame === {index - 1}")


def measured_speed(browser, speed_label, seconds=2.0):
    """Media time advanced per second of wall time while playing at the chosen speed."""
    browser.execute_script("studio.setPlaying(false); studio.seekFrame(0)")
    Select(browser.find_element(By.ID, "speed")).select_by_visible_text(speed_label)
    loop = browser.find_element(By.ID, "loop")
    if loop.is_selected():
        loop.click()
    browser.find_element(By.ID, "play").click()
    time.sleep(0.3)  # past the first animation frame
    t0, w0 = browser.execute_script("return studio.time"), time.monotonic()
    time.sleep(seconds)
    t1, w1 = browser.execute_script("return studio.time"), time.monotonic()
    readout = browser.find_element(By.ID, "readout").text
    browser.execute_script("studio.setPlaying(false)")
    return (t1 - t0) / (w1 - w0), readout


def test_slow_motion_plays_at_the_speed_shown(browser, own_preview):
    """At 0.25× the page's media time runs at a quarter of the wall clock, at 1× at the wall
    clock. The tolerance is generous (±30 %) because the machine is shared and loaded; the
    ratio between the two speeds is the sharper check."""
    open_page(browser, own_preview.url)
    quarter, quarter_readout = measured_speed(browser, "0.25×", seconds=2.0)
    full, _ = measured_speed(browser, "1×", seconds=1.2)
    print(f"0.25×: {quarter:.3f} media s per s; 1×: {full:.3f}")
    assert 0.25 * 0.7 <= quarter <= 0.25 * 1.3
    assert 0.7 <= full <= 1.3
    assert 0.18 <= quarter / full <= 0.32
    assert quarter_readout.endswith("· 0.25×")  # the speed is shown beside the time


def test_rewriting_the_scene_updates_the_page_within_2_s(browser, own_preview, scene_dir):
    open_page(browser, own_preview.url)
    browser.execute_script("studio.seekFrame(30)")
    wait_until(browser, shown_frame_is(30))
    assert canvas_pixel(browser, 150, 10)[:3] == (255, 0, 0)
    version = browser.execute_script("return studio.version")

    (scene_dir / "scene.yaml").write_text(SCENE.format(background=BLUE))
    written = time.monotonic()
    wait_until(browser, "(() => { const p = document.getElementById('frame').getContext('2d').getImageData(150, 10, 1, 1).data;"
                        " return p[0] === 0 && p[2] === 255; })()", timeout=10, interval=0.02)
    elapsed = time.monotonic() - written
    print(f"new render shown {elapsed:.2f} s after the file was written")
    assert elapsed <= 2.0
    assert browser.execute_script("return studio.version") > version
    # The page kept its place and did not reload.
    assert browser.execute_script("return studio.frame") == 30
    assert browser.execute_script("return performance.getEntriesByType('navigation').length") == 1


def test_a_broken_scene_shows_its_located_error_and_fixing_it_clears_it(browser, own_preview, scene_dir):
    open_page(browser, own_preview.url)
    browser.execute_script("studio.seekFrame(15)")
    wait_until(browser, shown_frame_is(15))
    overlay = browser.find_element(By.ID, "error")
    assert not overlay.is_displayed()

    path = scene_dir / "scene.yaml"
    broken = SCENE.format(background=RED).replace("backgroundColor: \"#FFFFFF\"", "backgroundColour: \"#FFFFFF\"")
    path.write_text(broken)
    # The typo is on line 3; its column is where the key starts.
    column = broken.splitlines()[2].index("backgroundColour") + 1
    wait_until(browser, "studio.error !== null")
    assert overlay.is_displayed()
    where = browser.find_element(By.ID, "errorWhere").text
    assert where == f"{path}:3:{column}: error:"
    assert "backgroundColour" in browser.find_element(By.ID, "errorMessage").text
    assert "backgroundColor" in browser.find_element(By.ID, "errorHint").text
    # The last good render stays on the canvas behind the overlay.
    assert canvas_pixel(browser, 150, 10)[:3] == (255, 0, 0)
    assert canvas_pixel(browser, 50, 50)[:3] == (255, 255, 255)

    path.write_text(SCENE.format(background=BLUE))
    wait_until(browser, "studio.error === null")
    wait_until(browser, "(() => { const p = document.getElementById('frame').getContext('2d').getImageData(150, 10, 1, 1).data;"
                        " return p[2] === 255 && p[0] === 0; })()")
    assert not overlay.is_displayed()
    assert browser.execute_script("return studio.frame") == 15


def test_the_layer_inspector_shows_dumped_values_and_plots_the_key_path(browser, own_preview):
    open_page(browser, own_preview.url)
    browser.execute_script("studio.seekFrame(15)")
    wait_until(browser, shown_frame_is(15))
    browser.find_element(By.CSS_SELECTOR, "#layers li[data-id='bar']").click()
    wait_until(browser, "studio.dump && studio.dump.index === 15 && studio.plot")
    rows = {r.find_elements(By.TAG_NAME, "td")[0].text: r.find_elements(By.TAG_NAME, "td")[1].text
            for r in browser.find_elements(By.CSS_SELECTOR, "#props tr")}
    # Linear from 20 to 180 in 2 s: at frame 15 (t = 0.5 s) position.x is 60.
    assert rows["position.x"] == "60"
    assert rows["opacity"] == "1"
    assert browser.find_element(By.ID, "propsTime").get_attribute("textContent") == "at 0.500 s (frame 15)"
    # The outline is drawn on the overlay canvas around the bar's quad.
    drawn = browser.execute_script("const c = document.getElementById('overlay'); const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
                                   " let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++; return n;")
    assert drawn > 50
    plot = browser.execute_script("return studio.plot")
    assert plot["keyPath"] == "position.x"
    assert plot["values"][0][0] == pytest.approx(20) and plot["values"][-1][0] == pytest.approx(180)


def test_export_writes_a_gif_through_the_render_path(browser, own_preview, scene_dir):
    open_page(browser, own_preview.url)
    browser.find_element(By.ID, "exportGIF").click()
    result = wait_until(browser, "studio.lastExport", timeout=120)
    assert "error" not in result, result
    gif = scene_dir / "out" / "scene.gif"
    assert Path(result["path"]).resolve() == gif.resolve()
    image = Image.open(gif)
    # GIFs render at 50 fps: frames 0 … 100 over 2 s.
    assert image.n_frames == result["frames"] == 101
    assert image.size == (200, 120)
    assert "wrote" in browser.find_element(By.ID, "exportStatus").text


def test_changing_an_image_the_scene_draws_updates_the_page(segue, browser, tmp_path):
    """The watched files come from the scene: an image named by `contents:` is watched too."""
    Image.new("RGB", (8, 8), (0, 200, 0)).save(tmp_path / "picture.png")
    (tmp_path / "scene.yaml").write_text(
        'canvas: {size: [100, 100], scale: 1, fps: 30, background: "#FFFFFF"}\n'
        "layers:\n"
        "  - {id: picture, frame: [0, 0, 100, 100], contents: picture.png}\n")
    preview = Preview(segue, tmp_path / "scene.yaml", cwd=tmp_path)
    try:
        open_page(browser, preview.url)
        assert canvas_pixel(browser, 50, 50)[:3] == (0, 200, 0)
        assert browser.execute_script("return document.getElementById('status').title").endswith("picture.png")
        # Written under another name and renamed over the old file, as editors save.
        Image.new("RGB", (8, 8), (200, 0, 200)).save(tmp_path / "picture.tmp.png")
        os.replace(tmp_path / "picture.tmp.png", tmp_path / "picture.png")
        written = time.monotonic()
        wait_until(browser, "document.getElementById('frame').getContext('2d').getImageData(50, 50, 1, 1).data[1] === 0",
                   timeout=10, interval=0.02)
        assert time.monotonic() - written <= 2.0
        assert canvas_pixel(browser, 50, 50)[:3] == (200, 0, 200)
    finally:
        preview.stop()


def test_beyond_loopback_the_page_needs_the_printed_token(segue, scene_dir):
    """--host other than loopback warns and answers only requests that carry the URL's token.
    The server listens on all addresses here, but the test talks to it over loopback only."""
    import urllib.error
    import urllib.request
    process = subprocess.Popen([str(segue), "preview", str(scene_dir / "scene.yaml"), "--host", "0.0.0.0", "--port", "0"],
                               cwd=scene_dir, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        # One URL per interface address, never 0.0.0.0, which no other machine can open.
        match = re.search(r"http://([^/]+):(\d+)/\?token=([0-9a-f]{32})\b", line)
        assert match and match.group(1) != "0.0.0.0", line
        _, port, token = match.groups()
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/scene", timeout=10)
        assert refused.value.code == 403
        with pytest.raises(urllib.error.HTTPError) as wrong:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/?token={'0' * 32}", timeout=10)
        assert wrong.value.code == 403
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/scene?token={token}", timeout=10) as answer:
            assert answer.status == 200
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)
    assert "warning: --host 0.0.0.0" in process.stderr.read()


def test_a_busy_port_is_reported_and_the_default_moves_to_the_next_free_one(segue, scene_dir):
    import socket
    blocker = socket.socket()
    blocker.bind(("127.0.0.1", 0))
    blocker.listen(1)
    busy = blocker.getsockname()[1]
    try:
        result = subprocess.run([str(segue), "preview", str(scene_dir / "scene.yaml"), "--port", str(busy)],
                                capture_output=True, text=True, timeout=30)
        assert result.returncode == 1
        assert f"error: port {busy} is in use." in result.stderr
        assert "hint:" in result.stderr
    finally:
        blocker.close()


def test_without_port_it_takes_8640_or_the_next_free_port(segue, scene_dir):
    import socket
    blocker = socket.socket()
    blocker.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        blocker.bind(("127.0.0.1", 8640))
    except OSError:
        pytest.skip("port 8640 is taken by something else on this machine")
    blocker.listen(1)
    process = subprocess.Popen([str(segue), "preview", str(scene_dir / "scene.yaml")], cwd=scene_dir,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline()).group(1))
        assert 8641 <= port < 8660
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)
        blocker.close()


def test_the_touches_toggle_shows_the_scripted_finger(segue, browser, tmp_path):
    """With Touches on, the canvas is `segue still --show-touches`; off, it is the plain frame."""
    scene = REPO / "scenes" / "edge-swipe-finish.yaml"
    index = 20
    plain, touched = tmp_path / "plain.png", tmp_path / "touched.png"
    for path, extra in ((plain, []), (touched, ["--show-touches"])):
        subprocess.run([str(segue), "still", str(scene), "--frame", str(index), "--scale", "1", "-o", str(path)] + extra, check=True)
    plain_bytes = Image.open(plain).convert("RGBA").tobytes()
    touched_bytes = Image.open(touched).convert("RGBA").tobytes()
    assert plain_bytes != touched_bytes, "frame 20 should have a finger on the screen"
    preview = Preview(segue, scene, cwd=tmp_path)
    try:
        open_page(browser, preview.url)
        browser.execute_script(f"studio.seekFrame({index})")
        wait_until(browser, shown_frame_is(index))
        assert canvas_image(browser).tobytes() == plain_bytes
        browser.find_element(By.ID, "touches").click()
        wait_until(browser, f"studio.drawnFrame === {index} && studio.drawnKey && studio.drawnKey.endsWith('/1')")
        assert canvas_image(browser).tobytes() == touched_bytes
    finally:
        preview.stop()
