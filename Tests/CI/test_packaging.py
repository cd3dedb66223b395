# SPDX-License-Identifier: Apache-2.0
"""The Debian package names who distributes it and where its GPL source is.

scripts/package refuses to build a package for distribution without the distributor's own
contact and homepage, and refuses placeholders; the templates carry Homepage:, Source: and the
written offer; the copyright file has the Unicode licence's text, not only its address. (CI's
install test, scripts/package-test, checks the same fields in a built package.)
"""
import os
import subprocess
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PACKAGING = os.path.join(ROOT, "packaging")


def package(**env):
    clean = {k: v for k, v in os.environ.items() if not k.startswith("SEGUE_")}
    clean.update(env)
    return subprocess.run([os.path.join(ROOT, "scripts", "package")], cwd=ROOT, env=clean,
                          capture_output=True, text=True, timeout=60)


def read(name):
    with open(os.path.join(PACKAGING, name), encoding="utf-8") as f:
        return f.read()


class PackageNamesItsDistributor(unittest.TestCase):
    def test_refuses_without_a_maintainer(self):
        run = package(SEGUE_HOMEPAGE="https://segue.dev.ourteam.net/")
        self.assertEqual(run.returncode, 2, run.stderr)
        self.assertIn("SEGUE_MAINTAINER", run.stderr)
        self.assertNotIn("SEGUE_HOMEPAGE", run.stderr.splitlines()[0])

    def test_refuses_placeholders(self):
        for maintainer, homepage, named in [
            ("Segue developers <segue@localhost>", "https://segue.dev.ourteam.net/", "SEGUE_MAINTAINER"),
            ("Ada <ada@ourteam.net>", "https://example.org/your/segue", "SEGUE_HOMEPAGE"),
            ("Ada <ada@segue.invalid>", "https://segue.dev.ourteam.net/", "SEGUE_MAINTAINER"),
        ]:
            with self.subTest(maintainer=maintainer, homepage=homepage):
                run = package(SEGUE_MAINTAINER=maintainer, SEGUE_HOMEPAGE=homepage)
                self.assertEqual(run.returncode, 2, run.stderr)
                self.assertIn(named, run.stderr.splitlines()[0])

    def test_templates_carry_homepage_source_and_offer(self):
        control = read("control.in")
        self.assertIn("\nHomepage: @HOMEPAGE@\n", control)
        self.assertIn("\nMaintainer: @MAINTAINER@\n", control)
        self.assertNotIn("localhost", control)
        copyright_text = read("copyright")
        self.assertIn("\nUpstream-Contact: @MAINTAINER@\nSource: @SOURCE@\n", copyright_text)
        offer = read("SOURCE.in")
        for placeholder in ("@SOURCE@", "@COMMIT@", "@SWIFT_PACKAGES@", "@MAINTAINER@"):
            self.assertIn(placeholder, offer)
        self.assertIn("three years", offer)

    def test_unicode_licence_text_is_included(self):
        text = read("copyright")
        start = text.index("License: Unicode-3.0\n")
        paragraph = text[start:text.index("\n\n", start)]
        self.assertIn("UNICODE LICENSE V3", paragraph)
        self.assertIn("Permission is hereby granted", paragraph)
        self.assertIn("Except as contained in this notice", paragraph)


if __name__ == "__main__":
    unittest.main()
