"""The ``omaha-eval`` command needs only NumPy: with the optional extras' packages made
unimportable (FastAPI, uvicorn, httptools, Dask, pyarrow, pandas), every command but the ones that
need them starts, and ``serve`` says which extra to install instead of a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

# a None entry in sys.modules makes `import name` raise ImportError, as if it were not installed
_HIDE = ("fastapi", "starlette", "uvicorn", "httptools", "uvloop", "pydantic", "distributed",
         "dask", "pyarrow", "pandas")
_PRELUDE = ("import sys\n"
            f"for name in {_HIDE!r}:\n"
            "    sys.modules[name] = None\n"
            "from omaha_eval.cli import main\n")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    code = _PRELUDE + f"sys.exit(main({list(args)!r}))\n"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args, expect", [
    (("--help",), "serve"),
    (("eval", "AsKsQhJh", "Tc9d8h2s2c"), "Straight"),
    (("equity", "AsKsQhJh", "7c6c5d4d", "--board", "Tc9d8h"), "%"),
    (("bench", "--list"), "eval-hi"),
])
def test_commands_start_without_the_optional_extras(args: tuple[str, ...], expect: str) -> None:
    r = _run(*args)
    assert r.returncode == 0, r.stderr[-2000:]
    assert expect in r.stdout
    assert "Traceback" not in r.stderr


def test_serve_without_the_server_extra_names_the_extra() -> None:
    r = _run("serve", "--port", "0")
    assert r.returncode == 2
    assert 'pip install "omaha_eval[server]"' in r.stderr
    assert "Traceback" not in r.stderr
