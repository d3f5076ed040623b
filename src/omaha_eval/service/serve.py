"""``omaha-eval serve``: the service under uvicorn, one or more worker processes.

The port is bound here, before the workers start, so ``--port 0`` picks a free port and the
line ``omaha-eval serve: listening on http://HOST:PORT`` on standard error says which (with
several workers it comes once every worker serves: each listens on a socket of its own, see
:mod:`.workers`). SIGTERM or Ctrl-C stops accepting connections, lets the requests in flight
finish (each is bounded by the time limit) and exits with status 0.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import sys
from typing import Any, Callable, Dict, Optional, Sequence, cast

from .limits import Limits
from .workers import STARTUP_FAILURE, Workers, balanced_sockets_supported, reserve_port

APP = "omaha_eval.service.app:create_app"


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The command's options on ``p``."""
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: a free one)")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="worker processes (default 1; each has its own thread pools)")
    p.add_argument("--time-limit", type=float, default=None, metavar="S",
                   help=f"seconds a request may take (default {Limits.time_limit:g})")
    p.add_argument("--max-trials", type=int, default=None, metavar="N",
                   help=f"most Monte Carlo trials per request (default {Limits.max_trials:,})")
    p.add_argument("--access-log", action="store_true", help="log every request")
    p.add_argument("--log-level", default="info",
                   choices=("critical", "error", "warning", "info", "debug"))


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.set_inheritable(True)
    return sock


def uvicorn_config(limits: Limits, log_level: str = "info", access_log: bool = False) -> Dict[str, Any]:
    """The keyword arguments of ``uvicorn.Config`` that every worker is built from.

    uvicorn's own HTTP protocol inside the service's slow-client guard
    (:mod:`.connections`), no WebSocket upgrades (the API has none), no ``server`` banner,
    no client address taken from
    ``X-Forwarded-For`` (the service never uses it), idle keep-alive connections closed after
    ``limits.keep_alive_timeout`` seconds. (Workers are replaced past ``limits.max_requests``
    requests or ``limits.max_worker_mb`` of memory by :mod:`.workers`.)

    Examples
    --------
    >>> config = uvicorn_config(Limits(keep_alive_timeout=3))
    >>> config["server_header"], config["timeout_keep_alive"], config["http"]
    (False, 3, 'omaha_eval.service.connections:GuardedProtocol')
    """
    from .connections import PROTOCOL

    return dict(app=APP, factory=True, log_level=log_level, access_log=access_log,
                http=PROTOCOL, ws="none", server_header=False, proxy_headers=False,
                timeout_keep_alive=limits.keep_alive_timeout,
                timeout_graceful_shutdown=int(limits.time_limit) + 1)


def run(args: argparse.Namespace) -> int:
    """Serves until SIGTERM or Ctrl-C; returns the exit status."""
    try:
        import fastapi  # noqa: F401  (the extra is installed)
        import uvicorn
        from uvicorn.supervisors import Multiprocess
    except ImportError as exc:
        print(f"omaha-eval serve needs the server extra: pip install \"omaha_eval[server]\" "
              f"({exc})", file=sys.stderr)
        return 2
    if args.workers < 1:
        raise ValueError(f"--workers must be at least 1, got {args.workers}")
    base = Limits.from_env()
    changes = {}
    if args.time_limit is not None:
        changes["time_limit"] = args.time_limit
    if args.max_trials is not None:
        changes["max_trials"] = args.max_trials
    limits = Limits(**{**base.to_dict(), **changes})
    if limits.time_limit <= 0 or limits.max_trials <= 0:
        raise ValueError("--time-limit and --max-trials must be positive")
    os.environ.update(limits.to_env())  # the workers build their apps from the environment
    config = uvicorn_config(limits, args.log_level, args.access_log)
    # OMAHA_EVAL_SERVICE_SHARED_SOCKET=1: uvicorn's supervisor and one shared socket, to compare
    shared = os.environ.get("OMAHA_EVAL_SERVICE_SHARED_SOCKET", "0") == "1"
    if balanced_sockets_supported() and not shared:  # also one worker: it is replaced when
        return _run_workers(args, config, limits)  # it passes its request or memory bound
    try:
        sock = _bind(args.host, args.port)
    except OSError as exc:
        return _cannot_listen(args, exc)
    _say_listening(args, sock.getsockname()[1])
    if args.workers > 1:  # uvicorn's supervisor starts a new worker when one retires
        config.update(limit_max_requests=limits.max_requests,
                      limit_max_requests_jitter=max(limits.max_requests // 10, 0))
    uv_config = uvicorn.Config(**config, workers=args.workers)
    server = uvicorn.Server(uv_config)
    # uvicorn shuts down gracefully on SIGTERM / SIGINT, then raises the signal again for the
    # handler it found: let that handler end the process with status 0, not a signal death
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, _exit_cleanly)
    try:
        if args.workers > 1:  # a platform without balanced sockets: uvicorn's supervisor
            try:  # the supervisor's signature changed across uvicorn versions
                # (typed loosely: the installed uvicorn's stub knows only one of the signatures)
                supervisor = cast(Callable[..., Any], Multiprocess)(uv_config, target=server.run,
                                                                    sockets=[sock])
            except TypeError:
                supervisor = Multiprocess(uv_config, sockets=[sock])
            supervisor.run()
        else:
            server.run(sockets=[sock])
    except SystemExit as stop:
        return int(stop.code or 0)
    return 0


def _run_workers(args: argparse.Namespace, config: Dict[str, Any], limits: Limits) -> int:
    """The workers, each on its own socket of the port (see :mod:`.workers`)."""
    try:
        holder = reserve_port(args.host, args.port)
    except OSError as exc:
        return _cannot_listen(args, exc)
    with holder:
        workers = Workers(config, args.host, holder.getsockname()[1], args.workers,
                          graceful_seconds=config["timeout_graceful_shutdown"],
                          max_requests=limits.max_requests, max_mb=limits.max_worker_mb)
        if not workers.start():
            stopped = workers.stopping.is_set()
            workers.stop()
            if stopped:  # SIGTERM or Ctrl-C while the workers started
                return 0
            print("omaha-eval serve: a worker did not start (see its log above)", file=sys.stderr)
            return STARTUP_FAILURE
        _say_listening(args, holder.getsockname()[1])
        return workers.supervise()


def _cannot_listen(args: argparse.Namespace, exc: OSError) -> int:
    print(f"omaha-eval serve: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
    return 1


def _say_listening(args: argparse.Namespace, port: int) -> None:
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"omaha-eval serve: listening on http://{host}:{port} ({args.workers} worker"
          f"{'s' if args.workers != 1 else ''}; docs at /docs, calculator at /)",
          file=sys.stderr, flush=True)


def _exit_cleanly(signum: int, frame: object) -> None:
    raise SystemExit(0)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m omaha_eval.service``: the same as ``omaha-eval serve``."""
    parser = argparse.ArgumentParser(prog="python -m omaha_eval.service",
                                     description="Serve the omaha_eval HTTP/JSON API.")
    add_arguments(parser)
    return run(parser.parse_args(argv))
