"""The protocol's direct answers (service/protocol.py) are byte for byte the application's.

Each request stream (valid one-deal requests in every input form, malformed and invalid ones,
other routes, batches, HTTP corner cases: pipelining, bodies in pieces, ``Connection: close``,
HTTP/1.0, ``Expect``, chunked bodies, oversized bodies) is fed in process to the service's
protocol and to uvicorn's own ``httptools`` protocol over the same application and the same
default headers; the bytes written, whether the connection was closed and the requests counted
must be the same, and the valid one-deal requests must really have been answered directly.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from typing import Any, List, Tuple

import pytest

from omaha_eval.service.app import create_app
from omaha_eval.service.limits import Limits
from omaha_eval.service.protocol import DIRECT_MAX_BODY, GatheringHttpToolsProtocol
from omaha_eval.service.work import Pools
from omaha_eval.variants import VARIANTS

uvicorn = pytest.importorskip("uvicorn")
from uvicorn.config import Config  # noqa: E402
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol  # noqa: E402
from uvicorn.server import ServerState  # noqa: E402

DEFAULT_HEADERS = [(b"date", b"Tue, 01 Dec 2026 17:00:00 GMT"), (b"server", b"uvicorn")]
RANKS, SUITS = "23456789TJQKA", "cdhs"


class Transport:
    """What the protocol writes, and whether it closed the connection."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.writes = 0
        self.closed = False

    def write(self, data: bytes) -> None:
        assert not self.closed, "a write after close"
        self.data += data
        self.writes += 1

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"sockname": ("127.0.0.1", 8000), "peername": ("127.0.0.1", 40000)}.get(name, default)

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


@pytest.fixture(scope="module")
def config() -> Any:
    app = create_app(Limits(max_body_bytes=4096))
    app.state.pools = Pools(1)
    cfg = Config(app=app, lifespan="off", log_level="critical", access_log=False)
    cfg.load()
    yield cfg
    app.state.pools.shutdown()


async def _exchange(cfg: Any, protocol: type, chunks: List[bytes]) -> Tuple[bytes, bool, int, int]:
    """Feeds ``chunks`` one ``data_received`` each, letting the application finish in between;
    returns the bytes written, closed, requests counted, direct answers."""
    state = ServerState()
    state.default_headers = list(DEFAULT_HEADERS)
    access = logging.getLogger("uvicorn.access")
    handlers, access.handlers = access.handlers, []  # as served without --access-log (pytest's
    try:                                             # log capture may have added handlers)
        proto = protocol(config=cfg, server_state=state, app_state={}, _loop=asyncio.get_running_loop())
    finally:
        access.handlers = handlers
    assert not proto.access_log
    transport = Transport()
    proto.connection_made(transport)  # type: ignore[arg-type]

    async def settle() -> None:
        # every answer here is computed on the loop (no batch is large enough for the pool), so
        # a few loop steps finish the application's tasks, except those waiting for more input
        for _ in range(30):
            await asyncio.sleep(0)
            if not state.tasks:
                return

    for chunk in chunks:
        if transport.closed:
            break
        proto.data_received(chunk)
        await settle()
    closed = transport.closed
    proto.connection_lost(None)
    await settle()  # a task still waiting for its body hears the disconnect
    for task in list(state.tasks):
        task.cancel()
    return bytes(transport.data), closed, state.total_requests, getattr(proto, "direct_answers", 0)


