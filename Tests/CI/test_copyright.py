# SPDX-License-Identifier: Apache-2.0
"""The .deb's copyright file (packaging/copyright) is machine-readable (DEP-5) and names every
library the segue binary links, as dpkg-shlibdeps finds them; THIRD_PARTY_NOTICES.md does too.

dpkg-shlibdeps runs on the release binary where scripts/package built one, else on the debug
binary that scripts/test builds (its Swift runtime libraries come from the toolchain, not from
Debian packages, and are left out). Without a binary or dpkg-shlibdeps the check is skipped,
except under CI=true, where it fails.
"""
import os
import re
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
COPYRIGHT = os.path.join(ROOT, "packaging", "copyright")
NOTICES = os.path.join(ROOT, "THIRD_PARTY_NOTICES.md")
DEP5_FORMAT = "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def paragraphs(text):
    """DEP-5 (RFC 822-style) paragraphs: field name → value, continuation lines joined by \\n."""
    result = []
    for block in re.split(r"\n\s*\n", text.strip("\n")):
        fields, name = {}, None
        for line in block.split("\n"):
            if line.startswith((" ", "\t")):
                if name is None:
                    raise ValueError(f"continuation line before any field: {line!r}")
                fields[name] += "\n" + line.strip()
            else:
                match = re.match(r"([A-Za-z][A-Za-z0-9-]*):\s?(.*)$", line)
                if not match:
                    raise ValueError(f"not a field: {line!r}")
                name = match.group(1)
                if name in fields:
                    raise ValueError(f"field {name} twice in one paragraph")
                fields[name] = match.group(2)
        result.append(fields)
    return result


def packages_in_depends(depends):
    """Package names of a Depends line: 'libc6 (>= 2.34), libfoo1 | libfoo-extra1' → sets per entry."""
    entries = []
    for entry in depends.split(","):
        names = {re.sub(r"\s*\(.*?\)", "", alt).strip().split(":")[0] for alt in entry.split("|")}
        names.discard("")
        if names:
            entries.append(names)
    return entries


def missing_packages(depends, text):
    """Depends entries none of whose alternatives is named (as a whole word) in text."""
    def named(package):
        return re.search(r"(?<![A-Za-z0-9.+-])" + re.escape(package) + r"(?![A-Za-z0-9.+-])", text)
    return [" | ".join(sorted(names)) for names in packages_in_depends(depends)
            if not any(named(n) for n in names)]


def shlibdeps(binary):
    """dpkg-shlibdeps's Depends for binary, run the way scripts/package runs it."""
    with tempfile.TemporaryDirectory() as work:
        os.makedirs(os.path.join(work, "debian"))
        with open(os.path.join(work, "debian", "control"), "w") as f:
            f.write("Source: segue\n\nPackage: segue\nArchitecture: any\n")
        out = subprocess.run(["dpkg-shlibdeps", "-O", "--ignore-missing-info", "-e", os.path.abspath(binary)],
                             cwd=work, check=True, capture_output=True, text=True).stdout
    return "".join(re.findall(r"^shlibs:Depends=(.*)$", out, re.M))


def built_binary():
    for flavour in ("release", "debug"):
        path = os.path.join(ROOT, ".build", flavour, "segue")
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


class CopyrightFormatTests(unittest.TestCase):
    def setUp(self):
        with open(COPYRIGHT, encoding="utf-8") as f:
            self.text = f.read()
        self.paragraphs = paragraphs(self.text)

    def test_the_header_says_the_binary_is_gpl_3_or_later(self):
        header = self.paragraphs[0]
        self.assertEqual(header.get("Format"), DEP5_FORMAT)
        self.assertEqual(header.get("License"), "GPL-3.0+")
        self.assertIn("GPL-3.0-or-later", header.get("Comment", ""))

    def test_every_files_paragraph_has_copyright_and_a_defined_licence(self):
        files = [p for p in self.paragraphs[1:] if "Files" in p]
        self.assertTrue(any(p["Files"] == "usr/bin/segue" for p in files))
        defined = {p["License"].split("\n")[0] for p in self.paragraphs[1:] if "Files" not in p}
        for p in files:
            self.assertIn("Copyright", p, p["Files"])
            short = p["License"].split("\n")[0]
            # A short name with no text after it must be defined by a standalone paragraph.
            if "\n" not in p["License"]:
                self.assertIn(short, defined, f"License: {short} of Files: {p['Files']} has no text")

    def test_the_binary_is_gpl_3_or_later(self):
        binary = next(p for p in self.paragraphs if p.get("Files") == "usr/bin/segue")
        self.assertEqual(binary["License"], "GPL-3.0+")
        for part in ("Apple Inc.", "JP Simard", "Fedor Indutny", "Cloudinary", "JPEG XL"):
            self.assertIn(part, binary["Copyright"])

    def test_the_parser_rejects_what_is_not_dep5(self):
        with self.assertRaises(ValueError):
            paragraphs("Format: x\nnot a field\n")
        with self.assertRaises(ValueError):
            paragraphs(" leading continuation\n")


class LinkedLibrariesTests(unittest.TestCase):
    def test_a_depends_entry_is_missing_unless_one_alternative_is_named(self):
        text = "libcairo2 (Cairo): LGPL\n libavcodec59 (FFmpeg)\n"
        depends = "libc6 (>= 2.34), libcairo2 (>= 1.10), libavcodec59 (>= 7:5.1) | libavcodec-extra59 (>= 7:5.1)"
        self.assertEqual(missing_packages(depends, text), ["libc6"])
        # A longer name is not a mention of a shorter one, nor the reverse.
        self.assertEqual(missing_packages("libwebp7", "libwebp7x"), ["libwebp7"])
        self.assertEqual(missing_packages("libwebp7", "libwebp"), ["libwebp7"])

    def test_every_library_dpkg_shlibdeps_finds_is_named(self):
        binary = built_binary()
        reason = None
        if shutil.which("dpkg-shlibdeps") is None:
            reason = "dpkg-shlibdeps is not installed (apt-get install dpkg-dev)"
        elif binary is None:
            reason = "no built segue binary (swift build, or scripts/package)"
        if reason:
            if IN_CI:
                self.fail(reason)
            self.skipTest(reason)
        depends = shlibdeps(binary)
        self.assertTrue(packages_in_depends(depends), f"dpkg-shlibdeps found nothing for {binary}")
        for must in ("libavcodec", "libimagequant0", "libcairo2"):
            self.assertIn(must, depends)
        with open(COPYRIGHT, encoding="utf-8") as f:
            self.assertEqual(missing_packages(depends, f.read()), [],
                             f"packaging/copyright does not name these libraries of {binary}")
        with open(NOTICES, encoding="utf-8") as f:
            self.assertEqual(missing_packages(depends, f.read()), [],
                             f"THIRD_PARTY_NOTICES.md does not name these libraries of {binary}")


if __name__ == "__main__":
    unittest.main()
