# SPDX-License-Identifier: Apache-2.0
"""Segue Studio's HTTP layer against the requests a hostile page (or anyone on the network with
--host 0.0.0.0) can send: oversized request lines and headers, large bodies that would be read as
a second request, connections that never finish their request, more connections than the process
has file descriptors, and floods of large frames. Raw sockets on loopback only; every loop is
bounded in count and time. After each attack a normal GET /api/scene must be answered within 1 s.
The expected statuses come from RFC 9110/6585 (400, 405, 413, 414, 431), not from the server."""
import os
import re
import shutil
import socket
import subprocess
import threading
import time

import pytest

from test_preview import Preview, open_page, wait_until
from test_studio_security import SCENE, page_token

KiB, MiB = 1024, 1024 * 1024


def start(segue, tmp_path, scene=SCENE, env=None, prefix=()):
    (tmp_path / "scene.yaml").write_text(scene)
    environment = dict(os.environ, **(env or {}))
    process = subprocess.Popen([*prefix, str(segue), "preview", str(tmp_path / "scene.yaml"), "--port", "0"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        process.kill()
        raise AssertionError(f"no URL from segue preview: {line!r} {process.stderr.read()!r}")
    preview = Preview.__new__(Preview)
    preview.process, preview.url, preview.port = process, match.group(0), int(match.group(1))
    return preview


@pytest.fixture
def studio(segue, tmp_path):
    # Head timeout 1 s (the default is 10 s) so the timeout test is quick.
    preview = start(segue, tmp_path, env={"SEGUE_STUDIO_HEAD_TIMEOUT": "1"})
    yield preview
    preview.stop()


def exchange(port, data, timeout=10.0):
    """Sends `data` (stopping quietly if the server closes first), then reads until the server
    closes or `timeout` passes. Returns (answer bytes, seconds until the first answer byte)."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        first = [None]
        received = bytearray()

        def read():
            try:
                while time.monotonic() - started < timeout:
                    chunk = connection.recv(65536)
                    if not chunk:
                        return
                    if first[0] is None:
                        first[0] = time.monotonic() - started
                    received.extend(chunk)
            except OSError:
                return

        reader = threading.Thread(target=read)
        reader.start()
        try:
            view = memoryview(data)
            for offset in range(0, len(view), 256 * KiB):
                connection.sendall(view[offset:offset + 256 * KiB])
        except OSError:
            pass  # the server refused and closed while we were still sending
        reader.join(timeout + 1)
    return bytes(received), first[0]


def statuses(answer, head_request=False):
    """The status codes of every response in `answer`, in order, read by their Content-Length;
    bytes left over that are not a whole response fail the test."""
    codes, rest = [], answer
    while rest:
        head, separator, rest = rest.partition(b"\r\n\r\n")
        assert separator, f"not a response: {head[:200]!r}"
        match = re.match(rb"HTTP/1\.1 (\d{3}) ", head)
        assert match, f"not a status line: {head[:200]!r}"
        codes.append(int(match.group(1)))
        length = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
        size = 0 if head_request or not length else int(length.group(1))
        assert len(rest) >= size, "a response cut short"
        rest = rest[size:]
    return codes


def scene_answered_quickly(port):
    """A normal request from Studio's own page is answered within 1 s."""
    started = time.monotonic()
    answer, _ = exchange(port, f"GET /api/scene HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode(), timeout=5)
    elapsed = time.monotonic() - started
    assert statuses(answer) == [200], answer[:200]
    assert b'"version"' in answer
    assert elapsed < 1.0, elapsed


def test_a_1_mib_request_line_is_refused_at_once_with_414(studio):
    port = studio.port
    request = b"GET /" + b"a" * MiB + f" HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    answer, first = exchange(port, request)
    assert statuses(answer) == [414], answer[:200]
    assert first < 1.0
    # Just over the limit is refused too, and just under it is not a 414.
    answer, _ = exchange(port, b"GET /?" + b"a" * (8 * KiB) + f" HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
    assert statuses(answer) == [414]
    answer, _ = exchange(port, b"GET /api/scene?x=" + b"a" * (7 * KiB) + f" HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
    assert statuses(answer) == [200]
    scene_answered_quickly(port)


def test_a_1_mib_header_is_refused_at_once_with_431(studio):
    port = studio.port
    request = f"GET /api/scene HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Big: ".encode() + b"b" * MiB + b"\r\n\r\n"
    answer, first = exchange(port, request)
    assert statuses(answer) == [431], answer[:200]
    assert first < 1.0
    # Many headers each under 8 KiB, together over 64 KiB.
    many = "".join(f"X-H{i}: {'c' * 1000}\r\n" for i in range(70))
    answer, _ = exchange(port, f"GET /api/scene HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{many}\r\n".encode())
    assert statuses(answer) == [431]
    scene_answered_quickly(port)


@pytest.mark.parametrize("method, path", [("POST", "/api/export?format=gif"), ("GET", "/api/wait?since=0"), ("POST", "/nowhere")])
def test_a_50_mb_body_gets_one_answer_and_is_never_read_as_a_second_request(studio, method, path):
    port = studio.port
    # The body is made of complete requests that would be answered if the body were parsed as HTTP.
    smuggled = f"GET /api/scene HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    body = (smuggled * (50 * 1000 * 1000 // len(smuggled) + 1))[:50 * 1000 * 1000]
    head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://evil.example\r\n"
            f"Content-Type: text/plain\r\nContent-Length: {len(body)}\r\n\r\n").encode()
    answer, _ = exchange(port, head + body, timeout=30)
    assert statuses(answer) == [413], answer[:300]
    assert b'"version"' not in answer
    # Chunked bodies too.
    answer, _ = exchange(port, f"POST /api/export?format=gif HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nTransfer-Encoding: chunked\r\n\r\n".encode()
                         + f"{len(smuggled):x}\r\n".encode() + smuggled + b"\r\n0\r\n\r\n" + smuggled)
    assert statuses(answer) == [413]
    # A malformed chunk behind the refused head, in the same packet: still one answer.
    answer, _ = exchange(port, f"POST /api/export?format=gif HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nTransfer-Encoding: chunked\r\n\r\n".encode()
                         + b"zz-not-hex\r\n" + smuggled)
    assert statuses(answer) == [413]
    assert studio.process.poll() is None
    scene_answered_quickly(port)


def test_200_partial_requests_are_closed_by_the_head_timeout(studio):
    port = studio.port
    sockets = []
    try:
        for _ in range(200):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            s.sendall(f"GET /api/scene HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ".encode())
            sockets.append(s)
        # One more that keeps sending a byte every 0.25 s: the timeout counts from its first byte.
        dribbler = socket.create_connection(("127.0.0.1", port), timeout=5)
        dribbler.sendall(b"GET / HTTP/1.1\r\n")
        started = time.monotonic()
        closed_after = None
        while time.monotonic() - started < 6:
            try:
                dribbler.sendall(b"X")
            except OSError:
                closed_after = time.monotonic() - started
                break
            time.sleep(0.25)
        assert closed_after is not None and closed_after < 4, closed_after
        dribbler.close()
        # Every partial request has been closed (EOF), within a few seconds of the 1 s timeout.
        deadline = time.monotonic() + 5
        still_open = list(sockets)
        while still_open and time.monotonic() < deadline:
            for s in list(still_open):
                s.settimeout(0.01)
                try:
                    if s.recv(4096) == b"":
                        still_open.remove(s)
                except socket.timeout:
                    pass
                except OSError:
                    still_open.remove(s)
        assert not still_open, f"{len(still_open)} of 200 partial requests still open"
    finally:
        for s in sockets:
            s.close()
    scene_answered_quickly(port)


def test_300_connections_under_a_128_file_limit_leave_the_server_running(segue, tmp_path):
    prlimit = shutil.which("prlimit")
    if not prlimit:
        pytest.skip("prlimit (util-linux) is not installed")
    preview = start(segue, tmp_path, env={"SEGUE_STUDIO_HEAD_TIMEOUT": "60"}, prefix=(prlimit, "--nofile=128:128"))
    port, sockets = preview.port, []
    try:
        for i in range(300):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            if i % 2:
                s.sendall(b"GET / HTTP/1.1\r\n")  # half of them mid-request
            sockets.append(s)
        time.sleep(1.5)
        assert preview.process.poll() is None, preview.process.stderr.read()
        scene_answered_quickly(port)
        # Studio's own page still loads, and the oldest idle connections were the ones closed.
        assert page_token(port)
        closed = 0
        for s in sockets[:40]:
            s.settimeout(0.05)
            try:
                closed += s.recv(1) == b""
            except socket.timeout:
                pass
            except OSError:
                closed += 1
        assert closed > 0
    finally:
        for s in sockets:
            s.close()
        preview.stop()


def test_accept_failing_for_want_of_file_descriptors_is_logged_and_survived(segue, tmp_path):
    prlimit = shutil.which("prlimit")
    if not prlimit:
        pytest.skip("prlimit (util-linux) is not installed")
    # A connection cap above the file limit (a test-only setting), so that accept runs out of
    # descriptors (EMFILE) while the held connections stay open.
    preview = start(segue, tmp_path, env={"SEGUE_STUDIO_HEAD_TIMEOUT": "3", "SEGUE_STUDIO_MAX_CONNECTIONS": "1000"},
                    prefix=(prlimit, "--nofile=128:128"))
    port, sockets = preview.port, []
    try:
        for _ in range(200):
            sockets.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        time.sleep(1.0)
        assert preview.process.poll() is None
        for s in sockets:
            s.close()
        sockets = []
        # Once the held connections are gone (closed here, or by the head timeout), it serves again.
        deadline = time.monotonic() + 10
        while True:
            try:
                scene_answered_quickly(port)
                break
            except AssertionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        preview.stop()
        assert "could not accept a connection" in preview.process.stderr.read()
    finally:
        for s in sockets:
            s.close()
        preview.stop()


BIG_SCENE = """\
canvas: {size: [1000, 1000], scale: 1, fps: 30, background: "#204060"}
layers:
  - {id: card, frame: [100, 100, 600, 600], backgroundColor: "#FFCC00", cornerRadius: 40}
animations:
  - {layer: card, keyPath: position.x, from: 300, to: 700, duration: 1.0, timing: linear}
"""


def peak_rss_bytes(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM")


def test_20_concurrent_scale_8_frames_stay_under_400_mb_and_some_are_refused(segue, tmp_path):
    preview = start(segue, tmp_path, scene=BIG_SCENE)
    port, results = preview.port, {}
    try:
        def ask(index):
            request = f"GET /api/frame?index={index}&scale=8 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode()
            results[index], _ = exchange(port, request, timeout=240)

        threads = [threading.Thread(target=ask, args=(i,)) for i in range(20)]
        for t in threads:
            t.start()
        time.sleep(0.5)
        scene_answered_quickly(port)  # while the frames render
        for t in threads:
            t.join(250)
        codes = [statuses(results.get(i, b""))[:1] for i in range(20)]
        assert all(c in ([200], [503]) for c in codes), codes
        assert [503] in codes and [200] in codes, codes
        for i in range(20):
            answer = results[i]
            if statuses(answer) != [200]:
                continue
            head, _, body = answer.partition(b"\r\n\r\n")
            width = int(re.search(rb"(?i)x-width: (\d+)", head).group(1))
            height = int(re.search(rb"(?i)x-height: (\d+)", head).group(1))
            # Capped: a 1000 × 1000 pt canvas at scale 8 would be 64 million pixels.
            assert width == height and width * height <= 8 * MiB and width >= 1000
            assert len(body) == width * height * 4
        peak = peak_rss_bytes(preview.process.pid)
        assert peak < 400 * 1000 * 1000, f"peak RSS {peak / 1e6:.0f} MB"
        scene_answered_quickly(port)
    finally:
        preview.stop()


def test_malformed_requests_get_400_other_methods_405_and_head_is_get(studio):
    port = studio.port
    answer, _ = exchange(port, b"THIS IS NOT HTTP\r\n\r\n")
    assert statuses(answer) == [400]
    # With the session token, so that the gate (which refuses any tokenless write with 403) lets it by.
    token = page_token(port)
    answer, _ = exchange(port, f"PUT /api/scene HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Segue-Token: {token}\r\nConnection: close\r\n\r\n".encode())
    assert statuses(answer) == [405]
    assert re.search(rb"(?i)\r\nallow: GET, HEAD\r\n", answer)
    answer, _ = exchange(port, f"GET /api/export?format=gif HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
    assert statuses(answer) == [405]
    get, _ = exchange(port, f"GET /api/scene HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
    head, _ = exchange(port, f"HEAD /api/scene HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
    assert statuses(head, head_request=True) == [200]
    get_head, _, get_body = get.partition(b"\r\n\r\n")
    head_head, _, head_body = head.partition(b"\r\n\r\n")
    assert head_body == b""
    length = int(re.search(rb"(?i)content-length: (\d+)", head_head).group(1))
    assert length == len(get_body) > 0
    # Two Host headers are a malformed request, not a choice of one.
    answer, _ = exchange(port, f"GET /api/scene HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: evil.example\r\n\r\n".encode())
    assert statuses(answer) == [400]
    scene_answered_quickly(port)


def test_keep_alive_serves_several_requests_on_one_connection(studio):
    port = studio.port
    one = f"GET /api/scene HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    last = f"GET /api/scene HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode()
    answer, _ = exchange(port, one * 3 + last)
    assert statuses(answer) == [200, 200, 200, 200]


def test_the_wildcard_host_prints_reachable_urls_and_its_403_names_no_address(segue, tmp_path):
    (tmp_path / "scene.yaml").write_text(SCENE)
    process = subprocess.Popen([str(segue), "preview", str(tmp_path / "scene.yaml"), "--port", "0", "--host", "0.0.0.0"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        urls = []
        while True:
            line = process.stdout.readline()
            match = re.search(r"(http://\S+)", line)
            if not match:
                break
            urls.append(match.group(1))
            if "127.0.0.1" in line:
                break  # loopback comes last
        assert urls and not any("0.0.0.0" in u for u in urls), urls
        # Every printed address is one of this machine's interface addresses (ip reads them independently).
        shown = {re.match(r"http://([^:/]+):", u).group(1) for u in urls}
        listed = subprocess.run(["ip", "-o", "-4", "addr", "show"], capture_output=True, text=True).stdout
        interface_addresses = set(re.findall(r"inet (\d+\.\d+\.\d+\.\d+)/", listed))
        assert shown <= interface_addresses, (shown, interface_addresses)
        port = int(re.search(r":(\d+)/", urls[0]).group(1))
        token = re.search(r"token=([0-9a-f]+)", urls[0]).group(1)
        # Each printed URL's host is accepted (sent over loopback, with that Host).
        for url in urls:
            host = re.match(r"http://([^/]+)/", url).group(1)
            answer, _ = exchange(port, f"GET /api/scene?token={token} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
            assert statuses(answer) == [200], (url, answer[:200])
        answer, _ = exchange(port, f"GET /api/scene?token={token} HTTP/1.1\r\nHost: evil.example:{port}\r\nConnection: close\r\n\r\n".encode())
        assert statuses(answer) == [403]
        for address in interface_addresses | {socket.gethostname()}:
            assert address.encode() not in answer.partition(b"\r\n\r\n")[2], address
    finally:
        process.kill()
        process.wait()


def test_ipv6_loopback_is_listened_on_or_not_accepted(studio):
    port = studio.port
    try:
        connection = socket.create_connection(("::1", port), timeout=5)
    except OSError:
        # Nothing listens on ::1 (no IPv6 here): then [::1] must not be an accepted Host either.
        answer, _ = exchange(port, f"GET /api/scene HTTP/1.1\r\nHost: [::1]:{port}\r\nConnection: close\r\n\r\n".encode())
        assert statuses(answer) == [403]
        return
    with connection:
        connection.sendall(f"GET /api/scene HTTP/1.1\r\nHost: [::1]:{port}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := connection.recv(65536):
            data += chunk
    assert statuses(data) == [200]


def test_a_failed_export_shows_its_error_and_gives_the_buttons_back(segue, browser, tmp_path):
    # A file where the export folder should be: the export cannot write and says why.
    (tmp_path / "out").write_text("not a folder")
    preview = start(segue, tmp_path)
    try:
        open_page(browser, preview.url)
        disabled = browser.execute_script("document.getElementById('exportGIF').click();"
                                          "return [exportMP4.disabled, exportGIF.disabled]")
        assert disabled == [True, True]
        wait_until(browser, "document.getElementById('exportStatus').textContent.startsWith('export failed')", timeout=60)
        status = browser.find_element("id", "exportStatus")
        assert "exporting" not in status.text
        assert "out" in status.text and status.is_displayed()
        assert browser.execute_script("return [exportMP4.disabled, exportGIF.disabled]") == [False, False]
        # The whole message is on screen: it wraps instead of running past the page's edge.
        right = browser.execute_script("const r = exportStatus.getBoundingClientRect(); return r.right")
        assert right <= browser.execute_script("return window.innerWidth")
    finally:
        preview.stop()


ATTACK_PAGE = """<!doctype html><title>elsewhere</title><body><script>
const target = "http://127.0.0.1:{port}";
function attack() {{
  for (let i = 0; i < 2; i++) {{ const img = new Image(); img.onerror = () => {{ window.answered = (window.answered || 0) + 1; }}; img.src = target + "/" + "a".repeat(256 * 1024) + "?" + Math.random(); }}
  for (let i = 0; i < 2; i++) fetch(target + "/api/export?format=gif", {{ method: "POST", mode: "no-cors", body: "GET /api/wait?since=0 HTTP/1.1\\r\\n\\r\\n" + "x".repeat(2200000) }}).catch(() => {{}});
  window.fired = (window.fired || 0) + 1;
}}
attack(); setInterval(attack, 500);
</script></body>"""


def test_a_page_from_another_origin_firing_attacks_does_not_stop_studio_s_own_page(segue, browser, tmp_path):
    preview = start(segue, tmp_path)
    (tmp_path / "attack").mkdir()
    (tmp_path / "attack" / "index.html").write_text(ATTACK_PAGE.format(port=preview.port))
    attacker = subprocess.Popen(["python3", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", str(tmp_path / "attack")],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        line = attacker.stdout.readline()
        attack_port = int(re.search(r"port (\d+)", line).group(1))
        open_page(browser, preview.url)
        studio_tab = browser.current_window_handle
        browser.switch_to.new_window("tab")
        browser.get(f"http://localhost:{attack_port}/index.html")
        wait_until(browser, "window.fired >= 2", timeout=20)
        browser.switch_to.window(studio_tab)
        # The page plays on: frames keep arriving while the other page keeps firing.
        browser.find_element("id", "play").click()
        wait_until(browser, "studio.playing && (window.seen = window.seen || new Set()).add(studio.drawnFrame).size >= 4", timeout=10)
        # The long poll and the API answer too, from the page and from a raw socket.
        assert browser.execute_async_script("const done = arguments[0]; fetch('/api/scene').then((r) => done(r.status))") == 200
        scene_answered_quickly(preview.port)
        browser.switch_to.window(browser.window_handles[-1])
        # The attacks reached Studio and were answered (refused), not left hanging.
        assert browser.execute_script("return window.fired") >= 2
        wait_until(browser, "window.answered >= 2", timeout=10)
        browser.close()
        browser.switch_to.window(studio_tab)
    finally:
        attacker.kill()
        attacker.wait()
        preview.stop()