def compare(cfg: Any, chunks: List[bytes]) -> int:
    """Asserts the two protocols agree on ``chunks``; returns how many were answered directly."""
    async def both() -> Tuple[Any, Any]:
        return (await _exchange(cfg, GatheringHttpToolsProtocol, chunks),
                await _exchange(cfg, HttpToolsProtocol, chunks))

    ours, theirs = asyncio.run(both())
    if theirs[0].startswith(PARSE_ERROR) and ours[0] != theirs[0]:
        # the one difference, by design: a request that does not parse, behind complete ones
        # in the same read. uvicorn answers 400 and closes at once, before the answers of the
        # requests ahead of it (their tasks have not run yet); the direct answers of those
        # requests were already written, so they come first, in order, then the same 400
        assert ours[0].endswith(theirs[0]) and ours[0].startswith(b"HTTP/1.1 200 OK"), (chunks, ours[0][:600])
        assert ours[1] == theirs[1] is True
        return ours[3]
    assert ours[:3] == theirs[:3], (chunks, ours[0][:600], theirs[0][:600])
    return ours[3]


PARSE_ERROR = b"HTTP/1.1 400 Bad Request\r\n"


# ---- requests ----

def _cards(rng: random.Random, n: int, used: set) -> List[int]:
    out = []
    while len(out) < n:
        c = rng.randrange(52)
        if c not in used:
            used.add(c)
            out.append(c)
    return out


