# SPDX-License-Identifier: Apache-2.0
"""The README's tour, run as a new user runs it: `scenes/` copied into an empty folder, every
`segue` command of the tour's shell blocks run as written, in order, and every file the tour says
to write (a YAML block after "write `NAME`" or "Save this as `NAME`") written first. A command that
exits non-zero, or says "no such file" or "does not exist", fails the test.

Needs the debug build (.build/debug/segue); skipped without it, except under CI."""
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SEGUE = os.path.join(ROOT, ".build", "debug", "segue")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.M | re.S)
WRITE = re.compile(r"(?:write|save (?:it|this) as) `([^`]+)`", re.I)


def tour_steps(readme):
    """The tour's steps in order: ("write", name, text) and ("run", command)."""
    start = readme.index("\n## A tour")
    end = readme.index("\n## ", start + 1)
    tour = readme[start:end]
    steps = []
    pending_name = None
    position = 0
    for match in FENCE.finditer(tour):
        prose = tour[position:match.start()]
        position = match.end()
        names = WRITE.findall(prose)
        if names:
            pending_name = names[-1]
        language, body = match.group(1), match.group(2)
        if language == "yaml" and pending_name and WRITE.search(prose):
            steps.append(("write", pending_name, body))
        elif language == "sh":
            for line in body.splitlines():
                command = re.sub(r"\s+#.*$", "", line).strip()
                if command.startswith("segue "):
                    steps.append(("run", command))
    return steps


class ReadmeTourTests(unittest.TestCase):
    def setUp(self):
        if not os.access(SEGUE, os.X_OK):
            if os.environ.get("CI"):
                self.fail(f"{SEGUE} is missing: build with swift build first")
            self.skipTest("no debug build of segue")

    def test_the_steps_are_found(self):
        with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
            steps = tour_steps(f.read())
        commands = [s[1] for s in steps if s[0] == "run"]
        written = [s[1] for s in steps if s[0] == "write"]
        self.assertIn("segue render scenes/flip.yaml -o out/flip.mp4", commands)
        self.assertIn("my.yaml", written)
        self.assertIn("stories.yaml", written)
        self.assertGreater(len(commands), 15)
        # golden settings before the first recording run
        init = next(i for i, c in enumerate(commands) if c.startswith("segue test --init"))
        first_test = next(i for i, c in enumerate(commands) if c.startswith("segue test ") and "--init" not in c)
        self.assertLess(init, first_test)

    def test_every_tour_command_runs_as_written_from_an_empty_folder(self):
        with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
            steps = tour_steps(f.read())
        folder = tempfile.mkdtemp(prefix="segue-tour-")
        try:
            shutil.copytree(os.path.join(ROOT, "scenes"), os.path.join(folder, "scenes"))
            env = dict(os.environ)
            env["PATH"] = os.path.dirname(SEGUE) + os.pathsep + env.get("PATH", "")
            env.pop("CI", None)  # a user's first `segue test` records; under CI=true it would refuse
            for step in steps:
                if step[0] == "write":
                    path = os.path.join(folder, step[1])
                    os.makedirs(os.path.dirname(path), exist_ok=True)
                    with open(path, "w", encoding="utf-8") as f:
                        f.write(step[2])
                    continue
                command = step[1]
                with self.subTest(command=command):
                    if command.startswith("segue preview"):
                        self.run_server(command, folder, env)
                    else:
                        self.run_command(command, folder, env)
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def run_command(self, command, folder, env):
        result = subprocess.run(["bash", "-c", command], cwd=folder, env=env, capture_output=True, text=True,
                                timeout=1200)
        said = result.stdout + result.stderr
        self.assertEqual(result.returncode, 0, f"{command}\n{said}")
        self.assertNotRegex(said.lower(), r"no such file|does not exist", f"{command}\n{said}")

    def run_server(self, command, folder, env):
        """`segue preview` runs until stopped: it passes once it says where it listens."""
        process = subprocess.Popen(["bash", "-c", "exec " + command], cwd=folder, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, start_new_session=True)
        try:
            deadline = time.time() + 120
            said = ""
            while time.time() < deadline:
                line = process.stdout.readline()
                if not line:
                    break
                said += line
                if "Segue Studio: http" in line:
                    break
            self.assertIn("Segue Studio: http", said, f"{command}\n{said}")
            self.assertNotRegex(said.lower(), r"no such file|does not exist", f"{command}\n{said}")
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)


if __name__ == "__main__":
    unittest.main()
