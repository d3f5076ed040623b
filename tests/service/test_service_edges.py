"""The service's edges (issue 32 item 3), against real servers on 127.0.0.1.

JSON only (415 otherwise), security headers on every answer, no ``server`` banner, slow heads
and bodies and idle connections timed out, a 413 that Python clients can read, timed-out heavy
work really stopped (its job process killed, the pool free at once) and workers replaced past
their request bound without a refused connection. The servers run with short time-outs so that
the whole module takes well under a minute; every loop is bounded.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Iterator, List

import httpx
import pytest

from omaha_eval.service import procinfo
from service_helpers import Server, detail

DEAL = {"hole": "AsKsQhJh", "board": "Ts9s8h2c2d"}
HEAVY = {"hands": ["AA**", "KK**"], "trials": 2000, "seed": 1}
EDGE_ENV = {"OMAHA_EVAL_SERVICE_HEADER_TIMEOUT": "1.5", "OMAHA_EVAL_SERVICE_BODY_TIMEOUT": "1.5",
            "OMAHA_EVAL_SERVICE_KEEP_ALIVE_TIMEOUT": "1"}


@pytest.fixture(scope="module")
def edge() -> Iterator[Server]:
    srv = Server("--time-limit", "3", env=EDGE_ENV)
    try:
        yield srv
    finally:
        srv.stop()


def _connect(server: Server) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=10)


def _closed_after(sock: socket.socket, limit: float, trickle: bytes = b"") -> float:
    """Seconds until the server closes ``sock`` (sending ``trickle`` every 0.3 s meanwhile),
    or ``limit`` if it is still open then."""
    started = time.monotonic()
    sock.settimeout(0.3)
    while time.monotonic() - started < limit:
        try:
            if trickle:
                sock.sendall(trickle)
            if sock.recv(65536) == b"":
                return time.monotonic() - started
        except socket.timeout:
            continue
        except OSError:
            return time.monotonic() - started
    return limit


# ---- JSON only ----

@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", None])
def test_a_body_not_sent_as_json_is_415_and_nothing_runs(edge: Server, content_type: Any) -> None:
    headers = {} if content_type is None else {"content-type": content_type}
    body = json.dumps({"config": {"structure": "pot", "small_blind": 1, "big_blind": 2},
                       "stacks": [100, 100], "seed": 4, "actions": []}).encode()
    r = httpx.post(edge.url + "/v1/hands", content=body, headers=headers, timeout=10)
    assert r.status_code == 415, r.text
    entry = detail(r)
    assert entry["type"] == "unsupported_media_type" and "application/json" in entry["msg"]
    assert "actor" not in r.text  # the hand was not played


def test_json_with_parameters_is_accepted(edge: Server) -> None:
    for value in ("application/json", "Application/JSON; charset=utf-8"):
        r = httpx.post(edge.url + "/v1/evaluate", content=json.dumps(DEAL).encode(),
                       headers={"content-type": value}, timeout=10)
        assert r.status_code == 200 and r.json()["hi"]["category"] == "Straight"


# ---- headers ----

def test_every_answer_has_the_security_headers_and_no_banner(edge: Server) -> None:
    with httpx.Client(base_url=edge.url, timeout=10) as c:
        answers = [c.get("/"), c.get("/static/calc.js"), c.get("/static/style.css"),
                   c.get("/healthz"), c.get("/no/such/page"), c.post("/v1/evaluate", json=DEAL),
                   c.post("/v1/evaluate", json={"hole": "Zz"}), c.get("/docs"),
                   c.post("/v1/evaluate", content=b"x", headers={"content-type": "text/plain"})]
    for r in answers:
        h = r.headers
        assert "server" not in h, (r.url, h)
        assert h["x-content-type-options"] == "nosniff"
        assert h["x-frame-options"] == "DENY"
        assert h["referrer-policy"] == "no-referrer"
        csp = h["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "default-src 'none'" in csp
    page = answers[0].headers["content-security-policy"]
    assert "script-src 'self';" in page and "unsafe-inline" not in page and "unsafe-eval" not in page
    assert "style-src 'self';" in page and "connect-src 'self'" in page


def test_the_page_loads_only_its_own_static_files(edge: Server) -> None:
    html = httpx.get(edge.url + "/", timeout=10).text
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.S)
    assert scripts and all(re.fullmatch(r'\s*src="/static/[\w.-]+"\s*', attrs) and not body.strip()
                           for attrs, body in scripts), scripts  # no inline script to block
    assert "<style" not in html and not re.search(r"\sstyle=", html)
    assert not re.search(r"\son[a-z]+=", html)  # no inline event handlers
    for url in re.findall(r'(?:href|src)="([^"]+)"', html):
        assert url.startswith(("/static/", "/docs", "/openapi.json", "#", "/")), url
        assert "//" not in url  # nothing from another origin


def test_no_websocket_upgrade(edge: Server) -> None:
    with _connect(edge) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        s.settimeout(10)
        assert not s.recv(65536).startswith(b"HTTP/1.1 101")


# ---- slow clients ----

def test_a_connection_that_sends_nothing_is_closed(edge: Server) -> None:
    with _connect(edge) as s:
        assert _closed_after(s, 8.0) < 8.0


def test_a_head_sent_a_byte_at_a_time_is_cut_off(edge: Server) -> None:
    with _connect(edge) as s:
        s.sendall(b"POST /v1/evaluate HTTP/1.1\r\nHost: x\r\n")
        assert _closed_after(s, 8.0, trickle=b"X-Slow: 1\r\n") < 8.0


def test_an_idle_keep_alive_connection_is_closed(edge: Server) -> None:
    body = json.dumps(DEAL).encode()
    with _connect(edge) as s:
        s.sendall(b"POST /v1/evaluate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        assert s.recv(65536).startswith(b"HTTP/1.1 200")
        assert _closed_after(s, 8.0) < 8.0
    with _connect(edge) as s:  # after an answer, a slowly sent next head is cut off as well
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        assert s.recv(65536).startswith(b"HTTP/1.1 200")
        s.sendall(b"GET /healthz HTTP/1.1\r\n")
        assert _closed_after(s, 8.0, trickle=b"X-Slow: 1\r\n") < 8.0


def test_a_slow_body_gets_408(edge: Server) -> None:
    with _connect(edge) as s:
        s.sendall(b"POST /v1/evaluate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 100\r\n\r\n{\"hole\"")
        s.settimeout(8.0)
        answer = s.recv(65536)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408"), answer
    assert json.loads(body)["detail"][0]["type"] == "timeout"


# ---- 413 that every client reads ----

def _big_body(size: int) -> bytes:
    return b'{"hole": "' + b"x" * size + b'"}'


def test_a_16_mib_body_gets_a_413_that_urllib_reads(edge: Server) -> None:
    request = urllib.request.Request(edge.url + "/v1/evaluate", data=_big_body(17 << 20),
                                     headers={"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(request, timeout=30)
    assert info.value.code == 413
    payload = json.loads(info.value.read())
    assert payload["detail"][0]["type"] == "body_too_large"


def test_a_big_body_gets_a_413_that_requests_and_httpx_read(edge: Server) -> None:
    requests = pytest.importorskip("requests")
    body = _big_body(20 << 20)
    r = requests.post(edge.url + "/v1/evaluate", data=body,
                      headers={"Content-Type": "application/json"}, timeout=30)
    assert r.status_code == 413 and r.json()["detail"][0]["type"] == "body_too_large"
    r2 = httpx.post(edge.url + "/v1/evaluate", content=body,
                    headers={"Content-Type": "application/json"}, timeout=30)
    assert r2.status_code == 413


def test_a_big_chunked_body_gets_a_readable_413(edge: Server) -> None:
    def pieces() -> Iterator[bytes]:
        for _ in range(24):
            yield b" " * (1 << 20)

    c = http.client.HTTPConnection("127.0.0.1", edge.port, timeout=30)
    try:
        c.request("POST", "/v1/evaluate", body=pieces(), encode_chunked=True,
                  headers={"Content-Type": "application/json"})
        r = c.getresponse()
        assert r.status == 413 and json.loads(r.read())["detail"][0]["type"] == "body_too_large"
    finally:
        c.close()
    assert httpx.get(edge.url + "/healthz", timeout=10).status_code == 200


# ---- timed-out work really stops ----

def test_the_heavy_pool_is_free_right_after_503s(edge: Server) -> None:
    slow = {"hands": ["A*****", "K*****"], "trials": 10}
    with ThreadPoolExecutor(4) as pool:  # more slow requests than there are job processes
        statuses = list(pool.map(lambda _: httpx.post(edge.url + "/v1/equity", json=slow,
                                                      timeout=30).status_code, range(4)))
    assert set(statuses) <= {422, 503}, statuses
    # right after: heavy work is served at once (the timed-out jobs' processes were killed)
    for _ in range(3):
        r = httpx.post(edge.url + "/v1/equity", json=HEAVY, timeout=30)
        assert r.status_code == 200, r.text
        assert r.json()["trials"] == 2000


# ---- workers replaced past their request bound ----

def _workers(server: Server) -> List[int]:
    out = []
    for pid in procinfo.process_tree(server.proc.pid)[1:]:
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
            parent = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if b"spawn_main" in command and parent == server.proc.pid:
            out.append(pid)
    return out


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_a_worker_past_its_request_bound_is_replaced_without_refusing_anyone() -> None:
    srv = Server(env={"OMAHA_EVAL_SERVICE_MAX_REQUESTS": "40",
                      "OMAHA_EVAL_SERVICE_JOB_PROCESSES": "0"})
    try:
        first = set(_workers(srv))
        assert len(first) == 1
        seen = set(first)
        for k in range(400):  # bounded: a replacement starts within a few seconds
            r = httpx.post(srv.url + "/v1/evaluate", json=DEAL, timeout=30)  # a new connection each
            assert r.status_code == 200
            seen |= set(_workers(srv))
            if len(seen) > 1 and k >= 60 and not (set(_workers(srv)) & first):
                break
            time.sleep(0.02)
        assert len(seen) > 1, "the worker was never replaced"
        assert not set(_workers(srv)) & first  # the old worker is gone
    finally:
        assert srv.stop() == 0
