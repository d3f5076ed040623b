"""Fixtures of the service tests: one real server for the whole session, and a client."""

from __future__ import annotations

import importlib.util
from typing import Any, Iterator

import pytest

# without the server extra (or httpx) there is nothing to test here: collect nothing
if not all(importlib.util.find_spec(m) for m in ("fastapi", "uvicorn", "httpx")):
    collect_ignore_glob = ["test_*.py"]
else:
    from service_helpers import Server

    @pytest.fixture(scope="session")
    def server() -> Iterator[Server]:
        srv = Server()
        try:
            yield srv
        finally:
            srv.stop()

    @pytest.fixture(scope="session")
    def client(server: Server) -> Iterator[Any]:
        import httpx

        with httpx.Client(base_url=server.url, timeout=60.0) as c:
            yield c
