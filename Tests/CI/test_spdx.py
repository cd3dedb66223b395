# SPDX-License-Identifier: Apache-2.0
"""Every source file Segue's authors wrote carries an SPDX licence line.

Source files are Swift, C and headers, module maps, Python, and the shell and Python scripts in
scripts/ and .ci/. The line sits at the top (after a shebang or swift-tools-version line), or as
the last line of a test input whose line numbers the tests assert (a Swift animator the importer
reads). Third-party data keeps its own text and is left out (see THIRD_PARTY_DATA).

Run as a script with --add to insert the line where it is missing.
"""
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LICENSE = "Apache-2.0"
HEADER_LINES = 5
SOURCE_EXTENSIONS = (".swift", ".c", ".h", ".py", ".sh", ".modulemap")
SCRIPT_FOLDERS = ("scripts/", ".ci/")
# Fuzz inputs and goldens: data, not source to label.
THIRD_PARTY_DATA = ("Fuzz/corpus/", "Fuzz/regressions/", "goldens/")
# Swift read as data by the importer's tests, which assert file:line:column in it: the line goes
# last so that no line moves.
LINE_SENSITIVE = ("Tests/SegueSwiftImportTests/Animators/", "scenes/Animators/")


def comment(path):
    return "#" if path.endswith((".py", ".sh")) or path.startswith(SCRIPT_FOLDERS) else "//"


def spdx_line(path):
    return f"{comment(path)} SPDX-License-Identifier: {LICENSE}"


def tracked_files(root):
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=root, check=True,
                             capture_output=True).stdout.decode()
        return [p for p in out.split("\0") if p and os.path.isfile(os.path.join(root, p))]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for folder, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if d not in (".build", ".git", "out")]
            files += [os.path.relpath(os.path.join(folder, n), root) for n in names]
        return files


def is_source(path):
    if path.startswith(THIRD_PARTY_DATA):
        return False
    if path.endswith(SOURCE_EXTENSIONS):
        return True
    return path.startswith(SCRIPT_FOLDERS) and "." not in os.path.basename(path)


def has_spdx(path, text):
    lines = text.splitlines()
    wanted = spdx_line(path)
    if wanted in (line.strip() for line in lines[:HEADER_LINES]):
        return True
    return path.startswith(LINE_SENSITIVE) and bool(lines) and lines[-1].strip() == wanted


def missing(root):
    result = []
    for path in sorted(tracked_files(root)):
        if not is_source(path):
            continue
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            if not has_spdx(path, f.read()):
                result.append(path)
    return result


def add_line(root, path):
    full = os.path.join(root, path)
    with open(full, encoding="utf-8") as f:
        text = f.read()
    line = spdx_line(path) + "\n"
    if path.startswith(LINE_SENSITIVE):
        text = (text if text.endswith("\n") or not text else text + "\n") + line
    else:
        lines = text.splitlines(keepends=True)
        keep = 1 if lines and (lines[0].startswith("#!") or lines[0].startswith("// swift-tools-version")) else 0
        text = "".join(lines[:keep]) + line + "".join(lines[keep:])
    with open(full, "w", encoding="utf-8") as f:
        f.write(text)


class SPDXTests(unittest.TestCase):
    def test_every_source_file_has_an_spdx_line(self):
        absent = missing(ROOT)
        self.assertEqual(absent, [], "no SPDX-License-Identifier line in:\n  " + "\n  ".join(absent)
                         + "\n(python3 Tests/CI/test_spdx.py --add inserts it)")

    def test_the_check_sees_a_file_without_the_line_and_the_fix_adds_it(self):
        with tempfile.TemporaryDirectory() as root:
            os.makedirs(os.path.join(root, "Sources/A"))
            os.makedirs(os.path.join(root, "scripts"))
            os.makedirs(os.path.join(root, "Fuzz/corpus"))
            files = {
                "Package.swift": "// swift-tools-version:6.0\nimport PackageDescription\n",
                "Sources/A/a.swift": "import Foundation\n",
                "Sources/A/b.c": "// SPDX-License-Identifier: MIT\nint b;\n",
                "scripts/run": "#!/usr/bin/env bash\necho hi\n",
                "scenes/Animators/Flip.swift": "import UIKit\nlet x = 1\n",
                "Fuzz/corpus/seed.swift": "garbage\n",
                "README.md": "# not source\n",
            }
            os.makedirs(os.path.join(root, "scenes/Animators"))
            for path, text in files.items():
                with open(os.path.join(root, path), "w") as f:
                    f.write(text)
            # Another licence's line is not ours: reported, and left for a person to decide.
            self.assertEqual(missing(root), ["Package.swift", "Sources/A/a.swift", "Sources/A/b.c",
                                             "scenes/Animators/Flip.swift", "scripts/run"])
            os.remove(os.path.join(root, "Sources/A/b.c"))
            for path in missing(root):
                add_line(root, path)
            self.assertEqual(missing(root), [])
            with open(os.path.join(root, "Package.swift")) as f:
                self.assertEqual(f.read().splitlines()[:2],
                                 ["// swift-tools-version:6.0", "// SPDX-License-Identifier: Apache-2.0"])
            with open(os.path.join(root, "scripts/run")) as f:
                self.assertEqual(f.read().splitlines()[1], "# SPDX-License-Identifier: Apache-2.0")
            with open(os.path.join(root, "scenes/Animators/Flip.swift")) as f:
                self.assertEqual(f.read().splitlines(), ["import UIKit", "let x = 1",
                                                         "// SPDX-License-Identifier: Apache-2.0"])


if __name__ == "__main__":
    if sys.argv[1:] == ["--add"]:
        for path in missing(ROOT):
            add_line(ROOT, path)
            print("added:", path)
    else:
        unittest.main()
