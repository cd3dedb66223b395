# SPDX-License-Identifier: Apache-2.0
"""The real-world corpus, restored by `scripts/realworld-corpus fetch`, is verbatim: every file
corpus.json lists, in both halves (development and held-out) and among the unrelated files, is
there byte for byte as its authors wrote it (its SHA-256 at the pinned commit), beside its
repository's licence, and nothing else sits in the corpus folders. The files are other projects'
code and never committed, so without them these tests skip, saying so in one line.
"""
import hashlib
import json
import subprocess
import time
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "Tests" / "Fixtures" / "RealWorld"


def corpus_missing():
    """None when every corpus file is restored, else the one line that says what is missing."""
    check = subprocess.run([str(ROOT / "scripts" / "realworld-corpus"), "check"], capture_output=True, text=True)
    return None if check.returncode == 0 else check.stdout.strip()


class CorpusIsVerbatim(unittest.TestCase):
    def setUp(self):
        self.entries = json.loads((CORPUS / "corpus.json").read_text())["files"]
        missing = corpus_missing()
        if missing:
            self.skipTest(missing)

    def test_every_pinned_file_is_fetchable_by_its_pin(self):
        for entry in self.entries:
            with self.subTest(path=entry["path"], repo=entry["repo"]):
                self.assertRegex(entry["commit"], r"^[0-9a-f]{40}$")
                self.assertRegex(entry["sha256"], r"^[0-9a-f]{64}$")

    def local(self, entry):
        base = CORPUS / "unrelated" if entry["role"] == "U" else CORPUS
        return base / entry["repo"].replace("/", "-") / Path(entry["path"]).name

    def test_every_file_has_its_pinned_hash(self):
        for entry in self.entries:
            with self.subTest(path=entry["path"], repo=entry["repo"]):
                data = self.local(entry).read_bytes()
                self.assertEqual(hashlib.sha256(data).hexdigest(), entry["sha256"])

    def test_every_repository_has_its_licence(self):
        repos = {e["repo"] for e in self.entries}
        licensed = {e["repo"] for e in self.entries if e["role"] == "L"}
        self.assertEqual(repos, licensed)

    def test_no_unlisted_file(self):
        listed = {self.local(e) for e in self.entries}
        present = {p for d in CORPUS.iterdir() if d.is_dir() and d.name != "scenes"
                   for p in d.rglob("*") if p.is_file()}
        self.assertEqual(sorted(present - listed), [])

    def test_both_halves_and_the_unrelated_files_are_pinned(self):
        # The held-out half is what the importer is measured on; it must not shrink into the
        # development half, nor share a repository with it (a file read there would leak).
        halves = {}
        for e in self.entries:
            halves.setdefault(e.get("half", "development"), []).append(e)
        self.assertEqual(set(halves), {"development", "held-out", "unrelated"})
        held = [e for e in halves["held-out"] if e["role"] == "A"]
        self.assertGreaterEqual(len(held), 40)
        self.assertGreaterEqual(len({e["repo"] for e in held}), 20)
        dev_repos = {e["repo"] for e in halves["development"]}
        self.assertEqual({e["repo"] for e in halves["held-out"]} & dev_repos, set())
        for e in held:
            with self.subTest(path=e["path"]):
                self.assertRegex(e.get("first_scored", ""), r"^\d{4}-\d{2}-\d{2}$")
        self.assertEqual(len([e for e in halves["unrelated"] if e["role"] == "U"]), 50)

    def test_no_two_pins_share_a_restored_path(self):
        seen = {}
        for e in self.entries:
            path = self.local(e)
            with self.subTest(path=str(path)):
                self.assertNotIn(path, seen, f"{e['repo']} {e['path']} and {seen.get(path)} restore to one file")
            seen[path] = e["path"]


def corpus_script():
    """scripts/realworld-corpus as a module (it has no .py suffix)."""
    import importlib.machinery
    import importlib.util
    loader = importlib.machinery.SourceFileLoader("realworld_corpus", str(ROOT / "scripts" / "realworld-corpus"))
    spec = importlib.util.spec_from_loader("realworld_corpus", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


class ScoringTellsCrashesAndHangsApart(unittest.TestCase):
    """The held-out score and the unrelated check count a crash or a hang apart from a located
    error: a process killed by a signal is a crash named by that signal, one still running at the
    timeout is a hang (and is killed), a non-zero exit with a message is an error."""

    def setUp(self):
        self.script = corpus_script()

    def test_a_signal_is_a_crash_named_by_it(self):
        outcome, code, _, _ = self.script.run_limited(["sh", "-c", "kill -SEGV $$"], "/")
        self.assertEqual((outcome, code), ("crash", 128 + 11))
        self.assertTrue(self.script.crash_line(code, "").startswith("SIGSEGV"))

    def test_a_signal_under_time_is_a_crash_and_time_reports_the_peak_memory(self):
        outcome, code, _, rss = self.script.run_limited(["sh", "-c", "kill -ILL $$"], "/", measure=True)
        self.assertEqual((outcome, code), ("crash", 128 + 4))
        self.assertIsInstance(rss, int)

    def test_an_error_exit_is_an_error(self):
        outcome, code, out, _ = self.script.run_limited(["sh", "-c", "echo 'a.swift:3:4: error: no'; exit 1"], "/")
        self.assertEqual((outcome, code), ("error", 1))
        self.assertIn("a.swift:3:4: error: no", out)

    def test_a_command_past_the_timeout_is_a_hang_and_is_stopped(self):
        self.script.TIMEOUT = 1
        started = time.monotonic()
        outcome, code, _, _ = self.script.run_limited(["sh", "-c", "sleep 20"], "/")
        self.assertEqual((outcome, code), ("hang", None))
        self.assertLess(time.monotonic() - started, 10)

    def test_causes_are_read_from_the_importers_messages(self):
        cause = self.script.cause
        self.assertIn("no animator", cause("X.swift:1:1: error: the file has no animator: no type adopts …"))
        self.assertIn("--type", cause("X.swift:9:1: error: the file has 2 animators (A, B)"))
        self.assertIn("another type", cause("X.swift:61:17: error: expected a CGRect for frame, found CGFloat"))
        self.assertIn("does not load", cause("X.yaml:31:16: error: '`' cannot start a value in YAML"))
        self.assertEqual(cause("SIGILL: Fatal error"), "crash")


if __name__ == "__main__":
    unittest.main()
