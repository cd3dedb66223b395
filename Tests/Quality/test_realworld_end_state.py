# SPDX-License-Identifier: Apache-2.0
"""Every real-world scene that renders ends in UIKit's end state.

After completeTransition(true), UIKit leaves the destination's view in the window: for a push,
a pop, a dismissal and a full-screen presentation it takes the source's view away, and the
corpus's destination screens are opaque and full-screen, so the last frame must be the
destination screen alone. That picture is drawn independently of the animator, by the scene's
`push` preset between the same two screens (its end state is the destination, untransformed),
and the two are compared pixel by pixel. Needs the corpus files (`scripts/realworld-corpus
fetch`), which are not in the repository: without them the test is skipped.
"""
import json
import subprocess
from pathlib import Path

import pytest
import yaml
from PIL import Image, ImageChops

REPO = Path(__file__).resolve().parents[2]
SEGUE = REPO / ".build" / "debug" / "segue"
CORPUS = REPO / "Tests" / "Fixtures" / "RealWorld"

# Scenes whose last frame is not the destination alone, each for a reason of UIKit's or the
# code's own, written out.
NOT_DESTINATION_ALONE = {
    # The base class never calls completeTransition(_:): UIKit never ends it (warned at its line).
    "elastic-edgepan.yaml": "never completes",
    # animateTransition is empty: its interaction controller does the work (warned).
    "zlphoto-preview-pop.yaml": "never completes",
    # Custom presentations keep the presenter: the action sheet covers only the bottom, the
    # menu only its 90 pt.
    "zlphoto-custom-alert.yaml": "custom presentation, partial sheet",
    "yalantis-menu.yaml": "custom presentation, a 90 pt menu",
    # The motion is the app's presentingAnimation(), bound to null; the code clears the bound
    # hero's background colour, so the destination ends without it.
    "dtphoto-present.yaml": "the code clears a bound layer's colour",
    # Over-full-screen and custom presentations that cover part of the screen: the presenter
    # stays beside the menu and under PanModal's dimmed sheet.
    "sidemenu-present.yaml": "over full screen, the presenter slid aside",
    "panmodal-present.yaml": "custom presentation, a sheet over a dimmed presenter",
}


def rendered_scenes():
    if not (CORPUS / "andreamazz-BubbleTransition" / "BubbleTransition.swift").exists():
        return []
    return sorted(p.name for p in (CORPUS / "scenes").glob("*.yaml"))


def scene_args(name: str) -> list:
    """The flags a scene past a default limit renders with (corpus.json's scene_args)."""
    return json.loads((CORPUS / "corpus.json").read_text()).get("scene_args", {}).get(name.removesuffix(".yaml"), [])


def still(scene: Path, out: Path, extra: list = ()) -> Image.Image:
    subprocess.run([str(SEGUE), "still", str(scene), "--time", "100", "--scale", "1", "-o", str(out), *extra],
                   check=True, capture_output=True, cwd=scene.parent)
    return Image.open(out).convert("RGB")


@pytest.mark.skipif(not SEGUE.exists(), reason="segue is not built")
@pytest.mark.parametrize("name", rendered_scenes() or ["(corpus not fetched)"])
def test_last_frame_is_the_destination(name, tmp_path):
    if name == "(corpus not fetched)":
        pytest.skip("the corpus files are not here: scripts/realworld-corpus fetch")
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
