"""Instructions a one-deal evaluate costs the service in process, counted by callgrind.

A load test's CPU time per request moves with the VM's speed and with the other jobs on the
machine; an instruction count does not. Each arm runs ``N1`` and then ``N2`` requests (500
different one-deal hi-lo deals, cycled) through the service's HTTP protocol on a fake transport,
each answered before the next is fed, under ``valgrind --tool=callgrind`` with the
instrumentation switched on only after the imports and the app's set-up; the figure is
``(I(N2) - I(N1)) / (N2 - N1)``. What it leaves out is the same for every arm: the socket system
calls and the kernel, and uvloop's reading and writing.

    python bench/service_callgrind.py                    # direct answers on, then off
    python bench/service_callgrind.py --base /tmp/base   # and a PYTHONPATH with other code
    python bench/service_callgrind.py --base /tmp/base --arms base

Each arm takes about a minute and a half on the 2-core VM.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional


def workload(n: int, go: Optional[str]) -> None:
    """``n`` requests through the protocol (the process callgrind measures)."""
    import json

    import numpy as np
    import uvloop
    from uvicorn.config import Config
    from uvicorn.server import ServerState

    import omaha_eval as oe
    from omaha_eval.service.app import create_app
    from omaha_eval.service.protocol import GatheringHttpToolsProtocol
    from omaha_eval.service.work import Pools

    rng = np.random.default_rng(15)
    requests = []
    for _ in range(500):
        cards = [oe.format_cards([c]) for c in rng.permutation(52)[:9]]
        body = json.dumps({"hole": "".join(cards[:4]), "board": "".join(cards[4:]), "game": "hilo"}).encode()
        requests.append(b"POST /v1/evaluate HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nContent-Type: "
                        b"application/json\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))

    class Transport:
        def write(self, data: bytes) -> None:
            pass

        def close(self) -> None:
            pass

        def is_closing(self) -> bool:
            return False

        def get_extra_info(self, name: str, default: Any = None) -> Any:
            return {"sockname": ("127.0.0.1", 8000), "peername": ("127.0.0.1", 40000)}.get(name, default)

        def pause_reading(self) -> None:
            pass

        def resume_reading(self) -> None:
            pass

    app = create_app()
    app.state.pools = Pools(1)
    config = Config(app=app, lifespan="off", log_level="warning", access_log=False)
    config.load()

    async def run() -> None:
        state = ServerState()
        state.default_headers = [(b"date", b"Tue, 01 Dec 2026 17:00:00 GMT"), (b"server", b"uvicorn")]
        proto = GatheringHttpToolsProtocol(config=config, server_state=state, app_state={},
                                           _loop=asyncio.get_running_loop())
        proto.connection_made(Transport())  # type: ignore[arg-type]
        if go:  # callgrind's instrumentation is switched on from outside now
            Path(go + ".tmp").write_text(str(os.getpid()))
            os.replace(go + ".tmp", go + ".ready")  # whole, never read half written
            waited = time.monotonic()
            while not Path(go).exists():
                if time.monotonic() - waited > 600:  # the parent is gone
                    raise SystemExit("no go signal")
                time.sleep(0.05)
        for i in range(n):
            proto.data_received(requests[i % len(requests)])
            while state.total_requests <= i:
                await asyncio.sleep(0)
            await asyncio.sleep(0)
        proto.connection_lost(None)

    uvloop.install()
    asyncio.run(run())
    app.state.pools.shutdown()


def count(n: int, env: Dict[str, str], work: Path) -> int:
    """Instructions of ``n`` requests under callgrind, set-up excluded."""
    go = str(work / f"go-{os.getpid()}-{n}-{time.monotonic_ns()}")
    log = Path(go + ".log")
    with log.open("w") as err:
        proc = subprocess.Popen(["valgrind", "--tool=callgrind", "--instr-atstart=no",
                                 "--callgrind-out-file=/dev/null", sys.executable, __file__,
                                 "--workload", str(n), "--go", go],
                                env=env, stdout=subprocess.DEVNULL, stderr=err)
        try:
            ready = Path(go + ".ready")
            while not ready.exists():
                if proc.poll() is not None:
                    raise RuntimeError(log.read_text())
                time.sleep(0.2)
            # (it may also complain about stale files of other valgrind runs in /tmp: harmless)
            pid = int(ready.read_text())  # never empty: callgrind_control would address every run
            subprocess.run(["callgrind_control", "-i", "on", str(pid)], check=True, timeout=120,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            Path(go).touch()
            if proc.wait() != 0:
                raise RuntimeError(log.read_text())
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    for line in log.read_text().splitlines():
        if "Collected" in line:
            return int(line.split()[-1])
    raise RuntimeError(log.read_text())


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--base", help="a PYTHONPATH whose omaha_eval is measured as the arm 'base'")
    p.add_argument("--arms", default="on,off,base", help="which of on, off, base (default all)")
    p.add_argument("--n1", type=int, default=300)
    p.add_argument("--n2", type=int, default=1300)
    p.add_argument("--workload", type=int, help=argparse.SUPPRESS)
    p.add_argument("--go", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.workload is not None:
        workload(args.workload, args.go)
        return 0
    wanted = args.arms.split(",")
    arms = {}
    if "on" in wanted:
        arms["direct answers on"] = dict(os.environ, OMAHA_EVAL_SERVICE_DIRECT="1")
    if "off" in wanted:
        arms["direct answers off"] = dict(os.environ, OMAHA_EVAL_SERVICE_DIRECT="0")
    if args.base and "base" in wanted:
        arms["base"] = dict(os.environ, PYTHONPATH=args.base)
    with tempfile.TemporaryDirectory() as tmp:
        for name, env in arms.items():
            low, high = count(args.n1, env, Path(tmp)), count(args.n2, env, Path(tmp))
            print(f"{name:<20} {(high - low) / (args.n2 - args.n1):>10,.0f} instructions a request",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
