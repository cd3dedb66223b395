# SPDX-License-Identifier: Apache-2.0
"""Studio's source pane for a scene imported from a Swift animator: the animator's file, read-only
and highlighted; selecting a layer marks the lines that make it, set its starting values and
animate it; clicking a line selects the layers it moves; the playhead marks the blocks running
then. Line numbers below were read off scenes/Animators/FlipPresent.swift by hand."""
import re
import time

from selenium.webdriver.common.by import By

from test_preview import Preview, open_page, shown_frame_is, wait_until
from test_studio_security import raw_request
from test_swift_animator import copy_flip

# FlipPresent.swift, line by line, as the test expects it (a changed fixture fails here first).
FIXTURE_LINES = {
    25: "let snapshot = incoming.view.snapshotView(afterScreenUpdates: true) else {",
    38: "snapshot.frame = container.bounds",
    39: "snapshot.layer.masksToBounds = true",
    40: "snapshot.layer.transform = turned(.pi / 2)",
    43: "UIView.animateKeyframes(withDuration: seconds, delay: 0, options: [.calculationModeCubic], animations: {",
    45: "outgoing.layer.transform = self.turned(-.pi / 2)",
    48: "snapshot.layer.transform = CATransform3DIdentity",
    51: "snapshot.frame = transitionContext.finalFrame(for: incoming)",
    55: "snapshot.removeFromSuperview()",
}


def marked(browser, cls):
    return [int(e.get_attribute("data-line")) for e in browser.find_elements(By.CSS_SELECTOR, f"#code .ln.{cls}")]


def open_flip(segue, browser, tmp_path):
    scene, animator = copy_flip(tmp_path)
    lines = animator.read_text().split("\n")
    for number, text in FIXTURE_LINES.items():
        assert lines[number - 1].strip() == text, number
    preview = Preview(segue, scene, cwd=tmp_path)
    open_page(browser, preview.url)
    wait_until(browser, "studio.sources.length === 1 && document.querySelectorAll('#code .ln').length > 60")
    return preview, animator


def test_selecting_the_snapshot_marks_the_lines_that_make_it_and_set_its_transform(segue, browser, tmp_path):
    preview, animator = open_flip(segue, browser, tmp_path)
    try:
        assert "hasSource" in browser.find_element(By.TAG_NAME, "body").get_attribute("class")
        assert browser.find_element(By.ID, "sourceFile").text == "FlipPresent.swift"
        # The pane shows the file as it is, line for line.
        shown = browser.execute_script("return Array.from(document.querySelectorAll('#code .ln')).map(r => r.children[1].textContent)")
        assert shown == animator.read_text().split("\n")
        # Highlighted by kind: a keyword, a number, a comment, a type.
        nine = browser.find_element(By.CSS_SELECTOR, '#code .ln[data-line="9"]')
        assert [e.text for e in nine.find_elements(By.CSS_SELECTOR, ".k")] == ["private", "let"]
        assert [e.text for e in nine.find_elements(By.CSS_SELECTOR, ".n")] == ["0.72"]
        assert [e.text for e in nine.find_elements(By.CSS_SELECTOR, ".t")] == ["TimeInterval"]
        three = browser.find_element(By.CSS_SELECTOR, '#code .ln[data-line="3"] .c')
        assert three.text.startswith("/// Segue's example of a UIKit animator")

        browser.find_element(By.CSS_SELECTOR, '#layers li[data-id="s1-snapshot"]').click()
        wait_until(browser, "studio.selected === 's1-snapshot' && studio.markedLines.length > 0")
        # 25 makes it (the guard's let); 38 and 39 set its frame and clipping, 40 its transform
        # before the animations, 48 animates the transform in the second keyframe, 51 its frame in
        # the third, and 55 takes it away in the completion block.
        assert marked(browser, "mark") == [25, 38, 39, 40, 48, 51, 55]
        assert browser.execute_script("return studio.markedLines") == [25, 38, 39, 40, 48, 51, 55]

        # The from screen's layer: made by the scene (not by a line of the file), turned away on line 45.
        browser.find_element(By.CSS_SELECTOR, '#layers li[data-id="s1-stories"]').click()
        wait_until(browser, "studio.selected === 's1-stories'")
        assert marked(browser, "mark") == [45, 56]   # 56: completeTransition takes it out of the window
    finally:
        preview.stop()


def test_clicking_a_line_selects_the_layers_it_moves(segue, browser, tmp_path):
    preview, _ = open_flip(segue, browser, tmp_path)
    try:
        browser.find_element(By.CSS_SELECTOR, '#code .ln[data-line="45"]').click()
        wait_until(browser, "studio.selected === 's1-stories'")
        assert browser.execute_script("return studio.lineLayers") == ["s1-stories"]
        assert browser.find_element(By.CSS_SELECTOR, "#layers li.selected").get_attribute("data-id") == "s1-stories"
        browser.find_element(By.CSS_SELECTOR, '#code .ln[data-line="48"]').click()
        wait_until(browser, "studio.selected === 's1-snapshot'")
        # The keyframe block's call moves both layers its keyframes set.
        browser.find_element(By.CSS_SELECTOR, '#code .ln[data-line="43"]').click()
        wait_until(browser, "studio.chosenLine === 43")
        assert sorted(browser.execute_script("return studio.lineLayers")) == ["s1-snapshot", "s1-stories"]
        moved = [e.get_attribute("data-id") for e in browser.find_elements(By.CSS_SELECTOR, "#layers li.moved")]
        assert sorted(moved) == ["s1-snapshot", "s1-stories"]
        # A line that moves nothing selects nothing new.
        browser.find_element(By.CSS_SELECTOR, '#code .ln[data-line="16"]').click()
        assert browser.execute_script("return studio.lineLayers") == []
    finally:
        preview.stop()


