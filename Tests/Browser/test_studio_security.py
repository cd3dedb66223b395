# SPDX-License-Identifier: Apache-2.0
"""Segue Studio answers only its own page. These tests talk to a running `segue preview` with raw
HTTP, as a DNS-rebinding page or a cross-site form post would, and check what it refuses and what
it leaves on disk. One test drives the real page in headless Chromium to see what it tells the user
when an export had to go beside a file Studio did not write."""
import re
import signal
import socket
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from test_preview import Preview, open_page, wait_until

# A short scene (0.2 s) so that the exports these tests make are quick.
SCENE = """\
canvas: {size: [40, 30], scale: 1, fps: 30, background: "#FF0000"}
layers:
  - {id: bar, frame: [0, 10, 10, 10], backgroundColor: "#000000"}
animations:
  - {layer: bar, keyPath: position.x, from: 5, to: 35, duration: 0.2, timing: linear}
"""


def raw_request(port, method, path, headers):
    """Sends one HTTP/1.1 request exactly as given (Host included) and returns (status, headers, body)."""
    lines = [f"{method} {path} HTTP/1.1"] + [f"{k}: {v}" for k, v in headers.items()]
    lines += ["Content-Length: 0", "Connection: close", "", ""]
    with socket.create_connection(("127.0.0.1", port), timeout=120) as connection:
        connection.sendall("\r\n".join(lines).encode())
        data = b""
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    answer_headers = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        answer_headers[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), answer_headers, body


@pytest.fixture
def studio(segue, tmp_path):
    (tmp_path / "scene.yaml").write_text(SCENE)
    preview = Preview(segue, tmp_path / "scene.yaml", cwd=tmp_path)
    preview.port = int(re.search(r":(\d+)/$", preview.url).group(1))
    preview.dir = tmp_path
    yield preview
    preview.stop()


def page_token(port):
    status, _, body = raw_request(port, "GET", "/", {"Host": f"127.0.0.1:{port}"})
    assert status == 200
    match = re.search(rb'<meta name="segue-token" content="([0-9a-f]{32})">', body)
    assert match, "the page carries the session token"
    return match.group(1).decode()


def test_a_foreign_host_is_refused_everywhere_with_the_accepted_hosts_named(studio):
    port = studio.port
    token = page_token(port)
    for method, path in (("GET", "/"), ("GET", "/api/scene"), ("GET", "/api/frame?index=0&scale=1"),
                         ("GET", "/api/wait?since=-1"), ("POST", "/api/export?format=gif")):
        # What a DNS-rebinding page sends: its own name, the right port, even the right token.
        status, headers, body = raw_request(port, method, path, {"Host": f"evil.example:{port}", "X-Segue-Token": token})
        assert status == 403, (method, path, status)
        text = body.decode()
        for accepted in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"):
            assert accepted in text, (path, text)
        assert b"layers" not in body and b"scene.yaml" not in body
        assert not any(name.startswith("access-control-") for name in headers)
    assert not (studio.dir / "out").exists()
    # The three loopback names themselves are answered.
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}", f"[::1]:{port}"):
        status, _, body = raw_request(port, "GET", "/api/scene", {"Host": host})
        assert status == 200, host
        assert b'"frameCount":7' in body  # 0.2 s at 30 fps: frames 0 … 6
    # No Host at all (an HTTP/1.0 client) is not Studio's page either.
    status, _, _ = raw_request(port, "GET", "/api/scene", {})
    assert status == 403