def _form(rng: random.Random, cards: List[int]) -> Any:
    text = [RANKS[c // 4] + SUITS[c % 4] for c in cards]
    kind = rng.randrange(4)
    if kind == 0:
        return "".join(text)
    if kind == 1:
        return " ".join(text)
    if kind == 2:
        return "".join(t.replace("T", "10") if rng.random() < 0.5 else t.lower() for t in text)
    return cards


def valid_deal(rng: random.Random) -> dict:
    used: set = set()
    game = rng.choice(["hi", "hilo", "hi", "hilo", *VARIANTS])
    holes = VARIANTS[game].hole_cards if game in VARIANTS else rng.choice([4, 5, 6])
    deal = {"hole": _form(rng, _cards(rng, holes, used)), "board": _form(rng, _cards(rng, 5, used))}
    if rng.random() < 0.8:
        deal["game"] = game
    return deal


def invalid_body(rng: random.Random) -> bytes:
    deal = valid_deal(rng)
    cases: List[Any] = [
        dict(deal, hole="AsKsQhZz"), dict(deal, board="AsAsQh2c3c"), dict(deal, hole="AsKs"),
        dict(deal, board="2c3c4c5c"), dict(deal, game="stud"), {"hole": deal["hole"]},
        {"board": deal["board"]}, dict(deal, extra=1), dict(deal, hole=5), dict(deal, hole=[1.0, 2, 3, 4]),
        dict(deal, hole=[True, 2, 3, 4]), dict(deal, hole=[60, 1, 2, 3]), dict(deal, game=None),
        dict(deal, game=7), dict(deal, hole="x" * 401), {}, [], None, "text", 3,
        {"deals": [{"hole": "AsKsQhJh", "board": "Ts9s8h2c2d"}] * rng.choice([1, 3, 16])},
        {"holes": ["AsKsQhJh", "2c2d3h3s"], "board": "Ts9s8h4c5d"},
        dict(deal, holes=["AsKsQhJh"]), dict(deal, deals=[]),
        dict(deal, hole="AsKsQhJh", board="AsKsQhJh2c"),
    ]
    raw = [b"", b"   ", b"{", b'{"hole": "AsKsQhJh", "board": ', b"nul", b'{"hole": NaN}',
           b'{"hole": "AsKsQhJh", "board": "Ts9s8h2c2d", "game": "hi",}', b"\xff\xfe",
           b'{"hole": "As\\ud800KsQhJh", "board": "Ts9s8h2c2d"}',
           b'{"hole": "AsKsQhJh", "hole": "AsKsQhJh", "board": "Ts9s8h2c2d"}',
           b'{"hole": "AsKsQhJh", "board": "Ts9s8h2c2d", "game": "hi"} trailing']
    if rng.random() < 0.3:
        return rng.choice(raw)
    return json.dumps(rng.choice(cases)).encode()


def body_of(rng: random.Random, deal: Any) -> bytes:
    if rng.random() < 0.5:
        return json.dumps(deal).encode()
    return json.dumps(deal, indent=rng.choice([None, 1]), separators=rng.choice([(",", ":"), (", ", ": ")])).encode()


def request(body: bytes, path: bytes = b"/v1/evaluate", method: bytes = b"POST",
            version: bytes = b"1.1", headers: Tuple[bytes, ...] = ()) -> bytes:
    head = [method + b" " + path + b" HTTP/" + version, b"Host: 127.0.0.1:8000",
            b"Content-Type: application/json", *headers]
    if not any(h.lower().startswith((b"content-length", b"transfer-encoding")) for h in headers):
        head.append(b"Content-Length: %d" % len(body))
    return b"\r\n".join(head) + b"\r\n\r\n" + body


def chunked(body: bytes) -> bytes:
    half = len(body) // 2
    parts = [body[:half], body[half:]]
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in parts if p) + b"0\r\n\r\n"


def variant(rng: random.Random, body: bytes) -> bytes:
    """One of the HTTP forms of a request with ``body``."""
    kind = rng.randrange(12)
    if kind == 0:
        return request(body, headers=(b"Connection: close",))
    if kind == 1:
        return request(body, version=b"1.0")
    if kind == 2:
        return request(body, headers=(b"Expect: 100-continue",))
    if kind == 3:
        return request(chunked(body), headers=(b"Transfer-Encoding: chunked",))
    if kind == 4:
        return request(body, path=rng.choice([b"/v1/evaluate?x=1", b"/v1/evaluate/", b"/v1/%65valuate",
                                                b"/v1/showdown", b"/V1/evaluate"]))
    if kind == 5:
        return request(body, method=rng.choice([b"GET", b"PUT"]))
    if kind == 6:  # padded above the direct limit, below the body limit; or above the body limit
        return request(body + b" " * rng.choice([DIRECT_MAX_BODY, 5000]))
    if kind == 7:
        return request(body, headers=(b"content-length: %d" % len(body), b"X-Forwarded-For: 10.0.0.1"))
    if kind == 8:
        return request(body, headers=(b"Content-Length: %d" % len(body),) * 2)
    if kind == 9:
        return request(body, headers=(b"Content-Length: +%d" % len(body),))
    return request(body)


def split(rng: random.Random, stream: bytes) -> List[bytes]:
    """``stream`` in one piece, or cut at random places."""
    if rng.random() < 0.6 or len(stream) < 4:
        return [stream]
    cuts = sorted(rng.sample(range(1, len(stream)), min(3, len(stream) - 1)))
    return [stream[a:b] for a, b in zip([0, *cuts], [*cuts, len(stream)])]


def test_valid_one_deal_requests_are_answered_directly_with_the_apps_bytes(config: Any) -> None:
    rng = random.Random(15)
    direct = 0
    for _ in range(300):
        direct += compare(config, [request(body_of(rng, valid_deal(rng)))])
    assert direct == 300
    # many on one connection, one at a time
    stream = [request(body_of(rng, valid_deal(rng))) for _ in range(50)]
    assert compare(config, stream) == 50


def test_invalid_and_malformed_bodies_take_the_apps_path(config: Any) -> None:
    rng = random.Random(16)
    for _ in range(300):
        compare(config, [request(invalid_body(rng))])


def test_http_corner_cases_agree(config: Any) -> None:
    rng = random.Random(17)
    direct = 0
    for _ in range(300):
        body = body_of(rng, valid_deal(rng)) if rng.random() < 0.6 else invalid_body(rng)
        direct += compare(config, split(rng, variant(rng, body)))
    assert direct > 20  # the plain requests among them


def test_pipelined_streams_agree(config: Any) -> None:
    rng = random.Random(18)
    direct = 0
    for _ in range(150):
        parts = []
        for _ in range(rng.randrange(2, 5)):
            body = body_of(rng, valid_deal(rng)) if rng.random() < 0.7 else invalid_body(rng)
            parts.append(variant(rng, body) if rng.random() < 0.3 else request(body))
        stream = b"".join(parts)
        direct += compare(config, split(rng, stream))
    assert direct > 50


def test_malformed_http_agrees(config: Any) -> None:
    good = request(b'{"hole": "AsKsQhJh", "board": "Ts9s8h2c2d"}')
    for stream in [b"POST /v1/evaluate HTTP/1.1\r\nContent-Length: x\r\n\r\n{}",
                   b"GARBAGE\r\n\r\n", good + b"BAD REQUEST LINE\r\n\r\n",
                   b"POST /v1/evaluate HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n",
                   good[:-3], good + good[:20]]:
        compare(config, [stream])


def test_access_log_and_concurrency_limit_turn_direct_answers_off(config: Any) -> None:
    # every request of an access log is logged by uvicorn's send; limit_concurrency's 503 is
    # decided in uvicorn's on_headers_complete: with either, no request is answered directly
    async def direct_count(cfg: Any, with_handler: bool) -> int:
        access = logging.getLogger("uvicorn.access")
        handlers, access.handlers = access.handlers, [logging.NullHandler()] if with_handler else []
        try:
            proto = GatheringHttpToolsProtocol(config=cfg, server_state=ServerState(), app_state={},
                                               _loop=asyncio.get_running_loop())
        finally:
            access.handlers = handlers
        proto.connection_made(Transport())  # type: ignore[arg-type]
        proto.data_received(request(b'{"hole": "AsKsQhJh", "board": "Ts9s8h2c2d"}'))
        await asyncio.sleep(0)
        proto.connection_lost(None)
        return proto.direct_answers

    assert asyncio.run(direct_count(config, False)) == 1
    assert asyncio.run(direct_count(config, True)) == 0
    limited = Config(app=config.app, lifespan="off", log_level="critical", access_log=False,
                     limit_concurrency=1000)
    limited.load()
    assert asyncio.run(direct_count(limited, False)) == 0


# ---- the served process: the same bytes with direct answers on and off ----

def _masked(data: bytes) -> bytes:
    """``data`` with each ``date`` header's value blanked (two servers tick apart)."""
    out, at = bytearray(), 0
    while True:
        start = data.find(b"\r\ndate: ", at)
        if start < 0:
            return bytes(out + data[at:])
        stop = data.find(b"\r\n", start + 2)
        out += data[at:start + 8] + b"-"
        at = stop


def _send_all(port: int, stream: bytes, answers: int) -> bytes:
    """``stream`` on a new connection; what comes back until ``answers`` answers have arrived
    or the server closes (answers here all carry a Content-Length)."""
    import socket

    got = b""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(stream)
        while got.count(b"HTTP/1.1 ") < answers or not _complete(got):
            chunk = s.recv(65536)
            if not chunk:
                break
            got += chunk
    return got


def _complete(data: bytes) -> bool:
    """Whether the last answer in ``data`` has all of its body."""
    last = data.rfind(b"HTTP/1.1 ")
    end = data.find(b"\r\n\r\n", last)
    if last < 0 or end < 0:
        return False
    length = next((int(line.split(b":")[1]) for line in data[last:end].split(b"\r\n")
                   if line.lower().startswith(b"content-length:")), 0)
    return len(data) >= end + 4 + length


def test_served_bytes_are_the_same_with_direct_answers_off(server: Any) -> None:
    from service_helpers import Server

    plain = Server(env={"OMAHA_EVAL_SERVICE_DIRECT": "0"})
    try:
        rng = random.Random(19)
        for _ in range(60):
            count = rng.choice([1, 1, 2, 3])
            bodies = [body_of(rng, valid_deal(rng)) if rng.random() < 0.7 else invalid_body(rng)
                      for _ in range(count)]
            stream = b"".join(request(b) for b in bodies)
            ours, theirs = (_masked(_send_all(port, stream, count)) for port in (server.port, plain.port))
            assert ours == theirs, (stream, ours[:600], theirs[:600])
    finally:
        plain.stop()
