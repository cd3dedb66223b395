# SPDX-License-Identifier: Apache-2.0
"""The real-world corpus, restored by `scripts/realworld-corpus fetch`, is verbatim: every file
corpus.json lists is there byte for byte as its authors wrote it (its SHA-256 at the pinned
commit), beside its repository's licence, and nothing else sits in the corpus folders. The files
are other projects' code and never committed, so without them these tests skip, saying so.
"""
import hashlib
import json
import subprocess
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
        return CORPUS / entry["repo"].replace("/", "-") / Path(entry["path"]).name

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
        present = {p for d in CORPUS.iterdir() if d.is_dir() and d.name != "scenes" for p in d.iterdir()}
        self.assertEqual(sorted(present - listed), [])


if __name__ == "__main__":
    unittest.main()