def test_the_playhead_marks_the_blocks_running_at_that_instant(segue, browser, tmp_path):
    preview, _ = open_flip(segue, browser, tmp_path)
    try:
        # 0.72 s in three equal keyframes: 0–0.24 s, 0.24–0.48 s, 0.48–0.72 s, inside the group
        # that runs 0–0.72 s (line 43). The completion block's changes come at 0.72 s.
        for frame, lines in ((6, [43, 45]), (20, [43, 48]), (30, [43, 51]), (43, [43, 51])):
            browser.execute_script(f"studio.seekFrame({frame})")
            wait_until(browser, shown_frame_is(frame))
            wait_until(browser, f"JSON.stringify(studio.activeLines) === '{lines}'.replace(/ /g, '')", timeout=5)
            assert marked(browser, "active") == lines, frame
    finally:
        preview.stop()


def test_the_source_is_served_only_to_the_page_and_only_the_scene_s_own_files(segue, tmp_path):
    scene, animator = copy_flip(tmp_path)
    preview = Preview(segue, scene, cwd=tmp_path)
    try:
        port = int(re.search(r":(\d+)/$", preview.url).group(1))
        own = {"Host": f"127.0.0.1:{port}"}
        status, headers, body = raw_request(port, "GET", "/api/source?index=0", own)
        assert status == 200 and body == animator.read_bytes()
        assert headers["content-type"].startswith("text/plain")
        # A rebinding page's Host is refused, whatever it asks for.
        status, _, body = raw_request(port, "GET", "/api/source?index=0", {"Host": f"evil.example:{port}"})
        assert status == 403 and b"FlipPresent" not in body
        # Files are named by index into what the scene read; paths are not accepted.
        for query in ("index=1", "index=-1", "index=../swift-flip.yaml", f"path={animator}", ""):
            status, _, body = raw_request(port, "GET", "/api/source?" + query, own)
            assert status == 404, query
            assert b"FlipPresent" not in body and b"canvas" not in body
    finally:
        preview.stop()


def test_an_error_in_the_animator_marks_its_line_in_the_pane(segue, browser, tmp_path):
    preview, animator = open_flip(segue, browser, tmp_path)
    try:
        assert marked(browser, "errorLine") == []
        lines = animator.read_text().split("\n")
        # A name long enough that the message cannot fit on one line beside the pane.
        name = "mysteryDuration" + "X" * 300
        lines[8] = f"    private let seconds: TimeInterval = {name}"
        animator.write_text("\n".join(lines))
        wait_until(browser, "studio.error !== null && document.querySelectorAll('#code .ln.errorLine').length === 1")
        # The pane shows the file as it is now, and marks the line the error names (line 9, by hand).
        assert marked(browser, "errorLine") == [9]
        row = browser.find_element(By.CSS_SELECTOR, '#code .ln[data-line="9"]')
        assert "mysteryDuration" in row.text
        # file:line:column stays on screen: the message wraps inside the stage instead of pushing it away.
        where = browser.execute_script("const r = errorWhere.getBoundingClientRect(), s = stage.getBoundingClientRect();"
                                       "return [r.left, r.right, s.left, s.right, errorWhere.textContent]")
        assert where[2] <= where[0] and where[1] <= where[3], where
        assert where[4].endswith(":9:41: error:"), where[4]
        message = browser.execute_script("const r = errorMessage.getBoundingClientRect(); return [r.right, stage.getBoundingClientRect().right]")
        assert message[0] <= message[1], message
        animator.write_text(animator.read_text().replace(name, "0.72"))
        wait_until(browser, "studio.error === null && document.querySelectorAll('#code .ln.errorLine').length === 0")
    finally:
        preview.stop()


def test_the_source_is_the_text_read_at_load_and_a_swapped_link_never_serves_a_large_outside_file(segue, tmp_path):
    scene, animator = copy_flip(tmp_path)
    original = animator.read_bytes()
    preview = Preview(segue, scene, cwd=tmp_path)
    try:
        port = int(re.search(r":(\d+)/$", preview.url).group(1))
        own = {"Host": f"127.0.0.1:{port}"}
        status, _, body = raw_request(port, "GET", "/api/source?index=0", own)
        assert status == 200 and body == original
        # The animator becomes a link to a 5 MB file outside the scene's folder.
        outside = tmp_path.parent / (tmp_path.name + "-outside.swift")
        outside.write_bytes(b"// outside\n" + b"x" * (5 * 1000 * 1000))
        animator.unlink()
        animator.symlink_to(outside)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            status, _, info = raw_request(port, "GET", "/api/scene", own)
            if b'"error":{' in info.replace(b" ", b""):
                break
            time.sleep(0.1)
        status, _, body = raw_request(port, "GET", "/api/source?index=0", own)
        assert b"xxxxxxxxxx" not in body and len(body) < 2_000_000
        outside.unlink()
    finally:
        preview.stop()
