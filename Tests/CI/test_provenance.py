# SPDX-License-Identifier: Apache-2.0
"""Only Segue's own code is committed.

Facts and published algorithms carry over from other projects; their code does not. This guard
fails when a tracked file carries another project's licence header, when another project's
LICENSE (or COPYING, NOTICE) file is tracked, or when a tracked file is byte for byte one of the
real-world corpus's pinned files (those are restored by `scripts/realworld-corpus fetch` into a
git-ignored folder, never committed).
"""
import hashlib
import json
import os
import re
import subprocess
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CORPUS_JSON = os.path.join(ROOT, "Tests", "Fixtures", "RealWorld", "corpus.json")
# The lines of a file where a licence header stands.
HEADER_LINES = 40
FOREIGN_HEADER = re.compile(
    r"Copyright \(c\)|Copyright ©|Copyright [0-9]{4}|Permission is hereby granted|"
    r"Redistribution and use in source and binary|Licensed under the Apache License|"
    r"GNU (Lesser |Library )?General Public License|SPDX-License-Identifier:\s*(?!Apache-2\.0)[A-Za-z0-9]",
    re.I)
LICENCE_NAME = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE)([.-].*)?$", re.I)
# Segue's own licence and the files whose job is to name other projects' licences.
OWN_LICENCE_FILES = {"LICENSE", "THIRD_PARTY_NOTICES.md", "packaging/copyright", "Tests/CI/test_provenance.py"}


def tracked_files():
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True).stdout.decode()
    return [p for p in out.split("\0") if p and os.path.isfile(os.path.join(ROOT, p))]


def foreign_header(text):
    """The first line among a file's first HEADER_LINES that reads like another project's licence header."""
    for number, line in enumerate(text.splitlines()[:HEADER_LINES], 1):
        if FOREIGN_HEADER.search(line):
            return number, line.strip()
    return None


def is_licence_file(path):
    return bool(LICENCE_NAME.match(os.path.basename(path)))


def corpus_hashes():
    with open(CORPUS_JSON, encoding="utf-8") as f:
        return {e["sha256"]: f"{e['repo']} {e['path']}" for e in json.load(f)["files"]}


class OnlyOurOwnCode(unittest.TestCase):
    def test_no_foreign_licence_header(self):
        found = []
        for path in tracked_files():
            if path in OWN_LICENCE_FILES:
                continue
            try:
                with open(os.path.join(ROOT, path), encoding="utf-8") as f:
                    text = f.read(64 * 1024)
            except (UnicodeDecodeError, OSError):
                continue
            hit = foreign_header(text)
            if hit:
                found.append(f"{path}:{hit[0]}: {hit[1][:100]}")
        self.assertEqual(found, [], "another project's licence header (its code does not belong here):\n  "
                         + "\n  ".join(found))

    def test_no_foreign_licence_file(self):
        found = [p for p in tracked_files() if is_licence_file(p) and p not in OWN_LICENCE_FILES]
        self.assertEqual(found, [], "another project's licence file is tracked")

    def test_no_corpus_file_committed(self):
        pinned = corpus_hashes()
        found = []
        for path in tracked_files():
            with open(os.path.join(ROOT, path), "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            if digest in pinned:
                found.append(f"{path} is {pinned[digest]}")
        self.assertEqual(found, [], "a real-world corpus file is committed; scripts/realworld-corpus fetch restores it:\n  "
                         + "\n  ".join(found))

    def test_the_guard_sees_what_it_guards_against(self):
        # Headers as other projects write them, and one of ours.
        self.assertIsNotNone(foreign_header("//\n//  Animator.swift\n//  Copyright (c) 2016 Someone\n"))
        self.assertIsNotNone(foreign_header("/*\n * Permission is hereby granted, free of charge, to any person\n"))
        self.assertIsNotNone(foreign_header("// SPDX-License-Identifier: MIT\nimport UIKit\n"))
        self.assertIsNone(foreign_header("// SPDX-License-Identifier: Apache-2.0\nimport Foundation\n"))
        self.assertTrue(is_licence_file("Vendor/LICENSE.md") and is_licence_file("x/COPYING"))
        self.assertFalse(is_licence_file("Sources/SegueDiff/Licences.swift"))
        # Every pinned corpus file is known by its hash: one per pinned file, none shared.
        with open(CORPUS_JSON, encoding="utf-8") as f:
            entries = json.load(f)["files"]
        self.assertEqual(len(corpus_hashes()), len({e["sha256"] for e in entries}))
        self.assertGreaterEqual(len(entries), 100)


if __name__ == "__main__":
    unittest.main()
