"""Load test of the HTTP service: requests per second and latency at fixed concurrency.

Starts ``omaha-eval serve --port 0 --workers W`` itself (or targets ``--url``), then for each
endpoint and each concurrency C opens C keep-alive connections on 127.0.0.1 and sends a bounded
number of requests, each connection one request at a time. The client is a small HTTP/1.1 client
on asyncio protocol callbacks (a general client such as httpx costs more CPU per request than
the server does, and the client shares the two cores with it): the next request of a connection
leaves from the callback that completes the previous answer. A latency runs from just before a
request's bytes are written to the arrival of the last byte of its answer. This is a closed
loop, as the target's "64 concurrent clients" asks: a server stall delays the next request of
each connection, so it is counted once per connection in flight, not once per request that a
fixed-rate client would have sent meanwhile (that client's p99 would be higher). Every answer
is checked: status 200 and the body equal to the library's own result computed here (a body
already found right for the same request is compared as bytes). Reports rps and p50 / p99 latency per
(workers, endpoint, concurrency), and the resident memory of the server processes sampled during
a long soak (``--soak N`` requests, default 100,000; flat memory means no growth beyond noise).

    python bench/load_service.py                         # full: workers 1 and 2, C = 1, 16, 64
    python bench/load_service.py --requests 2000 --soak 0 --workers 2 --concurrency 64
    OMAHA_EVAL_LOAD_REQUESTS=500 OMAHA_EVAL_LOAD_SOAK=0 python bench/load_service.py

Only loopback addresses are accepted as targets.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple
from urllib.parse import urlsplit

from omaha_eval.service.procinfo import connections_by_process, process_tree

# ---- the workloads: request bodies and the answers the library gives for them ----


def workloads(variety: int = 500) -> Dict[str, List[Tuple[str, dict, Callable[[dict], bool]]]]:
    """name -> ``variety`` different requests (path, body, check(answer)), cycled through so
    that no cache (ours or the library's) makes a repeated request look cheap; the expected
    answers come from the library, computed here."""
    import numpy as np

    import omaha_eval as oe
    from omaha_eval.evaluate import describe_hand

    rng = np.random.default_rng(15)
    out: Dict[str, List[Tuple[str, dict, Callable[[dict], bool]]]] = {"evaluate": [], "equity": [], "hand": []}
    for k in range(variety):
        cards = [oe.format_cards([c]) for c in rng.permutation(52)[:13]]
        hole, board = "".join(cards[:4]), "".join(cards[4:9])
        deal = {"hole": hole, "board": board, "game": "hilo"}
        out["evaluate"].append(("/v1/evaluate", deal, _equals(describe_hand(hole, board, game="hilo"))))
        spot = {"hands": ["".join(cards[:4]), "".join(cards[9:13])], "board": "".join(cards[4:7])}
        out["equity"].append(("/v1/equity", spot, _equals(oe.equity(spot["hands"], spot["board"]).to_dict())))
        step = {"config": {"structure": "pot", "small_blind": 1, "big_blind": 2},
                "stacks": [200, 200, 200], "seed": k,
                "actions": [{"action": "raise_to", "amount": 7}, {"action": "call"},
                            {"action": "call"}, {"action": "check"}]}
        out["hand"].append(("/v1/hands", step, _same_stacks(hand_stacks(step))))
    return out


def _equals(want: dict) -> Callable[[dict], bool]:
    return lambda answer: answer == want


def _same_stacks(want: List[int]) -> Callable[[dict], bool]:
    return lambda answer: answer["stacks"] == want and answer["actor"] is not None


def hand_stacks(step: dict) -> List[int]:
    from omaha_eval.game import GameConfig, Hand

    hand = Hand(GameConfig.pot_limit(1, 2), step["stacks"], seed=step["seed"])
    hand.raise_to(7), hand.call(), hand.call(), hand.check()
    return list(hand.stacks)


# ---- a small keep-alive HTTP/1.1 client ----


def request_bytes(host: str, port: int, path: str, body: dict) -> bytes:
    payload = json.dumps(body).encode()
    head = (f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(payload)}\r\n\r\n").encode()
    return head + payload


def parse_head(head: bytes) -> Tuple[int, int, bool]:
    """Status, Content-Length and whether the server closes the connection, from a response's
    header block (without the blank line). Header names in any case; searched for, not split
    into lines (the client shares the two cores with the server: its cost counts)."""
    lower = head.lower()
    status = int(head.split(b" ", 2)[1])
    length, close = 0, False
    at = lower.find(b"\r\ncontent-length:")
    if at >= 0:
        stop = lower.find(b"\r\n", at + 2)
        length = int(lower[at + 17:stop if stop >= 0 else len(lower)])
    at = lower.find(b"\r\nconnection:")
    if at >= 0:
        stop = lower.find(b"\r\n", at + 2)
        close = lower[at + 13:stop if stop >= 0 else len(lower)].strip() == b"close"
    return status, length, close


@dataclass
class Run:
    latencies: List[float] = field(default_factory=list)
    errors: int = 0
    first_error: str = ""
    wall: float = 0.0


class Prepared:
    """The raw requests of a workload and their checks. A response body already checked for the
    same request is compared as bytes; any other body is parsed and checked in full (so the
    client's own cost stays small beside the server's, and every answer is still checked)."""

    def __init__(self, host: str, port: int, items: List[Tuple[str, dict, Callable[[dict], bool]]]) -> None:
        self.requests = [request_bytes(host, port, path, body) for path, body, _ in items]
        self.checks = [check for _, _, check in items]
        self.good: List[Optional[bytes]] = [None] * len(items)

    def __len__(self) -> int:
        return len(self.requests)

    def is_right(self, k: int, status: int, body: bytes) -> bool:
        if status != 200:
            return False
        if body == self.good[k]:
            return True
        try:
            right = self.checks[k](json.loads(body))
        except ValueError:
            return False
        if right:
            self.good[k] = body
        return right


def prepare(host: str, port: int, items: List[Tuple[str, dict, Callable[[dict], bool]]]) -> Prepared:
    return Prepared(host, port, items)


class _Connection(asyncio.Protocol):
    """One keep-alive connection sending one request at a time, driven by callbacks: the next
    request goes out from the callback that completes the previous answer. A request's latency is
    from just before its bytes are written to the moment the last byte of its answer arrives."""

    def __init__(self, shared: "_Load") -> None:
        self.shared = shared
        self.buffer = bytearray()
        self.transport: Optional[asyncio.Transport] = None
        self.k = -1
        self.t0 = 0.0
        self.head: Optional[Tuple[int, int, bool, int]] = None  # status, length, close, body start

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self.send_next()

    def send_next(self) -> None:
        k = self.shared.take()
        if k is None:
            assert self.transport is not None
            self.transport.close()
            return
        self.k, self.head = k, None
        self.t0 = time.perf_counter()
        assert self.transport is not None
        self.transport.write(self.shared.items.requests[k])

    def data_received(self, data: bytes) -> None:
        if self.buffer:  # the rest of an answer that came in pieces
            self.buffer += data
            data = bytes(self.buffer)
        if self.head is None:
            end = data.find(b"\r\n\r\n")
            if end < 0:
                self.buffer = bytearray(data)
                return
            self.head = (*parse_head(data[:end]), end + 4)
        status, length, close, start = self.head
        if len(data) < start + length:
            self.buffer = bytearray(data)
            return
        if self.buffer:
            self.buffer = bytearray()
        self.shared.done(self.k, time.perf_counter() - self.t0, status, data[start:start + length])
        if len(data) != start + length:  # one request at a time: nothing may follow the answer
            self.shared.fail(f"{len(data) - start - length} unexpected bytes after an answer")
            close = True
        if close:
            assert self.transport is not None
            self.transport.close()
            self.shared.reopen()
        else:
            self.send_next()

    def connection_lost(self, exc: Optional[Exception]) -> None:
        if self.k >= 0 and self.head is None and self.transport is not None and not self.shared.closing:
            self.shared.fail(f"connection lost before an answer: {exc!r}")
        self.shared.closed()


class _Load:
    """The state one bounded run shares among its connections."""

    def __init__(self, host: str, port: int, items: Prepared, requests: int, concurrency: int,
                 max_seconds: float) -> None:
        self.host, self.port, self.items = host, port, items
        self.left = requests
        self.deadline = time.monotonic() + max_seconds
        self.run = Run()
        self.open = 0
        self.closing = False
        self.finished: Optional[asyncio.Future] = None

    def take(self) -> Optional[int]:
        if self.left <= 0 or time.monotonic() >= self.deadline:
            self.closing = True
            return None
        self.left -= 1
        return self.left % len(self.items)

    def done(self, k: int, seconds: float, status: int, body: bytes) -> None:
        self.run.latencies.append(seconds)
        if not self.items.is_right(k, status, body):
            self.fail(f"{status} {body[:200]!r}")

    def fail(self, what: str) -> None:
        self.run.errors += 1
        self.run.first_error = self.run.first_error or what

    def reopen(self) -> None:
        self.open += 1  # counted now, so that the run cannot look finished in between
        asyncio.get_running_loop().create_task(self.connect())

    async def connect(self) -> None:
        """A new connection (already counted in ``open``)."""
        try:
            await asyncio.get_running_loop().create_connection(lambda: _Connection(self), self.host, self.port)
        except OSError as exc:
            self.fail(f"cannot connect: {exc}")
            self.closed()

    def closed(self) -> None:
        self.open -= 1
        if self.open == 0 and self.finished is not None and not self.finished.done():
            self.finished.set_result(None)


async def load(host: str, port: int, items: Prepared, requests: int, concurrency: int,
               max_seconds: float = 600.0, connected: Optional[Callable[[], None]] = None) -> Run:
    """``requests`` requests over ``concurrency`` connections (bounded in count and time);
    ``connected`` is called in a thread of its own once every connection is open."""
    shared = _Load(host, port, items, requests, concurrency, max_seconds)
    shared.finished = asyncio.get_running_loop().create_future()
    t0 = time.perf_counter()
    shared.open = concurrency
    await asyncio.gather(*(shared.connect() for _ in range(concurrency)))
    if connected is not None:
        threading.Thread(target=connected, daemon=True).start()
    if shared.open:
        await asyncio.wait_for(shared.finished, max_seconds + 30)
    shared.run.wall = time.perf_counter() - t0
    return shared.run


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# ---- the server under test ----


class ServerProcess:
    def __init__(self, workers: int) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "omaha_eval.service", "--port", "0", "--workers", str(workers),
             "--log-level", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            if "listening on http://" in line:
                self.url = line.split("listening on ", 1)[1].split()[0]
                break
        else:
            raise RuntimeError("the server did not start")
        # keep draining its log so that it never blocks on a full pipe
        threading.Thread(target=self.proc.stderr.read, daemon=True).start()
        self.port = int(self.url.rsplit(":", 1)[1])
        self.workers = workers
        self._wait_ready()

    def _wait_ready(self) -> None:
        import urllib.request

        for _ in range(600):
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as r:
                    if r.status == 200:
                        # with several workers, give every worker time to finish its start-up
                        time.sleep(1.0 if self.workers > 1 else 0.0)
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server does not answer")

    def pids(self) -> List[int]:
        return process_tree(self.proc.pid)

    def connections_per_worker(self) -> List[int]:
        """How many established connections to the server's port each server process holds
        (largest first): how evenly the workers share the clients."""
        counts = connections_by_process(self.port, self.pids())
        return sorted(counts.values(), reverse=True)

    def rss_mib(self) -> float:
        total = 0
        for pid in self.pids():
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
            except OSError:
                pass
        return total / 1024

    def cpu_seconds(self) -> float:
        """User plus system CPU time of the server processes so far."""
        tick = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in self.pids():
            try:
                fields_ = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += int(fields_[11]) + int(fields_[12])
            except (OSError, IndexError, ValueError):
                pass
        return total / tick

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        return self.proc.returncode


# ---- the report ----


def breakdown(repeat: int = 3000) -> Dict[str, float]:
    """Where a one-deal evaluate's server time goes, in process (median of 5 rounds, CPU us): the
    library call alone, the answer the protocol gives directly (``Service.answer_directly``:
    validation, the library, encoding), the application called as ASGI without a network (fast
    lane, and FastAPI's own handling, as requests the protocol does not answer itself take). The
    rest of the server's CPU per request (from the load run) is uvicorn's parser and protocol,
    the event loop and the socket system calls."""
    from omaha_eval.evaluate import describe_hand
    from omaha_eval.service.app import create_app
    from omaha_eval.service.work import Pools

    deal = {"hole": "As2sQhJh", "board": "3s4s8h2c9d", "game": "hilo"}
    body = json.dumps(deal).encode()
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/v1/evaluate", "raw_path": b"/v1/evaluate",
             "query_string": b"", "root_path": "", "client": ("127.0.0.1", 1),
             "server": ("127.0.0.1", 2), "headers": [(b"content-type", b"application/json"),
                                                     (b"content-length", str(len(body)).encode())]}
    apps = {"app (fast lane)": create_app(fast_lane=True), "app (FastAPI only)": create_app(fast_lane=False)}
    for app in apps.values():
        app.state.pools = Pools(1)

    async def receive() -> dict:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict) -> None:
        pass

    direct = apps["app (fast lane)"]

    async def rounds() -> Dict[str, List[float]]:
        times: Dict[str, List[float]] = {name: [] for name in ["library describe_hand", "direct answer", *apps]}
        for _ in range(5):
            t0 = time.process_time()
            for _ in range(repeat):
                describe_hand(deal["hole"], deal["board"], game=deal["game"])
            times["library describe_hand"].append((time.process_time() - t0) / repeat * 1e6)
            t0 = time.process_time()
            for _ in range(repeat):
                direct.answer_directly(b"/v1/evaluate", body)
            times["direct answer"].append((time.process_time() - t0) / repeat * 1e6)
            for name, app in apps.items():
                t0 = time.process_time()
                for _ in range(repeat):
                    await app(dict(scope), receive, send)
                times[name].append((time.process_time() - t0) / repeat * 1e6)
        return times

    return {name: statistics.median(v) for name, v in asyncio.run(rounds()).items()}


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def measure(host: str, port: int, names: Sequence[str], concurrencies: Sequence[int],
            requests: int, warmup: int = 200, server: Optional["ServerProcess"] = None) -> List[dict]:
    """One row per (endpoint, concurrency): rps, latency percentiles and, with ``server``, the
    CPU time per request of the server processes and of this client (a figure the other jobs
    on a shared machine disturb far less than the wall-clock rate)."""
    rows = []
    work = workloads()
    for name in names:
        items = prepare(host, port, work[name])
        asyncio.run(load(host, port, items, warmup, 8))
        for c in concurrencies:
            server_cpu = server.cpu_seconds() if server else 0.0
            client_cpu = time.process_time()
            split: List[int] = []

            def probe(server: ServerProcess = server, c: int = c) -> None:
                for _ in range(20):  # until the workers have accepted every connection
                    counts = server.connections_per_worker()
                    if sum(counts) >= c:
                        break
                    time.sleep(0.05)
                split.extend(counts)

            probe = probe if server else None  # type: ignore[assignment]
            run = asyncio.run(load(host, port, items, requests, c, connected=probe))
            client_cpu = time.process_time() - client_cpu
            server_cpu = (server.cpu_seconds() - server_cpu) if server else float("nan")
            lat = run.latencies
            rows.append({"endpoint": name, "concurrency": c, "requests": len(lat),
                         "errors": run.errors, "first_error": run.first_error,
                         "rps": len(lat) / run.wall if run.wall else 0.0,
                         "p50_ms": 1e3 * percentile(lat, 0.50), "p99_ms": 1e3 * percentile(lat, 0.99),
                         "mean_ms": 1e3 * statistics.fmean(lat),
                         "server_cpu_us": 1e6 * server_cpu / max(len(lat), 1),
                         "client_cpu_us": 1e6 * client_cpu / max(len(lat), 1),
                         "connections_per_worker": split})
    return rows


def soak(server: ServerProcess, host: str, name: str, requests: int, concurrency: int,
         samples: int = 10) -> dict:
    """``requests`` requests in ``samples`` rounds; the server's RSS after each round."""
    items = prepare(host, server.port, workloads()[name])
    asyncio.run(load(host, server.port, items, 2000, concurrency))  # warm: caches, pools
    rss = [server.rss_mib()]
    errors = 0
    t0 = time.perf_counter()
    for _ in range(samples):
        run = asyncio.run(load(host, server.port, items, requests // samples, concurrency))
        errors += run.errors
        rss.append(server.rss_mib())
    return {"endpoint": name, "requests": requests, "errors": errors, "concurrency": concurrency,
            "seconds": time.perf_counter() - t0, "rss_mib": rss}


def main(argv: Optional[Sequence[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--workers", default="1,2", help="server worker processes to try (default 1,2)")
    p.add_argument("--concurrency", default="1,16,64", help="concurrent clients (default 1,16,64)")
    p.add_argument("--endpoints", default="evaluate,equity,hand")
    p.add_argument("--requests", type=int,
                   default=int(os.environ.get("OMAHA_EVAL_LOAD_REQUESTS", "5000")),
                   help="requests per endpoint and concurrency (default 5000)")
    p.add_argument("--soak", type=int, default=int(os.environ.get("OMAHA_EVAL_LOAD_SOAK", "100000")),
                   help="requests of the memory soak per worker setting (0: none; default 100000)")
    p.add_argument("--url", help="an already running server on a loopback address instead")
    p.add_argument("--json", help="write every figure to this file")
    p.add_argument("--breakdown", action="store_true",
                   help="only time a one-deal evaluate in process: library, app, FastAPI")
    args = p.parse_args(argv)
    try:  # the client's own cost per request counts against the server on two cores: keep it low
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    except ImportError:
        pass
    if args.breakdown:
        print(f"load average: {load_average()}")
        for name, us in breakdown().items():
            print(f"{name:<24} {us:7.1f} us per request")
        return 0
    names = args.endpoints.split(",")
    concurrencies = [int(c) for c in args.concurrency.split(",")]
    print(f"load average at start: {load_average()}  ({os.cpu_count()} cores)")
    report: dict = {"load_average_start": load_average(), "runs": [], "soaks": []}
    settings = [None] if args.url else [int(w) for w in args.workers.split(",")]
    for workers in settings:
        server = None
        if args.url:
            parts = urlsplit(args.url)
            host, port = parts.hostname or "127.0.0.1", parts.port or 80
            if not (host.startswith("127.") or host in ("localhost", "::1")):
                raise SystemExit("only loopback addresses may be load-tested")
        else:
            server = ServerProcess(workers)
            host, port = "127.0.0.1", server.port
        try:
            rows = measure(host, port, names, concurrencies, args.requests, server=server)
            print(f"\nworkers {workers or '?'}")
            print(f"{'endpoint':<10} {'clients':>7} {'requests':>9} {'errors':>6} {'rps':>8} "
                  f"{'p50 ms':>7} {'p99 ms':>7} {'server us/req':>13} {'client us/req':>13}  "
                  f"connections per worker")
            for r in rows:
                r["workers"] = workers
                print(f"{r['endpoint']:<10} {r['concurrency']:>7} {r['requests']:>9} {r['errors']:>6} "
                      f"{r['rps']:>8.0f} {r['p50_ms']:>7.2f} {r['p99_ms']:>7.2f} "
                      f"{r['server_cpu_us']:>13.0f} {r['client_cpu_us']:>13.0f}  "
                      f"{'/'.join(map(str, r['connections_per_worker'])) or '-':<10}"
                      + (f"  first error: {r['first_error']}" if r["errors"] else ""))
            report["runs"].extend(rows)
            if server is not None and args.soak:
                s = soak(server, host, "evaluate", args.soak, 64)
                s["workers"] = workers
                report["soaks"].append(s)
                rss = s["rss_mib"]
                print(f"soak: {s['requests']:,} evaluate requests at 64 clients in {s['seconds']:.1f} s, "
                      f"{s['errors']} errors; server RSS MiB " + " ".join(f"{x:.1f}" for x in rss)
                      + f" (growth {rss[-1] - rss[0]:+.1f} MiB)")
        finally:
            if server is not None:
                code = server.stop()
                print(f"server stopped with SIGTERM: exit status {code}")
    report["load_average_end"] = load_average()
    print(f"\nload average at end: {load_average()}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2))
    bad = sum(r["errors"] for r in report["runs"]) + sum(s["errors"] for s in report["soaks"])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
