# SPDX-License-Identifier: Apache-2.0
"""The real-world corpus is kept verbatim: every file corpus.json lists is in the repository,
byte for byte as its authors wrote it (its SHA-256 at the pinned commit), beside its repository's
licence, and nothing else sits in the corpus folders.
"""
import hashlib
import json
import unittest
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2] / "Tests" / "Fixtures" / "RealWorld"


class CorpusIsVerbatim(unittest.TestCase):
    def setUp(self):
        self.entries = json.loads((CORPUS / "corpus.json").read_text())["files"]

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
