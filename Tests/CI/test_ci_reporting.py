# SPDX-License-Identifier: Apache-2.0
"""`segue test` as CI services read it, checked by parsing what it writes: GitHub annotations and the
step summary, junit.xml's file/line attributes and GitLab attachments, `--init`'s golden.json, and
the fallback to the geometry dump when goldens come from other library versions."""
import base64
import io
import json
import os
import re
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from PIL import Image

REPO = Path(__file__).resolve().parents[2]
SEGUE = REPO / ".build" / "debug" / "segue"

SCENE = """canvas: {size: [120, 80], scale: 2, fps: 10, background: "#FFFFFF"}
layers:
  - id: box
    frame: [10, 20, 40, 40]
    backgroundColor: "%s"
animations:
  - {layer: box, keyPath: position.x, from: %d, to: 90, duration: 0.5}
"""


def segue(*arguments, cwd, env=None, check=None):
    environment = {k: v for k, v in os.environ.items() if k not in ("CI", "GITHUB_ACTIONS", "SEGUE_RECORD")}
    environment.update(env or {})
    result = subprocess.run([SEGUE, *arguments], cwd=cwd, env=environment, capture_output=True, text=True)
    if check is not None:
        assert result.returncode == check, result.stdout + result.stderr
    return result


@pytest.fixture()
def recorded(tmp_path):
    """A scene with goldens recorded after `segue test --init`."""
    if not SEGUE.exists():
        pytest.skip("build Segue first (scripts/test does)")
    (tmp_path / "scenes").mkdir()
    (tmp_path / "scenes" / "box.yaml").write_text(SCENE % ("#FF0000", 30))
    segue("test", "--init", "goldens", cwd=tmp_path, check=0)
    segue("test", "scenes", "--golden", "goldens", cwd=tmp_path, check=0)
    return tmp_path


def test_init_writes_the_recommended_settings_and_recording_uses_them(recorded):
    settings = json.loads((recorded / "goldens" / "golden.json").read_text())
    assert settings["scale"] == 0.5 and settings["every"] == 3
    assert settings["maxDiffPixels"] == 0 and settings["minSSIM"] == 0.99
    # 0.5 s at 10 fps: t = 0, 0.1, …, 0.5 (the end state is a frame) = frames 0…5; every third plus
    # the last: 0, 3, 5. At scale 0.5 the 120×80 pt canvas is 60×40 px.
    frames = sorted(p.name for p in (recorded / "goldens" / "box").glob("frame-*.png"))
    assert frames == ["frame-0000.png", "frame-0003.png", "frame-0005.png"]
    assert Image.open(recorded / "goldens" / "box" / "frame-0000.png").size == (60, 40)
    # --init never overwrites a golden.json.
    again = segue("test", "--init", "goldens", cwd=recorded, check=2)
    assert "already exists" in again.stderr


