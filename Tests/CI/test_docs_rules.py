# SPDX-License-Identifier: Apache-2.0
"""The project's rules for its words: a README short enough for users, and no history or build-machine
paths in the docs, the code or its comments (history lives in CHANGELOG.md)."""
import os
import re
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
README_MAX_LINES = 300
# "the fourth round", "issue 12", "/work/…": history and a build machine's paths.
FORBIDDEN = re.compile(r"(th|rd|nd|st) round|issue [0-9]+|/work/", re.I)
TEXT_EXTENSIONS = (".md", ".swift", ".c", ".h", ".json", ".yaml", ".modulemap", ".py")


def offending_lines(paths):
    found = []
    for top in paths:
        full = os.path.join(ROOT, top)
        walk = [(os.path.dirname(full), [], [os.path.basename(full)])] if os.path.isfile(full) else os.walk(full)
        for folder, _, names in walk:
            for name in sorted(names):
                if not name.endswith(TEXT_EXTENSIONS):
                    continue
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        if FORBIDDEN.search(line):
                            found.append(f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()[:100]}")
    return found


class DocsRulesTests(unittest.TestCase):
    def test_the_readme_is_short(self):
        with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
            lines = f.read().count("\n")
        self.assertLessEqual(lines, README_MAX_LINES, "README.md: keep it for users; move the rest to docs/")

    def test_no_history_or_build_machine_paths_in_docs_or_code(self):
        found = offending_lines(["README.md", "docs", "Sources"])
        self.assertEqual(found, [], "history belongs in CHANGELOG.md:\n  " + "\n  ".join(found))

    def test_the_pattern_catches_what_it_is_for(self):
        for line in ["after the eighth round", "(issue 12)", "see /work/main/log", "the 3rd round"]:
            self.assertRegex(line, FORBIDDEN)
        for line in ["rounded to the nearest", "a round trip", "issues with fonts"]:
            self.assertNotRegex(line, FORBIDDEN)


if __name__ == "__main__":
    unittest.main()
