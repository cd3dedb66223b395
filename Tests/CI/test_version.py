# SPDX-License-Identifier: Apache-2.0
"""`segue --version --verbose` names each linked library with the version the system has installed
(read independently from dpkg) and its licence, and says what the binary is distributed under.

Runs the binary scripts/test builds (or scripts/package's release build); skipped without one,
except under CI=true.
"""
import os
import re
import shutil
import subprocess
import unittest

from test_copyright import IN_CI, built_binary

# Library name in the report → the Debian package that ships it.
PACKAGES = {
    "cairo": "libcairo2", "pixman": "libpixman-1-0", "pango": "libpango-1.0-0",
    "harfbuzz": "libharfbuzz0b", "freetype": "libfreetype6", "fontconfig": "libfontconfig1",
    "libwebp": "libwebpdemux2", "zlib": "zlib1g", "libimagequant": "libimagequant0", "ffmpeg": "libavutil57",
}
# FFmpeg's libraries carry their own versions; the package name ends in the major one.
SONAME_PACKAGES = {"libavcodec": "libavcodec59", "libavformat": "libavformat59",
                   "libavutil": "libavutil57", "libswscale": "libswscale6"}


def upstream_version(package):
    """dpkg's version of an installed package without epoch and Debian revision: 7:5.1.9-0+deb12u1 → 5.1.9."""
    out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True)
    if out.returncode != 0 or not out.stdout:
        return None
    version = out.stdout.split(":", 1)[-1]
    return re.split(r"[-+~]", version, maxsplit=1)[0].replace(".dfsg", "")


class VersionReportTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.binary = built_binary()
        reason = None
        if cls.binary is None:
            reason = "no built segue binary (swift build, or scripts/package)"
        elif shutil.which("dpkg-query") is None:
            reason = "dpkg-query is not installed"
        if reason:
            if IN_CI:
                raise AssertionError(reason)
            raise unittest.SkipTest(reason)
        run = subprocess.run([cls.binary, "--version", "--verbose"], capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        cls.report = run.stdout
        cls.rows = {}
        for line in cls.report.splitlines():
            fields = re.split(r"\s{2,}", line.strip())
            if len(fields) == 3:
                cls.rows[fields[0]] = (fields[1], fields[2])

    def test_plain_version_is_unchanged(self):
        run = subprocess.run([self.binary, "--version"], capture_output=True, text=True, timeout=60)
        self.assertEqual(run.stdout.strip(), "0.1.0")

    def test_it_says_what_the_binary_is_distributed_under(self):
        self.assertIn("Apache-2.0", self.report)
        self.assertIn("distributed under GPL-3.0-or-later", self.report)

    def test_each_library_has_the_installed_version_and_a_licence(self):
        for name, package in PACKAGES.items():
            with self.subTest(library=name):
                self.assertIn(name, self.rows, self.report)
                version, licence = self.rows[name]
                installed = upstream_version(package)
                if installed is None:
                    self.skipTest(f"{package} is not installed")
                self.assertTrue(version.startswith(installed), f"{name}: {version} against {package} {installed}")
                self.assertTrue(licence)
        self.assertIn("GPL-3.0-or-later", self.rows["libimagequant"][1])
        self.assertIn("GPL-2.0-or-later", self.rows["ffmpeg"][1])

    def test_ffmpeg_libraries_match_their_packages_major_versions(self):
        for name, package in SONAME_PACKAGES.items():
            with self.subTest(library=name):
                version, _ = self.rows[name]
                self.assertEqual(version.split(".")[0], re.search(r"(\d+)$", package).group(1))

    def test_built_in_components_are_listed_with_licences(self):
        for name in ("swift-argument-parser", "swift-syntax", "SwiftNIO (with llhttp)", "Yams (with libyaml)"):
            self.assertRegex(self.report, re.escape(name) + r"\s{2,}\S")


if __name__ == "__main__":
    unittest.main()
