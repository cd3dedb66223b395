# SPDX-License-Identifier: Apache-2.0
"""Every relative link and anchor in the documentation leads somewhere.

Checks the Markdown files at the repository's root (README.md, CHANGELOG.md, …) and under docs/:
inline links and images, reference definitions, and HTML href/src attributes, outside code. A
relative path must exist; an anchor (#…) must match a heading of the target Markdown file by
GitHub's rules (lower case, punctuation dropped, spaces to hyphens, -1, -2 … for repeats) or an
HTML id/name. Links with a scheme (https:, mailto:) are not fetched.
"""
import glob
import os
import re
import tempfile
import unittest
import unicodedata
from urllib.parse import unquote

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HTML_ATTR = re.compile(r"<(?:a|img|source)\b[^>]*?\b(?:href|src)\s*=\s*\"([^\"]+)\"", re.I)
HTML_ID = re.compile(r"<[^>]+\b(?:id|name)\s*=\s*\"([^\"]+)\"", re.I)
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")


def markdown_files(root):
    files = sorted(glob.glob(os.path.join(root, "*.md")))
    files += sorted(glob.glob(os.path.join(root, "docs", "**", "*.md"), recursive=True))
    return files


def prose_lines(text):
    """(line number, line) outside fenced code, with inline code spans blanked."""
    fenced = False
    for number, line in enumerate(text.split("\n"), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, re.sub(r"(`+)(?:(?!\1).)+\1", lambda m: " " * len(m.group(0)), line)


def heading_text(markdown):
    """A heading's text as GitHub renders it: links to their text, code and emphasis unwrapped."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"<[^>]+>", "", text)
    return text.replace("`", "").replace("*", "").replace("~~", "")


def slug(heading):
    """GitHub's anchor for a heading: lower case; letters, digits, marks, '-', '_' and spaces kept;
    spaces become hyphens."""
    kept = []
    for ch in heading_text(heading).strip().lower():
        category = unicodedata.category(ch)
        if ch in "-_" or category[0] in "LNM":
            kept.append(ch)
        elif ch == " ":
            kept.append("-")
    return "".join(kept)


def anchors(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    seen, result = {}, set()
    fenced = False
    for line in text.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
            continue
        match = None if fenced else HEADING.match(line)
        if match:
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            result.add(base if count == 0 else f"{base}-{count}")
    result.update(HTML_ID.findall(text))
    return result


def links(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for number, line in prose_lines(text):
        for pattern in (INLINE_LINK, HTML_ATTR):
            for match in pattern.finditer(line):
                yield number, match.group(1)
        match = REFERENCE.match(line)
        if match:
            yield number, match.group(1)


def broken_links(root):
    problems = []
    for path in markdown_files(root):
        for number, target in links(path):
            if not target or re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", target) or target.startswith("//"):
                continue
            where = f"{os.path.relpath(path, root)}:{number}: {target}"
            file_part, _, fragment = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), unquote(file_part))) if file_part else path
            if not os.path.exists(resolved):
                problems.append(f"{where}: no such file")
                continue
            if fragment:
                if os.path.isdir(resolved) or not resolved.endswith(".md"):
                    problems.append(f"{where}: an anchor into something that is not a Markdown file")
                elif unquote(fragment) not in anchors(resolved):
                    problems.append(f"{where}: no heading with that anchor in {os.path.relpath(resolved, root)}")
    return problems


class LinkTests(unittest.TestCase):
    def test_every_relative_link_and_anchor_in_the_docs_resolves(self):
        problems = broken_links(ROOT)
        self.assertEqual(problems, [], "broken links:\n  " + "\n  ".join(problems))

    def test_slugs_follow_github(self):
        # Anchors as github.com renders them for these headings.
        self.assertEqual(slug("Peak memory at 1170×2532"), "peak-memory-at-11702532")
        self.assertEqual(slug("`segue diff`"), "segue-diff")
        self.assertEqual(slug("The pixelmatch metric, number for number"), "the-pixelmatch-metric-number-for-number")
        self.assertEqual(slug("flip (seed 000: FlipPresentCustomTransition, FlipDismissCustomTransition)"),
                         "flip-seed-000-flippresentcustomtransition-flipdismisscustomtransition")
        self.assertEqual(slug("push / pop (seed 004)"), "push--pop-seed-004")
        self.assertEqual(slug("Visual diffs, and `segue test` in CI"), "visual-diffs-and-segue-test-in-ci")
        self.assertEqual(slug("Segue in CI: [the action](x.md)"), "segue-in-ci-the-action")

    def test_the_check_finds_a_missing_file_a_missing_anchor_and_ignores_code(self):
        with tempfile.TemporaryDirectory() as root:
            os.makedirs(os.path.join(root, "docs"))
            with open(os.path.join(root, "docs", "a.md"), "w") as f:
                f.write("# A page\n\n## Two words\n\n## Two words\n")
            with open(os.path.join(root, "README.md"), "w") as f:
                f.write("\n".join([
                    "[ok](docs/a.md#two-words) [repeat](docs/a.md#two-words-1) [self](#readme)",
                    "[gone](docs/missing.md) ![img](docs/none.png) [bad anchor](docs/a.md#three-words)",
                    "[web](https://example.org/x) `[code](docs/nothing.md)`",
                    "```", "[fenced](docs/nothing.md)", "```",
                    "[ref]: docs/also-missing.md",
                    "# README",
                ]))
            problems = broken_links(root)
            self.assertEqual([p.split(": ", 1)[1] for p in problems], [
                "docs/missing.md: no such file",
                "docs/none.png: no such file",
                "docs/a.md#three-words: no heading with that anchor in docs/a.md",
                "docs/also-missing.md: no such file",
            ])


if __name__ == "__main__":
    unittest.main()
