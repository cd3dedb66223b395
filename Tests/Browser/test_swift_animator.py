# SPDX-License-Identifier: Apache-2.0
"""Segue Studio with a Swift animator: the Swift file is an input like the scene, so saving it
updates the page (same time position), and an error in it is shown where it is, with its line,
over the last good render."""
import json
import shutil
import subprocess
import time

from PIL import Image

from conftest import REPO
from test_preview import Preview, canvas_image, open_page, shown_frame_is, wait_until

ORIGINAL, EDITED = "private let seconds: TimeInterval = 0.72", "private let seconds: TimeInterval = 0.9"


def copy_flip(tmp_path):
    """scenes/swift-flip.yaml and its animator, copied so the test can edit them."""
    (tmp_path / "Animators").mkdir()
    shutil.copy(REPO / "scenes" / "swift-flip.yaml", tmp_path / "swift-flip.yaml")
    shutil.copy(REPO / "scenes" / "Animators" / "FlipPresent.swift", tmp_path / "Animators" / "FlipPresent.swift")
    animator = tmp_path / "Animators" / "FlipPresent.swift"
    assert ORIGINAL in animator.read_text()
    return tmp_path / "swift-flip.yaml", animator


def still(segue, scene, index, path):
    subprocess.run([str(segue), "still", str(scene), "--frame", str(index), "--scale", "1", "-o", str(path)], check=True)
    return Image.open(path).convert("RGBA").tobytes()


def test_editing_the_animator_updates_the_page_within_2_s(segue, browser, tmp_path):
    scene, animator = copy_flip(tmp_path)
    preview = Preview(segue, scene, cwd=tmp_path)
    try:
        open_page(browser, preview.url)
        # 0.72 s at 60 fps: frames 0 … 43 (43.2 rounds down).
        assert browser.execute_script("return studio.scene.duration") == 0.72
        watched = browser.execute_script("return document.getElementById('status').title").split("\n")
        assert str(animator.resolve()) in watched
        index = 30  # t = 0.5 s: the card is mid-flip, in the second keyframe
        browser.execute_script(f"studio.seekFrame({index})")
        wait_until(browser, shown_frame_is(index))
        before = canvas_image(browser).tobytes()
        version = browser.execute_script("return studio.version")

        animator.write_text(animator.read_text().replace(ORIGINAL, EDITED))
        written = time.monotonic()
        wait_until(browser, "studio.scene && studio.scene.duration === 0.9", timeout=10, interval=0.02)
        elapsed = time.monotonic() - written
        print(f"new duration shown {elapsed:.2f} s after the animator was written")
        assert elapsed <= 2.0
        assert browser.execute_script("return studio.version") > version
        assert browser.execute_script("return studio.frameCount") == 55  # 0.9 s at 60 fps: frames 0 … 54
        # The page kept its time position, and shows the edited animator's frame there.
        assert browser.execute_script("return studio.frame") == index
        wait_until(browser, shown_frame_is(index))
        shown = canvas_image(browser).tobytes()
        expected = still(segue, scene, index, tmp_path / "edited.png")
        assert shown == expected
        assert shown != before, "a slower flip is at another angle at 0.5 s"
        assert browser.execute_script("return performance.getEntriesByType('navigation').length") == 1
        # The source pane shows the file as saved: line 9 with the new duration.
        line_nine = "(document.querySelector('#code .ln[data-line=\"9\"] > span:last-child') || {}).textContent"
        wait_until(browser, f"{line_nine} === {json.dumps('    ' + EDITED)}")
    finally:
        preview.stop()


def test_a_swift_error_shows_its_place_and_line_over_the_last_good_render(segue, browser, tmp_path):
    scene, animator = copy_flip(tmp_path)
    preview = Preview(segue, scene, cwd=tmp_path)
    try:
        open_page(browser, preview.url)
        browser.execute_script("studio.seekFrame(20)")
        wait_until(browser, shown_frame_is(20))
        good = canvas_image(browser).tobytes()
        lines = animator.read_text().split("\n")
        # Line 9 holds the duration; a name the importer cannot know (and no bind:) is an error there.
        assert lines[8].strip() == ORIGINAL
        lines[8] = "    private let seconds: TimeInterval = mysteryDuration"
        animator.write_text("\n".join(lines))
        wait_until(browser, "studio.error !== null")
        error = browser.execute_script("return studio.error")
        assert error["file"] == str(animator.resolve())
        assert error["line"] == 9
        column = lines[8].index("mysteryDuration") + 1
        assert error["column"] == column
        assert browser.find_element("id", "error").is_displayed()
        assert browser.find_element("id", "errorWhere").text == f"{animator.resolve()}:9:{column}: error:"
        excerpt = browser.find_element("id", "errorExcerpt").text.split("\n")
        assert excerpt[-2] == "9 |     private let seconds: TimeInterval = mysteryDuration"
        # The caret under the 'm' of mysteryDuration, past a gutter as wide as "9 | ".
        assert excerpt[-1] == " " * len("9") + " | " + " " * (column - 1) + "^"
        assert canvas_image(browser).tobytes() == good  # the last good render stays behind it

        animator.write_text(animator.read_text().replace("mysteryDuration", "0.72"))
        wait_until(browser, "studio.error === null")
        assert not browser.find_element("id", "error").is_displayed()
        assert browser.execute_script("return studio.frame") == 20
    finally:
        preview.stop()
