# SPDX-License-Identifier: Apache-2.0
"""The harness itself: a page served from a file loads, runs its script and can be screenshotted."""
import base64
import io


def test_browser_runs_page_script_and_screenshots(browser, tmp_path):
    page = tmp_path / "page.html"
    page.write_text("<!doctype html><body style='margin:0;background:#fff'>"
                    "<canvas id=c width=40 height=30></canvas><script>"
                    "const g=document.getElementById('c').getContext('2d');"
                    "g.fillStyle='rgb(200,10,20)';g.fillRect(0,0,40,30);document.title='drawn';"
                    "</script>")
    browser.get(page.as_uri())
    assert browser.title == "drawn"
    from PIL import Image
    shot = Image.open(io.BytesIO(base64.b64decode(browser.get_screenshot_as_base64()))).convert("RGB")
    assert shot.getpixel((10, 10)) == (200, 10, 20)
    assert shot.getpixel((60, 10)) == (255, 255, 255)
