# SPDX-License-Identifier: Apache-2.0
"""Runs action.yml's steps through the local runner (action_runner.py) with the inputs set as GitHub's
runner sets them, against a real `segue` on PATH, and checks what a workflow author relies on: the exit
status, the `status` output, the uploaded report, and the failure path."""
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from action_runner import ActionRunner

REPO = Path(__file__).resolve().parents[2]
SEGUE = REPO / ".build" / "debug" / "segue"

SCENE = """canvas: {size: [120, 80], scale: 1, fps: 10, background: "#FFFFFF"}
layers:
  - id: box
    frame: [10, 20, 40, 40]
    backgroundColor: "%s"
animations:
  - {layer: box, keyPath: position.x, from: 30, to: 90, duration: 0.5}
"""


@pytest.fixture()
def workspace(tmp_path):
    if not SEGUE.exists():
        pytest.skip("build Segue first (scripts/test does)")
    (tmp_path / "scenes").mkdir()
    (tmp_path / "scenes" / "box.yaml").write_text(SCENE % "#FF0000")
    # Goldens recorded outside CI, as a developer would before committing them.
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "GITHUB_ACTIONS")}
    subprocess.run([SEGUE, "test", "scenes/", "--golden", "goldens/", "--record", "all", "--report", "out/record"],
                   cwd=tmp_path, env=env, check=True, capture_output=True)
    assert (tmp_path / "goldens" / "box").is_dir()
    return tmp_path


def runner(workspace):
    # `segue` on PATH, as after a previous install step or in a container that has it.
    path = f"{SEGUE.parent}:{os.environ['PATH']}"
    return ActionRunner(REPO, workspace, env={"PATH": path})


def test_passing_scenes_exit_zero_and_upload_the_report(workspace):
    run = runner(workspace).run(scenes="scenes/", goldens="goldens/", report="out/segue-report", **{"artifact-name": "golden"})
    assert not run.failed, run.stdout
    assert run.outputs["status"] == "0"
    report = json.loads((run.artifacts / "golden" / "report.json").read_text())
    assert [scene["status"] for scene in report["scenes"]] == ["passed"]
    assert (run.artifacts / "golden" / "junit.xml").exists()


def test_a_changed_scene_fails_the_job_after_uploading_its_report(workspace):
    (workspace / "scenes" / "box.yaml").write_text(SCENE % "#0000FF")   # red box now blue: every frame differs
    run = runner(workspace).run(scenes="scenes/", goldens="goldens/", report="out/segue-report")
    assert run.failed
    assert run.outputs["status"] == "1"
    # The test step itself succeeded so the upload ran; the last step carries the failure.
    statuses = dict(run.steps)
    assert statuses["test"] == 0 and list(statuses.values())[-1] == 1
    report = json.loads((run.artifacts / "segue-report" / "report.json").read_text())
    assert [scene["status"] for scene in report["scenes"]] == ["failed"]


def test_under_ci_a_new_scene_is_not_recorded(workspace):
    shutil.copy(workspace / "scenes" / "box.yaml", workspace / "scenes" / "unrecorded.yaml")
    run = runner(workspace).run(scenes="scenes/", goldens="goldens/")
    assert run.failed and run.outputs["status"] == "1"
    assert not (workspace / "goldens" / "unrecorded").exists()


def test_shard_and_record_inputs_reach_segue(workspace):
    (workspace / "scenes" / "second.yaml").write_text(SCENE % "#00FF00")
    run = runner(workspace).run(scenes="scenes/", goldens="goldens/", shard="2/2", record="missing", upload="false")
    # Sorted scene list [box, second]: shard 2/2 is "second" alone, recorded because record=missing.
    assert not run.failed, run.stdout
    assert (workspace / "goldens" / "second").is_dir()
    assert not run.artifacts.exists()   # upload: false skips the upload step


def test_a_missing_package_is_a_clear_error(workspace):
    run = runner(workspace).run(deb="nowhere/segue_0.0.0_amd64.deb")
    assert run.failed
    assert "::error::Segue package not found: nowhere/segue_0.0.0_amd64.deb" in run.stdout
    assert run.outputs["status"] == ""   # nothing was tested
