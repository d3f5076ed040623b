"""The service's load test at a small size (run by CI as a plain test): every answer right, no
errors. The figures come from ``python bench/load_service.py`` (see its docstring); the long
memory soak runs here when ``OMAHA_EVAL_LOAD_SOAK`` gives its size (e.g. 100000)."""

from __future__ import annotations

import importlib.util
import os

import pytest

if not all(importlib.util.find_spec(m) for m in ("fastapi", "uvicorn")):
    pytest.skip("the server extra is not installed", allow_module_level=True)

import load_service as ls  # noqa: E402

REQUESTS = int(os.environ.get("OMAHA_EVAL_LOAD_REQUESTS", "300"))
SOAK = int(os.environ.get("OMAHA_EVAL_LOAD_SOAK", "0"))


@pytest.fixture(scope="module")
def server():
    srv = ls.ServerProcess(1)
    yield srv
    assert srv.stop() == 0


def test_load_every_answer_right(server):
    rows = ls.measure("127.0.0.1", server.port, ["evaluate", "equity", "hand"], [1, 16], REQUESTS,
                      warmup=20)
    for row in rows:
        assert row["errors"] == 0, row
        assert row["requests"] == REQUESTS and row["rps"] > 0 and row["p99_ms"] >= row["p50_ms"]


@pytest.mark.skipif(not SOAK, reason="OMAHA_EVAL_LOAD_SOAK not set (e.g. 100000)")
def test_soak_memory_stays_flat(server):
    result = ls.soak(server, "127.0.0.1", "evaluate", SOAK, 64)
    rss = result["rss_mib"]
    assert result["errors"] == 0
    # after the warm-up, no growth beyond allocator noise over the whole soak
    assert rss[-1] - rss[1] < 10, rss