def test_github_annotations_summary_and_junit_point_at_the_failure(recorded):
    (recorded / "scenes" / "box.yaml").write_text(SCENE % ("#0000FF", 30))   # every frame differs
    summary = recorded / "summary.md"
    summary.write_text("earlier step\n")
    run = segue("test", "scenes", "--golden", "goldens", "--report", "out/report", cwd=recorded, check=1,
                env={"CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)})
    annotations = [line for line in run.stdout.splitlines() if line.startswith("::error ")]
    assert len(annotations) == 1
    match = re.fullmatch(r"::error file=([^,]+),line=(\d+),title=([^:]+)::(.+)", annotations[0])
    assert match and match.group(1) == "scenes/box.yaml" and match.group(2) == "1"
    assert "box" in match.group(3)

    text = summary.read_text()
    assert text.startswith("earlier step\n")        # appended, not replaced
    row = next(line for line in text.splitlines() if line.startswith("| `box`"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert "failed" in cells[1] and cells[2] == "3" and cells[3] == "3"     # frames 0, 3, 5 compared, all differ
    images = re.findall(r'<img alt="(\w+)" width="200" src="data:image/png;base64,([A-Za-z0-9+/=]+)">', text)
    assert [role for role, _ in images] == ["expected", "actual", "diff"]
    expected = Image.open(io.BytesIO(base64.b64decode(images[0][1]))).convert("RGB")
    actual = Image.open(io.BytesIO(base64.b64decode(images[1][1]))).convert("RGB")
    assert expected.size == actual.size == (60, 40)
    # The box is red in the golden and blue now, at the same place in the worst frame: a 40 × 40 pt
    # box is 20 × 20 px at scale 0.5 (19 px of full colour where its edges fall between pixels).
    def box(image, colour):
        xs = [x for x in range(image.width) for y in range(image.height) if image.getpixel((x, y)) == colour]
        ys = [y for x in range(image.width) for y in range(image.height) if image.getpixel((x, y)) == colour]
        return (min(xs), min(ys), max(xs), max(ys)) if xs else None
    red, blue = box(expected, (255, 0, 0)), box(actual, (0, 0, 255))
    assert red is not None and red == blue, (red, blue)
    assert 19 <= red[2] - red[0] + 1 <= 20 and 19 <= red[3] - red[1] + 1 <= 20 and red[1] in (10, 11), red

    junit = ElementTree.parse(recorded / "out" / "report" / "junit.xml").getroot()
    case = junit.find(".//testcase[@name='box']")
    assert case.get("file") == "scenes/box.yaml" and case.get("line") == "1"
    assert case.find("failure") is not None
    attachments = re.findall(r"\[\[ATTACHMENT\|([^\]]+)\]\]", case.find("system-out").text)
    assert len(attachments) == 3
    for path in attachments:
        assert (recorded / path).is_file(), path      # relative to the directory the job ran in


def test_no_github_output_outside_github_actions(recorded):
    (recorded / "scenes" / "box.yaml").write_text(SCENE % ("#0000FF", 30))
    run = segue("test", "scenes", "--golden", "goldens", cwd=recorded, check=1, env={"CI": "true"})
    assert "::error" not in run.stdout


def test_other_library_versions_fall_back_to_the_geometry_dump(recorded):
    meta_path = recorded / "goldens" / "box" / "meta.json"
    meta = json.loads(meta_path.read_text())
    assert "cairo" in meta["renderer"] and "pixman" in meta["renderer"] and "pango" in meta["renderer"]
    meta["renderer"]["cairo"] = "0.0.1"
    meta_path.write_text(json.dumps(meta))
    # Pixels that would fail (another colour) but the same geometry: passes on the dump, and says why.
    (recorded / "scenes" / "box.yaml").write_text(SCENE % ("#0000FF", 30))
    run = segue("test", "scenes", "--golden", "goldens", cwd=recorded, check=0, env={"CI": "true"})
    assert "cairo 0.0.1 →" in run.stdout and "geometry dump" in run.stdout
    # A moved layer is still caught.
    (recorded / "scenes" / "box.yaml").write_text(SCENE % ("#0000FF", 10))
    run = segue("test", "scenes", "--golden", "goldens", cwd=recorded, check=1, env={"CI": "true"})
    assert "FAIL" in run.stdout and "cairo 0.0.1 →" in run.stdout


def test_ci_false_records_and_segue_record_is_obeyed(recorded):
    (recorded / "scenes" / "new.yaml").write_text(SCENE % ("#00FF00", 30))
    segue("test", "scenes", "--golden", "goldens", cwd=recorded, check=0, env={"CI": "false"})
    assert (recorded / "goldens" / "new" / "frame-0000.png").exists()
    (recorded / "scenes" / "box.yaml").write_text(SCENE % ("#0000FF", 30))
    run = segue("test", "scenes", "--golden", "goldens", cwd=recorded, check=0, env={"CI": "true", "SEGUE_RECORD": "failed"})
    assert "re-recorded" in run.stdout
    bad = segue("test", "scenes", "--golden", "goldens", cwd=recorded, check=2, env={"SEGUE_RECORD": "sometimes"})
    assert "SEGUE_RECORD=sometimes" in bad.stderr


def test_init_and_a_first_record_of_the_example_scenes_stay_small(tmp_path):
    """A new user's first `segue test --init` + record of scenes/ must not bloat their repository."""
    if not SEGUE.exists():
        pytest.skip("build Segue first (scripts/test does)")
    segue("test", "--init", str(tmp_path / "goldens"), cwd=REPO, check=0)
    segue("test", "scenes/", "--golden", str(tmp_path / "goldens"), "--report", str(tmp_path / "report"), "-q",
          cwd=REPO, check=0)
    files = [p for p in (tmp_path / "goldens").rglob("*") if p.is_file()]
    assert any(p.name == "dump.json.gz" for p in files)
    total = sum(p.stat().st_size for p in files)
    assert total < 8_000_000, f"{total:,} bytes"