def test_cross_site_requests_are_refused_and_write_nothing(studio):
    port = studio.port
    token = page_token(port)
    own = {"Host": f"127.0.0.1:{port}", "X-Segue-Token": token}
    for extra in ({"Origin": "http://evil.example"}, {"Origin": "null"}, {"Origin": f"http://localhost:{port + 1}"},
                  {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
                  {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}):
        status, headers, _ = raw_request(port, "POST", "/api/export?format=gif", {**own, **extra})
        assert status == 403, extra
        assert not any(name.startswith("access-control-") for name in headers)
        # A cross-site read of the API is refused too.
        status, _, _ = raw_request(port, "GET", "/api/scene", {**own, **extra})
        assert status == 403, extra
    assert not (studio.dir / "out").exists(), "a refused export wrote something"
    # A link from another site may still open the page itself.
    status, _, _ = raw_request(port, "GET", "/", {"Host": f"127.0.0.1:{port}", "Sec-Fetch-Site": "cross-site"})
    assert status == 200


def test_an_export_needs_the_session_token(studio):
    port = studio.port
    token = page_token(port)
    host = {"Host": f"127.0.0.1:{port}", "Origin": f"http://127.0.0.1:{port}", "Sec-Fetch-Site": "same-origin"}
    for wrong in ({}, {"X-Segue-Token": "0" * 32}, {"X-Segue-Token": token[:-1]}):
        status, _, body = raw_request(port, "POST", "/api/export?format=gif", {**host, **wrong})
        assert status == 403, wrong
        assert b"token" in body
    assert not (studio.dir / "out").exists()
    # With the page's token, from the page's origin, it exports.
    status, _, body = raw_request(port, "POST", "/api/export?format=gif", {**host, "X-Segue-Token": token})
    assert status == 200, body
    gif = studio.dir / "out" / "scene.gif"
    assert Image.open(gif).n_frames == 11  # GIFs render at 50 fps: frames 0 … 10 over 0.2 s


def test_an_existing_export_studio_did_not_write_is_kept_byte_for_byte(studio):
    port = studio.port
    token = page_token(port)
    out = studio.dir / "out"
    out.mkdir()
    theirs = out / "scene.gif"
    Image.new("RGB", (4, 4), (0, 128, 255)).save(theirs)
    before = theirs.read_bytes()
    headers = {"Host": f"127.0.0.1:{port}", "X-Segue-Token": token}
    import json
    status, _, body = raw_request(port, "POST", "/api/export?format=gif", headers)
    assert status == 200, body
    result = json.loads(body)
    assert theirs.read_bytes() == before
    beside = out / "scene-2.gif"
    assert Path(result["path"]).resolve() == beside.resolve()
    assert Path(result["keptExisting"]).resolve() == theirs.resolve()
    assert Image.open(beside).size == (40, 30)
    # A second export replaces the file this session wrote, not theirs and not a third name.
    first = beside.stat().st_ino
    status, _, body = raw_request(port, "POST", "/api/export?format=gif", headers)
    assert status == 200, body
    assert Path(json.loads(body)["path"]).resolve() == beside.resolve()
    assert theirs.read_bytes() == before
    assert beside.stat().st_ino != first  # written anew (temp file renamed over it)
    assert sorted(p.name for p in out.iterdir()) == ["scene-2.gif", "scene.gif"]
    # Once the user changes the file Studio wrote, it is theirs too.
    beside.write_bytes(b"edited by hand")
    status, _, body = raw_request(port, "POST", "/api/export?format=gif", headers)
    assert Path(json.loads(body)["path"]).name == "scene-3.gif"
    assert beside.read_bytes() == b"edited by hand"


def test_the_page_says_when_an_export_went_beside_an_existing_file(browser, studio):
    out = studio.dir / "out"
    out.mkdir()
    theirs = out / "scene.gif"
    Image.new("RGB", (4, 4), (0, 128, 255)).save(theirs)
    before = theirs.read_bytes()
    open_page(browser, studio.url)
    # The token is in the page, never in its address.
    assert "token" not in browser.current_url
    browser.find_element("id", "exportGIF").click()
    result = wait_until(browser, "studio.lastExport", timeout=120)
    assert "error" not in result, result
    status = browser.find_element("id", "exportStatus").text
    assert "scene.gif was not written by this Studio, so it is kept" in status
    assert "wrote " in status and "scene-2.gif" in status
    assert theirs.read_bytes() == before


def test_beyond_loopback_the_host_is_still_checked(segue, tmp_path):
    """With --host 0.0.0.0 the printed token gates access as before, and a foreign Host is
    refused even with the token."""
    (tmp_path / "scene.yaml").write_text(SCENE)
    process = subprocess.Popen([str(segue), "preview", str(tmp_path / "scene.yaml"), "--host", "0.0.0.0", "--port", "0"],
                               cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # The first URL printed is one this machine's interfaces answer on; never 0.0.0.0.
        match = re.search(r"http://([^/]+):(\d+)/\?token=([0-9a-f]{32})\b", process.stdout.readline())
        assert match and match.group(1) != "0.0.0.0"
        port, token = int(match.group(2)), match.group(3)
        status, _, body = raw_request(port, "GET", f"/api/scene?token={token}", {"Host": f"evil.example:{port}"})
        assert status == 403
        # The refusal says what to do, but lists no address of this machine.
        assert "Open the address segue preview printed" in body.decode()
        assert match.group(1) not in body.decode() and "0.0.0.0" not in body.decode()
        status, _, _ = raw_request(port, "GET", f"/api/scene?token={token}", {"Host": f"127.0.0.1:{port}"})
        assert status == 200
        status, _, _ = raw_request(port, "GET", "/api/scene", {"Host": f"127.0.0.1:{port}"})
        assert status == 403
        # The page beyond loopback holds the printed token, and exports with it.
        status, _, body = raw_request(port, "POST", f"/api/export?format=gif&token={token}",
                                      {"Host": f"0.0.0.0:{port}", "X-Segue-Token": token})
        assert status == 200, body
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)
