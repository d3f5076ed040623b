"""Starting the real service in a subprocess (uvicorn on a free 127.0.0.1 port) for the tests."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Dict, List, Optional, Sequence

import httpx

from omaha_eval.service import procinfo

REPO = Path(__file__).resolve().parents[2]
WSOP_DIR = REPO.parent / "shared" / "data" / "phh" / "wsop-2023-event43-day5"


class Server:
    """``python -m omaha_eval.service --port 0 ...`` until :meth:`stop`; ``url`` is its address."""

    def __init__(self, *args: str, env: Optional[Dict[str, str]] = None, timeout: float = 60.0,
                 command: Sequence[str] = ("-m", "omaha_eval.service")) -> None:
        self.args = ["--port", "0", "--log-level", "warning", *args]
        environ = dict(os.environ, **(env or {}))
        environ.setdefault("PYTHONUNBUFFERED", "1")
        self.proc = subprocess.Popen([sys.executable, *command, *self.args],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     text=True, env=environ, start_new_session=True)
        self.lines: List[str] = []
        found: "queue.Queue[str]" = queue.Queue()

        def read() -> None:  # keep draining stderr so the server never blocks on a full pipe
            assert self.proc.stderr is not None
            for line in self.proc.stderr:
                self.lines.append(line)
                if "listening on http://" in line:
                    found.put(line)

        threading.Thread(target=read, daemon=True).start()
        try:
            line = found.get(timeout=timeout)
        except queue.Empty:
            self.stop()
            raise RuntimeError("the server did not start:\n" + "".join(self.lines)) from None
        self.url = line.split("listening on ", 1)[1].split()[0]
        self.port = int(self.url.rsplit(":", 1)[1])
        deadline = time.monotonic() + timeout
        while True:  # the socket is bound before the app starts: wait until it answers
            try:
                if httpx.get(self.url + "/healthz", timeout=2.0).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.stop()
                raise RuntimeError("the server did not answer:\n" + "".join(self.lines))
            time.sleep(0.05)

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 30.0) -> int:
        """Sends ``sig`` and waits; kills the process group if it does not exit in time."""
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        return self.proc.returncode


def post(client: httpx.Client, path: str, body) -> httpx.Response:
    return client.post(path, json=body)


def detail(response: httpx.Response) -> dict:
    """The first error entry of an error answer, checking the shared error shape."""
    data = response.json()
    assert set(data) == {"detail"}, data
    assert isinstance(data["detail"], list) and data["detail"], data
    for entry in data["detail"]:
        assert set(entry) == {"loc", "msg", "type"}, entry
    return data["detail"][0]


def connections_by_process(server: Server) -> Dict[int, int]:
    """pid -> established connections to the server's port that the process holds (Linux)."""
    return procinfo.connections_by_process(server.port, procinfo.process_tree(server.proc.pid))
