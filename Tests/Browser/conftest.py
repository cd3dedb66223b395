# SPDX-License-Identifier: Apache-2.0
"""Shared fixtures for Segue's browser tests (Studio preview page, report.html).

They drive Debian's Chromium through chromedriver with Selenium. Without Chromium they are
skipped locally, but under CI (CI set to anything but "false"/"0") a missing browser fails.
"""
import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _under_ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "false", "0", "no")


def _missing_browser_reason():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        return "Chromium and chromedriver are not installed (scripts/bootstrap installs them)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "the selenium Python package is not installed (scripts/bootstrap installs it)"
    return None


@pytest.fixture(scope="session")
def segue() -> Path:
    """The debug binary that scripts/test has just built."""
    binary = REPO / ".build" / "debug" / "segue"
    if not binary.exists():
        subprocess.run(["swift", "build", "--product", "segue"], cwd=REPO, check=True)
    return binary


@pytest.fixture(scope="session")
def browser():
    """A headless Chromium at device pixel ratio 1, 1280×900 viewport."""
    reason = _missing_browser_reason()
    if reason:
        if _under_ci():
            pytest.fail(reason + "; browser tests never skip under CI")
        pytest.skip(reason)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--force-device-scale-factor=1", "--window-size=1280,900",
                     "--autoplay-policy=no-user-gesture-required"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()
