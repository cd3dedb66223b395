# SPDX-License-Identifier: Apache-2.0
"""A small local runner for Segue's composite action (action.yml), enough to run its steps the way
GitHub's runner does: inputs with their defaults, `${{ … }}` expressions over inputs, github and
steps contexts, `if:` conditions, per-step GITHUB_OUTPUT files, GITHUB_STEP_SUMMARY, RUNNER_TEMP,
CI=true and GITHUB_ACTIONS=true. `uses: actions/upload-artifact` is stood in for by copying the path
into an artifacts folder, which is what a reviewer downloads.
"""
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import yaml

EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


@dataclass
class ActionRun:
    steps: list = field(default_factory=list)      # (id or name, exit status or None when skipped)
    outputs: dict = field(default_factory=dict)     # the action's outputs
    stdout: str = ""
    summary: str = ""
    artifacts: Path = None
    failed: bool = False


class ActionRunner:
    def __init__(self, action_path: Path, workspace: Path, env=None):
        self.action_path = action_path
        self.workspace = workspace
        self.action = yaml.safe_load((action_path / "action.yml").read_text())
        self.extra_env = env or {}

    def _value(self, expression, inputs, steps, status_ok):
        """Evaluates the expression subset the action uses."""
        expression = expression.strip()
        if expression in ("always()",):
            return True
        if expression == "success()":
            return status_ok
        if " && " in expression:
            return all(self._value(part, inputs, steps, status_ok) for part in expression.split(" && "))
        if " == " in expression:
            left, right = (self._value(p, inputs, steps, status_ok) for p in expression.split(" == ", 1))
            return str(left) == str(right)
        if expression.startswith("'") and expression.endswith("'"):
            return expression[1:-1]
        parts = expression.split(".")
        if parts[0] == "inputs":
            return inputs[parts[1]]
        if parts[0] == "github" and parts[1] == "action_path":
            return str(self.action_path)
        if parts[0] == "steps" and parts[2] == "outputs":
            return steps.get(parts[1], {}).get(parts[3], "")
        raise ValueError(f"expression not supported by the local runner: {expression}")

    def _substitute(self, text, inputs, steps):
        return EXPRESSION.sub(lambda m: str(self._value(m.group(1), inputs, steps, True)), str(text))

    def run(self, **given) -> ActionRun:
        declared = self.action["inputs"]
        unknown = set(given) - set(declared)
        if unknown:
            raise ValueError(f"inputs not declared by action.yml: {sorted(unknown)}")
        # The runner passes every input as a string, defaults filled in.
        inputs = {name: str(given.get(name, spec.get("default", ""))) for name, spec in declared.items()}
        temp = self.workspace / "_runner_temp"
        temp.mkdir(exist_ok=True)
        summary = temp / "step_summary.md"
        summary.write_text("")
        artifacts = self.workspace / "_artifacts"
        result = ActionRun(artifacts=artifacts)
        steps = {}
        for index, step in enumerate(self.action["runs"]["steps"]):
            step_id = step.get("id", f"step{index}")
            condition = step.get("if", "success()")
            if not self._value(condition.replace("${{", "").replace("}}", ""), inputs, steps, not result.failed):
                result.steps.append((step_id, None))
                continue
            if "uses" in step:
                assert step["uses"].startswith("actions/upload-artifact@"), step["uses"]
                with_ = {k: self._substitute(v, inputs, steps) for k, v in step.get("with", {}).items()}
                source = self.workspace / with_["path"]
                if source.exists():
                    shutil.copytree(source, artifacts / with_["name"])
                result.steps.append((step_id, 0))
                continue
            output_file = temp / f"output-{index}"
            output_file.write_text("")
            env = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")}
            env.update(CI="true", GITHUB_ACTIONS="true", GITHUB_WORKSPACE=str(self.workspace),
                       GITHUB_OUTPUT=str(output_file), GITHUB_STEP_SUMMARY=str(summary),
                       RUNNER_TEMP=str(temp), GITHUB_ACTION_PATH=str(self.action_path))
            env.update(self.extra_env)
            env.update({k: self._substitute(v, inputs, steps) for k, v in step.get("env", {}).items()})
            script = self._substitute(step["run"], inputs, steps)
            # GitHub runs `shell: bash` as `bash --noprofile --norc -eo pipefail {0}`.
            assert step.get("shell") == "bash", "every run step names its shell"
            completed = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd=self.workspace, env=env,
                                       capture_output=True, text=True)
            result.stdout += completed.stdout + completed.stderr
            outputs = {}
            for line in output_file.read_text().splitlines():
                if "=" in line:
                    key, value = line.split("=", 1)
                    outputs[key] = value
            steps[step_id] = outputs
            result.steps.append((step_id, completed.returncode))
            if completed.returncode != 0:
                result.failed = True
        result.outputs = {name: self._substitute(spec["value"], inputs, steps)
                          for name, spec in self.action.get("outputs", {}).items()}
        result.summary = summary.read_text()
        return result
